import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeBlocks, documentedFiles, type CodeBlock } from '../../scripts/docs-pin/documented-usage.ts';

/**
 * The YAML the documentation shows (README.md and docs/*.md), for the tests that run it as written: each block
 * with where it is, the expressions a workflow's step gives the action replaced by values of their shape, and the
 * README's permissions table as data.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const DOCUMENTED_FILES: readonly string[] = documentedFiles(ROOT);

export type YamlBlock = CodeBlock;

export function yamlBlocks(file: string): YamlBlock[] {
  return codeBlocks(file, readFileSync(`${ROOT}${file}`, 'utf8'), /^ya?ml$/);
}

/**
 * What each expression a documented step hands the action stands for, in the shape the runner would give: a key of
 * the key's form, an https URL ending in /api/v1, a repository as owner/name. An expression with none here fails the
 * test that meets it, so a new one is given its shape on purpose.
 */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  'secrets.SVC_API_KEY': 'svc_sk_live_4f1c2a9e7b3d4f1c2a9e7b3d',
  'vars.SVC_API_URL': 'https://scanner.example.com/api/v1',
  'github.token': 'ghs_0123456789abcdefghijklmnopqrstuvwxyzAB',
  'github.repository': 'octo-org/webapp',
  'matrix.repository': 'octo-org/payments',
  'matrix.shard': '2/4',
  'runner.temp': '/home/runner/work/_temp',
  'vars.SVC_GITHUB_APP_ID': '123456',
  'secrets.SVC_GITHUB_APP_PRIVATE_KEY':
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n-----END RSA PRIVATE KEY-----',
};

/** `value` with each `${{ … }}` replaced by its placeholder; throws on an expression that has none. */
export function withPlaceholders(value: string): string {
  return value.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    const placeholder = PLACEHOLDERS[expression];
    if (placeholder === undefined)
      throw new Error(`no placeholder for \${{ ${expression} }}: add one of its shape to PLACEHOLDERS`);
    return placeholder;
  });
}

/** A workflow's permission scopes, as `permissions:` writes them. */
export type Permissions = Readonly<Record<string, string>>;

/** `a` grants at least `b`'s level of `scope` (write covers read). */
export function grants(permissions: Permissions, scope: string, level: string): boolean {
  const given = permissions[scope];
  return given === level || given === 'write';
}

/**
 * The README's permissions table: each feature (its first cell) with the scopes its second cell names as
 * `scope: level`, the first level given for a scope (`security-events: read` to honour dismissals).
 */
export function permissionsTable(): Map<string, Permissions> {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('\n## Permissions\n'));
  const rows = section
    .slice(0, section.indexOf('\n## ', 1))
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Feature') && !line.startsWith('| ---'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(
    rows.map(([, feature = '', needs = '']): [string, Permissions] => {
      const scopes = Array.from(needs.matchAll(/`([a-z-]+): (read|write)`/g), (m) => [
        m[1] ?? '',
        m[2] ?? '',
      ]);
      return [feature, Object.fromEntries(scopes.reverse()) as Permissions];
    }),
  );
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../../src/policy/parse-policy.ts';
import { LIMITS, POLICY_BOUNDS } from '../../../src/run/settings.ts';
import { INPUT_DEFAULTS } from '../../../src/action/action-settings.ts';

const FILE = '.github/svc-scan.yml';
const schema = JSON.parse(
  readFileSync(new URL('../../../svc-scan.schema.json', import.meta.url), 'utf8'),
) as { properties: Record<string, unknown>; definitions: { globs: { items: unknown } } };

function problemOf(text: string): string {
  try {
    parsePolicy(text, FILE, POLICY_BOUNDS);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the policy was accepted');
}

describe('parsePolicy', () => {
  it('gives the settings typed as the YAML has them, the scope, and each suppression with its line', () => {
    const policy = parsePolicy(
      [
        'version: 1',
        'fail-on: critical',
        'modules: [sast, secrets]',
        'suggest-fixes: false',
        'max-annotations: 200',
        "paths: ['src/**', 'lib/{a,b}/**']",
        'ignore:',
        '  - cwe: CWE-79',
        "    paths: ['legacy/**']",
        '    reason: Escaped by the template engine',
        '    expires: 2026-12-31',
        '  - fingerprint: 0123456789ABCDEF0123456789abcdef',
        '    reason: Accepted',
      ].join('\n'),
      FILE,
      POLICY_BOUNDS,
    );
    expect(policy.settings).toEqual({
      'fail-on': 'critical',
      modules: ['sast', 'secrets'],
      'suggest-fixes': false,
      'max-annotations': 200,
      paths: ['src/**', 'lib/{a,b}/**'],
    });
    expect(policy.paths).toEqual(['src/**', 'lib/{a,b}/**']);
    expect(policy.ignore).toEqual([
      expect.objectContaining({ index: 0, line: 8, cwe: 79, paths: ['legacy/**'], expires: '2026-12-31' }),
      expect.objectContaining({ index: 1, line: 12, fingerprint: '0123456789abcdef0123456789abcdef' }),
    ]);
  });

  it('names every problem at once, each with its key, line and what is expected', () => {
    const message = problemOf(
      ['version: 1', 'fail-on: hihg', 'ignore:', '  - cwe: 79', '  - title: t', "    reason: ' '"].join('\n'),
    );
    expect(message).toContain(`The policy file ${FILE} is invalid:`);
    expect(message).toContain('- line 2: fail-on must be one of critical, high, medium, low, info, none');
    expect(message).toContain('- line 4: ignore[0] needs reason (why the findings are suppressed)');
    expect(message).toContain('- line 6: ignore[1].reason must say why, not be blank');
  });

  it.each([
    ['', /the file is empty: it needs at least `version: 1`/],
    ['version: 1\nignore:\n  - reason: why\n', /ignore\[0\] needs a fingerprint, a cwe or a title/],
    [
      'version: 1\nignore:\n  - fingerprint: abc\n    reason: r\n',
      /fingerprint must be 32 hexadecimal characters/,
    ],
    ['version: 1\nignore:\n  - cwe: XSS\n    reason: r\n', /cwe must be a CWE, such as CWE-79 or 79/],
    ['version: 1\nmax-remediations: 51\n', /line 2: max-remediations must be <= 50/],
    ['version: 1\nwait-timeout: 0.5\n', /line 2: wait-timeout must be >= 1/],
    ['version: 1\nfail-on: high\nfail-on: low\n', /line 3: Map keys must be unique/],
    ['version: 1\ngithub-token: x\n', /github-token is not a key the policy knows/],
    ['version: 1\nmodules: sast\n', /modules must be a list/],
  ])('refuses %j', (text, message) => {
    expect(problemOf(text)).toMatch(message);
  });

  it('refuses a mapping of more keys than the bound with one problem, found before any key is checked', () => {
    const keys = Array.from({ length: 30_000 }, (_, index) => `unknown-key-${index}: ${index}`);
    const message = problemOf(['version: 1', ...keys].join('\n'));
    expect(message).toBe(
      `The policy file ${FILE} is invalid: line 1: the file has 30001 keys; a policy file holds at most ${LIMITS.policyKeys.max} keys in one mapping`,
    );
  });

  it('refuses a list of more entries than the bound with one problem naming the list', () => {
    const entries = Array.from(
      { length: LIMITS.policyEntries.max + 1 },
      (_, index) => `  - { cwe: ${index + 1}, reason: r }`,
    );
    expect(problemOf(['version: 1', 'ignore:', ...entries].join('\n'))).toBe(
      `The policy file ${FILE} is invalid: line 3: ignore has ${LIMITS.policyEntries.max + 1} entries; a policy file holds at most ${LIMITS.policyEntries.max} entries in one list`,
    );
  });

  it('lists the first problems of a file within the bounds, and counts the rest', () => {
    const keys = Array.from({ length: 90 }, (_, index) => `unknown-key-${index}: ${index}`);
    const message = problemOf(['version: 1', ...keys].join('\n'));
    const lines = message.split('\n');
    expect(lines).toHaveLength(1 + LIMITS.policyProblems.max + 1);
    expect(lines[1]).toBe(
      '- line 2: unknown-key-0 is not a key the policy knows (check its spelling against svc-scan.schema.json)',
    );
    expect(lines.at(-1)).toBe(`- and ${90 - LIMITS.policyProblems.max} more problems`);
  });

  it('says each of thousands of bad entries in a few dozen lines, and cuts a long key', () => {
    const entries = Array.from({ length: 5_000 }, () => "  - { title: t, reason: ' ' }");
    const lines = problemOf(
      ['version: 1', `${'k'.repeat(1_000)}: 1`, 'ignore:', ...entries].join('\n'),
    ).split('\n');
    expect(lines.length).toBeLessThanOrEqual(LIMITS.policyProblems.max + 2);
    expect(lines[1]).toBe(
      `- line 2: ${'k'.repeat(60)}… is not a key the policy knows (check its spelling against svc-scan.schema.json)`,
    );
    expect(lines.at(-1)).toBe(`- and ${5_001 - LIMITS.policyProblems.max} more problems`);
  });

  it('refuses an alias to a mapping or list that holds aliases, naming each', () => {
    const rows = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [name, alias] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
    ])
      rows.push(`${name}: &${name} [${Array(9).fill(`*${alias}`).join(', ')}]`);
    const lines = problemOf(['version: 1', ...rows].join('\n')).split('\n');
    expect(lines[1]).toBe(
      '- line 4, column 8: the alias *b names a mapping or list that holds aliases itself; a policy file nests no aliases: write the values out instead',
    );
    // Nine aliases of b, nine of c: each one a problem; the aliases of a (which holds none) are not.
    expect(lines).toHaveLength(1 + 18);
  });

  it('names each key given twice, in a mapping of any size within the bound', () => {
    const keys = Array.from({ length: 50 }, (_, index) => `k${index % 25}: 1`);
    const lines = problemOf(['version: 1', ...keys].join('\n')).split('\n');
    expect(lines.slice(1, 3)).toEqual([
      '- line 27: Map keys must be unique',
      '- line 28: Map keys must be unique',
    ]);
  });

  it('refuses a glob of more `*` between two slashes than the bound, and a glob over its length', () => {
    expect(problemOf("version: 1\npaths-ignore: ['**/*.*.*.*.js']\n")).toBe(
      `The policy file ${FILE} is invalid: line 2: paths-ignore[0] has more than 2 \`*\` between two slashes (\`**\` counts 2): write it as globs of fewer`,
    );
    expect(
      problemOf(`version: 1\nignore:\n  - cwe: 79\n    reason: r\n    paths: ['src/${'a'.repeat(1_000)}']\n`),
    ).toMatch(/line 5: ignore\[0\]\.paths\[0\] must NOT have more than 1000 characters/);
    const policy = parsePolicy(
      "version: 1\npaths: ['**/*.*/**/*.*.js', '{src/a,lib}/**/*.ts', '@(a/b)/**']\n",
      FILE,
      POLICY_BOUNDS,
    );
    expect(policy.paths).toEqual(['**/*.*/**/*.*.js', '{src/a,lib}/**/*.ts', '@(a/b)/**']);
    // A glob matched whole (a / inside parentheses) has its `*` bounded over the whole glob.
    expect(problemOf("version: 1\npaths:\n  - src/**\n  - '@(a/b|c)/**/*.js'\n")).toBe(
      `The policy file ${FILE} is invalid: line 4: paths[1] holds a / inside brackets or parentheses, so it is matched whole, and has more than 2 \`*\`: write it as globs of fewer`,
    );
  });

  it("holds the schema's glob bounds equal to LIMITS", () => {
    expect(schema.definitions.globs.items).toMatchObject({
      maxLength: LIMITS.policyGlobCharacters.max,
      not: { pattern: `${'\\*[^/]*'.repeat(LIMITS.policyGlobStars.max)}\\*` },
    });
    expect(POLICY_BOUNDS.globStars).toBe(LIMITS.policyGlobStars.max);
  });

  it("knows only inputs' names, never the credentials or per-run ones", () => {
    const settings = Object.keys(schema.properties).filter(
      (key) => !['version', 'ignore', 'paths', 'paths-ignore'].includes(key),
    );
    for (const key of settings) expect(Object.keys(INPUT_DEFAULTS), key).toContain(key);
    for (const never of [
      'api-key',
      'api-url',
      'github-token',
      'repository',
      'ref',
      'config-file',
      'sarif-file',
    ])
      expect(settings).not.toContain(never);
  });
});

describe('parsePolicy on hostile YAML', () => {
  /** One line of `unit` repeated to a megabyte, the policy's size cap, as the value of paths (a node or a list). */
  const megabyteLine = (unit: string, list = false): string =>
    `version: 1\npaths: ${list ? '[' : ''}${unit.repeat(Math.ceil(1_000_000 / unit.length))}x${list ? ']' : ''}\n`;

  it("places yaml's problems at their line and column itself, not by yaml's copy of the line around each", () => {
    const stackTraceLimit = Error.stackTraceLimit;
    expect(problemOf('version: 1\npaths: !a !b x\nfail-on: [high\n')).toBe(
      [
        `The policy file ${FILE} is invalid:`,
        '- line 2, column 11: A node can have at most one tag',
        '- line 4, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]',
      ].join('\n'),
    );
    expect(Error.stackTraceLimit).toBe(stackTraceLimit);
  });

  it.each([
    ['tags', '!t ', false, 'tags (`!x`)'],
    ['anchors', '&a ', false, 'anchors (`&x`)'],
    ['aliases', '*a, ', true, 'aliases (`*x`)'],
  ])('refuses a megabyte of %s on one line at the first one over the bound', (_name, unit, list, what) => {
    const text = megabyteLine(unit, list);
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(problemOf(text)).toBe(
      `The policy file ${FILE} is invalid: line 2: the file has more than ${LIMITS.policyProperties.max} YAML ${what}; a policy file holds at most that many: write the values out instead`,
    );
  });

  it('accepts as many tags, anchors and aliases as the bound allows', () => {
    const anchors = Array.from({ length: LIMITS.policyProperties.max }, (_, index) => `&g${index} '*.js'`);
    const aliases = Array.from({ length: LIMITS.policyProperties.max }, (_, index) => `*g${index}`);
    const policy = parsePolicy(
      `version: 1\npaths: [${anchors.join(', ')}]\npaths-ignore: [${aliases.join(', ')}]\n`,
      FILE,
      POLICY_BOUNDS,
    );
    expect(policy.pathsIgnore).toHaveLength(LIMITS.policyProperties.max);
  });

  it('stops a megabyte of problems on one line at the bound of tokens, with one problem', () => {
    expect(problemOf(megabyteLine('a: b: c, ', true))).toBe(
      `The policy file ${FILE} is invalid: line 2: the file has more than ${LIMITS.policyTokens.max} YAML tokens (keys, values, punctuation, spaces); a policy file holds at most that many: write fewer entries`,
    );
  });

  it('refuses a file of several YAML documents, naming the line of the second', () => {
    expect(problemOf('version: 1\n---\nversion: 1\n')).toBe(
      `The policy file ${FILE} is invalid: line 2: a policy file is one YAML document, not several`,
    );
  });
});

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { MINIMUM_NODE_VERSION } from '../../../src/cli/node-version.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(`${root}${path}`, 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  license: string;
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string }; packageManager: { name: string } };
  dependencies?: Record<string, string>;
  files: string[];
  devDependencies: Record<string, string>;
  overrides: Record<string, Record<string, string>>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string }>;
};

/** Where Node finds `name` from the package installed at `from` (a package-lock.json key), as a lock key. */
function resolveInLock(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/** The packages src/ loads at run time, statically or with import() (type-only imports left out): what the bundle holds. */
function bundled(): string[] {
  const sources = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => read(`src/${path}`))
    .join('\n');
  const names = Array.from(
    sources.matchAll(/(?:^import (?!type )[^;]*? from |\bimport\()'((?:@[^/']+\/)?[^/.'][^/']*)/gm),
    (match) => match[1] ?? '',
  );
  return [...new Set(names.filter((name) => !name.startsWith('node:')))].sort();
}

describe('the Node the project runs on', () => {
  const runnerNode = /^node(\d+)$/.exec(
    (parseYaml(read('action.yml')) as { runs: { using: string } }).runs.using,
  );

  it('npm ci installs the runner Node of action.yml', () => {
    expect(manifest.devDependencies.node?.split('.')[0]).toBe(runnerNode?.[1]);
  });

  it('engines names the oldest Node svc runs on, the one it checks for', () => {
    expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE_VERSION}`);
  });

  it('the tests run on the Node that npm ci installs, whatever Node runs npm', () => {
    expect(process.version).toBe(`v${manifest.devDependencies.node ?? '?'}`);
  });

  it('devEngines says development needs only Node 20 and npm', () => {
    expect(manifest.devEngines.runtime).toMatchObject({ name: 'node', version: '>=20' });
    expect(manifest.devEngines.packageManager).toMatchObject({ name: 'npm' });
  });
});

describe('dependencies', () => {
  it('every @actions/http-client gets the project undici (the override in package.json)', () => {
    expect(manifest.overrides['@actions/http-client']).toEqual({ undici: '$undici' });
    const clients = Object.keys(lock.packages).filter((key) =>
      key.endsWith('node_modules/@actions/http-client'),
    );
    expect(clients.length).toBeGreaterThan(0);
    for (const client of clients) {
      const undici = resolveInLock(client, 'undici');
      expect(undici && lock.packages[undici]?.version, client).toBe(manifest.devDependencies.undici);
    }
  });

  it('a global install of svc fetches nothing: no dependencies, the bundled packages are devDependencies', () => {
    expect(manifest.dependencies).toBeUndefined();
    expect(bundled()).toContain('undici');
    for (const name of bundled()) expect(manifest.devDependencies[name], name).toBeDefined();
    expect(bundled()).not.toContain('@actions/exec');
  });

  it('the package holds only what svc runs: dist/cli.js, its chunks, the licences', () => {
    expect(manifest.files).toEqual(['dist/cli.js', 'dist/chunks/*.js', 'dist/cli-licenses.txt']);
  });
});

describe('the project files', () => {
  it('LICENSE is the MIT license package.json names', () => {
    expect(manifest.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n/);
  });

  const sharedSpec = `${root}../shared/spec/service-api.md`;
  it.skipIf(!existsSync(sharedSpec))('docs/service-api.md is the API contract as shared', () => {
    expect(read('docs/service-api.md')).toBe(readFileSync(sharedSpec, 'utf8'));
  });

  it('Dependabot updates npm and the actions weekly, in groups, the bundled packages in their own', () => {
    const config = parseYaml(read('.github/dependabot.yml')) as {
      updates: {
        'package-ecosystem': string;
        schedule: { interval: string };
        groups: Record<string, object>;
      }[];
    };
    expect(config.updates.map((update) => update['package-ecosystem']).sort()).toEqual([
      'github-actions',
      'npm',
    ]);
    for (const update of config.updates) {
      expect(update.schedule.interval).toBe('weekly');
      expect(Object.keys(update.groups).length).toBeGreaterThan(0);
    }
    const npm = config.updates.find((update) => update['package-ecosystem'] === 'npm');
    expect(npm?.groups).toEqual({
      bundled: { patterns: bundled() },
      development: { 'dependency-type': 'development' },
    });
  });
});

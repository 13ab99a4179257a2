import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { NODE_BINARY, PROJECT_ROOT } from '../../scripts/action-runner.ts';
import { serveOnePackage, type LocalRegistry } from '../support/local-npm-registry.ts';
import { outsideChunks, packPackage, PACKAGE_FILES_BESIDE_CHUNKS } from '../support/packed-package.ts';
import { MACHINE_PATH, runProcess, type ProcessResult } from './cli-support.ts';

/**
 * The README's install of a bare `svc` (between the svc-install markers), run exactly as written through /bin/sh:
 * `npm install -g svc-scan-action` and `npx --yes svc-scan-action@<version>` from a registry on loopback that holds
 * only the package packed from this tree (into a temporary folder), and from a clone (a copy of the tracked files).
 * `npm -g` installs into a fresh prefix (npm_config_prefix), with an empty cache: an install that needed anything
 * beyond the package would fail. Needs dist/ built.
 */
const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

/** The sh blocks between `<!-- svc-install:start -->` and `<!-- svc-install:end -->`. */
function installBlocks(): string[] {
  const section = /<!-- svc-install:start -->\n([\s\S]*?)<!-- svc-install:end -->/.exec(readme)?.[1] ?? '';
  return Array.from(section.matchAll(/^```sh\n([\s\S]*?)^```$/gm), (match) => match[1] ?? '');
}

const work = mkdtempSync(join(tmpdir(), 'svc-install-'));
const folder = (name: string): string => {
  const path = join(work, name);
  mkdirSync(path, { recursive: true });
  return path;
};

/** A clone as far as npm pack sees it: every tracked file of the working tree, dist/ as built. */
function copyOfTheRepository(): string {
  const clone = folder('clone');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split(
    '\0',
  );
  for (const path of tracked.filter((entry) => entry !== '' && existsSync(join(PROJECT_ROOT, entry))))
    cpSync(join(PROJECT_ROOT, path), join(clone, path), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
  return clone;
}

let emulator: Emulator;
let clone: string;
let registry: LocalRegistry;
beforeAll(async () => {
  emulator = await startEmulator({ scenario: 'demo', log: () => undefined });
  clone = copyOfTheRepository();
  registry = await serveOnePackage(packPackage().tarball, manifest);
}, 120_000);
afterAll(async () => {
  await emulator.close();
  await registry.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs one README block through /bin/sh, on Node 24, with npm -g installing into its own prefix, from the registry. */
async function runBlock(block: string, cwd: string, prefix: string): Promise<ProcessResult> {
  return runProcess('/bin/sh', ['-ec', block], cwd, {
    PATH: `${prefix}/bin:${dirname(NODE_BINARY)}:${MACHINE_PATH}`,
    HOME: folder('home'),
    npm_config_prefix: prefix,
    npm_config_cache: folder(`cache-${String(Date.now())}-${String(Math.random())}`),
    npm_config_registry: registry.url,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  });
}

/** What the global install put in place: the package's files, relative to its folder. */
function installedFiles(prefix: string): string[] {
  const installed = join(prefix, 'lib', 'node_modules', 'svc-scan-action');
  return readdirSync(installed, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(installed, join(entry.parentPath, entry.name)))
    .sort();
}

describe("the README's install of svc", () => {
  const [fromRegistry, withNpx, fromClone] = installBlocks();

  it('has three blocks: from the npm registry, one command with npx at a version, and from a clone', () => {
    expect(installBlocks()).toHaveLength(3);
    expect(fromRegistry).toContain('npm install -g svc-scan-action\n');
    expect(withNpx).toBe(`npx --yes svc-scan-action@${manifest.version} fleet plan --shards 4\n`);
    expect(fromClone).toContain('npm pack');
  });

  it('npx runs a pinned version of the package with nothing installed, and prints the matrix', async () => {
    const result = await runBlock(withNpx ?? 'exit 1', folder('npx'), join(work, 'prefix-npx'));
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      include: ['1/4', '2/4', '3/4', '4/4'].map((shard) => ({ shard })),
    });
  });

  describe.each([
    ['the registry', () => fromRegistry ?? 'exit 1', () => folder('download')],
    ['a clone', () => fromClone ?? 'exit 1', () => clone],
  ])('from %s', (where, block, cwd) => {
    const prefix = join(work, `prefix-${where.replace(' ', '-')}`);
    let installed: ProcessResult;
    beforeAll(async () => {
      installed = await runBlock(block(), cwd(), prefix);
    }, 120_000);

    it('installs with nothing beside the package, and svc --version answers from PATH', () => {
      expect(installed.exitCode, installed.stderr).toBe(0);
      expect(installed.stdout.trim().split('\n').at(-1)).toBe(manifest.version);
    });

    it('holds dist/cli.js, its chunks and the licences, and no node_modules', () => {
      const files = installedFiles(prefix);
      expect(outsideChunks(files)).toEqual(PACKAGE_FILES_BESIDE_CHUNKS);
      expect(files.some((path) => path.startsWith('dist/chunks/'))).toBe(true);
    });

    it('runs a command over HTTP on Node 24: every chunk it loads is there', async () => {
      const result = await runProcess(join(prefix, 'bin', 'svc'), ['whoami'], work, {
        PATH: `${dirname(NODE_BINARY)}:${MACHINE_PATH}`,
        HOME: folder('home'),
        SVC_API_URL: emulator.baseUrl,
        SVC_API_KEY: emulator.apiKey,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toContain('role: member');
    });

    it('on the machine’s Node 20 says which Node it needs and the npx line that runs it on Node 24, exit 3', async () => {
      const result = await runProcess(join(prefix, 'bin', 'svc'), ['--version'], work, {
        PATH: MACHINE_PATH,
        HOME: folder('home'),
      });
      expect(result.stderr).toMatch(
        /^svc: needs Node\.js 22\.19\.0 or later; this is Node\.js 20\.\d+\.\d+\./,
      );
      expect(result.stderr).toContain('npx -p node@24 -p svc-scan-action svc --version\n');
      expect(result.stderr).toContain('https://nodejs.org/en/download');
      expect(result.exitCode).toBe(3);
      expect(result.stdout).toBe('');
    });
  });
});

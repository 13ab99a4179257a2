import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { NODE_BINARY, PROJECT_ROOT } from '../../scripts/action-runner.ts';
import { MACHINE_PATH, runProcess, type ProcessResult } from './cli-support.ts';

/**
 * The README's install of a bare `svc` (between the svc-install markers), run exactly as written through /bin/sh:
 * from a release's tarball, made as release.yml makes it, and from a clone (a copy of the tracked files). `npm -g`
 * installs into a fresh prefix (npm_config_prefix), offline, with an empty cache: an install that needed anything
 * beyond the tarball would fail. curl is a stand-in that serves the release's assets by name. Needs dist/ built.
 */
const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
const RELEASE_ASSET = 'svc-scan-action.tgz';

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

/** curl as the README calls it, answering from the release's assets: the file named by the URL, or a 404 (22). */
function fakeCurl(assets: string): string {
  const bin = folder('fake-bin');
  writeFileSync(
    join(bin, 'curl'),
    `#!/bin/sh\nfor url; do :; done\necho "$url" >> "${work}/curl.log"\n` +
      `cp "${assets}/$(basename "$url")" . 2>/dev/null || exit 22\n`,
  );
  chmodSync(join(bin, 'curl'), 0o755);
  return bin;
}

/** The run of release.yml's step that packs the release's tarball. */
function releasePackStep(): string {
  const workflow = parseYaml(readFileSync(join(PROJECT_ROOT, '.github/workflows/release.yml'), 'utf8')) as {
    jobs: { release: { steps: { name?: string; run?: string }[] } };
  };
  const step = workflow.jobs.release.steps.find((candidate) => candidate.name?.startsWith('The svc package'));
  return step?.run ?? 'exit 1';
}

let emulator: Emulator;
let clone: string;
let assets: string;
let curlBin: string;
let packed: ProcessResult;
beforeAll(async () => {
  emulator = await startEmulator({ scenario: 'demo', log: () => undefined });
  clone = copyOfTheRepository();
  assets = folder('release-assets');
  curlBin = fakeCurl(assets);
  packed = await runProcess('bash', ['-ec', releasePackStep()], clone, {
    PATH: `${dirname(NODE_BINARY)}:${MACHINE_PATH}`,
    HOME: folder('home'),
    RUNNER_TEMP: assets,
    npm_config_cache: folder('pack-cache'),
  });
}, 120_000);
afterAll(async () => {
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs one README block through /bin/sh, on Node 24, with npm -g installing into its own prefix, offline. */
async function runBlock(block: string, cwd: string, prefix: string): Promise<ProcessResult> {
  return runProcess('/bin/sh', ['-ec', block], cwd, {
    PATH: `${prefix}/bin:${curlBin}:${dirname(NODE_BINARY)}:${MACHINE_PATH}`,
    HOME: folder('home'),
    npm_config_prefix: prefix,
    npm_config_cache: folder(`cache-${String(Date.now())}-${String(Math.random())}`),
    npm_config_offline: 'true',
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
  const [fromRelease, fromClone] = installBlocks();

  it('has two blocks: from a release, and from a clone', () => {
    expect(installBlocks()).toHaveLength(2);
    expect(fromRelease).toContain(`/releases/latest/download/${RELEASE_ASSET}`);
    expect(fromClone).toContain('npm pack');
  });

  it('release.yml attaches the packed tarball under the name the README downloads', () => {
    expect(packed.exitCode, packed.stderr).toBe(0);
    expect(readdirSync(assets)).toEqual([RELEASE_ASSET]);
    const workflow = readFileSync(join(PROJECT_ROOT, '.github/workflows/release.yml'), 'utf8');
    expect(workflow).toContain(`gh release create "$TAG" "$RUNNER_TEMP/${RELEASE_ASSET}"`);
    expect(workflow).toContain(`gh release upload "$TAG" "$RUNNER_TEMP/${RELEASE_ASSET}" --clobber`);
  });

  describe.each([
    ['a release', () => fromRelease ?? 'exit 1', () => folder('download')],
    ['a clone', () => fromClone ?? 'exit 1', () => clone],
  ])('from %s', (where, block, cwd) => {
    const prefix = join(work, `prefix-${where.replace(' ', '-')}`);
    let installed: ProcessResult;
    beforeAll(async () => {
      installed = await runBlock(block(), cwd(), prefix);
    }, 120_000);

    it('installs offline, with nothing beside the tarball, and svc --version answers from PATH', () => {
      expect(installed.exitCode, installed.stderr).toBe(0);
      expect(installed.stdout.trim().split('\n').at(-1)).toBe(manifest.version);
    });

    it('holds dist/cli.js, its chunks and the licences, and no node_modules', () => {
      const files = installedFiles(prefix);
      expect(files.filter((path) => !/^dist\/chunks\/[\w-]+\.js$/.test(path))).toEqual([
        'LICENSE',
        'README.md',
        'dist/cli-licenses.txt',
        'dist/cli.js',
        'package.json',
      ]);
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

    it('on the machine’s Node 20 says which Node it needs and how to get one, exit 3', async () => {
      const result = await runProcess(join(prefix, 'bin', 'svc'), ['--version'], work, {
        PATH: MACHINE_PATH,
        HOME: folder('home'),
      });
      expect(result.stderr).toMatch(
        /^svc: needs Node\.js 22\.19\.0 or later; this is Node\.js 20\.\d+\.\d+\./,
      );
      expect(result.stderr).toContain('https://nodejs.org/en/download');
      expect(result.exitCode).toBe(3);
      expect(result.stdout).toBe('');
    });
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../scripts/action-runner.ts';

/**
 * The npm package as `npm pack` makes it from the working tree (package.json's files, dist/ as built), written to a
 * temporary folder (`--pack-destination`), never into the working tree; with its unpacked tree, the folder a
 * Docker build of the image gets as its context (scripts/build-image.sh).
 */
export interface PackedPackage {
  tarball: string;
  /** The tarball unpacked: its `package/` folder. */
  tree: string;
}

function npm(args: string[], cache: string): string {
  return execFileSync('npm', args, {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function packPackage(): PackedPackage {
  const folder = mkdtempSync(join(tmpdir(), 'svc-packed-'));
  const output = npm(
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', folder],
    join(folder, 'cache'),
  );
  const tarball = join(folder, output.trim().split('\n').at(-1) ?? '');
  execFileSync('tar', ['-xzf', tarball, '-C', folder]);
  return { tarball, tree: join(folder, 'package') };
}

/** The paths `npm pack --dry-run` lists: what the package holds, sorted. */
export function packedFileList(): string[] {
  const cache = mkdtempSync(join(tmpdir(), 'svc-pack-cache-'));
  const report = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], cache)) as {
    files: { path: string }[];
  }[];
  return (report[0]?.files ?? []).map((file) => file.path).sort();
}

/** What the package holds beside the chunks of dist/chunks/: the bin, the licences, the manifest and the README. */
export const PACKAGE_FILES_BESIDE_CHUNKS: readonly string[] = [
  'LICENSE',
  'README.md',
  'dist/cli-licenses.txt',
  'dist/cli.js',
  'package.json',
];

/** `files` without the chunks the bin loads (their names change with every build). */
export function outsideChunks(files: readonly string[]): string[] {
  return files.filter((path) => !/^dist\/chunks\/[\w-]+\.js$/.test(path));
}

/**
 * `svc` as `npm install -g svc-scan-action` installs it: the packed package installed from its tarball, offline,
 * into a prefix of its own. Returns the folder of its bin, to put on PATH.
 */
export function installPackedSvc(): string {
  const prefix = mkdtempSync(join(tmpdir(), 'svc-prefix-'));
  execFileSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', packPackage().tarball], {
    env: { ...process.env, npm_config_prefix: prefix, npm_config_cache: join(prefix, '.npm') },
    stdio: 'ignore',
  });
  return join(prefix, 'bin');
}

/**
 * Builds dist/ (or the folder given): the action's entries, index.js (the main step) and post.js (the post step:
 * action.yml's `runs.post` names its own file, so which step runs is never read from the environment), and the
 * svc command-line tool's, cli.js, as ES modules that share chunks (dist/chunks/). esbuild tree-shakes: what a
 * run does not use is left out, and what only some runs use (the policy's parser, SARIF, the GitHub client, the
 * HTTP stack) sits in chunks loaded on demand by the `import()` seams in src. The licenses of every package
 * bundled go to licenses.txt (the action's: index.js's and post.js's) and cli-licenses.txt. `--metafile FILE`
 * also writes esbuild's account of which source went where.
 *
 *   node --experimental-strip-types scripts/build.ts [out] [--metafile FILE]
 */
import { build, type Metafile } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `@actions/core` imports `@actions/http-client` (and with it undici) for OIDC tokens the action never asks
 * for. Neither package declares itself free of side effects, so the bundler would keep them on the start path;
 * they are, for what the action takes from them, and marking them so lets tree-shaking drop them.
 */
const SIDE_EFFECT_FREE = Symbol('resolved as free of side effects');

async function main(argv: readonly string[]): Promise<void> {
  const { out, metafilePath } = parseArguments(argv);
  rmSync(out, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { index: 'src/index.ts', post: 'src/post.ts', cli: 'src/cli/main.ts' },
    outdir: out,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // CommonJS dependencies bundled into an ES module call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __svcCreateRequire } from 'node:module';\nconst require = __svcCreateRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'side-effect-free-actions-core',
        setup(builder) {
          builder.onResolve({ filter: /^@actions\/http-client/ }, async (args) => {
            if (args.pluginData === SIDE_EFFECT_FREE) return undefined;
            const { kind, resolveDir, importer } = args;
            const resolved = await builder.resolve(args.path, {
              kind,
              resolveDir,
              importer,
              pluginData: SIDE_EFFECT_FREE,
            });
            return { path: resolved.path, sideEffects: false };
          });
        },
      },
    ],
  });
  writeFileSync(join(out, 'package.json'), '{\n  "type": "module"\n}\n');
  writeLicenses(out, 'licenses.txt', packagesOf(result.metafile, ['index.js', 'post.js'], out));
  writeLicenses(out, 'cli-licenses.txt', packagesOf(result.metafile, ['cli.js'], out));
  if (metafilePath !== undefined) writeFileSync(metafilePath, JSON.stringify(result.metafile));
}

function parseArguments(argv: readonly string[]): { out: string; metafilePath: string | undefined } {
  let out = 'dist';
  let metafilePath: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--metafile') {
      metafilePath = resolve(argv[index + 1] ?? '');
      index += 1;
    } else out = argument;
  }
  return { out: resolve(ROOT, out), metafilePath };
}

/** Every package whose source the entries can load: their outputs and every chunk they import, statically or not. */
function packagesOf(metafile: Metafile, entries: readonly string[], out: string): string[] {
  const outputs = metafile.outputs;
  const keyOf = (path: string): string | undefined =>
    Object.keys(outputs).find((key) => resolve(ROOT, key) === resolve(out, path));
  const seen = new Set<string>();
  const pending = entries.map(keyOf);
  while (pending.length > 0) {
    const key = pending.pop();
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    for (const imported of outputs[key]?.imports ?? []) if (!imported.external) pending.push(imported.path);
  }
  const packages = new Set<string>();
  for (const key of seen)
    for (const input of Object.keys(outputs[key]?.inputs ?? {})) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match?.[1] !== undefined) packages.add(match[1]);
    }
  return [...packages].sort();
}

/** ncc's licenses.txt, the same way: each package's name, its license's name, and its license's text. */
function writeLicenses(out: string, name: string, packages: readonly string[]): void {
  const sections = packages.map((pkg) => {
    const folder = join(ROOT, 'node_modules', pkg);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { license?: string };
    const licenseFile = readdirSync(folder).find((file) => /^(licen[sc]e|copying)/i.test(file));
    const text =
      licenseFile === undefined ? '' : `\n${readFileSync(join(folder, licenseFile), 'utf8').trim()}`;
    return `${pkg}\n${manifest.license ?? 'UNKNOWN'}${text}\n`;
  });
  writeFileSync(join(out, name), sections.join('\n'));
}

if (!existsSync(join(ROOT, 'node_modules', 'esbuild')))
  throw new Error('esbuild is not installed: run npm ci');
await main(process.argv.slice(2));

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.js');
/** The project's pinned Node (dependency-cruiser needs 22 or later; the machine's own may be older). */
const NODE = join(ROOT, 'node_modules/.bin/node');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Runs dependency-cruiser with the project's rules over `src/` of `cwd` and reads the violations it reports. */
function violationsIn(cwd: string): Violation[] {
  const run = spawnSync(NODE, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to }));
}

/** Runs dependency-cruiser as `npm run check-structure` does: the exit status and what it prints. */
function checkStructure(cwd: string): { status: number | null; output: string } {
  const run = spawnSync(NODE, [DEPCRUISE, 'src', '--config', CONFIG], { cwd, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The table `ROOMS` of `.dependency-cruiser.js`. */
async function roomsOfTheRules(): Promise<Record<string, string[]>> {
  const config = (await import(pathToFileURL(CONFIG).href)) as { ROOMS: Record<string, string[]> };
  return config.ROOMS;
}

/** The table under `<!-- rooms: … -->` in docs/architecture.md, as folder → the folders it may import. */
function roomsOfTheDocs(): Record<string, string[]> {
  const docs = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const table = docs.split('<!-- rooms:')[1]?.split('\n- ')[0] ?? '';
  const rows = table.split('\n').filter((line) => /^\| `src\//.test(line));
  return Object.fromEntries(
    rows.map((row) => {
      const [folder = '', targets = ''] = row
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      const room = folder === '`src/*.ts`' ? '.' : folder.replace(/^`src\/(.+)`$/, '$1');
      const allowed = targets.startsWith('(') ? [] : targets.split(',').map((target) => target.trim());
      return [room, allowed];
    }),
  );
}

/** One clean file in each room, importing down the table, so a planted tree has something to break. */
const CLEAN_TREE: Record<string, string> = {
  'src/client/types.ts':
    "export interface Finding { id: string }\nexport const reader = (): string => 'client';\n",
  'src/client/reader.ts': "import { request } from 'node:http';\nexport const send = request;\n",
  'src/core/pure.ts':
    "import type { Finding } from '../client/types.ts';\nexport const idOf = (f: Finding) => f.id;\n",
  'src/github/api.ts': "import { Octokit } from '@octokit/core';\nexport const octokit = new Octokit();\n",
  'src/run/step.ts': "import { idOf } from '../core/pure.ts';\nexport const step = idOf;\n",
  'src/action/face.ts':
    "import * as core from '@actions/core';\nimport { step } from '../run/step.ts';\nexport const face = [core, step];\n",
  'src/cli/other.ts': "import { step } from '../run/step.ts';\nexport const other = step;\n",
  'src/main.ts': "import { face } from './action/face.ts';\nexport const main = face;\n",
};

/** One or more planted violations of each rule: the rule, the import that breaks it, and the files planted. */
const PLANTED: { rule: string; from: string; to: string; files: Record<string, string> }[] = [
  {
    rule: 'no-circular',
    from: 'src/core/ring-a.ts',
    to: 'src/core/ring-b.ts',
    files: {
      'src/core/ring-a.ts': "import { b } from './ring-b.ts';\nexport const a = b;\n",
      'src/core/ring-b.ts': "import { a } from './ring-a.ts';\nexport const b = () => a;\n",
    },
  },
  {
    rule: 'no-circular',
    from: 'src/run/types-a.ts',
    to: 'src/run/types-b.ts',
    files: {
      'src/run/types-a.ts': "import type { B } from './types-b.ts';\nexport interface A { b?: B }\n",
      'src/run/types-b.ts': "import type { A } from './types-a.ts';\nexport interface B { a?: A }\n",
    },
  },
  {
    rule: 'room-client',
    from: 'src/client/upward.ts',
    to: 'src/core/pure.ts',
    files: { 'src/client/upward.ts': "import { idOf } from '../core/pure.ts';\nexport const up = idOf;\n" },
  },
  {
    rule: 'room-core',
    from: 'src/core/upward.ts',
    to: 'src/run/step.ts',
    files: {
      'src/core/upward.ts': "import type { step } from '../run/step.ts';\nexport type Up = typeof step;\n",
    },
  },
  {
    rule: 'room-github',
    from: 'src/github/upward.ts',
    to: 'src/run/step.ts',
    files: { 'src/github/upward.ts': "import { step } from '../run/step.ts';\nexport const up = step;\n" },
  },
  {
    rule: 'room-run',
    from: 'src/run/upward.ts',
    to: 'src/action/face.ts',
    files: { 'src/run/upward.ts': "import { face } from '../action/face.ts';\nexport const up = face;\n" },
  },
  {
    rule: 'room-cli',
    from: 'src/cli/face-to-face.ts',
    to: 'src/action/face.ts',
    files: {
      'src/cli/face-to-face.ts': "import { face } from '../action/face.ts';\nexport const up = face;\n",
    },
  },
  {
    rule: 'room-action',
    from: 'src/action/face-to-face.ts',
    to: 'src/cli/other.ts',
    files: { 'src/action/face-to-face.ts': "export const up = () => import('../cli/other.ts');\n" },
  },
  {
    rule: 'room-top',
    from: 'src/index.ts',
    to: 'src/cli/other.ts',
    files: { 'src/index.ts': "import { other } from './cli/other.ts';\nexport const entry = other;\n" },
  },
  {
    rule: 'github-packages-in-action-and-github-only',
    from: 'src/run/octokit.ts',
    to: '@octokit/core',
    files: { 'src/run/octokit.ts': "import { Octokit } from '@octokit/core';\nexport const o = Octokit;\n" },
  },
  {
    rule: 'github-packages-in-action-and-github-only',
    from: 'src/client/actions.ts',
    to: '@actions/core',
    files: {
      'src/client/actions.ts':
        "import type { InputOptions } from '@actions/core';\nexport type O = InputOptions;\n",
    },
  },
  {
    rule: 'core-does-no-io',
    from: 'src/core/reads-files.ts',
    to: 'fs/promises',
    files: {
      'src/core/reads-files.ts':
        "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n",
    },
  },
  {
    rule: 'core-does-no-io',
    from: 'src/core/fetches.ts',
    to: 'undici',
    files: { 'src/core/fetches.ts': "import { request } from 'undici';\nexport const get = request;\n" },
  },
  {
    rule: 'core-does-no-io',
    from: 'src/core/through-client.ts',
    to: 'http',
    files: {
      'src/core/through-client.ts':
        "import { send } from '../client/reader.ts';\nexport const post = send;\n",
    },
  },
];

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('the layout of src/', () => {
  it('knows every room', async () => {
    const rooms = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rooms).toEqual(
      Object.keys(await roomsOfTheRules())
        .filter((room) => room !== '.')
        .sort(),
    );
  });

  it('is the table docs/architecture.md shows', async () => {
    const documented = roomsOfTheDocs();
    expect(Object.keys(documented)).toHaveLength(8);
    expect(documented).toEqual(await roomsOfTheRules());
  });

  it('keeps every rule', () => {
    expect(violationsIn(ROOT)).toEqual([]);
  });
});

describe('the rules of src/ catch what is planted', () => {
  // Under the project (not the system's temp folder), so that the planted imports of packages resolve.
  let tree = '';
  beforeAll(() => {
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    tree = mkdtempSync(join(ROOT, '.tmp', 'architecture-'));
  });
  afterAll(() => {
    rmSync(tree, { recursive: true, force: true });
  });

  it('finds nothing in a clean tree', () => {
    writeTree(join(tree, 'clean'), CLEAN_TREE);
    expect(violationsIn(join(tree, 'clean'))).toEqual([]);
    expect(checkStructure(join(tree, 'clean')).status).toBe(0);
  });

  it('fails the build with every rule named when all are planted at once', () => {
    writeTree(join(tree, 'all'), {
      ...CLEAN_TREE,
      ...Object.assign({}, ...PLANTED.map(({ files }) => files)),
    });

    const { status, output } = checkStructure(join(tree, 'all'));

    expect(status).not.toBe(0);
    expect(new Set(output.match(/(?<=error )[\w-]+(?=:)/g))).toEqual(
      new Set(PLANTED.map(({ rule }) => rule)),
    );
  });

  it.each(PLANTED)('$rule: $from → $to', ({ rule, from, to, files }) => {
    const planted = join(tree, from.replace(/\W/g, '-'));
    writeTree(planted, { ...CLEAN_TREE, ...files });

    expect(violationsIn(planted)).toContainEqual({ rule, from, to: expect.stringMatching(toPattern(to)) });
  });
});

/** What a violation names as its target: a package's resolved file under node_modules, or the module itself. */
function toPattern(to: string): RegExp {
  const escaped = to.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return to.startsWith('src/') ? new RegExp(`^${escaped}$`) : new RegExp(`(^|/)${escaped}(/|$)`);
}

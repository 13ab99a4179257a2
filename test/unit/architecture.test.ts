import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHITECTURE_PATH,
  CONFIG,
  DEPCRUISE,
  NODE,
  ROOT,
  layersOfTheRules,
  roomGraph,
  withArchitecture,
} from '../../scripts/architecture.ts';

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** The folders dependency-cruiser keeps: src/ and the emulators. */
const CRUISED = ['src', 'emulator', 'github-emulator', 'emulator-kit'];

/** Runs dependency-cruiser with the project's rules over the cruised folders of `cwd` and reads its violations. */
function violationsIn(cwd: string): Violation[] {
  const run = spawnSync(NODE, [DEPCRUISE, ...CRUISED, '--config', CONFIG, '--output-type', 'json'], {
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
  const run = spawnSync(NODE, [DEPCRUISE, ...CRUISED, '--config', CONFIG], { cwd, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The folders of src/ that are rooms: each folder, and each sink's folder under src/report/. */
function foldersOfSrc(): string[] {
  const folders = (path: string): string[] =>
    readdirSync(join(ROOT, path), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  return folders('src').flatMap((folder) =>
    folder === 'report' ? [folder, ...folders('src/report').map((sink) => `report/${sink}`)] : [folder],
  );
}

/** One clean file in each kind of room, importing down the layers, so a planted tree has something to break. */
const CLEAN_TREE: Record<string, string> = {
  'src/client/types.ts':
    "export interface Finding { id: string }\nexport const reader = (): string => 'client';\n",
  'src/client/reader.ts': "import { request } from 'node:http';\nexport const send = request;\n",
  'src/domain/pure.ts':
    "import type { Finding } from '../client/types.ts';\nexport const idOf = (f: Finding) => f.id;\n",
  'src/github/api.ts': "import { Octokit } from '@octokit/core';\nexport const octokit = new Octokit();\n",
  'src/run/step.ts': "import { idOf } from '../domain/pure.ts';\nexport const step = idOf;\n",
  'src/report/reporter.ts': "import { step } from '../run/step.ts';\nexport const describe = step;\n",
  'src/report/summary/summary.ts':
    "import { idOf } from '../../domain/pure.ts';\nexport const render = idOf;\n",
  'src/report/summary/summary-reporter.ts':
    "import { writeFile } from 'node:fs/promises';\nimport { octokit } from '../../github/api.ts';\nimport { describe } from '../reporter.ts';\nimport { render } from './summary.ts';\nexport const reporter = [writeFile, octokit, describe, render];\n",
  'src/code-scanning/matching.ts': "import { idOf } from '../domain/pure.ts';\nexport const match = idOf;\n",
  'src/action/face.ts':
    "import * as core from '@actions/core';\nimport { step } from '../run/step.ts';\nimport { reporter } from '../report/summary/summary-reporter.ts';\nexport const face = [core, step, reporter];\n",
  'src/cli/other.ts': "import { step } from '../run/step.ts';\nexport const other = step;\n",
  'src/main.ts': "import { face } from './action/face.ts';\nexport const main = face;\n",
  'emulator-kit/kit.ts': "export const serve = (): string => 'kit';\n",
  'emulator/server.ts': "import { serve } from '../emulator-kit/kit.ts';\nexport const service = serve;\n",
  'github-emulator/server.ts':
    "import { serve } from '../emulator-kit/kit.ts';\nexport const github = serve;\n",
};

/** One or more planted violations of each rule: the rule, the import that breaks it, and the files planted. */
const PLANTED: { rule: string; from: string; to: string; files: Record<string, string> }[] = [
  {
    rule: 'no-circular',
    from: 'src/domain/ring-a.ts',
    to: 'src/domain/ring-b.ts',
    files: {
      'src/domain/ring-a.ts': "import { b } from './ring-b.ts';\nexport const a = b;\n",
      'src/domain/ring-b.ts': "import { a } from './ring-a.ts';\nexport const b = () => a;\n",
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
    rule: 'no-unknown-room',
    from: 'src/core/left-behind.ts',
    to: 'src/domain/pure.ts',
    files: {
      'src/core/left-behind.ts': "import { idOf } from '../domain/pure.ts';\nexport const left = idOf;\n",
    },
  },
  {
    rule: 'room-client',
    from: 'src/client/upward.ts',
    to: 'src/domain/pure.ts',
    files: { 'src/client/upward.ts': "import { idOf } from '../domain/pure.ts';\nexport const up = idOf;\n" },
  },
  {
    rule: 'room-domain',
    from: 'src/domain/upward.ts',
    to: 'src/run/step.ts',
    files: {
      'src/domain/upward.ts': "import type { step } from '../run/step.ts';\nexport type Up = typeof step;\n",
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
    rule: 'run-is-face-neutral',
    from: 'src/run/to-github.ts',
    to: 'src/github/api.ts',
    files: {
      'src/run/to-github.ts': "import { octokit } from '../github/api.ts';\nexport const o = octokit;\n",
    },
  },
  {
    rule: 'room-report',
    from: 'src/report/to-a-sink.ts',
    to: 'src/report/summary/summary.ts',
    files: {
      'src/report/to-a-sink.ts': "import { render } from './summary/summary.ts';\nexport const r = render;\n",
    },
  },
  {
    rule: 'room-code-scanning',
    from: 'src/code-scanning/beside.ts',
    to: 'src/report/summary/summary.ts',
    files: {
      'src/code-scanning/beside.ts':
        "import { render } from '../report/summary/summary.ts';\nexport const beside = render;\n",
    },
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
    rule: 'action-entries-load-no-cli',
    from: 'src/post.ts',
    to: 'src/cli/other.ts',
    files: { 'src/post.ts': "export const post = () => import('./cli/other.ts');\n" },
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
    rule: 'pure-files-do-no-io',
    from: 'src/domain/reads-files.ts',
    to: 'fs/promises',
    files: {
      'src/domain/reads-files.ts':
        "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n",
    },
  },
  {
    rule: 'pure-files-do-no-io',
    from: 'src/text/fetches.ts',
    to: 'undici',
    files: { 'src/text/fetches.ts': "import { request } from 'undici';\nexport const get = request;\n" },
  },
  {
    rule: 'pure-files-do-no-io',
    from: 'src/domain/through-client.ts',
    to: 'http',
    files: {
      'src/domain/through-client.ts':
        "import { send } from '../client/reader.ts';\nexport const post = send;\n",
    },
  },
  {
    rule: 'pure-files-do-no-io',
    from: 'src/report/summary/renders-a-file.ts',
    to: 'fs',
    files: {
      'src/report/summary/renders-a-file.ts':
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    },
  },
  {
    rule: 'pure-files-call-no-client',
    from: 'src/code-scanning/renders-through-github.ts',
    to: 'src/github/api.ts',
    files: {
      'src/code-scanning/renders-through-github.ts':
        "import { octokit } from '../github/api.ts';\nexport const o = octokit;\n",
    },
  },
  {
    rule: 'emulators-stand-apart',
    from: 'emulator/uses-src.ts',
    to: 'src/domain/pure.ts',
    files: {
      'emulator/uses-src.ts': "import { idOf } from '../src/domain/pure.ts';\nexport const id = idOf;\n",
    },
  },
  {
    rule: 'emulators-stand-apart',
    from: 'github-emulator/uses-emulator.ts',
    to: 'emulator/server.ts',
    files: {
      'github-emulator/uses-emulator.ts':
        "import { service } from '../emulator/server.ts';\nexport const s = service;\n",
    },
  },
  {
    rule: 'emulator-kit-imports-no-emulator',
    from: 'emulator-kit/upward.ts',
    to: 'github-emulator/server.ts',
    files: {
      'emulator-kit/upward.ts':
        "import { github } from '../github-emulator/server.ts';\nexport const g = github;\n",
    },
  },
  {
    rule: 'src-imports-no-emulator',
    from: 'src/run/with-emulator.ts',
    to: 'emulator-kit/kit.ts',
    files: {
      'src/run/with-emulator.ts':
        "import { serve } from '../../emulator-kit/kit.ts';\nexport const s = serve;\n",
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
    expect(foldersOfSrc().sort()).toEqual(
      (await layersOfTheRules())
        .flat()
        .filter((room) => room !== '.')
        .sort(),
    );
  });

  it('is the picture docs/architecture.md shows (npm run architecture)', async () => {
    const docs = readFileSync(ARCHITECTURE_PATH, 'utf8');
    expect(docs).toBe(await withArchitecture(docs, roomGraph(), await layersOfTheRules()));
  });

  it('keeps every rule', () => {
    expect(violationsIn(ROOT)).toEqual([]);
  });
});

describe('the rules of the layout catch what is planted', () => {
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

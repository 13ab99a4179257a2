import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The review's changes, made in a copy of the tree with only the pieces CONTRIBUTING.md names: a sink is its folder
 * and its registry entry; an input the policy may set is its manifest entry; an svc command is its file and its
 * registry entry; `npm run generate` writes the rest. Each change passes the typecheck, the generate check and the
 * registries' tests, and leaving out any one piece fails a check that names it and the file to edit.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const COPIED = ['src', 'scripts', 'docs', 'README.md', 'action.yml', 'svc-scan.schema.json', 'tsconfig.json'];
const COPIED_TOO = ['package.json', '.prettierrc.json', '.prettierignore', 'vitest.config.ts'];
const REGISTRY_TESTS = ['test/unit/action/feature-registry.test.ts', 'test/cli/command-registry.test.ts'];
const node = process.execPath;
let copy = '';
/** The generate check before `npm run generate` ran in the copy. */
let staleBefore = { code: null as number | null, output: '' };
/** Checks of one or more runs of a tool: a generous bound, never a measure. */
const SLOW = { timeout: 180_000 };

const SINK_MANIFEST = 'src/report/verdict-file/verdict-file-manifest.ts';
const SINK_FILES: Record<string, string> = {
  [SINK_MANIFEST]: `import { optionalTextInput } from '../../run/input-descriptor.ts';
import { describeFeature } from '../reporter.ts';

export const VERDICT_FILE_MANIFEST = describeFeature({
  name: 'verdict file',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {
    verdictFile: optionalTextInput({ name: 'verdict-file', default: '', description: 'Where to write the verdict.' }),
  },
  settle: undefined,
  outputs: { 'verdict-file': 'Path of the verdict file written (empty when none).' },
  permissions: [],
  deliveryKeys: [],
  needs: [],
  beforeVerdict: undefined,
  reporter: () => import('./verdict-file-reporter.ts').then((module) => module.verdictFileFactory),
});
`,
  'src/report/verdict-file/verdict-file-reporter.ts': `import { writeFile } from 'node:fs/promises';
import type { ReporterFactory } from '../reporter.ts';

export const verdictFileFactory: ReporterFactory<{ verdictFile: string | undefined }> = {
  create: ({ verdictFile }) =>
    verdictFile === undefined
      ? undefined
      : {
          name: 'verdict file',
          finish: async (report) => {
            await writeFile(verdictFile, report.outcome);
            return { outputs: { 'verdict-file': verdictFile } };
          },
        },
};
`,
};
const SINK_IMPORT =
  "import { VERDICT_FILE_MANIFEST } from '../../report/verdict-file/verdict-file-manifest.ts';\n";
const SINK_ENTRY = '  VERDICT_FILE_MANIFEST,\n';

const INPUT_ENTRY = `    maxNoticeAnnotations: numberInput(
      {
        name: 'max-notice-annotations',
        default: '100',
        description: 'Most suppressed findings annotated as notices.',
        schema: schemaOf.number('Most suppressed findings annotated as notices.', LIMITS.maxAnnotations, true),
      },
      LIMITS.maxAnnotations,
      true,
    ),
`;

const COMMAND_FILE = 'src/cli/commands/hello.ts';
const COMMAND_SOURCE = `import type { Command } from 'commander';
import type { SvcCommand } from './command.ts';

export const addHelloCommand: SvcCommand = (program, io) => {
  program
    .command('hello')
    .description('say hello')
    .action((_options: unknown, command: Command) =>
      io.invoke(command, (context) => {
        context.out.line('hello');
      }),
    );
};
`;
const COMMAND_IMPORT = "import { addHelloCommand } from './hello.ts';\n";
const COMMAND_ENTRY = '  addHelloCommand,\n';

function path(file: string): string {
  return join(copy, file);
}

/** `file` with `text` inserted before the first line that starts with `before`. */
function insert(file: string, before: string, text: string): void {
  const source = readFileSync(path(file), 'utf8');
  const at = source.indexOf(`\n${before}`);
  if (at === -1) throw new Error(`${file} has no line starting ${before}`);
  writeFileSync(path(file), `${source.slice(0, at + 1)}${text}${source.slice(at + 1)}`);
}

function remove(file: string, text: string): void {
  const source = readFileSync(path(file), 'utf8');
  writeFileSync(path(file), source.replace(text, ''));
}

function run(args: string[]): { code: number | null; output: string } {
  const result = spawnSync(node, args, { cwd: copy, encoding: 'utf8', timeout: 240_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const typecheck = () => run(['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.changes.json']);
const generate = (...flags: string[]) => run(['--experimental-strip-types', 'scripts/generate.ts', ...flags]);
const registryTests = () => run(['node_modules/vitest/vitest.mjs', 'run', ...REGISTRY_TESTS]);

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'svc-changes-'));
  for (const entry of [...COPIED, ...COPIED_TOO, ...REGISTRY_TESTS])
    cpSync(join(root, entry), path(entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), path('node_modules'));
  // The typecheck of the changes: the sources and the scripts, not the whole suite.
  writeFileSync(
    path('tsconfig.changes.json'),
    JSON.stringify({ extends: './tsconfig.json', include: ['src'], files: ['scripts/generate.ts'] }),
  );
  for (const [file, text] of Object.entries(SINK_FILES)) cpText(file, text);
  insert('src/action/reporters/registry.ts', 'import type', SINK_IMPORT);
  insert('src/action/reporters/registry.ts', '  OUTPUTS_MANIFEST,', SINK_ENTRY);
  insert('src/report/check-run/check-run-manifest.ts', '  },\n  settle: undefined,', INPUT_ENTRY);
  cpText(COMMAND_FILE, COMMAND_SOURCE);
  insert('src/cli/commands/registry.ts', 'import type', COMMAND_IMPORT);
  insert('src/cli/commands/registry.ts', '  addCompletionCommand,', COMMAND_ENTRY);
  staleBefore = generate('--check');
  generate();
}, SLOW.timeout);

function cpText(file: string, text: string): void {
  mkdirSync(dirname(path(file)), { recursive: true });
  writeFileSync(path(file), text);
}

afterAll(() => {
  if (copy !== '') rmSync(copy, { recursive: true, force: true });
});

describe('a sink, an input the policy may set and an svc command, each made of the pieces CONTRIBUTING.md names', () => {
  it('leave the generated files stale until npm run generate writes them, naming each', () => {
    const generated = [
      'action.yml',
      'README.md',
      'svc-scan.schema.json',
      'docs/policy-file.md',
      'docs/cli.md',
    ];
    const unnamed = generated.filter(
      (file) => !staleBefore.output.includes(`${file} is not what npm run generate writes`),
    );
    expect(staleBefore.code).toBe(1);
    expect(unnamed, 'generated files the check did not name').toEqual([]);
  });

  it('pass the typecheck, the generate check and the registries once it has run', SLOW, () => {
    expect(generate('--check')).toEqual({ code: 0, output: '' });
    expect(typecheck()).toEqual({ code: 0, output: '' });
    expect(registryTests().code).toBe(0);
  });

  it('are derived everywhere: the settings, the fleet, the policy keys and the list of commands', () => {
    const derived = run([
      '--experimental-strip-types',
      '--input-type=module',
      '-e',
      `import { parseActionSettings, reportingInputNamesIgnoredBy } from './src/action/action-settings.ts';
       const settings = parseActionSettings((name) => (name === 'verdict-file' ? 'out.txt' : ''), { judgesChange: false, isForkPullRequest: false, repository: 'acme/app' });
       console.log(JSON.stringify({ verdictFile: settings.verdictFile, notices: settings.maxNoticeAnnotations, fleetIgnores: reportingInputNamesIgnoredBy('fleet') }));`,
    ]);
    expect(derived.code, derived.output).toBe(0);
    expect(JSON.parse(derived.output)).toMatchObject({ verdictFile: 'out.txt', notices: 100 });
    expect(JSON.parse(derived.output).fleetIgnores).toEqual(
      expect.arrayContaining(['verdict-file', 'max-notice-annotations']),
    );
    expect(readFileSync(path('docs/policy-file.md'), 'utf8')).toContain('`max-notice-annotations`');
    expect(readFileSync(path('action.yml'), 'utf8')).toContain('verdict-file:');
    expect(readFileSync(path('docs/cli.md'), 'utf8')).toContain('`svc hello`');
  });

  it("fail the typecheck without a field of the sink's manifest, naming the field and the file", SLOW, () => {
    remove(SINK_MANIFEST, '  deliveryKeys: [],\n');
    const result = typecheck();
    cpText(SINK_MANIFEST, SINK_FILES[SINK_MANIFEST] ?? '');
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(SINK_MANIFEST);
    expect(result.output).toContain("Property 'deliveryKeys' is missing");
  });

  it("fail the registries' tests without their registry lines, naming the files to edit", SLOW, () => {
    remove('src/action/reporters/registry.ts', SINK_ENTRY);
    remove('src/cli/commands/registry.ts', COMMAND_ENTRY);
    const result = registryTests();
    insert('src/action/reporters/registry.ts', '  OUTPUTS_MANIFEST,', SINK_ENTRY);
    insert('src/cli/commands/registry.ts', '  addCompletionCommand,', COMMAND_ENTRY);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(
      `${SINK_MANIFEST} exports VERDICT_FILE_MANIFEST, which src/action/reporters/registry.ts does not list`,
    );
    expect(result.output).toContain(
      `${COMMAND_FILE} exports addHelloCommand, which COMMANDS of src/cli/commands/registry.ts does not list`,
    );
  });
});

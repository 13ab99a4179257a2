import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/endpoints/check.ts';

/**
 * A new service endpoint, `GET /projects`, made in a copy of what the endpoint check reads: the whole change
 * passes `scripts/check-endpoints.ts`, and each piece left out fails it, naming the piece and the file to edit.
 */

const run = promisify(execFile);
const COPIED = [
  'docs/service-api.md',
  'docs/spec-choices.md',
  'emulator',
  'emulator-kit',
  'src/client',
  'scripts/check-endpoints.ts',
  'scripts/endpoints',
  'scripts/python-venv.sh',
  'python/pyproject.toml',
  'python/src',
  'python/scripts',
];
const copies: string[] = [];
afterAll(() => copies.forEach((copy) => rmSync(copy, { recursive: true, force: true })));

// The project's venv, made from the project's own python/ before any copy asks for it: a copy's script, finding no
// venv (a fresh clone), would install the copy's python/ (a temporary folder, without what pip needs) into it.
const PROJECT_VENV = { ...process.env, SVC_VENV: path.join(ROOT, 'python/.venv') };
beforeAll(async () => {
  await run('bash', [path.join(ROOT, 'scripts/python-venv.sh')], { env: PROJECT_VENV });
}, 300_000);

type Piece = 'handler' | 'route' | 'row' | 'typescript' | 'python' | 'generated';
const ALL: readonly Piece[] = ['handler', 'route', 'row', 'typescript', 'python', 'generated'];

function edit(root: string, file: string, anchor: string, insert: string, before = true): void {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!text.includes(anchor)) throw new Error(`${file} no longer has "${anchor}": update this test`);
  writeFileSync(path.join(root, file), text.replace(anchor, before ? insert + anchor : anchor + insert));
}

/** The change, in its pieces. `handler` writes a handler that reads the page; without it, one that reads nothing. */
const PIECES: Record<Piece, (root: string) => void | Promise<void>> = {
  handler: () => undefined,
  route: (root) =>
    edit(
      root,
      'emulator/api-routes.ts',
      "    route('GET', '/billing/usage'",
      "    route('GET', '/projects', 'repositories:read', listProjects, true),\n",
    ),
  row: (root) =>
    edit(
      root,
      'docs/service-api.md',
      '| GET | /billing/usage |',
      '| GET | /projects | query: limit (default 20), offset (default 0) | Page of Project |\n',
    ),
  typescript: (root) => {
    edit(
      root,
      'src/client/endpoints.ts',
      '  getUsage: {',
      "  listProjects: { method: 'GET', path: '/projects', query: { limit: 20, offset: 0 } },\n",
    );
    edit(
      root,
      'src/client/service-client.ts',
      '  getUsage(options?: RequestOptions)',
      '  listProjects(params = {}, options?: RequestOptions) {\n' +
        '    return this.#get(ENDPOINTS.listProjects, [], decoders.page(decoders.repository), options, { ...params });\n' +
        '  }\n\n',
    );
  },
  python: (root) => {
    const call =
      '\n\ndef list_projects(limit: int, offset: int) -> Call[m.Page[m.Repository]]:\n' +
      '    limit, offset = _paging(limit, offset)\n' +
      '    return Call("GET", "/projects", _page(m.Repository), _query(limit=limit, offset=offset))\n';
    edit(
      root,
      'python/src/svc_scan/_calls.py',
      'return Call("GET", "/billing/usage", _model(m.UsageOverview))\n',
      call,
      false,
    );
    const method =
      '    Method(\n        "list_projects",\n        (LIMIT, OFFSET),\n        "m.Page[m.Repository]",\n' +
      '        "calls.list_projects(limit, offset)",\n        "One page of projects (GET /projects).",\n' +
      '        "The page.",\n    ),\n';
    edit(root, 'python/scripts/generate_methods.py', '    Method(\n        "get_usage",', method);
  },
  generated: async (root) => {
    const python = await venvPython(root);
    await run(python, ['scripts/generate_methods.py'], { cwd: path.join(root, 'python') });
  },
};

async function venvPython(root: string): Promise<string> {
  return (
    await run('bash', [path.join(root, 'scripts/python-venv.sh')], { env: PROJECT_VENV })
  ).stdout.trim();
}

async function changeWith(pieces: readonly Piece[]): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'route-change-'));
  copies.push(root);
  for (const entry of COPIED) cpSync(path.join(ROOT, entry), path.join(root, entry), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const reads = pieces.includes('handler')
    ? 'pageOf([], readPaging(query, 20))'
    : 'pageOf([], { limit: 20, offset: 0 })';
  writeFileSync(
    path.join(root, 'emulator/handlers/projects.ts'),
    "import { pageOf, readPaging } from '../paging.ts';\nimport { ok, type Handler } from '../request-context.ts';\n\n" +
      `// eslint-disable-next-line @typescript-eslint/no-unused-vars\nexport const listProjects: Handler = ({ query }) => ok(${reads});\n`,
  );
  edit(
    root,
    'emulator/api-routes.ts',
    'import type { Handler }',
    "import { listProjects } from './handlers/projects.ts';\n",
  );
  for (const piece of pieces) await PIECES[piece](root);
  return root;
}

/** The check's exit code and what it printed. */
async function check(root: string): Promise<{ code: number; output: string }> {
  const env = PROJECT_VENV;
  const node = path.join(ROOT, 'node_modules/.bin/node');
  try {
    const { stdout, stderr } = await run(node, ['--experimental-strip-types', 'scripts/check-endpoints.ts'], {
      cwd: root,
      env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const without = (piece: Piece): Piece[] => ALL.filter((one) => one !== piece);

describe.concurrent('a new service endpoint', { timeout: 120_000 }, () => {
  it('needs its handler, one route line, its table row, a method in each client and the generated Python', async () => {
    const { code, output } = await check(await changeWith(ALL));
    expect(output).toContain('the emulator and the clients implement docs/service-api.md');
    expect(code).toBe(0);
  });

  it.each([
    [
      'row',
      /^GET \/projects: the service emulator has it \(its handler listProjects .*\) but docs\/service-api\.md's Endpoints table has no row for it/m,
    ],
    [
      'route',
      /^GET \/projects \(docs\/service-api\.md:\d+\): the service emulator lacks it; write its handler in emulator\/handlers\/ and add one route line to emulator\/api-routes\.ts$/m,
    ],
    [
      'handler',
      /^GET \/projects .*: the service emulator does not read or send the query parameter limit; edit its handler listProjects/m,
    ],
    [
      'typescript',
      /^GET \/projects .*: the TypeScript client lacks it; add its entry to ENDPOINTS in src\/client\/endpoints\.ts and its method to src\/client\/service-client\.ts$/m,
    ],
    [
      'python',
      /^GET \/projects .*: the Python client \(Client\) lacks it; add its Call to python\/src\/svc_scan\/_calls\.py and its Method to METHODS in python\/scripts\/generate_methods\.py/m,
    ],
    [
      'generated',
      /^GET \/projects .*: the async Python client \(AsyncClient\) lacks it; .*then run `python scripts\/generate_methods\.py` in python\/$/m,
    ],
  ] as const)('fails without its %s, naming it', async (piece, message) => {
    const { code, output } = await check(await changeWith(without(piece)));
    expect(output).toMatch(message);
    expect(code).toBe(1);
  });
});

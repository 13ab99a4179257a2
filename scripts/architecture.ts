/**
 * Draws docs/architecture.md's picture of src/ from what the code imports, between `<!-- architecture:start -->` and
 * `<!-- architecture:end -->`: dependency-cruiser's folder graph (each room of `.dependency-cruiser.js` one node) as
 * a Mermaid chart, then as a table of the rooms by layer with what each imports today.
 * test/unit/architecture.test.ts fails when the committed picture is not what this draws.
 *
 *   npm run architecture             # writes docs/architecture.md
 *   npm run architecture -- --check  # exits 1, writing nothing, when docs/architecture.md is not up to date
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'prettier';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const ARCHITECTURE_PATH = join(ROOT, 'docs', 'architecture.md');
export const CONFIG = join(ROOT, '.dependency-cruiser.js');
/** The project's pinned Node (dependency-cruiser needs 22 or later; the machine's own may be older). */
export const NODE = join(ROOT, 'node_modules/.bin/node');
export const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
/** One node a room: a folder of src/, a sink's folder under src/report/ on its own, src/'s own files as one. */
const ROOMS_OF_SRC = '^src/(report/[^/]+/|[^/]+/)|^src/(?=[^/]+$)';

/** Each room and the rooms its files import, as dependency-cruiser reads them. */
type RoomGraph = ReadonlyMap<string, readonly string[]>;

/** The layers of `.dependency-cruiser.js`, from the ground up. */
export async function layersOfTheRules(): Promise<readonly (readonly string[])[]> {
  const config = (await import(pathToFileURL(CONFIG).href)) as { LAYERS: string[][] };
  return config.LAYERS;
}

/** The room a collapsed module names: `src/run/` is `run`, `src/` (the bundles' entries) is `.`. */
function roomOf(source: string): string {
  const room = source.replace(/^src\//, '').replace(/\/$/, '');
  return room === '' ? '.' : room;
}

/** dependency-cruiser's folder graph of src/ under `cwd`. */
export function roomGraph(cwd: string = ROOT): RoomGraph {
  const args = ['src', '--config', CONFIG, '--output-type', 'json', '--include-only', '^src/'];
  const run = spawnSync(NODE, [DEPCRUISE, ...args, '--collapse', ROOMS_OF_SRC], { cwd, encoding: 'utf8' });
  if (run.status !== 0 && run.stdout === '') throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    modules: { source: string; dependencies: { resolved: string }[] }[];
  };
  return new Map(
    report.modules.map(({ source, dependencies }) => {
      const imported = new Set(dependencies.map(({ resolved }) => roomOf(resolved)));
      imported.delete(roomOf(source));
      return [roomOf(source), [...imported].sort()];
    }),
  );
}

/** Whether `to` is reached from `from` by a path of two arrows or more. */
function reachedOtherwise(graph: RoomGraph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const queue = (graph.get(from) ?? []).filter((next) => next !== to);
  while (queue.length > 0) {
    const room = queue.pop() ?? '';
    if (room === to) return true;
    if (seen.has(room)) continue;
    seen.add(room);
    queue.push(...(graph.get(room) ?? []));
  }
  return false;
}

const nodeId = (room: string): string => (room === '.' ? 'entries' : room.replace(/[^a-z]/g, '_'));
const label = (room: string): string => (room === '.' ? 'src/*.ts' : `src/${room}/`);

/** The chart: an arrow a room imports, left out where a longer path of arrows already joins the two rooms. */
function mermaidChart(graph: RoomGraph, layers: readonly (readonly string[])[]): string[] {
  const rooms = layers.flat().toReversed();
  const nodes = rooms.map((room) => `  ${nodeId(room)}["${label(room)}"]`);
  const arrows = rooms.flatMap((room) =>
    (graph.get(room) ?? [])
      .filter((target) => !reachedOtherwise(graph, room, target))
      .map((target) => `  ${nodeId(room)} --> ${nodeId(target)}`),
  );
  return ['```mermaid', 'flowchart TD', ...nodes, ...arrows, '```'];
}

/** The same graph as text: each room by layer (0 is the ground), what the rules let it import, what it imports. */
function roomTable(graph: RoomGraph, layers: readonly (readonly string[])[]): string[] {
  const rows = layers.flatMap((rooms, layer) =>
    rooms.map((room) => {
      const imports = (graph.get(room) ?? []).map((target) => `\`${target}\``).join(', ');
      return `| ${String(layer)} | \`${label(room)}\` | ${imports === '' ? '(nothing)' : imports} |`;
    }),
  );
  return ['| layer | room | imports today |', '| --- | --- | --- |', ...rows.toReversed()];
}

/** `markdown` with what is between `<!-- name:start -->` and `<!-- name:end -->` replaced by `lines`. */
function between(markdown: string, name: string, lines: string): string {
  const start = `<!-- ${name}:start -->\n`;
  const end = `<!-- ${name}:end -->`;
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end, from);
  if (from === -1 || to === -1)
    throw new Error(`docs/architecture.md has no ${start.trim()} … ${end} markers`);
  return `${markdown.slice(0, from + start.length)}\n${lines}\n${markdown.slice(to)}`;
}

/** docs/architecture.md with its picture drawn from `graph`, formatted as Prettier formats the rest. */
export async function withArchitecture(
  markdown: string,
  graph: RoomGraph,
  layers: readonly (readonly string[])[],
): Promise<string> {
  const picture = [...mermaidChart(graph, layers), '', ...roomTable(graph, layers)].join('\n');
  return between(markdown, 'architecture', await format(picture, { parser: 'markdown', printWidth: 110 }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const committed = readFileSync(ARCHITECTURE_PATH, 'utf8');
  const drawn = await withArchitecture(committed, roomGraph(), await layersOfTheRules());
  if (process.argv.includes('--check')) {
    if (drawn !== committed) {
      process.stderr.write(`${ARCHITECTURE_PATH} is not what the code imports: run npm run architecture.\n`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(ARCHITECTURE_PATH, drawn);
    process.stdout.write(`${ARCHITECTURE_PATH}: the folder graph drawn.\n`);
  }
}

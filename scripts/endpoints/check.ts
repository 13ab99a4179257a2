import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorSide, pythonSides, typescriptSide, type Implemented, type Side } from './sides.ts';
import { readSpecEndpoints, type SpecEndpoint } from './spec-table.ts';

/**
 * Holds the emulator, the TypeScript client and the Python clients to the Endpoints table of docs/service-api.md:
 * each has every endpoint of the table and no other, with the table's query parameters and defaults and the
 * body's wire names. Each problem names the endpoint, the side and the file to edit.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `/scans/{id}` and `/scans/{scan_id}` are one path. */
const keyOf = (method: string, endpointPath: string): string =>
  `${method} ${endpointPath.replace(/\{\w+\}/g, '{}')}`;

export function compareSide(spec: readonly SpecEndpoint[], side: Side): string[] {
  const problems = [...side.problems];
  const found = new Map<string, Implemented>();
  for (const endpoint of side.endpoints) {
    const key = keyOf(endpoint.method, endpoint.path);
    const twin = found.get(key);
    if (twin)
      problems.push(
        `${endpoint.method} ${endpoint.path}: ${side.label} has it twice (${twin.name}, ${endpoint.name})`,
      );
    found.set(key, endpoint);
  }
  const wanted = new Set(spec.map((row) => keyOf(row.method, row.path)));
  for (const row of spec) {
    const endpoint = found.get(keyOf(row.method, row.path));
    const name = `${row.method} ${row.path} (docs/service-api.md:${row.line})`;
    if (endpoint === undefined) problems.push(`${name}: ${side.label} lacks it; ${side.toAdd}`);
    else problems.push(...differences(row, endpoint, side).map((difference) => `${name}: ${difference}`));
  }
  for (const endpoint of side.endpoints) {
    if (wanted.has(keyOf(endpoint.method, endpoint.path))) continue;
    problems.push(
      `${endpoint.method} ${endpoint.path}: ${side.label} has it (${side.fileOf(endpoint)}) but docs/service-api.md's ` +
        'Endpoints table has no row for it; add the row, or remove it',
    );
  }
  return problems;
}

/** A side that shows only some defaults is held to those it shows. */
const shown = (...values: (string | null | undefined)[]): boolean => values.every((value) => value != null);

function differences(row: SpecEndpoint, endpoint: Implemented, side: Side): string[] {
  const where = side.fileOf(endpoint);
  const problems: string[] = [];
  for (const [name, value] of row.query) {
    if (!endpoint.query.has(name))
      problems.push(`${side.label} does not read or send the query parameter ${name}; edit ${where}`);
    else if (
      value !== endpoint.query.get(name) &&
      (side.knowsEveryDefault || shown(value, endpoint.query.get(name)))
    ) {
      const has = endpoint.query.get(name) ?? 'none';
      problems.push(
        `the default of ${name} is ${value ?? 'none'} in the table, ${has} in ${side.label}; edit ${where}`,
      );
    }
  }
  for (const name of endpoint.query.keys()) {
    if (!row.query.has(name))
      problems.push(
        `${side.label} uses the query parameter ${name}, which the table lacks; edit ${where} or the table`,
      );
  }
  const body = new Set(row.body);
  const missing = row.body.filter((name) => !endpoint.body.includes(name));
  const extra = endpoint.body.filter((name) => !body.has(name));
  if (missing.length > 0)
    problems.push(`${side.label} lacks the body field(s) ${missing.join(', ')}; edit ${where}`);
  if (extra.length > 0) {
    problems.push(
      `${side.label} has the body field(s) ${extra.join(', ')}, which neither the table nor docs/spec-choices.md names; edit ${where}`,
    );
  }
  return problems;
}

function sidesOf(root: string): { sides: Side[]; problems: string[] } {
  const sides = [emulatorSide(), typescriptSide()];
  try {
    sides.push(...pythonSides(root));
    return { sides, problems: [] };
  } catch (error) {
    const detail = String((error as { stderr?: unknown }).stderr ?? error)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' / ');
    return {
      sides,
      problems: [
        `the Python clients could not be read (python/scripts/endpoint_calls.py failed: ${detail}); check ` +
          'python/src/svc_scan/_calls.py and python/scripts/generate_methods.py, then run ' +
          '`python scripts/generate_methods.py` in python/',
      ],
    };
  }
}

/** Every problem, or an empty list when the three sides implement the table. */
export function endpointProblems(root: string = ROOT): string[] {
  const spec = readSpecEndpoints(
    readFileSync(path.join(root, 'docs/service-api.md'), 'utf8'),
    readFileSync(path.join(root, 'docs/spec-choices.md'), 'utf8'),
  );
  const { sides, problems } = sidesOf(root);
  return [...problems, ...sides.flatMap((side) => compareSide(spec, side))];
}

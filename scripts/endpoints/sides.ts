import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { API_PREFIX, apiRoutes } from '../../emulator/api-routes.ts';
import { RawJson } from '../../emulator/raw-json.ts';
import { ENDPOINTS, type Endpoint } from '../../src/client/endpoints.ts';
import { ServiceClient } from '../../src/client/service-client.ts';
import { readsOf } from './emulator-probe.ts';

/**
 * The three implementations of the Endpoints table, each read from its own data: the emulator's route table
 * (and what each handler reads), the TypeScript client's ENDPOINTS, and the calls the two Python clients make.
 */

export interface Implemented {
  /** What names it in its side: a method, a route's handler. */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** Query parameter → the value sent or applied when the request gives none (null: none). */
  readonly query: ReadonlyMap<string, string | null>;
  readonly body: readonly string[];
}

export interface Side {
  readonly label: string;
  readonly endpoints: readonly Implemented[];
  /** What to do about an endpoint of the table the side lacks. */
  readonly toAdd: string;
  /** Where a given endpoint of the side is written. */
  readonly fileOf: (endpoint: Implemented) => string;
  /** False when a default is known only where the side echoes it (the emulator's answer: a Page has its limit). */
  readonly knowsEveryDefault: boolean;
  /** Problems found reading the side itself. */
  readonly problems: readonly string[];
}

export function emulatorSide(): Side {
  const endpoints = apiRoutes().map((route): Implemented => {
    const template = route.template.slice(API_PREFIX.length);
    const reads = readsOf(route.handler, template);
    const answer =
      reads.reply?.body instanceof RawJson ? JSON.parse(reads.reply.body.text) : reads.reply?.body;
    const echoed = (name: string): string | null => {
      const value: unknown =
        typeof answer === 'object' && answer !== null ? Reflect.get(answer, name) : undefined;
      return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
    };
    const query = new Map([...reads.query].map((name) => [name, echoed(name)]));
    return { name: route.handler.name, method: route.method, path: template, query, body: [...reads.body] };
  });
  return {
    label: 'the service emulator',
    endpoints,
    toAdd: 'write its handler in emulator/handlers/ and add one route line to emulator/api-routes.ts',
    fileOf: (endpoint) =>
      `its handler ${endpoint.name} (emulator/handlers/) or its line in emulator/api-routes.ts`,
    knowsEveryDefault: false,
    problems: [],
  };
}

export function typescriptSide(): Side {
  const entries: [string, Endpoint][] = Object.entries(ENDPOINTS);
  const endpoints = entries.map(([name, endpoint]): Implemented => ({
    name,
    method: endpoint.method,
    path: endpoint.path,
    query: new Map(
      Object.entries(endpoint.query ?? {}).map(([key, value]) => [key, value?.toString() ?? null]),
    ),
    body: endpoint.body ?? [],
  }));
  const methodless = entries
    .map(([name]) => name)
    .filter((name) => typeof Reflect.get(ServiceClient.prototype, name) !== 'function')
    .map(
      (name) =>
        `ENDPOINTS.${name} in src/client/endpoints.ts: ServiceClient has no method ${name}; write it in src/client/service-client.ts`,
    );
  return {
    label: 'the TypeScript client',
    endpoints,
    toAdd:
      'add its entry to ENDPOINTS in src/client/endpoints.ts and its method to src/client/service-client.ts',
    fileOf: (endpoint) => `ENDPOINTS.${endpoint.name} in src/client/endpoints.ts`,
    knowsEveryDefault: true,
    problems: methodless,
  };
}

interface PythonCall {
  name: string;
  method: string;
  path: string;
  query: Record<string, string | number | null>;
  body: string[];
}

const PYTHON_TO_ADD =
  'add its Call to python/src/svc_scan/_calls.py and its Method to METHODS in python/scripts/generate_methods.py, ' +
  'then run `python scripts/generate_methods.py` in python/';

/** Both Python clients, as python/scripts/endpoint_calls.py reports them, run with the project's venv. */
export function pythonSides(root: string): Side[] {
  const python = execFileSync('bash', [path.join(root, 'scripts/python-venv.sh')], {
    encoding: 'utf8',
  }).trim();
  const output = execFileSync(python, ['scripts/endpoint_calls.py'], {
    cwd: path.join(root, 'python'),
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: path.join(root, 'python/src') },
  });
  const calls = JSON.parse(output) as { sync: PythonCall[]; async: PythonCall[] };
  return [
    ['the Python client (Client)', calls.sync],
    ['the async Python client (AsyncClient)', calls.async],
  ].map(([label, list]) => pythonSide(label as string, list as PythonCall[]));
}

function pythonSide(label: string, calls: readonly PythonCall[]): Side {
  const endpoints = calls.map((call): Implemented => ({
    name: call.name,
    method: call.method,
    path: call.path,
    query: new Map(
      Object.entries(call.query).map(([key, value]) => [key, value === null ? null : String(value)]),
    ),
    body: call.body,
  }));
  return {
    label,
    endpoints,
    toAdd: PYTHON_TO_ADD,
    fileOf: (endpoint) =>
      `${endpoint.name} in python/src/svc_scan/_calls.py and METHODS in python/scripts/generate_methods.py ` +
      '(then run `python scripts/generate_methods.py` in python/)',
    knowsEveryDefault: true,
    problems: [],
  };
}

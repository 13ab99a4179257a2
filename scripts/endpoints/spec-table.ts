/**
 * Reads the Endpoints table of docs/service-api.md (method, path, query parameters with their defaults, body
 * fields) and the body wire names docs/spec-choices.md gives where the spec leaves them open. Anything the reader
 * does not recognise is an error naming the file, the line and the shape it expected: a table whose shape changed
 * must fail the check, never pass it with fewer endpoints.
 */

export interface SpecEndpoint {
  readonly method: string;
  /** As the table writes it, e.g. `/scans/{id}`. */
  readonly path: string;
  /** Query parameter → its default as written (`20`), or null when it has none. */
  readonly query: ReadonlyMap<string, string | null>;
  /** The wire names of the JSON body's fields. */
  readonly body: readonly string[];
  readonly line: number;
}

export class SpecShapeError extends Error {
  override name = 'SpecShapeError';
}

const SPEC = 'docs/service-api.md';
const CHOICES = 'docs/spec-choices.md';
const HEADER = ['Method', 'Path', 'Query / body parameters', 'Returns'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Row {
  readonly cells: string[];
  readonly line: number;
}

/** The rows of the first table after `heading`, checked against the header expected. */
function tableAfter(text: string, file: string, heading: string, header: readonly string[]): Row[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0)
    throw new SpecShapeError(`${file} has no "${heading}" heading: the endpoint check reads its table`);
  const top = lines.findIndex((line, index) => index > start && line.trimStart().startsWith('|'));
  const found = top < 0 ? [] : cellsOf(lines[top] ?? '');
  if (found.join(' | ') !== header.join(' | ')) {
    throw new SpecShapeError(
      `${file}:${top + 1}: the table under "${heading}" has the columns "${found.join(' | ')}", not ` +
        `"${header.join(' | ')}"; update scripts/endpoints/spec-table.ts with the table`,
    );
  }
  const rows: Row[] = [];
  for (let index = top + 2; index < lines.length && lines[index]?.trimStart().startsWith('|'); index++) {
    const cells = cellsOf(lines[index] ?? '');
    if (cells.length !== header.length) {
      throw new SpecShapeError(`${file}:${index + 1}: a row of ${cells.length} cells, not ${header.length}`);
    }
    rows.push({ cells, line: index + 1 });
  }
  if (rows.length === 0)
    throw new SpecShapeError(`${file}:${top + 1}: the table under "${heading}" has no rows`);
  return rows;
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Splits at `separator` outside parentheses. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === separator && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

interface Parameters {
  query: Map<string, string | null>;
  body: string[];
  /** `body:` gives the client's parameter names; the wire names are in docs/spec-choices.md. */
  bodyNamesAreClients: boolean;
}

function readParameters(cell: string, where: string, path: string): Parameters {
  const parameters: Parameters = { query: new Map(), body: [], bodyNamesAreClients: false };
  if (cell === 'none') return parameters;
  for (const part of splitTop(cell, ';')) {
    const list = /^(query|body|JSON body): (.+)$/.exec(part);
    const pathParameter = /^(\w+) = .+$/.exec(part)?.[1];
    if (pathParameter !== undefined && path.includes(`{${pathParameter}}`)) continue;
    if (!list) {
      throw new SpecShapeError(
        `${where}: cannot read "${part}"; expected "none", "query: …", "body: …", "JSON body: …" or ` +
          '"<path parameter> = …", parts separated by ";"',
      );
    }
    const fields = readFields(list[2] ?? '', where);
    if (list[1] === 'query') fields.forEach((value, name) => parameters.query.set(name, value));
    else {
      parameters.body.push(...fields.keys());
      parameters.bodyNamesAreClients = list[1] === 'body';
    }
  }
  return parameters;
}

/** `limit (default 20), offset (default 0)`, `action, actor_id (all optional)` → name → default or null. */
function readFields(list: string, where: string): Map<string, string | null> {
  const fields = new Map<string, string | null>();
  for (const item of splitTop(list, ',')) {
    const field = /^(\w+)(?: \((.+)\))?$/.exec(item);
    if (!field?.[1]) {
      throw new SpecShapeError(
        `${where}: cannot read the parameter "${item}"; expected "name" or "name (…)"`,
      );
    }
    const note = field[2] ?? '';
    const value = /(?:^|[;,] )(?:the clients )?default(?: to)? ([^\s;,]+)/.exec(note)?.[1];
    fields.set(field[1], value ?? null);
  }
  return fields;
}

/** `request body of \`POST /scans\`` rows: the backticked names of the choice are the body's wire names. */
function bodyChoices(text: string): Map<string, { names: string[]; line: number }> {
  const choices = new Map<string, { names: string[]; line: number }>();
  for (const row of tableAfter(text, CHOICES, '# Where the spec is silent', [
    'topic',
    'choice',
    'lives in',
  ])) {
    const endpoint = /^request body of `([A-Z]+ \S+)`$/.exec(row.cells[0] ?? '')?.[1];
    if (endpoint === undefined) continue;
    const names = [...(row.cells[1] ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1] ?? '');
    if (names.length === 0)
      throw new SpecShapeError(`${CHOICES}:${row.line}: names no body field in backticks`);
    choices.set(endpoint, { names, line: row.line });
  }
  return choices;
}

export function readSpecEndpoints(serviceApi: string, specChoices: string): SpecEndpoint[] {
  const choices = bodyChoices(specChoices);
  const endpoints = tableAfter(serviceApi, SPEC, '## Endpoints', HEADER).map(({ cells, line }) => {
    const [method = '', path = '', parametersCell = ''] = cells;
    const where = `${SPEC}:${line} (${method} ${path})`;
    if (!METHODS.includes(method)) throw new SpecShapeError(`${where}: "${method}" is not an HTTP method`);
    if (!/^(\/[\w{}-]+)+$/.test(path))
      throw new SpecShapeError(`${where}: "${path}" is not a path such as /scans/{id}`);
    const parameters = readParameters(parametersCell, where, path);
    let body = parameters.body;
    if (parameters.bodyNamesAreClients) {
      const choice = choices.get(`${method} ${path}`);
      if (!choice) {
        throw new SpecShapeError(
          `${where}: its body gives the clients' parameter names; ${CHOICES} needs a row "request body of ` +
            `\`${method} ${path}\`" naming the wire names`,
        );
      }
      body = choice.names;
    }
    choices.delete(`${method} ${path}`);
    return { method, path, query: parameters.query, body, line };
  });
  for (const [endpoint, { line }] of choices) {
    throw new SpecShapeError(`${CHOICES}:${line}: gives the body of ${endpoint}, which is no row of ${SPEC}`);
  }
  return endpoints;
}

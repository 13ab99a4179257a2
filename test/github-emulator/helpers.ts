import { Ajv } from 'ajv';
import {
  startGitHubEmulator,
  type GitHubEmulator,
  type GitHubEmulatorOptions,
} from '../../github-emulator/index.ts';
import { loadOperations } from '../../github-emulator/operations.ts';
import type { OperationId } from '../../github-emulator/operation-ids.ts';

/** Response bodies are whatever the emulator sent; the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const REPO = '/repos/octo-org/webapp';
export const HEAD_SHA = '1f2e3d4c5b6a79880716253443526170f9e8d7c6';
const FIXED_NOW = new Date('2026-02-01T12:00:00Z');

export function startGitHub(options: GitHubEmulatorOptions = {}): Promise<GitHubEmulator> {
  return startGitHubEmulator({ now: () => FIXED_NOW, log: () => undefined, ...options });
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
}

export async function api(
  github: GitHubEmulator,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string | null; base?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' };
  const token = options.token === undefined ? github.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const url = path.startsWith('http') ? path : `${options.base ?? github.url}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

export async function createCheckRun(
  github: GitHubEmulator,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const response = await api(github, 'POST', `${REPO}/check-runs`, {
    body: { name: 'svc-scan', head_sha: HEAD_SHA, ...extra },
  });
  if (response.status !== 201)
    throw new Error(`create answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

export function annotation(index: number, level = 'warning'): Record<string, unknown> {
  return {
    path: `src/file-${index}.ts`,
    start_line: index + 1,
    end_line: index + 1,
    annotation_level: level,
    message: `finding ${index}`,
  };
}

/** The `rel="..."` URLs of a Link header. */
export function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part);
    if (match) out[match[2]!] = match[1]!;
  }
  return out;
}

/** Follows rel="next" from the first page to the last, as a careful client does. */
export async function readAllPages(
  github: GitHubEmulator,
  path: string,
): Promise<{ items: Json[]; pages: number }> {
  const items: Json[] = [];
  let url: string | undefined = `${github.url}${path}`;
  let pages = 0;
  while (url !== undefined) {
    const response = await api(github, 'GET', url);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    items.push(...(response.body as Json[]));
    pages++;
    url = links(response.headers.get('link')).next;
  }
  return { items, pages };
}

const operations = loadOperations();
const responseAjv = new Ajv({ strict: false, logger: false, validateFormats: false, allErrors: true });

/** Checks a success body against the operation's response schema in GitHub's description. */
export function responseProblems(operationId: OperationId, body: unknown): string[] {
  const operation = operations.get(operationId)!;
  const validate = responseAjv.compile(openApiNullable(operation.responseSchema) as object);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/**
 * OpenAPI 3.0 reads `nullable: true` as allowing null, also where an `enum` leaves it out and beside `oneOf`
 * without a `type`; ajv needs both spelled out.
 */
function openApiNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiNullable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = openApiNullable(value);
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null))
    copy.enum = [...copy.enum, null];
  if ('nullable' in copy && copy.type === undefined) {
    const nullable = copy.nullable === true;
    delete copy.nullable;
    if (nullable) return { anyOf: [copy, { type: 'null' }] };
  }
  return copy;
}

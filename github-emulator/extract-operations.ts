import type { OperationId } from './operation-ids.ts';

/**
 * Cuts the served operations out of GitHub's OpenAPI description (73 MB dereferenced, about 0.6 s to parse):
 * their path, method, parameters, JSON request body schema and success response schema, verbatim. Pure, so
 * the generator and the test that guards operations.json share it.
 */

export type JsonSchema = Record<string, unknown>;

interface OperationParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly schema: JsonSchema;
}

export interface OperationContract {
  readonly operationId: OperationId;
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** GitHub's template, e.g. `/repos/{owner}/{repo}/check-runs`. */
  readonly path: string;
  readonly documentationUrl: string;
  readonly parameters: readonly OperationParameter[];
  /** The `application/json` request body schema; null when the operation takes no body. */
  readonly requestBody: JsonSchema | null;
  readonly successStatus: number;
  readonly responseSchema: JsonSchema;
}

export interface OperationsFile {
  /** Where the contracts were cut from: package, version and file. */
  readonly source: string;
  readonly operations: readonly OperationContract[];
}

interface RawOperation {
  operationId?: string;
  externalDocs?: { url?: string };
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ['get', 'post', 'patch'] as const;

export function extractOperations(
  description: { paths: Record<string, Partial<Record<string, RawOperation>>> },
  ids: readonly OperationId[],
  source: string,
): OperationsFile {
  const found = new Map<string, OperationContract>();
  for (const [path, item] of Object.entries(description.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      const id = raw?.operationId as OperationId | undefined;
      if (raw === undefined || id === undefined || !ids.includes(id)) continue;
      found.set(id, contractOf(id, method, path, raw));
    }
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`Not in the description: ${missing.join(', ')}`);
  return { source, operations: ids.map((id) => found.get(id) as OperationContract) };
}

function contractOf(
  operationId: OperationId,
  method: (typeof METHODS)[number],
  path: string,
  raw: RawOperation,
): OperationContract {
  const success = Object.keys(raw.responses ?? {}).find((status) => /^2\d\d$/.test(status));
  if (success === undefined) throw new Error(`${operationId} has no success response`);
  const parameters = (raw.parameters ?? [])
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
    .map((parameter) => ({
      name: parameter.name,
      in: parameter.in as 'path' | 'query',
      required: parameter.required ?? false,
      schema: parameter.schema,
    }));
  return {
    operationId,
    method: method.toUpperCase() as OperationContract['method'],
    path,
    documentationUrl: raw.externalDocs?.url ?? 'https://docs.github.com/rest',
    parameters,
    requestBody: raw.requestBody?.content?.['application/json']?.schema ?? null,
    successStatus: Number(success),
    responseSchema: raw.responses?.[success]?.content?.['application/json']?.schema ?? {},
  };
}

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema, OperationContract } from './extract-operations.ts';
import { invalidRequest } from './github-errors.ts';

/**
 * Checks a request's query and JSON body against the operation's schemas from GitHub's description, with ajv,
 * and words the first problem as GitHub does ("\"body\" wasn't supplied.", "For 'properties/body', nil is not
 * a string.", "No more than 50 items are allowed; 51 were supplied."). Lengths count UTF-16 code units, as
 * GitHub's 65,535-character check on check-run output does.
 */

export interface RequestValidator {
  check(operation: OperationContract, query: URLSearchParams, body: unknown): void;
}

export function createRequestValidator(): RequestValidator {
  const ajv = new Ajv({
    strict: false,
    logger: false,
    unicode: false,
    coerceTypes: false,
    validateFormats: true,
  });
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)$/i);
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\S*$/i);
  const compiled = new Map<string, { query: ValidateFunction; body: ValidateFunction | null }>();

  const compile = (operation: OperationContract) => {
    let entry = compiled.get(operation.operationId);
    if (entry === undefined) {
      entry = {
        query: ajv.compile(querySchema(operation)),
        body: operation.requestBody === null ? null : ajv.compile(operation.requestBody),
      };
      compiled.set(operation.operationId, entry);
    }
    return entry;
  };

  return {
    check(operation, query, body) {
      const validators = compile(operation);
      const values = queryValues(operation, query);
      if (!validators.query(values)) throw invalidRequest(describe(validators.query.errors, values));
      if (validators.body === null) return;
      const value = body ?? {};
      if (!validators.body(value)) throw invalidRequest(describe(validators.body.errors, value));
    },
  };
}

/** Query parameters as one object schema, so ajv checks them like a body. */
function querySchema(operation: OperationContract): JsonSchema {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
    required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** Query strings are text: an integer parameter's value is read as a number when it is one. */
function queryValues(operation: OperationContract, query: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    const raw = query.get(parameter.name);
    if (raw === null) continue;
    values[parameter.name] = parameter.schema.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return values;
}

function describe(errors: ErrorObject[] | null | undefined, root: unknown): string {
  const error = errors?.[0];
  if (!error) return 'The request does not match the schema.';
  const value = valueAt(root, error.instancePath);
  const where = `For '${location(error.instancePath)}', ${inspect(value)}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `"${String(params.missingProperty)}" wasn't supplied.`;
    case 'type':
      return `${where} is not ${article(String(params.type))}.`;
    case 'enum':
      return `${where} is not a member of [${(params.allowedValues as unknown[]).map(inspect).join(', ')}].`;
    case 'maxItems':
      return `No more than ${String(params.limit)} items are allowed; ${String((value as unknown[]).length)} were supplied.`;
    case 'maxLength':
      return `Only ${String(params.limit)} characters are allowed; ${String((value as string).length)} were supplied.`;
    default:
      return `${where} ${error.message ?? 'does not match the schema'}.`;
  }
}

/** GitHub names the last property (`properties/body`), or `items` for an element of a list. */
function location(instancePath: string): string {
  const last = instancePath.split('/').at(-1) ?? '';
  if (last === '') return 'properties';
  return /^\d+$/.test(last) ? 'items' : `properties/${last.replaceAll('~1', '/').replaceAll('~0', '~')}`;
}

function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const part of instancePath.split('/').slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[
      part.replaceAll('~1', '/').replaceAll('~0', '~')
    ];
  }
  return value;
}

/** Ruby's inspect, which GitHub's messages use: nil for null, quoted strings. */
function inspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  return JSON.stringify(value);
}

function article(type: string): string {
  const names = type.split(',');
  const words = names.map((name) =>
    name === 'null' ? 'null' : `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`,
  );
  return words.join(' or ');
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Reads descriptions shipped by the dev dependency `@octokit/openapi` (tests and the generator only). */

const require = createRequire(import.meta.url);

export function openapiPackageVersion(): string {
  return (require('@octokit/openapi/package.json') as { version: string }).version;
}

/** `name` is a file of the package's `generated/` folder, e.g. `api.github.com.deref.json`. */
export function readDescription(name: string): {
  paths: Record<string, Record<string, { operationId?: string }>>;
} {
  const path = require.resolve(`@octokit/openapi/generated/${name}`);
  return JSON.parse(readFileSync(path, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
}

export const DOTCOM_DESCRIPTION = 'api.github.com.deref.json';

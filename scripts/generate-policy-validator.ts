/**
 * Compiles the policy file's schema (svc-scan.schema.json) into a validator at build time rather than at every run:
 * ajv's compiler costs a run about 80 ms to load and compile. The generated module holds only the validating code
 * and imports only ajv-formats' `date` check; test/unit/policy/policy-validator.test.ts fails when the
 * committed module is not what this writes.
 *
 *   npm run generate:policy-validator
 *
 * `npm run generate` runs it too, after it writes the schema from the inputs' descriptors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, _ } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';

const root = fileURLToPath(new URL('../', import.meta.url));
export const SCHEMA_PATH = `${root}svc-scan.schema.json`;
export const VALIDATOR_PATH = `${root}src/policy/policy-validator.generated.ts`;

/** The source of the generated validator for `schema`: by default, svc-scan.schema.json as it is now. */
export function policyValidatorSource(
  schema: object = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object,
): string {
  // strictRequired is off: a suppression's anyOf of `required` names properties declared beside it, not in it.
  // The formats are named by the identifier the header imports, instead of ajv-formats' CommonJS require().
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    code: { source: true, esm: true, lines: true, formats: _`fullFormats` },
  });
  addFormats.default(ajv, ['date']);
  // ajv writes its runtime helpers as require() calls, which an ES module has not: they become imports.
  const code = standaloneCode
    .default(ajv, ajv.compile(schema))
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', 'ucs2length')
    // The parser imports the named export; a default one nobody imports would be dead code.
    .replace(/^export default \w+;\n/m, '');
  if (code.includes('require('))
    throw new Error('the generated validator requires a module it does not import');
  return [
    '/* eslint-disable */',
    '// @ts-nocheck',
    '// Generated from svc-scan.schema.json by scripts/generate-policy-validator.ts: do not edit.',
    "import { fullFormats } from 'ajv-formats/dist/formats.js';",
    "import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';",
    // Node gives a CommonJS module's exports as its default, a bundler its `default` export: either way, the function.
    "const ucs2length = typeof ucs2lengthModule.default === 'function' ? ucs2lengthModule.default : ucs2lengthModule.default.default;",
    code,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(VALIDATOR_PATH, policyValidatorSource());
  process.stdout.write(`${VALIDATOR_PATH} written.\n`);
}

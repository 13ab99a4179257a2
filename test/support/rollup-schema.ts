import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';

const schema = JSON.parse(
  readFileSync(new URL('../../schemas/fleet-roll-up.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

/** The roll-up (parsed JSON, or its text) holds to schemas/fleet-roll-up.schema.json; the errors are shown if not. */
export function expectValidRollUp(rollUp: unknown): void {
  const value: unknown = typeof rollUp === 'string' ? JSON.parse(rollUp) : rollUp;
  const valid = validate(value);
  expect(valid ? [] : validate.errors).toEqual([]);
}

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { FleetRollUp } from '../../src/fleet/rollup.ts';

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

/** A roll-up's JSON text as svc wrote it, checked against the schema, as the tests read it. */
export function validRollUp(text: string): FleetRollUp {
  const rollUp = JSON.parse(text) as FleetRollUp;
  expectValidRollUp(rollUp);
  return rollUp;
}

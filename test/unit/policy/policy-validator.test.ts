import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATOR_PATH, policyValidatorSource } from '../../../scripts/generate-policy-validator.ts';

describe('the policy validator compiled at build time', () => {
  it('is what svc-scan.schema.json compiles to now (npm run generate:policy-validator)', () => {
    expect(readFileSync(VALIDATOR_PATH, 'utf8')).toBe(policyValidatorSource());
  });
});

import { describe, expect, it } from 'vitest';
import { GITHUB_UPLOAD_LIMITS } from '../../../src/code-scanning/github-upload-limits.ts';
import { LIMITS } from '../../../src/run/settings.ts';

describe("code scanning's upload limits", () => {
  it('bound the sarif-max-results input, which the run declares below code scanning', () => {
    expect(
      LIMITS.sarifMaxResults.max,
      'src/run/settings.ts LIMITS.sarifMaxResults.max must be GITHUB_UPLOAD_LIMITS.maxResults (src/code-scanning/github-upload-limits.ts)',
    ).toBe(GITHUB_UPLOAD_LIMITS.maxResults);
  });
});

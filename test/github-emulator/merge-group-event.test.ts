import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { mergeGroupEvent } from '../fixtures/events.ts';

const require = createRequire(import.meta.url);
const description = require('@octokit/openapi/generated/api.github.com.deref.json') as {
  'x-webhooks': Record<
    string,
    { post: { requestBody: { content: { 'application/json': { schema: Schema } } } } }
  >;
};
interface Schema {
  properties: Record<string, object>;
}

/** The webhook GitHub sends when a merge queue asks for checks, as GitHub's OpenAPI description has it. */
const checksRequested =
  description['x-webhooks']['merge-group-checks-requested']!.post.requestBody.content['application/json']
    .schema;

describe('the merge_group event the tests and the emulators use', () => {
  it("holds a merge_group and an action that GitHub's description of the webhook accepts", () => {
    const event = mergeGroupEvent({
      repository: 'initech/storefront',
      headSha: 'e'.repeat(40),
      baseSha: '5'.repeat(40),
    });
    const payload = event.payload as { action: string; merge_group: unknown };
    expect(event.name).toBe('merge_group');
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const key of ['action', 'merge_group'] as const) {
      const validate = ajv.compile(checksRequested.properties[key]!);
      expect(validate(payload[key]), `${key}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(payload.merge_group).toMatchObject({
      head_ref: `refs/heads/gh-readonly-queue/main/pr-42-${'5'.repeat(40)}`,
    });
  });
});

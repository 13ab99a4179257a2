import { Ajv } from 'ajv';
import { SEED_APP_SCHEMA, SEED_USER_TOKEN_SCHEMA } from './apps/app-seed.ts';
import type { GitHubSeed } from './seed.ts';

/** Checks a seed given as JSON (control endpoint, CLI, tests) and names what is wrong. */

const SIDE = { enum: ['LEFT', 'RIGHT'] };
const COMMENT = {
  type: 'object',
  required: ['user', 'body'],
  properties: {
    user: { type: 'string', minLength: 1 },
    body: { type: 'string' },
    created_at: { type: 'string' },
  },
};
const REF = {
  type: 'object',
  required: ['ref', 'sha'],
  properties: { ref: { type: 'string' }, sha: { type: 'string' } },
};

const FILES_BY_COMMIT = {
  type: 'object',
  additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
};

const SCHEMA = {
  type: 'object',
  required: ['repositories'],
  properties: {
    apps: { type: 'array', items: SEED_APP_SCHEMA },
    user_tokens: { type: 'array', items: SEED_USER_TOKEN_SCHEMA },
    repositories: {
      type: 'array',
      items: {
        type: 'object',
        required: ['full_name'],
        properties: {
          full_name: { type: 'string', pattern: '^[^/\\s]+/[^/\\s]+$' },
          default_branch: { type: 'string', minLength: 1 },
          files: FILES_BY_COMMIT,
          symlinks: FILES_BY_COMMIT,
          branches: { type: 'object', additionalProperties: { type: 'string', pattern: '^[0-9a-f]{40}$' } },
          pulls: {
            type: 'array',
            items: {
              type: 'object',
              required: ['number', 'base', 'head'],
              properties: {
                number: { type: 'integer', minimum: 1 },
                title: { type: 'string' },
                user: { type: 'string' },
                base: REF,
                head: REF,
                merge_base_sha: { type: 'string' },
                files: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['filename'],
                    properties: {
                      filename: { type: 'string', minLength: 1 },
                      status: {
                        enum: ['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged'],
                      },
                      patch: { type: 'string' },
                      previous_filename: { type: 'string' },
                    },
                  },
                },
                comments: { type: 'array', items: COMMENT },
                review_comments: {
                  type: 'array',
                  items: {
                    ...COMMENT,
                    required: ['user', 'body', 'path', 'line'],
                    properties: {
                      ...COMMENT.properties,
                      path: { type: 'string' },
                      line: { type: 'integer', minimum: 1 },
                      start_line: { type: 'integer', minimum: 1 },
                      side: SIDE,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

let validate: ReturnType<Ajv['compile']> | undefined;

export function readSeed(value: unknown): GitHubSeed {
  validate ??= new Ajv({ allErrors: false }).compile(SCHEMA);
  if (!validate(value)) {
    const error = validate.errors?.[0];
    throw new RangeError(`seed${error?.instancePath ?? ''} ${error?.message ?? 'is not valid'}`);
  }
  return value as GitHubSeed;
}

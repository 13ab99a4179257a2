import { describe, expect, it } from 'vitest';
import {
  DecodeIssue,
  arrayOf,
  id,
  nullable,
  number,
  object,
  optional,
  string,
} from '../../../src/client/decode.ts';
import * as decoders from '../../../src/client/resource-decoders.ts';
import { apiKey, page, scan } from './support/builders.ts';

function issue(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeIssue);
    return (error as Error).message;
  }
  throw new Error('expected a DecodeIssue');
}

describe('the decoding kit', () => {
  const thing = object<{ id: string; name: string; tags: string[]; score: number | null; note?: string }>({
    id,
    name: string,
    tags: arrayOf(string),
    score: nullable(number),
    note: optional(string),
  });

  it('keeps unknown fields and fills absent nullable ones with null', () => {
    expect(thing({ id: 7, name: 'n', tags: ['a'], extra: { deep: true } }, '')).toEqual({
      id: '7',
      name: 'n',
      tags: ['a'],
      score: null,
      extra: { deep: true },
    });
  });

  it('names the missing or mistyped field with its location', () => {
    expect(issue(() => thing({ id: 'x', tags: [] }, ''))).toBe('lacks field "name" (expected a string)');
    expect(issue(() => thing({ id: 'x', name: 'n', tags: ['a', 3] }, ''))).toBe(
      'has field "tags[1]" as a number, expected a string',
    );
    expect(issue(() => thing({ id: null, name: 'n', tags: [] }, ''))).toBe(
      'has field "id" as null, expected a string id',
    );
    expect(issue(() => thing({ id: 'x', name: 'n', tags: {} }, ''))).toBe(
      'has field "tags" as an object, expected an array',
    );
    expect(issue(() => thing({ id: 'x', name: 'n', tags: [], note: 5 }, ''))).toBe(
      'has field "note" as a number, expected a string',
    );
    expect(issue(() => thing([], ''))).toBe('is an array, expected an object');
    expect(issue(() => number(Number.NaN, 'n'))).toBe('has field "n" as a number, expected a number');
  });
});

describe('resource decoders', () => {
  it('decodes a page of scans and names a nested missing field', () => {
    expect(decoders.page(decoders.scan)(page([scan()]), '')).toEqual(page([scan()]));
    const broken = page([scan(), { ...scan(), modules: [{ name: 'sast' }] }]);
    expect(issue(() => decoders.page(decoders.scan)(broken, ''))).toBe(
      'lacks field "items[1].modules[0].status" (expected a string)',
    );
    expect(issue(() => decoders.page(decoders.scan)({ items: [], limit: 20, offset: 0 }, ''))).toBe(
      'lacks field "total" (expected a number)',
    );
  });

  it('accepts a remediation job without pull request fields yet', () => {
    expect(decoders.remediationJob({ id: 'r1', status: 'queued' }, '')).toEqual({
      id: 'r1',
      status: 'queued',
      pr_url: null,
      branch: null,
    });
  });

  it('accepts the API key list as a bare array or as a page', () => {
    expect(decoders.apiKeyList([apiKey()], '')).toEqual([apiKey()]);
    expect(decoders.apiKeyList({ items: [apiKey()], total: 1 }, '')).toEqual([apiKey()]);
    expect(issue(() => decoders.apiKeyList({ keys: [] }, ''))).toBe('is not a list of API keys');
    expect(issue(() => decoders.apiKeyList({ items: [{ id: 'k' }] }, ''))).toBe(
      'lacks field "items[0].name" (expected a string)',
    );
  });

  it('checks a finding detail fix when present', () => {
    const detail = {
      id: 'f',
      severity: 'low',
      title: 't',
      file_path: 'a',
      line: 1,
      fix: { unified_diff: 4 },
    };
    expect(issue(() => decoders.findingDetail(detail, ''))).toBe(
      'has field "fix.unified_diff" as a number, expected a string',
    );
    expect(decoders.findingDetail({ ...detail, fix: null }, '').fix).toBeNull();
  });
});

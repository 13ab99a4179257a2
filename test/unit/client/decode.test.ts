import { describe, expect, it } from 'vitest';
import {
  DecodeIssue,
  arrayOf,
  id,
  integer,
  nullable,
  number,
  object,
  optional,
  string,
  type Fields,
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

  it('keeps only the declared fields, ignores unknown ones and fills absent nullable ones with null', () => {
    const decoded = thing({ id: 7, name: 'n', tags: ['a'], extra: { deep: true } }, '');
    expect(decoded).toEqual({ id: '7', name: 'n', tags: ['a'], score: null });
    expect(Object.keys(decoded)).not.toContain('extra');
  });

  it('reads no field through a prototype: a __proto__ key in the wire is just an unknown field', () => {
    // JSON.parse makes "__proto__" an own property; copying it by assignment would make it the prototype.
    const wire = JSON.parse(
      '{"id":"x","name":"n","tags":[],"__proto__":{"note":5,"score":1e308}}',
    ) as unknown;
    const decoded = thing(wire, '');
    expect(decoded).toEqual({ id: 'x', name: 'n', tags: [], score: null });
    expect(decoded.note).toBeUndefined();
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    const inheriting = Object.create({ name: 'from a prototype' }) as Record<string, unknown>;
    Object.assign(inheriting, { id: 'x', tags: [] });
    expect(issue(() => thing(inheriting, ''))).toBe('lacks field "name" (expected a string)');
  });

  it('bounds numbers and ids', () => {
    expect(issue(() => number(1e308, 'n'))).toMatch(/^has field "n" as a number, expected a number from/);
    expect(issue(() => integer(0, 10)(1.5, 'line'))).toBe(
      'has field "line" as a number, expected a whole number from 0 to 10',
    );
    expect(issue(() => integer(0, 10)(11, 'line'))).toMatch(/expected a whole number from 0 to 10/);
    expect(integer(0, 10)(10, 'line')).toBe(10);
    expect(issue(() => id('', 'id'))).toMatch(/expected a string id/);
    expect(issue(() => id('x'.repeat(201), 'id'))).toMatch(/expected a string id of 1 to 200 characters/);
    expect(issue(() => id(2 ** 60, 'id'))).toMatch(/expected a string id/);
  });

  it('names the missing or mistyped field with its location', () => {
    expect(issue(() => thing({ id: 'x', tags: [] }, ''))).toBe('lacks field "name" (expected a string)');
    expect(issue(() => thing({ id: 'x', name: 'n', tags: ['a', 3] }, ''))).toBe(
      'has field "tags[1]" as a number, expected a string',
    );
    expect(issue(() => thing({ id: null, name: 'n', tags: [] }, ''))).toBe(
      'has field "id" as null, expected a string id of 1 to 200 characters',
    );
    expect(issue(() => thing({ id: 'x', name: 'n', tags: {} }, ''))).toBe(
      'has field "tags" as an object, expected an array',
    );
    expect(issue(() => thing({ id: 'x', name: 'n', tags: [], note: 5 }, ''))).toBe(
      'has field "note" as a number, expected a string',
    );
    expect(issue(() => thing([], ''))).toBe('is an array, expected an object');
    expect(issue(() => number(Number.NaN, 'n'))).toMatch(
      /^has field "n" as a number, expected a number from/,
    );
  });

  it('builds no location for a field that decodes, only for the broken one (a page of 200 scans makes no paths)', () => {
    const locations: string[] = [];
    const noted: typeof string = (value, at) => {
      locations.push(at);
      return string(value, at);
    };
    const list = object<{ items: { name: string }[] }>({ items: arrayOf(object({ name: noted })) });
    list({ items: [{ name: 'a' }, { name: 'b' }] }, '');
    expect(locations).toEqual(['', '']);
    expect(issue(() => list({ items: [{ name: 'a' }, { name: 3 }] }, ''))).toBe(
      'has field "items[1].name" as a number, expected a string',
    );
  });

  it('refuses a declared field name that a prototype setter would answer to', () => {
    expect(() => object(JSON.parse('{"__proto__": null}') as Fields<object>)).toThrow(/__proto__/);
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
      'lacks field "total" (expected a whole number from 0 to 1000000000)',
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

  it('decodes a listed finding field by field: a broken field is replaced and named, never fatal', () => {
    const good = { id: 'f1', severity: 'high', title: 't', file_path: 'a.ts', line: 3, cwe: 'CWE-1' };
    expect(decoders.finding(good, 'items[0]')).toEqual(good);
    expect(decoders.finding({ ...good, line: null }, 'items[0]')).toEqual({
      ...good,
      line: 0,
      malformed: ['line'],
    });
    expect(decoders.finding({ ...good, line: 1e308, title: 7 }, '')).toEqual({
      ...good,
      line: 0,
      title: '(no title)',
      malformed: ['title', 'line'],
    });
    expect(decoders.finding({ ...good, severity: null, cwe: 5 }, '')).toEqual({
      id: 'f1',
      severity: 'unknown',
      title: 't',
      file_path: 'a.ts',
      line: 3,
      malformed: ['severity', 'cwe'],
    });
    expect(decoders.finding('not an object', '')).toEqual({
      id: '',
      severity: 'unknown',
      title: '(no title)',
      file_path: '',
      line: 0,
      malformed: ['the whole item'],
    });
  });

  it('keeps a page whose one finding is malformed', () => {
    const items = [
      { id: 'f1', severity: 'low', title: 't', file_path: 'a', line: 1 },
      { id: 'f2', severity: 'low', title: 't', file_path: 'a', line: null },
    ];
    const decoded = decoders.page(decoders.finding)({ items, total: 2, limit: 50, offset: 0 }, '');
    expect(decoded.items.map((item) => item.malformed)).toEqual([undefined, ['line']]);
  });
});

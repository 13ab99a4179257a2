import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GitHubCredentialsError,
  appPrivateKeyPkcs8,
  checkAppId,
  privateKeyMaskParts,
} from '../../../src/github/app-credentials.ts';
import { budgetOf, rateLimitWaitMs, tokenExpiryOf } from '../../../src/github/rate-limit-answer.ts';
import {
  UnusableAnswer,
  fileOfContents,
  gitBlobSha,
  textOfBlob,
} from '../../../src/github/repository-answers.ts';

const NOW = 1_700_000_000_000;
const now = () => NOW;

describe("GitHub's rate-limit headers", () => {
  it('reads the budget, and nothing from an answer without it', () => {
    const headers = {
      'x-ratelimit-limit': '12500',
      'x-ratelimit-remaining': '42',
      'x-ratelimit-reset': '1700003600',
    };
    expect(budgetOf(headers)).toEqual({ limit: 12500, remaining: 42, resetAt: 1_700_003_600_000 });
    expect(budgetOf({ 'x-ratelimit-limit': 'lots' })).toBeUndefined();
  });

  it('waits what retry-after says, until the reset of a spent budget, a minute (doubling) for a secondary limit', () => {
    expect(rateLimitWaitMs(403, { 'retry-after': '7' }, 'x', now)).toBe(7000);
    const spent = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) };
    expect(rateLimitWaitMs(403, spent, 'API rate limit exceeded', now)).toBe(90_000);
    const secondary =
      'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
    expect(rateLimitWaitMs(403, {}, secondary, now)).toBe(60_000);
    expect(rateLimitWaitMs(403, {}, secondary, now, 2)).toBe(240_000);
    expect(rateLimitWaitMs(429, {}, '', now)).toBe(60_000);
  });

  it('takes a 403 that is a refusal, and every other status, for no rate limit', () => {
    expect(rateLimitWaitMs(403, {}, 'Resource not accessible by integration', now)).toBeUndefined();
    expect(rateLimitWaitMs(500, { 'retry-after': '1' }, '', now)).toBeUndefined();
  });

  it('reads when a token ends from github-authentication-token-expiration, UTC or with an offset', () => {
    const at = (value: string) => tokenExpiryOf({ 'github-authentication-token-expiration': value });
    expect(at('2026-05-01 16:27:48 UTC')).toBe(Date.parse('2026-05-01T16:27:48Z'));
    expect(at('2026-05-01 18:27:48 +0200')).toBe(Date.parse('2026-05-01T16:27:48Z'));
    expect(at('soon')).toBeUndefined();
    expect(tokenExpiryOf({})).toBeUndefined();
  });
});

describe("a GitHub App's private key", () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('accepts PKCS#1 and PKCS#8, with real or escaped line breaks, as the same PKCS#8 key', () => {
    expect(pkcs1).toContain('BEGIN RSA PRIVATE KEY');
    expect(appPrivateKeyPkcs8(pkcs1)).toBe(pkcs8);
    expect(appPrivateKeyPkcs8(pkcs8)).toBe(pkcs8);
    expect(appPrivateKeyPkcs8(pkcs1.replaceAll('\n', '\\n'))).toBe(pkcs8);
  });

  it('refuses a key that does not parse, or that is not RSA, naming none of its text', () => {
    const cut = pkcs1.slice(0, 400);
    expect(() => appPrivateKeyPkcs8(cut)).toThrow(GitHubCredentialsError);
    const message = (() => {
      try {
        appPrivateKeyPkcs8(cut);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/does not parse/);
    expect(message).not.toContain(cut.split('\n')[1]!);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => appPrivateKeyPkcs8(ec.toString())).toThrow(/RSA/);
  });

  it('gives a face every line to mask, but the markers every key shares', () => {
    const parts = privateKeyMaskParts(pkcs1);
    const bodyLines = pkcs1.trim().split('\n').slice(1, -1);
    expect(parts).toEqual(expect.arrayContaining([pkcs1.trim(), ...bodyLines]));
    expect(parts.some((part) => part.startsWith('-----BEGIN') && part.split('\n').length === 1)).toBe(false);
  });

  it('masks no line so short that masking it would blot out ordinary output', () => {
    const lines = pkcs1.trim().split('\n');
    const withShortTail = [...lines.slice(0, -1), 'AQAB', lines.at(-1)].join('\n');
    const parts = privateKeyMaskParts(withShortTail);
    expect(parts).not.toContain('AQAB');
    expect(parts).toContain(withShortTail);
    expect(parts.every((part) => part.length >= 8)).toBe(true);
  });

  it('takes an App id or client id, and refuses anything else', () => {
    expect(checkAppId(' 123456 ')).toBe('123456');
    expect(checkAppId('Iv23liAbCdEf')).toBe('Iv23liAbCdEf');
    expect(() => checkAppId('my app')).toThrow(GitHubCredentialsError);
  });
});

describe("GitHub's answers about files", () => {
  const where = { repository: 'octo-org/webapp', commit: 'a'.repeat(40), path: '.github/svc-scan.yml' };
  const text = 'fail-on: high\n';
  const blobSha = gitBlobSha(Buffer.from(text));
  const file = (overrides: object = {}) => ({
    type: 'file',
    path: where.path,
    sha: blobSha,
    size: text.length,
    encoding: 'base64',
    content: Buffer.from(text).toString('base64'),
    ...overrides,
  });

  it('gives a regular file its text and blob SHA', () => {
    expect(fileOfContents(where, file(), 1000)).toEqual({ path: where.path, blobSha, text });
  });

  it('refuses links, folders, submodules, a file over the bound, and content that is not the named blob', () => {
    expect(() => fileOfContents(where, file({ type: 'symlink' }), 1000)).toThrow(/symbolic link/);
    expect(() => fileOfContents(where, file({ path: 'elsewhere.yml' }), 1000)).toThrow(/a link/);
    expect(() => fileOfContents(where, [file()], 1000)).toThrow(/folder/);
    expect(() => fileOfContents(where, file({ type: 'submodule' }), 1000)).toThrow(/submodule/);
    expect(() => fileOfContents(where, file(), 4)).toThrow(/over the 4 bytes/);
    expect(() => fileOfContents(where, file({ sha: 'b'.repeat(40) }), 1000)).toThrow(UnusableAnswer);
  });

  it('reads a blob by its SHA, checked against its content', () => {
    const blob = { encoding: 'base64', content: Buffer.from(text).toString('base64'), size: text.length };
    expect(textOfBlob({ repository: where.repository, blobSha }, blob, 1000)).toBe(text);
    expect(() => textOfBlob({ repository: where.repository, blobSha: 'c'.repeat(40) }, blob, 1000)).toThrow(
      /not the blob/,
    );
  });
});

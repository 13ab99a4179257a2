import { describe, expect, it } from 'vitest';
import { repositoryRelativeUri } from '../../../src/domain/identity/artifact-uri.ts';
import {
  kindTitle,
  normaliseTitle,
  parseCwe,
  ruleIdFor,
} from '../../../src/domain/identity/rule-identity.ts';
import { cleanText, cutText } from '../../../src/domain/identity/sarif-text.ts';
import { sarifLevel, securitySeverity } from '../../../src/sarif/security-severity.ts';

describe('repositoryRelativeUri', () => {
  it.each([
    ['src/app.ts', 'src/app.ts'],
    ['./src/app.ts', 'src/app.ts'],
    ['/src/app.ts', 'src/app.ts'],
    ['src\\win\\app.ts', 'src/win/app.ts'],
    ['src//./a.ts', 'src/a.ts'],
    ['src/a b#c%.ts', 'src/a%20b%23c%25.ts'],
    ['src/über.ts', 'src/%C3%BCber.ts'],
    ['/etc/passwd', 'etc/passwd'],
  ])('%j becomes %j', (path, uri) => {
    expect(repositoryRelativeUri(path)).toBe(uri);
  });

  it.each([
    '',
    '../../etc/passwd',
    'src/../../x',
    'src\\..\\..\\x',
    'C:\\x',
    'c:/windows/x',
    'file:///etc/passwd',
    'https://evil.example/x.js',
    'javascript:alert(1)',
    '//host/share/x',
    '\\\\host\\share\\x',
    'src/a\u0000b.ts',
    'src/a\nb.ts',
    'src/\u202eevil.ts',
    '/',
    './',
    `src/${'a'.repeat(5000)}`,
  ])('%j has no safe location', (path) => {
    expect(repositoryRelativeUri(path)).toBeUndefined();
  });
});

describe('securitySeverity', () => {
  it('takes the CVSS score inside the band of the severity', () => {
    expect(securitySeverity('critical', 9.8)).toBe('9.8');
    expect(securitySeverity('high', 7.5)).toBe('7.5');
    expect(securitySeverity('medium', 4)).toBe('4.0');
    expect(securitySeverity('low', 0.1)).toBe('0.1');
  });

  it('clamps a CVSS score that contradicts the severity into its band', () => {
    expect(securitySeverity('critical', 9.0)).toBe('9.1');
    expect(securitySeverity('critical', 2)).toBe('9.1');
    expect(securitySeverity('high', 9.8)).toBe('8.9');
    expect(securitySeverity('high', 8.95)).toBe('8.9');
    expect(securitySeverity('medium', 0)).toBe('4.0');
    expect(securitySeverity('low', 0)).toBe('0.1');
    expect(securitySeverity('low', 12)).toBe('3.9');
    expect(securitySeverity('critical', 11)).toBe('10.0');
  });

  it('uses a fixed score without a usable CVSS score, and none for info', () => {
    expect(securitySeverity('critical')).toBe('9.5');
    expect(securitySeverity('high', null)).toBe('8.0');
    expect(securitySeverity('medium', Number.NaN)).toBe('5.5');
    expect(securitySeverity('low', Number.POSITIVE_INFINITY)).toBe('2.0');
    expect(securitySeverity('info', 5)).toBeUndefined();
  });

  it('maps severities to levels', () => {
    expect(['critical', 'high', 'medium', 'low', 'info'].map((s) => sarifLevel(s as never))).toEqual([
      'error',
      'error',
      'warning',
      'note',
      'note',
    ]);
  });
});

describe('rule identity', () => {
  it('drops the instance marker, folds case, width and white space', () => {
    expect(normaliseTitle('SQL  Injection\u00a0in query (#12)')).toBe('sql injection in query');
    expect(normaliseTitle('ＳＱＬ injection #7')).toBe('sql injection');
    expect(kindTitle('Open redirect (#3)')).toBe('Open redirect');
  });

  it('reads CWE numbers in the usual spellings', () => {
    expect([parseCwe('CWE-89'), parseCwe('cwe_79'), parseCwe(' 22 '), parseCwe('CWE89')]).toEqual([
      89, 79, 22, 89,
    ]);
    expect([parseCwe('CWE-0'), parseCwe('CWE-89; DROP'), parseCwe(null), parseCwe('')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('spells a plain title exactly, and hashes any other', () => {
    expect(ruleIdFor(89, 'sql injection')).toBe('cwe-89/sql-injection');
    expect(ruleIdFor(undefined, 'open redirect')).toBe('open-redirect');
    expect(ruleIdFor(79, 'cross-site scripting')).toMatch(/^cwe-79\/cross-site-scripting--[0-9a-f]{10}$/);
    expect(ruleIdFor(undefined, '')).toMatch(/^untitled--[0-9a-f]{10}$/);
  });

  it('gives distinct kinds distinct ids, within a bounded length', () => {
    const titles = ['a b', 'a-b', 'a_b', 'a  b!', 'a/b', 'x'.repeat(500), `${'x'.repeat(500)}y`];
    const ids = titles.map((title) => ruleIdFor(1, title));
    expect(new Set(ids).size).toBe(titles.length);
    expect(ruleIdFor(1, 'a b')).not.toBe(ruleIdFor(2, 'a b'));
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9/-]+$/);
      expect(id.length).toBeLessThanOrEqual(110);
    }
  });
});

describe('cleanText', () => {
  it('makes control and invisible characters inert, scrubs, then cuts', () => {
    const scrub = (text: string): string => text.replaceAll('s3cret', '***');
    expect(cleanText('a\r\nb\tc\u0000d\u202ee', 100, scrub)).toBe('a b c\uFFFDd\uFFFDe');
    expect(cleanText(`${'x'.repeat(10)}s3cret`, 12, scrub)).toBe(`${'x'.repeat(10)}*…`);
    expect(cleanText('s3\u0000cret', 100, scrub)).toBe('s3\uFFFDcret');
  });

  it('never cuts a surrogate pair in half, and repairs lone surrogates', () => {
    expect(cutText('ab😀cd', 4)).toBe('ab…');
    expect(cleanText('a\ud800b', 10, (text) => text)).toBe('a\uFFFDb');
  });
});

import { describe, expect, it } from 'vitest';
import {
  escapeAnnotationMessage,
  escapeAnnotationProperty,
  escapeHtml,
  escapeLogLine,
  escapeMarkdownInline,
  markdownCode,
  markdownLink,
  truncate,
} from '../../../src/text/escape.ts';

/**
 * What the runner could take as a command in one line of the log: `::name` after any white space .NET trims
 * (NEL among it), or `##[` anywhere once invisible characters are skipped.
 */
function runsCommand(line: string): boolean {
  const visible = line.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu, '');
  return /^[\s\u0085]*::/u.test(line) || visible.includes('##[');
}

describe('escapeLogLine', () => {
  it.each([
    '::error::pwned',
    '  ::set-output name=result::passed',
    'title ##[error]pwned',
    'first\n::warning::second line',
    'first\r::add-mask::x',
    'first\r\n##[group]x',
    '\u0085::error title=Injected::x',
    'x\n\u0085::stop-commands::token',
    '\u00a0\u2003::warning::x',
    '#\u00ad#[error]x',
    '#\u200b#[error]x',
    '##\ufe0f[error]x',
    '#\u034f#[error]x',
    '#\u180b#[error]x',
    'a\u2028::error::x',
  ])('leaves no line of %j able to run a command', (hostile) => {
    const lines = escapeLogLine(hostile).split('\n');
    expect(lines.some(runsCommand)).toBe(false);
  });

  it('keeps ordinary text as it is', () => {
    expect(escapeLogLine('Scan scan_1: completed (12 findings) a::b')).toBe(
      'Scan scan_1: completed (12 findings) a::b',
    );
  });

  it('splits on every kind of line break, as the runner reads lines', () => {
    expect(escapeLogLine('a\rb\r\nc\nd').split('\n')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('annotation escaping', () => {
  it('breaks the legacy command form in messages and titles', () => {
    expect(escapeAnnotationMessage('x ##[error]y')).not.toContain('##[');
    expect(escapeAnnotationProperty('x ##[error]y')).not.toContain('##[');
  });

  it('cuts a message at GitHub’s limit and marks the cut', () => {
    const message = escapeAnnotationMessage('a'.repeat(5000));
    expect(message).toHaveLength(4096);
    expect(message.endsWith('…')).toBe(true);
  });

  it('folds line breaks in a property into spaces', () => {
    expect(escapeAnnotationProperty('a\r\nb\nc')).toBe('a b c');
  });
});

describe('escapeMarkdownInline', () => {
  it('cannot break a table row or add one', () => {
    const cell = escapeMarkdownInline('a | b\n| c | d |');
    expect(cell).not.toMatch(/(^|[^\\])\|/);
    expect(cell).not.toContain('\n');
  });

  it('injects no HTML', () => {
    const text = escapeMarkdownInline('<script>alert(1)</script><img src=x onerror=y>');
    expect(text).not.toMatch(/<[a-z/]/i);
    expect(text).toContain('&lt;script&gt;');
  });

  it('mentions nobody', () => {
    const text = escapeMarkdownInline('ping @octocat and @github/security');
    expect(text).not.toMatch(/@[A-Za-z]/);
  });

  it('escapes emphasis, code, links and strike-through', () => {
    expect(escapeMarkdownInline('*a* _b_ `c` [d](e) ~f~')).toBe('\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\~f\\~');
  });

  it('escapes block syntax only where it would start a block', () => {
    expect(escapeMarkdownInline('# heading')).toBe('\\# heading');
    expect(escapeMarkdownInline('- item')).toBe('\\- item');
    expect(escapeMarkdownInline('1. item')).toBe('1\\. item');
    expect(escapeMarkdownInline('pre-commit #42 v1.2')).toBe('pre-commit #42 v1.2');
  });
});

describe('markdownCode', () => {
  it('fences text that holds backticks with a longer fence', () => {
    expect(markdownCode('a ``b`` c')).toBe('```a ``b`` c```');
    expect(markdownCode('`x`')).toBe('`` `x` ``');
  });

  it('keeps a pipe from ending the table cell', () => {
    expect(markdownCode('src/a|b.ts')).toBe('`src/a\\|b.ts`');
  });
});

describe('markdownLink', () => {
  it('links http(s) URLs', () => {
    expect(markdownLink('pull request', 'https://github.com/o/r/pull/7')).toBe(
      '[pull request](https://github.com/o/r/pull/7)',
    );
  });

  it('shows any other scheme, or no URL, as plain text', () => {
    expect(markdownLink('pr', 'javascript:alert(1)')).toBe('pr');
    expect(markdownLink('pr', 'not a url')).toBe('pr');
  });

  it('keeps parentheses in the URL from ending the link', () => {
    expect(markdownLink('x', 'https://e.example/a)b')).toBe('[x](https://e.example/a%29b)');
  });
});

describe('small helpers', () => {
  it('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('truncate leaves short text alone', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
  });
});

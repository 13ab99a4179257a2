import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link of every Markdown file the repository holds resolves: to a file or folder that exists,
 * and, with a #fragment into a Markdown file, to one of its headings (GitHub's anchors). Links in code are not
 * links.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Tracked Markdown files, and new ones not yet committed (but what .gitignore leaves out). */
const MARKDOWN = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.md', '**/*.md'],
  { cwd: ROOT, encoding: 'utf8' },
)
  .split('\n')
  .filter((path) => path !== '' && existsSync(join(ROOT, path)));

function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

function relativeLinks(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = Array.from(text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), (m) => m[1] ?? '');
  const references = Array.from(text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm), (m) => m[1] ?? '');
  return [...inline, ...references].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation (backticks too) dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const headings = Array.from(markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm), (m) => m[1] ?? '');
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

function brokenLinks(path: string): string[] {
  const markdown = readFileSync(join(ROOT, path), 'utf8');
  return relativeLinks(markdown).flatMap((link) => {
    const [target = '', fragment] = link.split('#');
    const file = target === '' ? join(ROOT, path) : join(ROOT, dirname(path), decodeURIComponent(target));
    if (!existsSync(file)) return [`${link} (no ${relative(ROOT, file)})`];
    if (fragment === undefined || !file.endsWith('.md')) return [];
    return anchorsOf(readFileSync(file, 'utf8')).has(fragment.toLowerCase()) ? [] : [`${link} (no heading)`];
  });
}

describe('relative links in the Markdown files', () => {
  it('are found in the files that have them', () => {
    expect(MARKDOWN).toEqual(expect.arrayContaining(['README.md', 'emulator/README.md', 'CONTRIBUTING.md']));
    expect(relativeLinks(readFileSync(join(ROOT, 'emulator/README.md'), 'utf8'))).toContain(
      '../docs/service-api.md',
    );
  });

  it('cover every page of docs/, and the README links each one', () => {
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(10);
    expect(MARKDOWN).toEqual(expect.arrayContaining(pages.map((name) => `docs/${name}`)));
    const linked = new Set(
      relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((link) => link.split('#')[0]),
    );
    // The service's contract is linked from the pages that rely on it.
    const unlinked = pages.filter((name) => name !== 'service-api.md' && !linked.has(`docs/${name}`));
    expect(unlinked).toEqual([]);
  });

  it.each(MARKDOWN)('%s: every relative link resolves', (path) => {
    expect(brokenLinks(path)).toEqual([]);
  });
});

import { readFileSync, readdirSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { Writer } from '../../src/cli/cli-io.ts';
import { buildProgram } from '../../src/cli/program.ts';

/** The README and the docs/ pages (but the service's contract, which shows no svc command). */
const readme = [
  'README.md',
  ...readdirSync(new URL('../../docs/', import.meta.url)).map((name) => `docs/${name}`),
]
  .filter((path) => path.endsWith('.md') && path !== 'docs/service-api.md')
  .map((path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'))
  .join('\n');

/** Every svc command line the README and docs/ show: in inline code, and at the start of a line in code blocks. */
const mentions = [
  ...Array.from(readme.matchAll(/`(svc [^`]+)`/g), (match) => match[1] ?? ''),
  ...Array.from(readme.matchAll(/^(?:\s*-?\s*)?(svc [^#\n|]+)/gm), (match) => match[1] ?? ''),
  ...Array.from(
    readme.matchAll(/node \S*dist\/cli\.js ([a-z][^"\n)]*)/g),
    (match) => `svc ${match[1] ?? ''}`,
  ),
].map((text) => text.trim());

const sink = new Writer({ write: () => undefined }, new Set());
const program = buildProgram({ out: sink, err: sink, invoke: () => Promise.resolve() });

/** The command a mention names, and the flags it uses that the command (or svc itself) does not have. */
function check(mention: string): { command: string; unknownFlags: string[] } {
  const words = mention.split(/\s+/).slice(1);
  let command: Command = program;
  for (const word of words) {
    const sub = command.commands.find((candidate) => candidate.name() === word);
    if (!sub) break;
    command = sub;
  }
  const known = new Set(
    [...command.options, ...program.options].flatMap((option) => [option.long, option.short]),
  );
  const flags = words.filter((word) => word.startsWith('-')).map((word) => word.replace(/[=\].,:;]+.*$/, ''));
  return { command: command.name(), unknownFlags: flags.filter((flag) => !known.has(flag)) };
}

describe('the svc commands of the README and docs/', () => {
  it('are found', () => {
    expect(mentions.length).toBeGreaterThan(10);
    expect(mentions).toContain('svc keys create ci --role member');
  });

  it.each(mentions)('%s names only flags of its command', (mention) => {
    expect(check(mention).unknownFlags).toEqual([]);
  });

  // `svc scans list` must resolve to a subcommand; `svc --version` is svc's own.
  it.each(mentions.filter((mention) => /^\S+\s+[^-\s]/.test(mention)))(
    '%s names a command of svc',
    (mention) => {
      expect(check(mention).command).not.toBe('svc');
    },
  );
});

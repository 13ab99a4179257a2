import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { DocumentedUsage, SvcCommand } from './documented-usage.ts';

/**
 * A commit of the action's repository as the documentation's examples would get it: its action.yml, package.json
 * and dist/, taken out of git into a temporary folder; and what the examples use that it does not have.
 */

/** What a clone without the commit is told: the test and `npm run pin-docs` need it in the clone. */
export function missingCommitAdvice(sha: string): string {
  return (
    `the commit the documentation pins, ${sha}, is not in this clone: fetch it ` +
    `(git fetch origin ${sha}, or git fetch --unshallow) or clone with the full history ` +
    '(actions/checkout with fetch-depth: 0)'
  );
}

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function hasCommit(root: string, sha: string): boolean {
  try {
    git(root, ['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** action.yml, package.json and dist/ of `sha` (those of them it has), in a new temporary folder. */
export function extractCommit(root: string, sha: string): string {
  if (!hasCommit(root, sha)) throw new Error(missingCommitAdvice(sha));
  const folder = mkdtempSync(join(tmpdir(), `svc-pinned-${sha.slice(0, 7)}-`));
  const present = git(root, ['ls-tree', '--name-only', sha])
    .split('\n')
    .filter((name) => ['action.yml', 'package.json', 'dist'].includes(name));
  if (present.length === 0) return folder;
  const archive = execFileSync('git', ['archive', '--format=tar', sha, ...present], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  });
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  return folder;
}

/** The inputs the commit's action.yml declares (none when it has no action.yml). */
function declaredInputs(folder: string): Set<string> {
  const path = join(folder, 'action.yml');
  if (!existsSync(path)) return new Set();
  const action = parseYaml(readFileSync(path, 'utf8')) as { inputs?: Record<string, unknown> };
  return new Set(Object.keys(action.inputs ?? {}));
}

/** `svc <path> --help` of the commit's bundle, run on `node` with no configuration around it. */
function helpOf(folder: string, node: string, path: string[], cache: Map<string, string>): string {
  const key = path.join(' ');
  const known = cache.get(key);
  if (known !== undefined) return known;
  let help = '';
  try {
    help = execFileSync(node, [join(folder, 'dist', 'cli.js'), ...path, '--help'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: folder, COLUMNS: '200' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch {
    // An unknown command, or no cli.js: no help, so every word and flag is missing.
  }
  cache.set(key, help);
  return help;
}

/** The subcommands a help lists under `Commands:`. */
function subcommandsOf(help: string): string[] {
  const section = /^Commands:\n([\s\S]*?)(?:\n\n|(?![\s\S]))/m.exec(help)?.[1] ?? '';
  return Array.from(section.matchAll(/^ {2}(\S+)/gm), (match) => match[1] ?? '');
}

function hasFlag(help: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s+(?:-\\w, )?${escaped}(?=[\\s,=]|$)`, 'm').test(help);
}

type HelpOf = (path: string[]) => string;

/** What one documented svc command uses that the commit's svc lacks: a command word, or a flag. */
function commandProblems(command: SvcCommand, help: HelpOf): string[] {
  const path: string[] = [];
  const line = `svc ${command.words.join(' ')}`;
  for (const word of command.words) {
    if (word.startsWith('-')) break;
    const subcommands = subcommandsOf(help(path));
    if (subcommands.includes(word)) path.push(word);
    // A command with subcommands takes no argument of its own: the word is a command it lacks.
    else if (subcommands.length > 0)
      return [
        `${command.where}: '${line}': svc ${path.join(' ')} has no command '${word}'`.replace('  ', ' '),
      ];
    else break;
  }
  const text = help(path);
  if (text === '') return [`${command.where}: '${line}': 'svc ${path.join(' ')} --help' fails`];
  return command.words
    .filter((word) => /^--?[A-Za-z]/.test(word))
    .map((word) => word.split('=')[0] ?? word)
    .filter((flag) => !hasFlag(text, flag))
    .map((flag) => `${command.where}: '${line}': 'svc ${path.join(' ')}' has no flag ${flag}`);
}

/** What the documentation uses that the commit extracted into `folder` does not have, one line each. */
export function missingAtCommit(folder: string, usage: DocumentedUsage, node = process.execPath): string[] {
  const inputs = declaredInputs(folder);
  const cache = new Map<string, string>();
  const help: HelpOf = (path) => helpOf(folder, node, path, cache);
  return [
    ...usage.inputs
      .filter((use) => !inputs.has(use.input))
      .map((use) => `${use.where}: input '${use.input}' is not in action.yml`),
    ...usage.commands.flatMap((command) => commandProblems(command, help)),
  ];
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/**
 * What the documentation (README.md and docs/*.md) uses of the action and of svc: the commit its examples pin
 * (`uses: svc-scan/svc-scan-action@<sha>`, and checkouts of the action's repository at `ref: <sha>`), the inputs
 * its steps of the action set, and the svc commands its examples run, with their flags.
 */

const ACTION_REPOSITORY = 'svc-scan/svc-scan-action';
const ACTION_USES = /^svc-scan\/svc-scan-action@([0-9a-f]{40})$/;
/** How an example starts svc: the bare bin, the bundle of a checkout, or npx of the package. */
const SVC_START =
  /(?:^|[\s;&|(])(?:svc|node\s+\S*dist\/cli\.js|npx\s+(?:--yes\s+)?(?:-p\s+\S+\s+)*svc-scan-action(?:@\S+)?)\s+(.*)$/;

interface Pin {
  where: string;
  sha: string;
}
interface InputUse {
  where: string;
  input: string;
}
export interface SvcCommand {
  where: string;
  /** The words after svc, up to the first pipe, redirection, `;`, `&&` or `)`. */
  words: string[];
}
export interface DocumentedUsage {
  pins: Pin[];
  inputs: InputUse[];
  commands: SvcCommand[];
}

/** README.md and every page of docs/, relative to `root`. */
export function documentedFiles(root: string): string[] {
  const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...pages.sort().map((name) => `docs/${name}`)];
}

export interface CodeBlock {
  /** `docs/fleet.md:108`: the file and the line of the opening fence. */
  where: string;
  text: string;
}

/** The fenced blocks of `markdown` in one of `languages` (`yaml`, `sh`). */
export function codeBlocks(file: string, markdown: string, languages: RegExp): CodeBlock[] {
  return Array.from(markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm))
    .filter((match) => languages.test(match[1] ?? ''))
    .map((match) => ({
      where: `${file}:${markdown.slice(0, match.index).split('\n').length}`,
      text: match[2] ?? '',
    }));
}

type Visit = (node: Record<string, unknown>) => void;

function walk(node: unknown, visit: Visit): void {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (typeof node === 'object' && node !== null) {
    visit(node as Record<string, unknown>);
    Object.values(node).forEach((value) => walk(value, visit));
  }
}

/** The strings a shell runs: a step's `run`, a GitLab job's `script`, a container's `args` and `command`. */
const SHELL_KEYS = ['run', 'script', 'before_script', 'args', 'command'];

function yamlUsage(block: CodeBlock, usage: DocumentedUsage): void {
  const where = block.where;
  walk(parseYaml(block.text) as unknown, (node) => {
    const uses = typeof node.uses === 'string' ? ACTION_USES.exec(node.uses) : null;
    if (uses !== null) {
      const inputs = Object.keys((node.with as Record<string, unknown> | undefined) ?? {});
      usage.inputs.push(...inputs.map((input) => ({ where, input })));
    }
    const inputs = node.with as Record<string, unknown> | undefined;
    if (inputs?.repository === ACTION_REPOSITORY && typeof inputs.ref === 'string')
      usage.pins.push({ where, sha: inputs.ref });
    for (const key of SHELL_KEYS) {
      const value = node[key];
      const lines = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
      for (const line of lines)
        if (typeof line === 'string') usage.commands.push(...svcCommands(where, line));
    }
  });
}

/** The svc commands a shell script runs: continuation lines joined, comments left out. */
export function svcCommands(where: string, script: string): SvcCommand[] {
  return script
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .flatMap((line) => {
      const rest = SVC_START.exec(line)?.[1];
      if (rest === undefined) return [];
      const words = (rest.split(/\)|\||>|<|;|&&/)[0] ?? '').trim().split(/\s+/);
      return [{ where, words: words.filter((word) => word !== '' && word !== '--') }];
    });
}

/** Everything the documentation under `root` uses of the action and of svc. */
export function documentedUsage(root: string): DocumentedUsage {
  const usage: DocumentedUsage = { pins: [], inputs: [], commands: [] };
  for (const file of documentedFiles(root)) {
    const markdown = readFileSync(join(root, file), 'utf8');
    for (const block of codeBlocks(file, markdown, /^ya?ml$/)) yamlUsage(block, usage);
    for (const block of codeBlocks(file, markdown, /^(sh|bash|console)$/))
      usage.commands.push(...svcCommands(block.where, block.text));
    // A pin written in the prose (`uses: svc-scan/svc-scan-action@<sha>`) must be the same commit too.
    for (const match of markdown.matchAll(/svc-scan\/svc-scan-action@([0-9a-f]{40})\b/g))
      usage.pins.push({
        where: `${file}:${markdown.slice(0, match.index).split('\n').length}`,
        sha: match[1]!,
      });
  }
  return usage;
}

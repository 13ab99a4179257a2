import type { FleetSelection } from './fleet-options.ts';
import { FleetUsageError } from './fleet-usage-error.ts';

/*
 * The patterns a selection is asked for, parsed apart from the matching (fleet-selection.ts, with picomatch): the
 * action checks its inputs before it loads anything more than it needs to refuse a bad one.
 */

/** owner/name, or a glob of them: two parts, of GitHub's characters and glob syntax. */
const PATTERN = /^[A-Za-z0-9_.*?![\]{}-]+\/[A-Za-z0-9_.*?![\]{},-]+$/;

/** The most patterns one selection takes (each is matched against every repository listed). */
const MAX_PATTERNS = 1000;

/**
 * The selection `--repositories` (the action's `repositories:`) asks for: `all`, or `owner/name` and globs such as
 * `acme/service-*`, separated by commas or new lines; a pattern that starts with `!` excludes what it matches,
 * whatever the order, and `!` patterns alone exclude from every repository. Empty, malformed or too many: a usage
 * error naming `flag`.
 */
export function parseRepositorySelection(text: string, flag: string): FleetSelection {
  const patterns = [...new Set(splitPatterns(text))];
  if (patterns.length === 0)
    throw new FleetUsageError(`${flag} is empty: give all, or owner/name or globs such as acme/service-*.`);
  if (patterns.length > MAX_PATTERNS)
    throw new FleetUsageError(`${flag} has ${patterns.length} patterns; at most ${MAX_PATTERNS} are taken.`);
  const include = patterns.filter((pattern) => !pattern.startsWith('!'));
  const exclude = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  const all = include.some((pattern) => pattern.toLowerCase() === 'all');
  if (all && include.length > 1)
    throw new FleetUsageError(
      `${flag} is invalid: all selects every repository; beside it give only patterns that exclude, such as !acme/legacy.`,
    );
  const bad = [
    ...(all ? [] : include.filter((pattern) => !PATTERN.test(pattern))),
    ...exclude
      .filter((pattern) => pattern.startsWith('!') || !PATTERN.test(pattern))
      .map((pattern) => `!${pattern}`),
  ];
  if (bad.length > 0)
    throw new FleetUsageError(
      `${flag} is invalid: got ${bad.map((pattern) => `'${pattern}'`).join(', ')}; expected owner/name or a glob such as acme/service-*, or one that excludes such as !acme/legacy.`,
    );
  const excluding = exclude.length > 0 ? { exclude } : {};
  return all || include.length === 0
    ? { kind: 'all', ...excluding }
    : { kind: 'patterns', patterns: include, ...excluding };
}

/** Commas separate patterns, except inside a brace group (`acme/{api,web}`). */
function splitPatterns(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '{') depth += 1;
    if (character === '}') depth = Math.max(0, depth - 1);
    if ((character === ',' && depth === 0) || character === '\n') {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

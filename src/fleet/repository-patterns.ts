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
 * The patterns of `--repositories` (the action's `repositories:`): `owner/name` or globs such as `acme/service-*`,
 * separated by commas or new lines. Empty, malformed or too many: a usage error naming `flag`.
 */
export function parseRepositoryPatterns(text: string, flag: string): string[] {
  const patterns = [...new Set(splitPatterns(text))];
  if (patterns.length === 0)
    throw new FleetUsageError(`${flag} is empty: give owner/name or globs such as acme/service-*.`);
  if (patterns.length > MAX_PATTERNS)
    throw new FleetUsageError(`${flag} has ${patterns.length} patterns; at most ${MAX_PATTERNS} are taken.`);
  const bad = patterns.filter((pattern) => !PATTERN.test(pattern));
  if (bad.length > 0)
    throw new FleetUsageError(
      `${flag} is invalid: got ${bad.map((pattern) => `'${pattern}'`).join(', ')}; expected owner/name or a glob such as acme/service-*.`,
    );
  return patterns;
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

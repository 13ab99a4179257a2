import picomatch from 'picomatch';

/**
 * One glob matched folder by folder: each segment of the glob (between slashes) is a picomatch matcher of one
 * path segment, and `**` a segment that takes any number of them. picomatch alone compiles the whole glob into one
 * regular expression, whose backtracking multiplies across wildcards: `**\/*.*\/**\/*.*.js` takes seconds on one
 * crafted path of a few thousand characters. Here the wildcards of two segments never meet: a path is matched in
 * at most (glob segments + 1) x (path segments) tests of one segment each, and a segment's own cost is bounded by
 * the `*` it may hold (the policy schema allows two).
 */
type SegmentTest = (name: string) => boolean;

const GLOBSTAR = '**';
/** A `**` that was a brace group's choice: picomatch has it take at least one segment there. */
const GLOBSTAR_OF_CHOICE = '**\u0000';

/** picomatch, as the whole glob would be read (`dot: true`: dotfiles like any file). */
function compile(glob: string): SegmentTest {
  return picomatch(glob, { dot: true });
}

/** Choices a brace group that spans segments is taken apart into, at most. */
const MAX_CHOICES = 64;

/**
 * A matcher of whole repository paths for one glob. A brace group that holds a `/` (`{src/a,lib}/**`) is taken
 * apart into one glob per choice; a glob whose brackets or parentheses hold a `/` cannot be cut into segments,
 * and picomatch reads it whole.
 */
export function segmentMatcher(glob: string): (path: string) => boolean {
  const globs = segmentedGlobs(glob);
  if (globs === undefined) return compile(glob);
  const matchers = globs.map((each) => splitMatcher(each.glob, each.relative));
  return matchers.length === 1 && matchers[0]
    ? matchers[0]
    : (path) => matchers.some((matches) => matches(path));
}

/**
 * Whether a glob is matched segment by segment; when it is not, its work grows as a power of a path's length
 * with the number of its `*` (the policy's parser then bounds them over the whole glob).
 */
export function matchedBySegments(glob: string): boolean {
  return segmentedGlobs(glob) !== undefined;
}

/** The glob, or the globs its brace groups stand for, each of which can be cut into segments. */
function segmentedGlobs(glob: string): { glob: string; relative: string }[] | undefined {
  // picomatch reads `./src/**` as `src/**`.
  const relative = glob.replace(/^(?:\.\/)+/, '');
  if (segmentsOf(relative) !== undefined) return [{ glob, relative }];
  return choicesOf(relative, MAX_CHOICES)?.map((choice) => ({ glob: choice, relative: choice }));
}

/** The glob cut into segments; one of a single segment never meets another's wildcards: picomatch reads it. */
function splitMatcher(glob: string, relative: string): (path: string) => boolean {
  const segments = segmentsOf(relative);
  if (segments === undefined || segments.length === 1) return compile(glob);
  const tests = segments.flatMap((segment): (SegmentTest | typeof GLOBSTAR)[] => {
    if (segment === GLOBSTAR) return [GLOBSTAR];
    if (segment === GLOBSTAR_OF_CHOICE) return [anyName, GLOBSTAR];
    // An empty segment (`src//a`, a trailing `/`) is an empty name; picomatch compiles no empty glob.
    return [segment === '' ? (name) => name === '' : compile(segment)];
  });
  // As picomatch: a last `**` after a segment that ends in `*` (`src/*/**`) takes at least one segment.
  const beforeLast = segments[segments.length - 2] ?? '';
  if (segments[segments.length - 1] === GLOBSTAR && beforeLast !== GLOBSTAR && /(?<!\\)\*$/.test(beforeLast))
    tests.splice(tests.length - 1, 0, anyName);
  return (path) => matchSegments(tests, path.split('/'));
}

/** The glob cut at each `/` outside brackets, braces and parentheses; undefined when one holds a `/`. */
function segmentsOf(glob: string): string[] | undefined {
  const segments: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === '\\') index++;
    else if (char === '[' || char === '{' || char === '(') depth++;
    else if (char === ']' || char === '}' || char === ')') depth = Math.max(0, depth - 1);
    else if (char === '/') {
      if (depth > 0) return undefined;
      segments.push(glob.slice(start, index));
      start = index + 1;
    }
  }
  segments.push(glob.slice(start));
  return segments;
}

/**
 * The globs a brace group stands for (`{a/b,c}/x`: `a/b/x`, `c/x`), each one that can be cut into segments;
 * undefined when there are more than `budget`, or one holds a `/` in brackets or parentheses.
 */
function choicesOf(glob: string, budget: number): string[] | undefined {
  const group = firstBraceGroup(glob);
  if (group === undefined || group.choices.length < 2) return undefined;
  const globs: string[] = [];
  for (const choice of group.choices) {
    const own = choice
      .split('/')
      .map((segment) => (segment === GLOBSTAR ? GLOBSTAR_OF_CHOICE : segment))
      .join('/');
    const taken = `${glob.slice(0, group.start)}${own}${glob.slice(group.end + 1)}`;
    const more = segmentsOf(taken) === undefined ? choicesOf(taken, budget - globs.length) : [taken];
    if (more === undefined) return undefined;
    globs.push(...more);
    if (globs.length > budget) return undefined;
  }
  return globs;
}

/** The first outermost `{...}` of a glob, and its choices (split at the commas of its own level). */
function firstBraceGroup(glob: string): { start: number; end: number; choices: string[] } | undefined {
  let start = -1;
  let depth = 0;
  const commas: number[] = [];
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === '\\') index++;
    else if (char === '{' && depth++ === 0) start = index;
    else if (char === ',' && depth === 1) commas.push(index);
    else if (char === '}' && depth > 0 && --depth === 0) {
      const cuts = [start, ...commas, index];
      const choices = cuts.slice(1).map((cut, at) => glob.slice((cuts[at] ?? 0) + 1, cut));
      return { start, end: index, choices };
    }
  }
  return undefined;
}

/** What `**` takes: any segment but `.` and `..`. */
function anyName(name: string): boolean {
  return name !== '.' && name !== '..';
}

/**
 * The glob's segments against the path's, as an automaton with a set of states: state i means the first i
 * segments of the glob have matched. `**` takes no segment or one more (never `.` or `..`, as picomatch).
 */
function matchSegments(tests: readonly (SegmentTest | typeof GLOBSTAR)[], names: readonly string[]): boolean {
  const after = (states: Set<number>): Set<number> => {
    // A `**` may match no segment: the state past it is reached with it.
    for (const state of states) if (tests[state] === GLOBSTAR) states.add(state + 1);
    return states;
  };
  let states = after(new Set([0]));
  for (const name of names) {
    const next = new Set<number>();
    for (const state of states) {
      const test = tests[state];
      if (test === GLOBSTAR) {
        if (anyName(name)) next.add(state);
      } else if (test?.(name)) next.add(state + 1);
    }
    states = after(next);
    if (states.size === 0) return false;
  }
  return states.has(tests.length);
}

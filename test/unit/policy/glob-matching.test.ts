import picomatch from 'picomatch';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { globMatcher } from '../../../src/policy/path-scope.ts';

/** Every string picomatch's compiled matchers are asked about: the work the matching does, counted. */
const tested: string[] = [];

vi.mock('picomatch', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof picomatch }>()).default;
  const counting = (glob: string, options?: picomatch.PicomatchOptions) => {
    const matches = real(glob, options);
    return (input: string) => {
      tested.push(input);
      return matches(input);
    };
  };
  return { default: Object.assign(counting, real) };
});

const { default: realPicomatch } = await vi.importActual<{ default: typeof picomatch }>('picomatch');

beforeEach(() => {
  tested.length = 0;
});

describe('globMatcher', () => {
  // The worst glob the schema lets through: two `*` in a segment, twice, around `**`. As one regular expression
  // (picomatch alone), one path of 8,000 characters took 4.2 s; the work grew as a power of the path's length.
  const WORST_GLOB = '**/*.*/**/*.*.js';
  const worstPath = `${'a.'.repeat(1_000)}/`.repeat(4).slice(0, -1);

  it('matches the worst case segment by segment: each test sees one segment, at most (segments + 1) x folders', () => {
    const matches = globMatcher([WORST_GLOB]);
    expect(matches(worstPath)).toBe(false);
    const globSegments = WORST_GLOB.split('/').length;
    const pathSegments = worstPath.split('/').length;
    expect(tested.length).toBeLessThanOrEqual((globSegments + 1) * pathSegments);
    for (const input of tested) expect(input).not.toContain('/');
  });

  it('matches each path once, however many findings it has', () => {
    const matches = globMatcher(['src/**', '!src/generated/**']);
    for (let finding = 0; finding < 1_000; finding++) matches('src/generated/db/models.ts');
    const once = tested.length;
    tested.length = 0;
    globMatcher(['src/**', '!src/generated/**'])('src/generated/db/models.ts');
    expect(once).toBe(tested.length);
  });

  it('agrees with picomatch on every glob and path of a corpus', () => {
    const pieces = [
      'src',
      'a',
      '*',
      '**',
      '*.js',
      'a*',
      '*.*',
      '.*',
      '?',
      '[ab]',
      '{a,b}',
      '{a/b,c}',
      '{a,b/**}',
    ];
    const pieces2 = ['{x,{a/b,c}}', '{a/*,**}', '@(a|b)', '!(a)', 'a*b', 'x?y', '.github', './src'];
    const names = ['src', 'a', 'b', 'ab', 'a.js', 'x.min.js', '.github', '.env', 'xzy', 'c', 'aab', '.'];
    const all = [...pieces, ...pieces2];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const disagreements: string[] = [];
    for (let round = 0; round < 600; round++) {
      const glob = Array.from({ length: 1 + next(4) }, () => all[next(all.length)]).join('/');
      // A leading `!` takes back what the globs before it matched: a list's matter, not a glob's.
      if (glob.startsWith('!')) continue;
      const ours = globMatcher([glob]);
      const theirs = realPicomatch(glob, { dot: true });
      for (let sample = 0; sample < 20; sample++) {
        const path = Array.from({ length: 1 + next(5) }, () => names[next(names.length)]).join('/');
        if (ours(path) !== theirs(path)) disagreements.push(`${glob} ${path}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

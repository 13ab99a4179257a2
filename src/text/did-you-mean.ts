/**
 * "Did you mean" for a name that is not one of the known ones: the same rule as svc's parser (commander) uses for
 * commands and flags, so both faces suggest alike. The known names closest to the word by optimal string
 * alignment distance (an edit, an insertion, a deletion or two letters swapped count one each), at most two
 * edits away and sharing more than 40% of their letters with it.
 */
const MAX_DISTANCE = 3;
const MIN_SIMILARITY = 0.4;

/** The known names closest to `word`, in alphabetical order; none when nothing is close. */
export function similarNames(word: string, known: readonly string[]): string[] {
  let best = MAX_DISTANCE;
  let similar: string[] = [];
  for (const candidate of new Set(known)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      similar = [candidate];
    } else if (distance === best) similar.push(candidate);
  }
  return similar.sort((a, b) => a.localeCompare(b));
}

/** ` Did you mean 'high'?` (or one of several), to end a message with; empty when nothing is close. */
export function didYouMean(word: string, known: readonly string[]): string {
  const similar = similarNames(word, known).map((name) => `'${name}'`);
  if (similar.length === 0) return '';
  return similar.length === 1
    ? ` Did you mean ${similar[0] ?? ''}?`
    : ` Did you mean one of ${similar.join(', ')}?`;
}

/** Optimal string alignment distance: Levenshtein's, with a swap of two neighbouring letters as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let j = 0; j <= b.length; j += 1) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] as number[];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

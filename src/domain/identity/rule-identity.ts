import { TEXT_BUDGETS } from './sarif-limits.ts';

// Looked up, not imported: an ES import of node:crypto evaluates its every export (WebCrypto, keys, X.509)
// before the first input is read.
const { createHash } = process.getBuiltinModule('node:crypto');

/**
 * What makes two findings the same kind of finding, hence one rule: their CWE and their normalised title. Code
 * scanning tracks alerts by rule id, so the id must come out the same on every scan of the same code and never be
 * shared by two kinds.
 */

/** A trailing instance marker, `(#12)` or `#12`, numbers one finding of a kind, not the kind. */
const INSTANCE_MARKER = /\s*(?:\(#\d+\)|#\d+)$/u;

/** The title without its instance marker: the display text of a rule. Input is already cleaned text. */
export function kindTitle(cleanTitle: string): string {
  return cleanTitle.replace(INSTANCE_MARKER, '').trim();
}

/** Lower case, compatibility forms folded (full-width letters), white space collapsed, instance marker removed. */
export function normaliseTitle(cleanTitle: string): string {
  return kindTitle(cleanTitle.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim());
}

/** The CWE number of `CWE-89`, `cwe_89`, `89`; undefined for anything else. */
export function parseCwe(raw: string | null | undefined): number | undefined {
  if (typeof raw !== 'string') return undefined;
  const match = /^\s*(?:cwe)?[-_: ]?\s*(\d{1,6})\s*$/iu.exec(raw);
  if (!match?.[1]) return undefined;
  const cwe = Number(match[1]);
  return cwe > 0 ? cwe : undefined;
}

/**
 * `cwe-89/sql-injection-through-string-concatenation`: the CWE (when known) and a slug of the normalised title.
 * The slug keeps only `a-z`, `0-9` and `-`, so the id is safe in a URL, a file name and a log line. When the slug
 * does not spell the normalised title exactly (characters dropped or replaced, or cut to its budget), a hash of the
 * CWE and the whole normalised title is appended after `--` (which an exact slug never contains), so that two kinds
 * never share an id; the hash depends on nothing but the kind, so the id is the same on every scan.
 */
export function ruleIdFor(cwe: number | undefined, normalisedTitle: string): string {
  const prefix = cwe === undefined ? '' : `cwe-${cwe}/`;
  const words = normalisedTitle.split(' ').filter((word) => word !== '');
  const exact = words.length > 0 && words.every((word) => /^[a-z0-9]+$/.test(word));
  const slug = normalisedTitle
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEXT_BUDGETS.ruleSlug)
    .replace(/-+$/, '');
  if (exact && slug.length === words.join('-').length) return `${prefix}${slug}`;
  const hash = createHash('sha256')
    .update(`${cwe ?? ''}\u0000${normalisedTitle}`)
    .digest('hex')
    .slice(0, 10);
  return `${prefix}${slug === '' ? 'untitled' : slug}--${hash}`;
}

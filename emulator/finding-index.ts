import { SEVERITIES, type FindingSet, type FindingTemplate, type Severity } from './records.ts';

/**
 * Findings are indexed once per scan (all, and per severity), so that serving a page is a slice of an index
 * and never a scan over 100,000 findings.
 */

export function indexFindings(
  templates: readonly FindingTemplate[],
  include: (template: FindingTemplate) => boolean = () => true,
): FindingSet {
  const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  let total = 0;
  const kept = new Uint8Array(templates.length);
  for (let i = 0; i < templates.length; i++) {
    const template = templates[i];
    if (template === undefined || !include(template)) continue;
    kept[i] = 1;
    counts[template.severity]++;
    total++;
  }
  const all = new Uint32Array(total);
  const bySeverity = {
    critical: new Uint32Array(counts.critical),
    high: new Uint32Array(counts.high),
    medium: new Uint32Array(counts.medium),
    low: new Uint32Array(counts.low),
    info: new Uint32Array(counts.info),
  };
  const fill: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  let next = 0;
  for (let i = 0; i < templates.length; i++) {
    if (kept[i] === 0) continue;
    const severity = (templates[i] as FindingTemplate).severity;
    all[next++] = i;
    bySeverity[severity][fill[severity]++] = i;
  }
  return { templates, all, bySeverity };
}

const fullIndexes = new WeakMap<readonly FindingTemplate[], FindingSet>();

/** The index of every template, shared by all the scans that report them all. */
export function fullIndexOf(templates: readonly FindingTemplate[]): FindingSet {
  let set = fullIndexes.get(templates);
  if (!set) {
    set = indexFindings(templates);
    fullIndexes.set(templates, set);
  }
  return set;
}

export function severityBreakdown(set: FindingSet): Record<Severity, number> {
  const breakdown = {} as Record<Severity, number>;
  for (const severity of SEVERITIES) breakdown[severity] = set.bySeverity[severity].length;
  return breakdown;
}

/** Whether a template index belongs to the set; `all` is sorted, so a binary search. */
export function containsIndex(set: FindingSet, index: number): boolean {
  let low = 0;
  let high = set.all.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = set.all[middle] as number;
    if (value === index) return true;
    if (value < index) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** What a set of findings touches, for compliance controls; computed once per set. */
export interface FindingTaxonomy {
  readonly owasp: ReadonlySet<string>;
  readonly cwes: ReadonlySet<string>;
}

const taxonomies = new WeakMap<FindingSet, FindingTaxonomy>();

export function taxonomyOf(set: FindingSet): FindingTaxonomy {
  const cached = taxonomies.get(set);
  if (cached) return cached;
  const owasp = new Set<string>();
  const cwes = new Set<string>();
  for (const index of set.all) {
    const template = set.templates[index];
    if (template?.owasp) owasp.add(template.owasp);
    if (template?.cwe) cwes.add(template.cwe);
  }
  const taxonomy = { owasp, cwes };
  taxonomies.set(set, taxonomy);
  return taxonomy;
}

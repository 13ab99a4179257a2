import { escapeMarkdownInline } from '../text/escape.ts';
import type { Severity } from '../domain/severity.ts';
import { MAX_RULE_TAGS, TEXT_BUDGETS } from '../domain/identity/sarif-limits.ts';
import { cutText } from '../domain/identity/sarif-text.ts';
import { sarifLevel, securitySeverity } from './security-severity.ts';

/** One kind of finding, as its first (most severe) finding describes it. Strings are already cleaned. */
export interface RuleSource {
  id: string;
  cwe: number | undefined;
  /** The title without its instance marker. */
  title: string;
  owasp: string | undefined;
  severity: Severity;
  cvssScore: number | undefined;
}

/**
 * The run's rules, in the order results first used them (`ruleIndex`). Only this table stays in memory while the
 * results stream out: each rule is serialised once, when its first finding is written, and findings arrive most
 * severe first, so that finding carries the rule's highest severity. The table is small: GitHub's result limit
 * bounds it, and each entry is a few hundred bytes.
 */
export class RuleTable {
  readonly #indexById = new Map<string, number>();
  readonly #json: string[] = [];

  get size(): number {
    return this.#json.length;
  }

  /** The rule's index, when a result already uses it. */
  indexOf(id: string): number | undefined {
    return this.#indexById.get(id);
  }

  /** Adds a rule serialised by `serialiseRule`; returns its index. */
  add(id: string, json: string): number {
    const index = this.#json.length;
    this.#indexById.set(id, index);
    this.#json.push(json);
    return index;
  }

  /** The rules' JSON, in index order. */
  serialised(): readonly string[] {
    return this.#json;
  }
}

/** A rule as it will be written (JSON). It never changes once added, so it is serialised once. */
export function serialiseRule(source: RuleSource): string {
  return JSON.stringify(ruleObject(source));
}

function ruleObject(source: RuleSource): object {
  const score = securitySeverity(source.severity, source.cvssScore);
  const owasp = source.owasp ? owaspId(source.owasp) : undefined;
  const tags = ['security'];
  if (source.cwe !== undefined) tags.push(`CWE-${source.cwe}`);
  if (owasp) tags.push(cutText(`OWASP-${owasp}`, TEXT_BUDGETS.tag));
  const title = cutText(source.title || source.id, TEXT_BUDGETS.shortDescription);
  const helpUri =
    source.cwe === undefined ? undefined : `https://cwe.mitre.org/data/definitions/${source.cwe}.html`;
  const classification = [
    source.cwe === undefined ? undefined : `CWE-${source.cwe}`,
    owasp ? `OWASP ${owasp}` : undefined,
  ].filter((part) => part !== undefined);
  const described = classification.length > 0 ? `${title} (${classification.join(', ')}).` : `${title}.`;
  return {
    id: source.id,
    shortDescription: { text: title },
    // GitHub's checks (the multitool's GH2012) want a full description and help on every rule.
    fullDescription: { text: described },
    help: {
      text: helpUri ? `${described} See ${helpUri}` : described,
      markdown: helpMarkdown(title, source.cwe, helpUri, owasp),
    },
    ...(helpUri ? { helpUri } : {}),
    defaultConfiguration: { level: sarifLevel(source.severity) },
    properties: {
      tags: tags.slice(0, MAX_RULE_TAGS),
      ...(score === undefined ? {} : { 'security-severity': score }),
    },
  };
}

/** Code scanning renders the help as markdown on the alert page: the service's text is escaped for it. */
function helpMarkdown(
  title: string,
  cwe: number | undefined,
  helpUri: string | undefined,
  owasp: string | undefined,
): string {
  const parts = [`**${escapeMarkdownInline(title)}**`];
  if (cwe !== undefined && helpUri) parts.push(`[CWE-${cwe}](${helpUri})`);
  if (owasp) parts.push(`OWASP ${escapeMarkdownInline(owasp)}`);
  return parts.join(' · ');
}

/** `A03:2021` out of `A03:2021-Injection`; any other form as the service wrote it. */
function owaspId(owasp: string): string {
  return /^(A\d{1,2}:\d{4})\b/iu.exec(owasp)?.[1]?.toUpperCase() ?? owasp;
}

import { DIRECTORIES, FILES, RULES, type Rule } from './generator-catalogue.ts';
import { createPrng } from './prng.ts';
import { SEVERITIES, type FindingTemplate, type Severity } from './records.ts';

/**
 * Makes a deterministic scan result of any size from a seed: the same (count, seed, mix) always gives the same
 * findings, so benchmarks and paging tests are repeatable. Strings are built from small catalogues so that
 * 100,000 findings take a few tens of milliseconds.
 */

export interface GenerateSpec {
  count: number;
  seed: number;
  /** Relative weights per severity; missing severities weigh 0. */
  severityMix?: Partial<Record<Severity, number>>;
  /** Share of findings that carry a fix diff, from 0 to 1. */
  fixShare?: number;
  /** Modules the findings are spread over. */
  modules?: readonly string[];
}

export const MAX_GENERATED_FINDINGS = 1_000_000;

export const DEFAULT_SEVERITY_MIX: Readonly<Record<Severity, number>> = Object.freeze({
  critical: 0.02,
  high: 0.1,
  medium: 0.28,
  low: 0.35,
  info: 0.25,
});

const CVSS_BANDS: Readonly<Record<Severity, readonly [number, number] | null>> = {
  critical: [9, 10],
  high: [7, 8.9],
  medium: [4, 6.9],
  low: [0.1, 3.9],
  info: null,
};

export function generateFindings(spec: GenerateSpec): FindingTemplate[] {
  if (!Number.isInteger(spec.count) || spec.count < 0 || spec.count > MAX_GENERATED_FINDINGS) {
    throw new RangeError(`count must be an integer from 0 to ${MAX_GENERATED_FINDINGS}`);
  }
  const random = createPrng(spec.seed);
  const pickSeverity = severityPicker(spec.severityMix ?? DEFAULT_SEVERITY_MIX);
  const fixShare = spec.fixShare ?? 0.3;
  const rules = rulesFor(spec.modules);
  const findings: FindingTemplate[] = new Array<FindingTemplate>(spec.count);
  for (let i = 0; i < spec.count; i++) {
    const severity = pickSeverity(random.next());
    const chosen = random.pick(rules);
    const directory = random.pick(DIRECTORIES);
    const file = random.pick(FILES[chosen.module] ?? FILES.sast ?? ['index.ts']);
    const filePath = `${directory}/${file}`;
    const line = 1 + random.int(1500);
    const band = CVSS_BANDS[severity];
    const cvssScore =
      band === null ? null : Math.round((band[0] + random.next() * (band[1] - band[0])) * 10) / 10;
    const withFix = random.next() < fixShare;
    findings[i] = {
      severity,
      title: `${chosen.title} (#${i + 1})`,
      filePath,
      line,
      cwe: chosen.cwe,
      owasp: chosen.owasp,
      cvssScore,
      description: chosen.description,
      fixDiff: withFix ? fixDiff(filePath, line, chosen) : null,
      module: chosen.module,
      remediation: undefined,
    };
  }
  return findings;
}

function rulesFor(modules: readonly string[] | undefined): readonly Rule[] {
  if (modules === undefined) return RULES;
  const matching = RULES.filter((candidate) => modules.includes(candidate.module));
  if (matching.length > 0) return matching;
  // A module without a catalogue entry still yields findings, attributed to it, so it is never silently empty.
  const first = modules[0];
  return first === undefined ? RULES : RULES.map((candidate) => ({ ...candidate, module: first }));
}

function severityPicker(mix: Partial<Record<Severity, number>>): (draw: number) => Severity {
  const weights = SEVERITIES.map((severity) => Math.max(0, mix[severity] ?? 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) throw new RangeError('the severity mix needs at least one positive weight');
  const bounds: number[] = [];
  let running = 0;
  for (const weight of weights) {
    running += weight / sum;
    bounds.push(running);
  }
  // Rounding can leave the last bound a hair under 1; such a draw belongs to the last weighted severity.
  const last = SEVERITIES[weights.findLastIndex((weight) => weight > 0)] ?? 'info';
  return (draw) => {
    for (let i = 0; i < bounds.length; i++) {
      if (draw < (bounds[i] ?? 1) && (weights[i] ?? 0) > 0) return SEVERITIES[i] ?? last;
    }
    return last;
  };
}

function fixDiff(filePath: string, line: number, chosen: Rule): string {
  return `--- a/${filePath}\n+++ b/${filePath}\n@@ -${line},1 +${line},1 @@\n-${chosen.before}\n+${chosen.after}\n`;
}

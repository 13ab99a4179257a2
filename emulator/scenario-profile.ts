import { DEFAULT_SEVERITY_MIX, MAX_GENERATED_FINDINGS, generateFindings } from './generate.ts';
import {
  FieldError,
  join,
  numberField,
  objectAt,
  oneOf,
  optionalArray,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalStringList,
  stringField,
  type JsonObject,
} from './json-fields.ts';
import {
  KNOWN_MODULES,
  SEVERITIES,
  type AgentProfile,
  type AiAnalysisProfile,
  type FindingTemplate,
  type RemediationOutcome,
  type RemediationProfile,
  type ScanProfile,
  type Severity,
} from './records.ts';

/** Reads the `scan` object of a scenario repository: what every scan of that repository yields. */

export const DEFAULT_MODULES: readonly string[] = ['sast', 'secrets', 'dependencies', 'iac'];

const DEFAULT_AGENTS: readonly AgentProfile[] = [
  { agentId: 'triage', durationSeconds: 4, confidence: 0.92, outcome: 'completed' },
  { agentId: 'exploitability', durationSeconds: 6, confidence: 0.81, outcome: 'completed' },
  { agentId: 'fix-planner', durationSeconds: 5, confidence: 0.77, outcome: 'completed' },
  { agentId: 'patch-writer', durationSeconds: 8, confidence: 0.74, outcome: 'completed' },
];

export function parseScanProfile(raw: JsonObject | undefined, at: string): ScanProfile {
  const obj = raw ?? {};
  const modules = optionalStringList(obj, 'modules', at) ?? [...DEFAULT_MODULES];
  modules.forEach((name, index) => {
    if (!(KNOWN_MODULES as readonly string[]).includes(name)) {
      throw new FieldError(join(join(at, 'modules'), index), `one of ${KNOWN_MODULES.join(', ')}`);
    }
  });
  const subsetOfModules = (key: string): string[] => {
    const list = optionalStringList(obj, key, at) ?? [];
    list.forEach((name, index) => {
      if (!modules.includes(name))
        throw new FieldError(join(join(at, key), index), 'one of the scan modules');
    });
    return list;
  };
  const failedModules = subsetOfModules('failed_modules');
  const skippedModules = subsetOfModules('skipped_modules');
  const outcome = oneOf(obj, 'outcome', at, ['completed', 'failed', 'never'] as const) ?? 'completed';
  if (outcome === 'failed' && failedModules.length === 0) {
    throw new FieldError(join(at, 'failed_modules'), 'a non-empty list when the outcome is failed');
  }
  return {
    modules,
    queueSeconds: optionalNumber(obj, 'queue_seconds', at, { min: 0 }) ?? 2,
    durationSeconds: optionalNumber(obj, 'duration_seconds', at, { min: 0 }) ?? 30,
    outcome,
    failedModules,
    skippedModules,
    riskScore: optionalNumber(obj, 'risk_score', at, { min: 0, max: 100 }),
    creditsPerModule: optionalNumber(obj, 'credits_per_module', at, { min: 0 }) ?? 1,
    findings: parseFindings(obj, at, modules),
    findingsByRef: parseRefs(optionalObject(obj, 'refs', at), join(at, 'refs'), modules),
    remediation: parseRemediationProfile(optionalObject(obj, 'remediation', at), join(at, 'remediation')),
    aiAnalysis: parseAiAnalysisProfile(optionalObject(obj, 'ai_analysis', at), join(at, 'ai_analysis')),
  };
}

function parseFindings(obj: JsonObject, at: string, modules: readonly string[]): FindingTemplate[] {
  const generate = optionalObject(obj, 'generate', at);
  const listed = optionalArray(obj, 'findings', at);
  if (generate && listed) throw new FieldError(at, 'either findings or generate, not both');
  if (generate) return generateFrom(generate, join(at, 'generate'), modules);
  return (listed ?? []).map((item, index) => parseFinding(item, join(join(at, 'findings'), index), modules));
}

/** `refs`: per ref, `{findings}` or `{generate}`, as the scan object gives them for every other ref. */
function parseRefs(
  obj: JsonObject | undefined,
  at: string,
  modules: readonly string[],
): Map<string, FindingTemplate[]> {
  const byRef = new Map<string, FindingTemplate[]>();
  for (const [ref, value] of Object.entries(obj ?? {})) {
    if (ref.trim() === '') throw new FieldError(at, 'keyed by non-blank refs');
    const refAt = join(at, ref);
    byRef.set(ref, parseFindings(objectAt(value, refAt), refAt, modules));
  }
  return byRef;
}

function generateFrom(obj: JsonObject, at: string, modules: readonly string[]): FindingTemplate[] {
  const mixObject = optionalObject(obj, 'severity_mix', at);
  let severityMix: Partial<Record<Severity, number>> = DEFAULT_SEVERITY_MIX;
  if (mixObject) {
    severityMix = {};
    for (const severity of SEVERITIES) {
      severityMix[severity] = optionalNumber(mixObject, severity, join(at, 'severity_mix'), { min: 0 }) ?? 0;
    }
  }
  return generateFindings({
    count: numberField(obj, 'count', at, { min: 0, max: MAX_GENERATED_FINDINGS, integer: true }),
    seed: optionalNumber(obj, 'seed', at, { integer: true }) ?? 1,
    severityMix,
    fixShare: optionalNumber(obj, 'fix_share', at, { min: 0, max: 1 }) ?? 0.3,
    modules,
  });
}

function parseFinding(value: unknown, at: string, modules: readonly string[]): FindingTemplate {
  const obj = objectAt(value, at);
  const module = optionalString(obj, 'module', at) ?? modules[0] ?? 'sast';
  if (!modules.includes(module)) throw new FieldError(join(at, 'module'), 'one of the scan modules');
  const fix = optionalObject(obj, 'fix', at);
  const remediation = optionalObject(obj, 'remediation', at);
  return {
    severity: oneOf(obj, 'severity', at, SEVERITIES) ?? fail(join(at, 'severity'), SEVERITIES),
    title: stringField(obj, 'title', at),
    filePath: stringField(obj, 'file_path', at),
    line: numberField(obj, 'line', at, { min: 1, integer: true }),
    cwe: optionalString(obj, 'cwe', at) ?? null,
    owasp: optionalString(obj, 'owasp', at) ?? null,
    cvssScore: optionalNumber(obj, 'cvss_score', at, { min: 0, max: 10 }) ?? null,
    description: optionalString(obj, 'description', at) ?? '',
    fixDiff: fix ? (optionalString(fix, 'unified_diff', join(at, 'fix')) ?? null) : null,
    module,
    remediation: remediation ? parseRemediationOutcome(remediation, join(at, 'remediation')) : undefined,
  };
}

function fail(at: string, allowed: readonly string[]): never {
  throw new FieldError(at, `one of ${allowed.join(', ')}`);
}

function parseRemediationOutcome(obj: JsonObject, at: string): RemediationOutcome {
  const outcome = oneOf(obj, 'outcome', at, ['pull_request', 'failed'] as const);
  if (outcome === 'pull_request') return { kind: 'pull_request' };
  if (outcome === 'failed') {
    return {
      kind: 'failed',
      reason: optionalString(obj, 'failure_reason', at) ?? 'The remediation could not produce a change.',
    };
  }
  return fail(join(at, 'outcome'), ['pull_request', 'failed']);
}

function parseRemediationProfile(obj: JsonObject | undefined, at: string): RemediationProfile {
  const raw = obj ?? {};
  const defaultOutcome = optionalObject(raw, 'default', at);
  return {
    queueSeconds: optionalNumber(raw, 'queue_seconds', at, { min: 0 }) ?? 1,
    durationSeconds: optionalNumber(raw, 'duration_seconds', at, { min: 0 }) ?? 8,
    defaultOutcome: defaultOutcome ? parseRemediationOutcome(defaultOutcome, join(at, 'default')) : undefined,
    firstPrNumber: optionalNumber(raw, 'first_pr_number', at, { min: 1, integer: true }) ?? 101,
  };
}

function parseAiAnalysisProfile(obj: JsonObject | undefined, at: string): AiAnalysisProfile {
  const raw = obj ?? {};
  const agents = optionalArray(raw, 'agents', at);
  return {
    queueSeconds: optionalNumber(raw, 'queue_seconds', at, { min: 0 }) ?? 1,
    agents: agents
      ? agents.map((agent, index) => parseAgent(agent, join(join(at, 'agents'), index)))
      : DEFAULT_AGENTS,
    riskScore: optionalNumber(raw, 'risk_score', at, { min: 0, max: 100 }),
    overallConfidence: optionalNumber(raw, 'overall_confidence', at, { min: 0, max: 1 }),
    patchLimit: optionalNumber(raw, 'patch_limit', at, { min: 0, integer: true }) ?? 100,
  };
}

function parseAgent(value: unknown, at: string): AgentProfile {
  const obj = objectAt(value, at);
  return {
    agentId: stringField(obj, 'agent_id', at),
    durationSeconds: optionalNumber(obj, 'duration_seconds', at, { min: 0 }) ?? 5,
    confidence: optionalNumber(obj, 'confidence', at, { min: 0, max: 1 }) ?? 0.8,
    outcome: oneOf(obj, 'outcome', at, ['completed', 'failed'] as const) ?? 'completed',
  };
}

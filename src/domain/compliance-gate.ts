import type { GateVerdict } from './gate.ts';
import type { ReportedCompliance } from './insights.ts';

/**
 * The gate on compliance: with min-compliance-score set, the step fails when the overall score is below it, and
 * when the score could not be read (fail closed: an unread score is never a pass). The findings' verdict stands
 * beside it; the sentence names compliance and the score. Without min-compliance-score nothing changes.
 */
export function applyComplianceGate(
  verdict: GateVerdict,
  compliance: ReportedCompliance | undefined,
): GateVerdict {
  const minScore = compliance?.minScore;
  if (compliance === undefined || minScore === undefined) return verdict;
  const score = compliance.overallScore;
  if (score === undefined) {
    const why = compliance.problem ? ` (${compliance.problem})` : '';
    return fail(
      verdict,
      `The compliance score could not be read${why}, so min-compliance-score ${minScore} cannot be checked: ` +
        'the step fails rather than pass unchecked.',
    );
  }
  if (score < minScore) {
    return fail(verdict, `The compliance score ${score} is below min-compliance-score ${minScore}.`);
  }
  if (!verdict.passed) return verdict;
  return {
    ...verdict,
    reason: `${verdict.reason} The compliance score ${score} meets min-compliance-score ${minScore}.`,
  };
}

function fail(verdict: GateVerdict, sentence: string): GateVerdict {
  return {
    passed: false,
    failingFindings: verdict.failingFindings,
    reason: verdict.passed ? sentence : `${verdict.reason} ${sentence}`,
  };
}

import { classifyStatus } from '../client/job-status.ts';
import { moduleIcon } from '../text/status-icon.ts';
import { escapeMarkdownInline, markdownCode, markdownLink, truncate } from '../text/escape.ts';
import { ELSEWHERE, leftOutLines, noun, type Noun } from '../text/left-out.ts';
import {
  creditsRunShort,
  didNotPass,
  isPassedStatus,
  type ReportedAiAnalysis,
  type ReportedAiSecurity,
  type ReportedCompliance,
  type ReportedCredits,
  type ReportedFramework,
  type ReportedInsights,
} from '../domain/insights.ts';

/**
 * The job summary's sections for the AI analysis, compliance and the AI-security posture, its credits line, and
 * the pull request comment's lines for them. Every string from the service is escaped for markdown and cut;
 * the lists stop at INSIGHTS_MAX_ROWS rows each and INSIGHTS_SUMMARY_BUDGET_BYTES together, well inside what the
 * findings table leaves of GitHub's 1 MiB.
 */
export const INSIGHTS_SUMMARY_BUDGET_BYTES = 64 * 1024;
export const INSIGHTS_MAX_ROWS = 50;
/** Agent runs named in the pull request comment; the summary lists them all. */
const COMMENT_AGENT_RUNS = 10;
const TEXT_MAX = 200;
const ID_MAX = 100;
const STATUS_MAX = 40;

/** The sections, in order, each non-empty; none without insights. */
export function renderInsightsSections(insights: ReportedInsights | undefined, scanId?: string): string[] {
  if (insights === undefined) return [];
  const budget = { bytesLeft: INSIGHTS_SUMMARY_BUDGET_BYTES, scanId };
  return [
    aiSection(insights.ai, budget),
    complianceSection(insights.compliance, budget),
    aiSecuritySection(insights.aiSecurity, budget),
  ].filter((section) => section.length > 0);
}

/** The summary's last line: the credits left and what this run used; empty when the usage was not read. */
export function renderCreditsLine(credits: ReportedCredits | undefined): string {
  if (credits === undefined) return '';
  const used = credits.used === undefined ? '' : `; this run used **${credits.used}**`;
  const short = creditsRunShort(credits) ? ' ⚠️ That is not enough for another run like this one.' : '';
  return `_Credits: **${credits.remaining}** remaining${used}._${short}`;
}

/** One line each for the AI analysis, compliance and the posture, linking to the job summary that has them. */
export function renderInsightsCommentLines(
  insights: ReportedInsights | undefined,
  summaryUrl: string | undefined,
): string[] {
  if (insights === undefined) return [];
  const details = summaryUrl ? ` — ${markdownLink('details in the job summary', summaryUrl)}` : '';
  const lines: string[] = [];
  if (insights.ai) lines.push(`- ${aiCommentLine(insights.ai)}${details}`);
  if (insights.compliance) lines.push(`- ${complianceCommentLine(insights.compliance)}${details}`);
  const posture = insights.aiSecurity;
  if (posture && posture.checksTotal > 0) {
    lines.push(
      `- **AI-security posture:** ${posture.checksFailed} of ${posture.checksTotal} checks failed${details}`,
    );
  }
  return lines;
}

interface Budget {
  bytesLeft: number;
  /** The scan the insights are of, for the `svc` command that lists what a table leaves out. */
  scanId: string | undefined;
}

/** Where the rows a table leaves out are: the `svc` command that shows them, for the scan. */
function restWhere(command: (scanId: string) => string, budget: Budget): string {
  return budget.scanId === undefined
    ? 'the service has them all'
    : ELSEWHERE.command(command(budget.scanId), 'markdown');
}

function aiSection(ai: ReportedAiAnalysis | undefined, budget: Budget): string {
  if (ai === undefined) return '';
  const lines = ['### AI analysis', ''];
  if (ai.outcome === 'succeeded') {
    lines.push(`${aiScores(ai)} · ${plural(ai.runs.length, 'agent run')}`);
  } else {
    lines.push(`**${aiOutcomeSentence(ai)}** The verdict does not depend on it.`);
  }
  if (ai.runs.length > 0) {
    const rows = inSequence(ai).map(
      (run) =>
        `| ${run.sequence} | ${markdownCode(truncate(run.agentId, ID_MAX))} | ${statusCell(run.status, moduleIcon)} | ` +
        `${run.confidence === null ? '' : String(run.confidence)} |`,
    );
    lines.push(
      '',
      ...table(
        ['| # | Agent | Status | Confidence |', '| ---: | --- | --- | ---: |'],
        rows,
        { total: ai.runs.length, what: noun('agent run') },
        budget,
        restWhere((scan) => `svc ai-analysis view ${scan}`, budget),
      ),
    );
  }
  return lines.join('\n');
}

function inSequence(ai: ReportedAiAnalysis): ReportedAiAnalysis['runs'] {
  return [...ai.runs].sort((a, b) => a.sequence - b.sequence);
}

function aiScores(ai: ReportedAiAnalysis): string {
  return `Risk score **${numberOrNa(ai.riskScore)}** · overall confidence **${numberOrNa(ai.overallConfidence)}**`;
}

function aiOutcomeSentence(ai: ReportedAiAnalysis): string {
  const why = ai.problem ? `: ${escapeMarkdownInline(truncate(ai.problem, 500))}` : '';
  switch (ai.outcome) {
    case 'succeeded':
      return 'The AI analysis completed.';
    case 'failed':
      return `The AI analysis failed${why}.`;
    case 'cancelled':
      return `The AI analysis was cancelled${why}.`;
    case 'timed-out':
      return `The AI analysis did not finish in the time wait-timeout left${why}.`;
    case 'not-started':
      return `The AI analysis could not be started${why}.`;
  }
}

function aiCommentLine(ai: ReportedAiAnalysis): string {
  if (ai.outcome !== 'succeeded')
    return `**AI analysis:** ${aiOutcomeSentence(ai)} The verdict does not depend on it.`;
  const runs = inSequence(ai)
    .slice(0, COMMENT_AGENT_RUNS)
    .map((run) => {
      const confidence = run.confidence === null ? '' : ` ${run.confidence}`;
      return `${markdownCode(truncate(run.agentId, ID_MAX))} ${moduleIcon(run.status)}${confidence}`;
    });
  const more =
    ai.runs.length > COMMENT_AGENT_RUNS
      ? ` (+${ai.runs.length - COMMENT_AGENT_RUNS} more in the job summary)`
      : '';
  const list = runs.length > 0 ? ` · agent runs: ${runs.join(' → ')}${more}` : '';
  return `**AI analysis:** ${aiScores(ai).replace(/^Risk/, 'risk')}${list}`;
}

function complianceSection(compliance: ReportedCompliance | undefined, budget: Budget): string {
  if (compliance === undefined) return '';
  const lines = ['### Compliance', '', overallLine(compliance)];
  for (const framework of compliance.frameworks) {
    lines.push('', frameworkLine(framework));
    if (framework.notPassed.length === 0) continue;
    const rows = framework.notPassed.map(
      (control) =>
        `| ${markdownCode(truncate(control.controlId, ID_MAX))} | ${escapeMarkdownInline(truncate(control.title, TEXT_MAX))} | ` +
        `${statusCell(control.status, checkIcon)} |`,
    );
    lines.push(
      '',
      ...table(
        ['| Control | Title | Status |', '| --- | --- | --- |'],
        rows,
        { total: framework.notPassedTotal, what: noun('control') },
        budget,
        restWhere((scan) => `svc compliance view ${framework.id} --scan ${scan}`, budget),
      ),
    );
  }
  return lines.join('\n');
}

function overallLine(compliance: ReportedCompliance): string {
  const { overallScore, minScore } = compliance;
  if (overallScore === undefined) {
    const why = compliance.problem ? `: ${escapeMarkdownInline(truncate(compliance.problem, 500))}` : '';
    const gate = minScore === undefined ? '' : ` min-compliance-score **${minScore}** fails the step.`;
    return `The overall score could not be read${why}.${gate}`;
  }
  const gate =
    minScore === undefined
      ? ''
      : ` · min-compliance-score **${minScore}**: ${overallScore < minScore ? '❌ below, the step fails' : '✅ met'}`;
  return `Overall score **${overallScore}**${gate}`;
}

function frameworkLine(framework: ReportedFramework): string {
  const id = markdownCode(truncate(framework.id, ID_MAX));
  const name = framework.name
    ? `**${escapeMarkdownInline(truncate(framework.name, TEXT_MAX))}** (${id})`
    : `**${id}**`;
  const score = framework.score === undefined ? '' : ` · score **${framework.score}**`;
  if (framework.problem !== undefined) {
    return `${name}${score} · its controls could not be read: ${escapeMarkdownInline(truncate(framework.problem, 500))}`;
  }
  const result =
    framework.notPassedTotal === 0
      ? `every one of ${plural(framework.controlsTotal, 'control')} passed or does not apply`
      : `${framework.notPassedTotal} of ${plural(framework.controlsTotal, 'control')} did not pass`;
  return `${name}${score} · ${result}`;
}

function complianceCommentLine(compliance: ReportedCompliance): string {
  const { overallScore, minScore } = compliance;
  const gate = minScore === undefined ? '' : ` (min-compliance-score ${minScore})`;
  if (overallScore === undefined) return `**Compliance:** the score could not be read${gate}`;
  const notPassed = compliance.frameworks.reduce((sum, framework) => sum + framework.notPassedTotal, 0);
  const frameworks = plural(compliance.frameworks.length, 'framework');
  return `**Compliance:** score **${overallScore}**${gate} · ${plural(notPassed, 'control')} did not pass in ${frameworks}`;
}

function aiSecuritySection(posture: ReportedAiSecurity | undefined, budget: Budget): string {
  if (posture === undefined || posture.checksTotal <= 0) return '';
  const lines = [
    '### AI-security posture',
    '',
    `**${posture.checksFailed} of ${posture.checksTotal} checks failed**`,
  ];
  if (posture.notPassed.length > 0) {
    const rows = posture.notPassed.map(
      (check) =>
        `| ${escapeMarkdownInline(truncate(check.name, TEXT_MAX))} | ${markdownCode(truncate(check.owaspLlm, ID_MAX))} | ` +
        `${statusCell(check.status, checkIcon)} |`,
    );
    lines.push(
      '',
      ...table(
        ['| Check | OWASP LLM | Status |', '| --- | --- | --- |'],
        rows,
        { total: posture.notPassedTotal, what: noun('check') },
        budget,
        restWhere((scan) => `svc ai-security --scan ${scan}`, budget),
      ),
    );
  }
  return lines.join('\n');
}

/** A table's header and rows, as many as the row cap and the shared byte budget allow, then how many are left. */
function table(
  header: readonly string[],
  rows: readonly string[],
  { total, what }: { total: number; what: Noun },
  budget: Budget,
  where: string,
): string[] {
  const shown: string[] = [];
  for (const row of rows) {
    if (shown.length >= INSIGHTS_MAX_ROWS) break;
    const bytes = Buffer.byteLength(row) + 1;
    if (bytes > budget.bytesLeft) break;
    budget.bytesLeft -= bytes;
    shown.push(row);
  }
  const lines = shown.length > 0 ? [...header, ...shown] : [];
  const leftOut = leftOutLines(total - shown.length, what, where);
  return lines.length > 0 ? [...lines, ...leftOut] : leftOut.slice(1);
}

function statusCell(status: string, icon: (status: string) => string): string {
  return `${icon(status)} ${escapeMarkdownInline(truncate(status, STATUS_MAX))}`;
}

function checkIcon(status: string): string {
  if (isPassedStatus(status)) return '✅';
  if (!didNotPass(status)) return '➖';
  return classifyStatus(status) === 'failed' ? '❌' : '⚠️';
}

function numberOrNa(value: number | null): string {
  return value === null ? 'n/a' : String(value);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

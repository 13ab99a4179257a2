import type { AIAnalysis } from '../../client/index.ts';
import { NotFoundError, classifyAiAnalysis } from '../../client/index.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import type { CommandContext } from '../command-context.ts';
import { jsonText, renderTable, terminalInline, terminalText } from '../terminal-text.ts';
import { waitForJob } from '../api/job-wait.ts';
import { JOB_POLL_INTERVAL_MS, type WaitFlags } from '../api/wait-flags.ts';
import type { Command } from 'commander';
import { withWait } from '../api/wait-flags.ts';
import type { SvcCommand } from './command.ts';

/** Starts the AI analysis of a completed scan (or finds the one running); with --wait, polls it to the end. */
async function aiAnalysisStart(context: CommandContext, scanId: string, flags: WaitFlags): Promise<void> {
  const client = context.client();
  const started = await client.startAiAnalysis(scanId, { signal: context.signal });
  if (!flags.wait || classifyAiAnalysis(started) !== 'running') {
    writeAnalysis(context, scanId, started);
    return;
  }
  context.err.line(terminalInline(`Started the AI analysis of scan ${scanId}; waiting for it.`));
  const done = await waitForJob(
    context,
    { what: `The AI analysis of scan ${scanId}`, view: `svc ai-analysis view ${scanId}` },
    flags.waitTimeout,
    ({ timeoutMs, signal }) =>
      client.waitForAiAnalysis(scanId, {
        intervalMs: JOB_POLL_INTERVAL_MS,
        timeoutMs,
        signal,
        skipFirstFetch: true,
      }),
  );
  writeAnalysis(context, scanId, done);
}

/** A scan's AI analysis: its status, risk score, overall confidence and agent runs. */
async function aiAnalysisView(context: CommandContext, scanId: string): Promise<void> {
  const analysis = await context
    .client()
    .getAiAnalysis(scanId, { signal: context.signal })
    .catch((error: unknown) => pointAtStart(error, scanId));
  writeAnalysis(context, scanId, analysis);
}

/** A 404 before any analysis is the usual case, not a mystery: svc says how to start one. */
function pointAtStart(error: unknown, scanId: string): never {
  if (!(error instanceof NotFoundError)) throw error;
  throw new CommandFailure(
    `Scan ${scanId} has no AI analysis (or the service has no such scan): start one with ` +
      `svc ai-analysis start ${scanId} --wait. The service said: ${error.message}`,
    EXIT.service,
    { cause: error },
  );
}

/** The patches the AI analysis proposes, one unified diff per finding. */
async function aiAnalysisPatches(context: CommandContext, scanId: string): Promise<void> {
  const patches = await context
    .client()
    .getAiPatches(scanId, { signal: context.signal })
    .catch((error: unknown) => pointAtStart(error, scanId));
  if (context.globals.json) {
    context.out.write(jsonText(patches));
    return;
  }
  const list = Array.isArray(patches.patches)
    ? (patches.patches as { finding_id?: unknown; unified_diff?: unknown }[])
    : [];
  if (list.length === 0) {
    context.err.line(terminalInline(`The AI analysis of scan ${scanId} proposes no patch.`));
    return;
  }
  for (const patch of list) {
    const findingId = typeof patch.finding_id === 'string' ? patch.finding_id : '';
    context.out.line(terminalInline(`Finding ${findingId}:`));
    const diff = typeof patch.unified_diff === 'string' ? patch.unified_diff : '';
    for (const line of diff.replace(/\n$/, '').split('\n')) context.out.line(terminalText(line));
    context.out.line();
  }
}

function writeAnalysis(context: CommandContext, scanId: string, analysis: AIAnalysis): void {
  if (context.globals.json) {
    context.out.write(jsonText(analysis));
    return;
  }
  const status = analysis.status ?? classifyAiAnalysis(analysis);
  context.out.line(terminalInline(`AI analysis of scan ${scanId}: ${status}`));
  context.out.line(
    `Risk score ${analysis.risk_score ?? 'n/a'} · overall confidence ${analysis.overall_confidence ?? 'n/a'}`,
  );
  if (analysis.agent_runs.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ['#', 'AGENT', 'STATUS', 'CONFIDENCE'],
      analysis.agent_runs.map((run) => [
        String(run.sequence),
        run.agent_id,
        run.status,
        run.confidence === null ? '' : String(run.confidence),
      ]),
    ),
  );
}

export const addAiAnalysisCommand: SvcCommand = (program, io) => {
  const ai = program
    .command('ai-analysis')
    .description("a scan's AI analysis: risk, confidence, agents, patches");
  withWait(
    ai
      .command('start')
      .description('start the AI analysis of a completed scan')
      .argument('<scan-id>', 'the scan'),
    'the analysis',
  ).action((scanId: string, flags: WaitFlags, command: Command) =>
    io.invoke(command, (c) => aiAnalysisStart(c, scanId, flags)),
  );
  ai.command('view')
    .description('the AI analysis of a scan')
    .argument('<scan-id>', 'the scan')
    .action((scanId: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => aiAnalysisView(c, scanId)),
    );
  ai.command('patches')
    .description('the patches the AI analysis proposes, as unified diffs')
    .argument('<scan-id>', 'the scan')
    .action((scanId: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => aiAnalysisPatches(c, scanId)),
    );
};

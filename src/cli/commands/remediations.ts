import type { RemediationJob } from '../../client/index.ts';
import { classifyRemediation } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import { waitForJob } from '../api/job-wait.ts';
import { JOB_POLL_INTERVAL_MS, type WaitFlags } from '../api/wait-flags.ts';
import type { Command } from 'commander';
import { withWait } from '../api/wait-flags.ts';
import type { SvcCommand } from './command.ts';

/** Starts a remediation of a finding; with --wait, polls it to the end and prints its pull request. */
async function remediate(context: CommandContext, findingId: string, flags: WaitFlags): Promise<void> {
  const client = context.client();
  const started = await client.remediateFinding(findingId, { signal: context.signal });
  if (!flags.wait) {
    writeJob(context, started);
    if (!context.globals.json)
      context.err.line(terminalInline(`svc remediations view ${started.id} shows how it goes.`));
    return;
  }
  context.err.line(
    terminalInline(`Started remediation ${started.id} of finding ${findingId}; waiting for it.`),
  );
  const done = await waitForJob(
    context,
    { what: `Remediation ${started.id}`, view: `svc remediations view ${started.id}` },
    flags.waitTimeout,
    ({ timeoutMs, signal }) =>
      client.waitForRemediation(started.id, { intervalMs: JOB_POLL_INTERVAL_MS, timeoutMs, signal }),
  );
  writeJob(context, done);
  if (classifyRemediation(done) !== 'succeeded') {
    throw new CommandFailure(`Remediation ${done.id} ended without a pull request.`, EXIT.service);
  }
}

/** One remediation job: its status, and its pull request and branch once it has them. */
async function remediationsView(context: CommandContext, id: string): Promise<void> {
  writeJob(context, await context.client().getRemediation(id, { signal: context.signal }));
}

function writeJob(context: CommandContext, job: RemediationJob): void {
  if (context.globals.json) {
    context.out.write(jsonText(job));
    return;
  }
  const status = job.status ?? classifyRemediation(job);
  context.out.line(
    terminalInline(
      `Remediation ${job.id}${job.finding_id ? ` of finding ${job.finding_id}` : ''}: ${status}`,
    ),
  );
  if (job.pr_url) context.out.line(terminalInline(`Pull request: ${job.pr_url}`));
  if (job.branch) context.out.line(terminalInline(`Branch:       ${job.branch}`));
  if (job.failure_reason) context.out.line(terminalInline(`Failed:       ${job.failure_reason}`));
}

export const addRemediateCommand: SvcCommand = (program, io) => {
  withWait(
    program
      .command('remediate')
      .description('start a remediation of a finding: the service may open a pull request with its fix')
      .argument('<finding-id>', 'the finding to remediate'),
    'the remediation',
  ).action((findingId: string, flags: WaitFlags, command: Command) =>
    io.invoke(command, (c) => remediate(c, findingId, flags)),
  );
};

export const addRemediationsCommand: SvcCommand = (program, io) => {
  program
    .command('remediations')
    .description('remediation jobs')
    .command('view')
    .description("a remediation job's status, pull request and branch")
    .argument('<id>', 'the remediation id')
    .action((id: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => remediationsView(c, id)),
    );
};

import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CLIENT_VERSION, type ServiceClient } from '../../client/index.ts';
import type { FindingFilter } from '../../domain/finding-filter.ts';
import { GITHUB_SARIF_LIMITS } from '../../domain/identity/sarif-limits.ts';
import { writeSarif } from '../../sarif/sarif-writer.ts';
import type { Severity } from '../../domain/severity.ts';
import { streamScanFindings } from '../../run/finding-stream.ts';
import { ACTION_INFORMATION_URI, throughPolicy, writeSarifFile } from '../../run/sarif-file.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import { renderScanText, type ScanReportDocument } from './scan-report.ts';

export interface SarifTarget {
  client: ServiceClient;
  signal: AbortSignal;
  pageSize: number;
  output: string | undefined;
  /** The policy's filter: findings outside its paths are left out, suppressed ones written with their reason. */
  filter: FindingFilter;
}

/**
 * The SARIF log of every finding at or above the report floor (the 25,000 most severe: code scanning's limit),
 * read in full and streamed into the writer, to stdout or --output (written whole or not at all), as the action's
 * sarif-file, through the policy as the action's. The category is `svc-scan/<owner>/<name>/`, as the action's
 * default.
 */
export async function writeSarifReport(
  context: CommandContext,
  target: SarifTarget,
  scan: { scanId: string; repository: string; ref: string; floor: Severity },
): Promise<void> {
  const stream = streamScanFindings(target.client, {
    scanId: scan.scanId,
    floor: scan.floor,
    pageSize: target.pageSize,
    signal: target.signal,
    limit: GITHUB_SARIF_LIMITS.maxResults,
  });
  const findings = throughPolicy(stream.findings, target.filter);
  const metadata = {
    toolName: 'svc-scan',
    toolVersion: CLIENT_VERSION,
    informationUri: ACTION_INFORMATION_URI,
    category: `svc-scan/${scan.repository}`,
    repository: scan.repository,
    commitSha: /^[0-9a-f]{40}$/i.test(scan.ref) ? scan.ref : '',
    repositoryUrl: undefined,
  };
  const options = {
    severityFloor: scan.floor,
    scrub: (text: string) => context.scrub(text),
    notRead: stream.notRead,
  };
  if (target.output !== undefined) {
    const written = await writeSarifFile({
      path: resolve(target.output),
      workspace: '',
      findings,
      metadata,
      options,
    });
    context.err.line(
      terminalInline(`SARIF written to ${written.path} (${written.summary.results} results).`),
    );
    return;
  }
  await writeSarif(findings, metadata, options, {
    write: (chunk) => {
      context.out.write(chunk);
      return Promise.resolve();
    },
  });
  context.out.write('\n');
}

export function writeReport(
  context: CommandContext,
  document: ScanReportDocument,
  format: 'text' | 'json',
  output: string | undefined,
): void {
  const text = format === 'json' ? jsonText(document) : renderScanText(document);
  if (output === undefined) {
    context.out.write(text);
    return;
  }
  try {
    writeFileSync(output, text);
  } catch (error) {
    throw new CommandFailure(`Could not write the report to ${output}: ${String(error)}`, EXIT.config, {
      cause: error,
    });
  }
  context.err.line(terminalInline(`Report written to ${output}.`));
}

/** A report that cannot be written is found before the scan spends credits. */
export function checkWritable(output: string, flag = '--output'): void {
  const path = resolve(output);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new Error('it is a directory');
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag} ${output} cannot be written: ${reason}`);
  }
}

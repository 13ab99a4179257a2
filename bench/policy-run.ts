/**
 * The policy's cost at scale: the bundled action on 100,000 findings (12,000 of them at or above fail-on high),
 * without a policy and with a policy of 1,000 suppressions (so every finding at or above fail-on is read and
 * classified), against the emulator with 20 ms of latency. Prints requests, time from the scan's completion being
 * noticed to the exit, and peak RSS, side by side. Run it after `npm run build`:
 * `node --experimental-strip-types bench/policy-run.ts [--findings N] [--repeat N]`.
 */
import { parseArgs } from 'node:util';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { ACTION_ENTRY } from '../scripts/action-runner.ts';
import { launchAction } from './action-process.ts';
import { RequestLog } from './request-log.ts';

const { values } = parseArgs({
  options: { findings: { type: 'string', default: '100000' }, repeat: { type: 'string', default: '3' } },
});
const findings = Number(values.findings);
const repeat = Number(values.repeat);

/** 1,000 entries: 10 that cover generated kinds (by CWE, narrowed by paths) and 990 that cover nothing. */
function policyOf(entries: number): string {
  const lines = ['version: 1', 'fail-on: high', 'ignore:'];
  for (let index = 0; index < entries; index++) {
    if (index < 10)
      lines.push(
        `  - cwe: CWE-${[79, 89, 22, 78, 798, 327, 502, 611, 918, 352][index]}`,
        `    paths: ['src/**']`,
      );
    else lines.push(`  - title: 'A finding kind this repository never had ${index}'`);
    lines.push(`    reason: 'Benchmark entry ${index}'`);
  }
  return `${lines.join('\n')}\n`;
}

interface Row {
  label: string;
  requests: number;
  noticedToExitMs: number;
  peakRssMiB: number;
  suppressed: string;
}

async function measure(emulator: Emulator, label: string, files: Record<string, string>): Promise<Row> {
  const log = new RequestLog(emulator.port);
  try {
    const running = await launchAction({
      entry: ACTION_ENTRY,
      repository: 'bench/large',
      inputs: {
        'api-url': emulator.baseUrl,
        'api-key': emulator.apiKey,
        'reuse-scan': 'true',
        'poll-interval': '0.2',
      },
      measureRss: true,
      workspaceFiles: files,
      timeoutMs: 300_000,
    });
    const exit = await running.finished;
    const requests = log.requests;
    // The poll that saw the scan completed: the action noticed the completion when its answer left.
    const noticed = requests.find(
      (request) => request.scanStatus === 'completed' && /\/scans\/[^/]+$/.test(request.path),
    );
    return {
      label,
      requests: requests.length,
      noticedToExitMs: exit.exitedAt - (noticed?.finishedAt ?? running.spawnedAt),
      peakRssMiB: (exit.peakRssBytes ?? 0) / 1024 / 1024,
      suppressed: exit.outputs['suppressed-findings'] ?? '',
    };
  } finally {
    log.close();
  }
}

const emulator = await startEmulator({ scenario: 'demo', findings, latencyMs: 20, log: () => undefined });
try {
  const rows: Row[] = [];
  for (let run = 0; run < repeat; run++) {
    rows.push(await measure(emulator, 'no policy', {}));
    rows.push(await measure(emulator, '1,000 suppressions', { '.github/svc-scan.yml': policyOf(1_000) }));
  }
  for (const label of ['no policy', '1,000 suppressions']) {
    const mine = rows.filter((row) => row.label === label);
    const median = (pick: (row: Row) => number): number =>
      mine.map(pick).sort((a, b) => a - b)[Math.floor(mine.length / 2)] ?? 0;
    console.log(
      `${label.padEnd(20)} requests ${median((row) => row.requests)}  noticed→exit ${median((row) => row.noticedToExitMs).toFixed(0)} ms  ` +
        `peak RSS ${median((row) => row.peakRssMiB).toFixed(1)} MiB  suppressed ${mine[0]?.suppressed ?? ''}  (median of ${mine.length})`,
    );
  }
} finally {
  await emulator.close();
}

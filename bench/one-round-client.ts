import { appendFileSync } from 'node:fs';
import { ServiceClient } from '../src/client/index.ts';

/**
 * The floor of the work after completion: a client that does what the action must and no more, in one round. It
 * looks the repository up, starts a scan, polls it at the action's poll-interval, and once it is completed reads
 * the report and the first page of each severity's list side by side (one round trip), then writes the counts as
 * the action's outputs and exits. Run as the action is (bench/action-process.ts, `INPUT_*`), bundled by esbuild.
 */
const input = (name: string): string => process.env[`INPUT_${name.toUpperCase()}`] ?? '';
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

const client = new ServiceClient({ apiKey: input('api-key'), baseUrl: input('api-url') });
try {
  const repository = await client.findRepositoryByFullName(input('repository'));
  if (!repository) throw new Error(`no repository ${input('repository')}`);
  const created = await client.createScan({ repository_id: repository.id });
  const intervalMs = Number(input('poll-interval')) * 1000;
  await client.waitForScan(created.id, { intervalMs, skipFirstFetch: true });
  const [report] = await Promise.all([
    client.getScanReport(created.id),
    ...SEVERITIES.map((severity) => client.listFindings({ scan_id: created.id, severity, limit: 200 })),
  ]);
  const outputs = [
    ['total-findings', report.total_findings],
    ...SEVERITIES.map((severity) => [`findings-${severity}`, report.severity_breakdown[severity] ?? 0]),
  ];
  const file = process.env.GITHUB_OUTPUT;
  if (file)
    appendFileSync(file, outputs.map(([name, value]) => `${String(name)}=${String(value)}\n`).join(''));
} finally {
  await client.close();
}

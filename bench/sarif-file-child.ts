import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_VERSION } from '../src/client/defaults.ts';
import { GITHUB_UPLOAD_LIMITS } from '../src/code-scanning/github-upload-limits.ts';
import { writeSarifFile } from '../src/run/sarif-file.ts';
import { generatedSarifFindings } from './sarif-findings.ts';

/**
 * Run in a child process by sarif-file.ts (`node bench/sarif-file-child.ts COUNT SEED`), so that its peak RSS is
 * the SARIF file's alone: generates COUNT findings in memory, writes the SARIF file of all of them (floor info)
 * into a temporary folder, and prints one JSON line: the writer's time, its summary and the file's size.
 * The findings are generated, not fetched: the time and memory are the writer's, plus the findings array.
 */
const [countArgument = '', seedArgument = '1', mode = 'write'] = process.argv.slice(2);
const count = Number(countArgument);
const findings = generatedSarifFindings(count, Number(seedArgument));
if (mode === 'findings-only') {
  // The baseline: the same findings made and read, nothing written.
  const started = performance.now();
  let read = 0;
  for (const finding of findings) if (finding.id) read += 1;
  process.stdout.write(`${JSON.stringify({ findings: read, ms: performance.now() - started })}\n`);
  process.exit(0);
}
const workspace = await mkdtemp(join(tmpdir(), 'svc-bench-sarif-'));
try {
  const started = performance.now();
  const written = await writeSarifFile({
    path: 'svc-scan.sarif',
    workspace,
    findings,
    metadata: {
      toolName: 'svc-scan',
      toolVersion: CLIENT_VERSION,
      informationUri: 'https://github.com/svc-scan/svc-scan-action',
      category: 'svc-scan/bench/large',
      repository: 'bench/large',
      commitSha: 'b'.repeat(40),
    },
    options: { severityFloor: 'info', scrub: (text) => text, limits: GITHUB_UPLOAD_LIMITS },
  });
  const ms = performance.now() - started;
  const fileBytes = (await stat(written.path)).size;
  process.stdout.write(`${JSON.stringify({ findings: count, ms, fileBytes, ...written.summary })}\n`);
} finally {
  await rm(workspace, { recursive: true, force: true });
}

import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BENCH_SCAN_ID } from '../emulator/index.ts';
import { NODE_BINARY } from '../scripts/action-runner.ts';
import { pythonClientGoals, pythonClientsTable } from './report.ts';
import type { PythonClientRun, PythonClientsSize } from './results.ts';
import { renderTable } from './table.ts';

/**
 * The Python clients against the TypeScript client's page fetcher: all findings of one scan (bench/large), 50 a
 * page, with the emulator's latency on every request. Each client walks in a process of its own (peak RSS is
 * its own), one after another, against an emulator in a process of its own too, so that the three compete with
 * the server for the CPU alike. The requests are the emulator's count of GET /findings for the walk. Two more
 * walks read the same pages one by one with the sync client's list_findings, plain and with_raw_response: the
 * cost of a raw response is the difference in their CPU.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PYTHON_WALK = fileURLToPath(new URL('./python_clients_walk.py', import.meta.url));
const TS_WALK = fileURLToPath(new URL('./python-clients-ts-walk.ts', import.meta.url));
const EMULATOR_CLI = fileURLToPath(new URL('../emulator/cli.ts', import.meta.url));

/** Pages in flight for the async client and the TypeScript fetcher: the action's (FINDINGS_PAGE_CONCURRENCY). */
const PYTHON_BENCH_CONCURRENCY = 16;

export async function measurePythonClients(
  sizes: readonly number[],
  latencyMs: number,
  progress: (line: string) => void,
): Promise<PythonClientsSize[]> {
  const python = await pythonInVenv();
  const results: PythonClientsSize[] = [];
  for (const findings of sizes) {
    const emulator = await startEmulatorProcess(findings, latencyMs);
    try {
      const runs: PythonClientRun[] = [];
      const walks: [PythonClientRun['client'], string, string[]][] = [
        ['sync', python, [PYTHON_WALK, 'sync']],
        ['async', python, [PYTHON_WALK, 'async']],
        ['typescript', NODE_BINARY, [TS_WALK]],
        ['pages', python, [PYTHON_WALK, 'pages']],
        ['raw', python, [PYTHON_WALK, 'raw']],
      ];
      for (const [client, command, args] of walks) {
        progress(`python clients: ${findings} findings, ${client}`);
        await emulator.control('POST', '/reset-stats');
        const line = await run(command, [
          ...args,
          emulator.baseUrl,
          emulator.apiKey,
          BENCH_SCAN_ID,
          ...(client === 'async' || client === 'typescript' ? [String(PYTHON_BENCH_CONCURRENCY)] : []),
        ]);
        const stats = (await emulator.control('GET', '/stats')) as { requests: Record<string, number> };
        runs.push({
          client,
          ...(JSON.parse(line) as Omit<PythonClientRun, 'client' | 'requests'>),
          requests: stats.requests['GET /api/v1/findings'] ?? 0,
        });
      }
      results.push({ findings, latencyMs, concurrency: PYTHON_BENCH_CONCURRENCY, runs });
    } finally {
      emulator.stop();
    }
  }
  return results;
}

/** python/.venv's interpreter, made or refreshed by scripts/python-venv.sh (which prints its path). */
async function pythonInVenv(): Promise<string> {
  return (await run('bash', [`${ROOT}scripts/python-venv.sh`])).trim();
}

interface EmulatorProcess {
  baseUrl: string;
  apiKey: string;
  control: (method: string, path: string) => Promise<unknown>;
  stop: () => void;
}

async function startEmulatorProcess(findings: number, latencyMs: number): Promise<EmulatorProcess> {
  const child = spawn(
    NODE_BINARY,
    [
      EMULATOR_CLI,
      '--port',
      '0',
      '--scenario',
      'demo',
      '--findings',
      String(findings),
      '--latency',
      String(latencyMs),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  let readyLine: string | undefined;
  for await (const line of lines) {
    if (line.startsWith('{')) {
      readyLine = line;
      break;
    }
  }
  if (readyLine === undefined) throw new Error('the emulator exited before its ready line');
  const ready = JSON.parse(readyLine) as { baseUrl: string; apiKey: string; controlUrl: string };
  return {
    baseUrl: ready.baseUrl,
    apiKey: ready.apiKey,
    control: async (method, path) => {
      const response = await fetch(`${ready.controlUrl}${path}`, { method });
      return response.json();
    },
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: ROOT, timeout: 15 * 60_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** `node bench/python-clients.ts [SIZE...] [--latency MS]`: this measurement alone, as Markdown. */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const latencyAt = args.indexOf('--latency');
  const latencyMs = latencyAt >= 0 ? Number(args.splice(latencyAt, 2)[1]) : 20;
  const sizes = args.length > 0 ? args.map(Number) : [10_000, 100_000];
  const results = await measurePythonClients(sizes, latencyMs, (line) =>
    process.stderr.write(`bench: ${line}\n`),
  );
  process.stdout.write(`${renderTable(pythonClientsTable(results), 'markdown')}\n\n`);
  process.stdout.write(
    `${pythonClientGoals(results)
      .map((line) => `- ${line}`)
      .join('\n')}\n`,
  );
}

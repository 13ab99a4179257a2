import { readFileSync } from 'node:fs';
import { ServiceClient } from '../src/client/index.ts';

/**
 * `node bench/python-clients-ts-walk.ts BASE_URL API_KEY SCAN_ID [CONCURRENCY]`: the TypeScript client's page
 * fetcher on the same walk as bench/python_clients_walk.py (every finding of one scan, 50 a page, CONCURRENCY
 * pages in flight), printing the same JSON line. A process of its own, so that its peak RSS is its own.
 */

const [baseUrl = '', apiKey = '', scanId = '', concurrencyText = '16'] = process.argv.slice(2);
const client = new ServiceClient({ apiKey, baseUrl });
const cpuStart = process.cpuUsage();
const started = performance.now();
let findings = 0;
const ids = distinctIds();
try {
  for await (const finding of client.iterateFindings(
    { scan_id: scanId },
    { concurrency: Number(concurrencyText) },
  )) {
    findings++;
    ids.add(finding.id);
  }
} finally {
  await client.close();
}
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuStart);
process.stdout.write(
  `${JSON.stringify({
    findings,
    distinct: ids.size(),
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssBytes: peakRssBytes(),
  })}\n`,
);

/**
 * This process's own peak RSS: VmHWM, which starts afresh at exec. Linux's maxRSS does not: it keeps the peak of
 * the process that forked it (the bench's Node process), which would hide the walk's own.
 */
function peakRssBytes(): number {
  try {
    const line = readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmHWM:'));
    if (line !== undefined) return Number(line.split(/\s+/)[1]) * 1024;
  } catch {
    // Not Linux: the resource usage's figure.
  }
  return process.resourceUsage().maxRSS * 1024;
}

/**
 * Counts distinct finding ids in a bitmap of their index (the emulator's ids are fnd_<scan>_<index>), so that the
 * accounting adds a few KiB, not a set of 100,000 strings, to the peak RSS the walk is measured by.
 */
function distinctIds(): { add: (id: string) => void; size: () => number } {
  let bits = new Uint8Array(1 << 12);
  let count = 0;
  const others = new Set<string>();
  return {
    add: (id) => {
      const match = /^fnd_\d+_(\d+)$/.exec(id);
      if (match === null) {
        others.add(id);
        return;
      }
      const index = Number(match[1]);
      while (index >> 3 >= bits.length) {
        const larger = new Uint8Array(bits.length * 2);
        larger.set(bits);
        bits = larger;
      }
      const mask = 1 << (index & 7);
      if (((bits[index >> 3] ?? 0) & mask) === 0) {
        bits[index >> 3] = (bits[index >> 3] ?? 0) | mask;
        count++;
      }
    },
    size: () => count + others.size,
  };
}

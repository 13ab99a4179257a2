import { writeFileSync } from 'node:fs';

/**
 * Preloaded (`node --import bench/rss-probe.ts dist/index.js`) only where /usr/bin/time is missing: writes the
 * process's peak resident set size (KiB) and its user and system CPU seconds, as `/usr/bin/time -f '%M %U %S'`
 * prints them, to BENCH_RSS_FILE when the process exits.
 * Loading a .ts preload starts Node's type stripper, which adds about 20 MB to the figure: prefer GNU time.
 */
const target = process.env.BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    const seconds = (micros: number): string => (micros / 1e6).toFixed(3);
    writeFileSync(target, `${usage.maxRSS} ${seconds(usage.userCPUTime)} ${seconds(usage.systemCPUTime)}\n`);
  });
}

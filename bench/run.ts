import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { USAGE, UsageError, parseOptions } from './options.ts';
import { renderReport, runsSucceeded } from './report.ts';
import type { BenchResults } from './results.ts';
import { SetupError, runSuite } from './suite.ts';

/**
 * `npm run bench -- [--smoke | --quick | --full] [options]`: runs the bundled action, the sequential
 * baseline and the lower bound against the emulator, prints the tables, and writes the results as JSON (and as
 * Markdown with --markdown); `--report FILE` re-renders saved results without measuring. Exits 1 when a run
 * failed (the action did not exit 0, or a finding went unaccounted for) and 2 on bad flags; timings never
 * decide the exit code.
 */

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const results = options.reportFile
    ? (JSON.parse(await readFile(options.reportFile, 'utf8')) as BenchResults)
    : await runSuite(options, (line) => process.stderr.write(`bench: ${line}\n`));
  process.stdout.write(`\n${renderReport(results, 'text')}\n`);

  if (!options.reportFile) {
    const jsonFile =
      options.jsonFile ??
      join(RESULTS_DIR, `${results.machine.date.replaceAll(':', '-')}-${options.mode}.json`);
    await mkdir(dirname(jsonFile), { recursive: true });
    await writeFile(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
    process.stderr.write(`bench: results written to ${jsonFile}\n`);
  }
  if (options.markdownFile) {
    await writeFile(options.markdownFile, `${renderReport(results, 'markdown')}\n`);
    process.stderr.write(`bench: report written to ${options.markdownFile}\n`);
  }
  return runsSucceeded(results) ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof UsageError || error instanceof SetupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);

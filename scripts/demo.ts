/**
 * The first thing a new user runs: starts the emulator with the demo scenario, runs the bundled action
 * against it exactly as the GitHub runner would on a pull request, and prints what GitHub would show.
 */
import { startEmulator } from '../emulator/index.ts';
import { pullRequestEvent } from '../test/fixtures/events.ts';
import { runAction, type ActionRunResult } from './action-runner.ts';

const bold = (s: string): string => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const rule = (title: string): string => `\n${bold(`── ${title} `.padEnd(100, '─'))}\n`;

const emulator = await startEmulator({ port: 0, scenario: 'demo' });
try {
  const inputs = {
    'api-url': emulator.baseUrl,
    'api-key': emulator.apiKey,
    remediate: 'true',
    'ai-analysis': 'true',
    frameworks: 'owasp-top-10, pci-dss-4',
    'poll-interval': '0.1',
  };
  console.log(bold('svc-scan-action demo'));
  console.log(`The emulator of the service listens on ${emulator.baseUrl} (scenario: demo).`);
  console.log('Running dist/index.js as the runner does, for a pull request on octo-org/webapp, with:');
  for (const [name, value] of Object.entries(inputs)) {
    console.log(`  ${name}: ${name === 'api-key' ? '***' : value}`);
  }
  const result = await runAction({
    inputs,
    event: pullRequestEvent({
      repository: 'octo-org/webapp',
      headSha: '3f9c2e1b7a4d5c6e8f0a1b2c3d4e5f60718293a4',
    }),
  });
  printRun(result);
} finally {
  await emulator.stop();
}

function printRun(result: ActionRunResult): void {
  console.log(rule('Step log'));
  console.log(renderLog(result.stdout));
  console.log(rule(`Annotations (${result.annotations.length}), shown on the pull request's changed lines`));
  for (const { level, properties, message } of result.annotations) {
    const [first = '', details = ''] = message.split('\n');
    if (properties.file === undefined) {
      console.log(`${level.toUpperCase().padEnd(8)}${'(the step’s result)'.padEnd(40)}${first}`);
      continue;
    }
    console.log(
      `${level.toUpperCase().padEnd(8)}${`${properties.file}:${properties.line ?? ''}`.padEnd(40)}${properties.title ?? first}`,
    );
    if (details) console.log(`${''.padEnd(48)}${details}`);
  }
  console.log(rule('Job summary (markdown)'));
  console.log(result.summary.trim());
  console.log(rule('Outputs'));
  for (const [name, value] of Object.entries(result.outputs)) console.log(`${name.padEnd(20)}${value}`);
  const verdict = result.exitCode === 0 ? 'the step passed' : 'the step failed (the check turns red)';
  console.log(rule(`Exit code ${String(result.exitCode)}: ${verdict}`));
}

/** Shows the log as GitHub's log viewer does: groups folded into headings, commands hidden. */
function renderLog(stdout: string): string {
  const shown: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith('::group::')) shown.push(`▸ ${line.slice('::group::'.length)}`);
    else if (
      line.startsWith('::endgroup::') ||
      line.startsWith('::add-mask::') ||
      line.startsWith('::debug::')
    )
      continue;
    else if (/^::(error|warning|notice)/.test(line)) continue;
    else if (line.length > 0) shown.push(line);
  }
  return shown.join('\n');
}

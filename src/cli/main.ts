#!/usr/bin/env node
import { homedir } from 'node:os';
import { watchTermination } from '../run/signals.ts';
import { toleratingClosedReader } from './closed-output.ts';
import { EXIT } from './exit-codes.ts';
import { isSupportedNode, unsupportedNodeMessage } from './node-version.ts';

// On an older Node the HTTP client crashes as it loads, so the version is checked before the rest is loaded
// (eagerly bundled into this one file, but evaluated only here).
if (!isSupportedNode(process.versions.node)) {
  process.stderr.write(`${unsupportedNodeMessage(process.versions.node, process.argv.slice(2))}\n`);
  process.exit(EXIT.config);
}
const { runCli } = await import(/* webpackMode: "eager" */ './cli.ts');

// Ctrl-C aborts the command (a scan it started is cancelled on the service); a second one exits at once.
const termination = watchTermination(process);
try {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    homeDir: homedir(),
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: toleratingClosedReader(process.stdout),
    stderr: toleratingClosedReader(process.stderr),
    signal: termination.signal,
    now: () => performance.timeOrigin + performance.now(),
  });
} finally {
  termination.dispose();
}

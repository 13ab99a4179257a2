#!/usr/bin/env node
import { homedir } from 'node:os';
import { watchTermination } from '../action/signals.ts';
import { runCli } from './cli.ts';

// Ctrl-C aborts the command (a scan it started is cancelled on the service); a second one exits at once.
const termination = watchTermination(process);
try {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    homeDir: homedir(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    signal: termination.signal,
    now: () => performance.now(),
  });
} finally {
  termination.dispose();
}

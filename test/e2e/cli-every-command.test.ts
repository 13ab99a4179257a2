import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { Writer } from '../../src/cli/cli-io.ts';
import { buildProgram } from '../../src/cli/program.ts';
import { runSvc, temporaryHome, type SvcResult } from './cli-support.ts';
import { KEYS, useEmulator } from './support.ts';

/**
 * Every command of svc with its reader gone (`svc … | head -1`): the command ends quietly, with the exit code it
 * would have had, never with Node's "write EPIPE" stack trace and exit 1 (which means "the gate failed").
 */
const emulator = useEmulator();
const SCAN = 'scan_e2e_vulnerable';

function leafCommands(command: Command, prefix: string[] = []): string[] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return sub.commands.length === 0 ? [path.join(' ')] : leafCommands(sub, path);
  });
}

/** A whole set of one shard's roll-up, every repository passed: `fleet merge` exits 0 with it. */
const ONE_SHARD_ROLLUP = join(mkdtempSync(join(tmpdir(), 'svc-fleet-')), 'rollup-1.json');
writeFileSync(
  ONE_SHARD_ROLLUP,
  JSON.stringify({
    shard: '1/1',
    repositories: [],
    fail_on: 'high',
    stopped_by: null,
    selected: [],
    missing_shards: [],
  }),
);

const sink = new Writer({ write: () => undefined }, new Set());
const COMMAND_NAMES = leafCommands(buildProgram({ out: sink, err: sink, invoke: () => Promise.resolve() }));

function svc(args: string[], options: { key?: string; closeStdout?: boolean; stdin?: string } = {}) {
  return runSvc(args, {
    home: temporaryHome(),
    env: { SVC_API_URL: emulator.current.baseUrl, SVC_API_KEY: options.key ?? KEYS.member },
    ...(options.closeStdout ? { closeStdout: true } : {}),
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
  });
}

async function idFrom(args: string[], key?: string): Promise<string> {
  const result = await svc([...args, '--json'], key === undefined ? {} : { key });
  const parsed = JSON.parse(result.stdout) as { id: string } | { id: string }[];
  return Array.isArray(parsed) ? parsed[0]!.id : parsed.id;
}

/** Each command line, with the key it needs and what it takes on stdin; ids are made first where needed. */
const LINES: Record<string, () => Promise<{ args: string[]; key?: string; stdin?: string }>> = {
  login: () =>
    Promise.resolve({
      args: ['login', '--with-token', '--api-url', emulator.current.baseUrl],
      stdin: KEYS.member,
    }),
  logout: () => Promise.resolve({ args: ['logout'] }),
  'config path': () => Promise.resolve({ args: ['config', 'path'] }),
  'config get': () => Promise.resolve({ args: ['config', 'get'] }),
  'config set': () => Promise.resolve({ args: ['config', 'set', 'base_url', emulator.current.baseUrl] }),
  whoami: () => Promise.resolve({ args: ['whoami'] }),
  'keys create': () => Promise.resolve({ args: ['keys', 'create', 'piped'], key: KEYS.admin }),
  'keys list': () => Promise.resolve({ args: ['keys', 'list'], key: KEYS.admin }),
  'keys revoke': async () => ({
    args: ['keys', 'revoke', await idFrom(['keys', 'create', 'to-revoke'], KEYS.admin)],
    key: KEYS.admin,
  }),
  'repos list': () => Promise.resolve({ args: ['repos', 'list'] }),
  scan: () =>
    Promise.resolve({
      args: ['scan', 'acme/clean-service', '--poll-interval', '0.1', '--wait-timeout', '30'],
    }),
  'scans list': () => Promise.resolve({ args: ['scans', 'list'] }),
  'scans view': () => Promise.resolve({ args: ['scans', 'view', SCAN] }),
  'scans cancel': () => Promise.resolve({ args: ['scans', 'cancel', SCAN] }),
  'findings list': () => Promise.resolve({ args: ['findings', 'list', '--scan', SCAN] }),
  'findings view': async () => ({
    args: ['findings', 'view', await idFrom(['findings', 'list', '--scan', SCAN])],
  }),
  remediate: async () => ({ args: ['remediate', await idFrom(['findings', 'list', '--scan', SCAN])] }),
  'remediations view': async () => ({
    args: [
      'remediations',
      'view',
      await idFrom(['remediate', await idFrom(['findings', 'list', '--scan', SCAN])]),
    ],
  }),
  'ai-analysis start': () => Promise.resolve({ args: ['ai-analysis', 'start', SCAN] }),
  'ai-analysis view': async () => {
    await svc(['ai-analysis', 'start', SCAN, '--wait']);
    return { args: ['ai-analysis', 'view', SCAN] };
  },
  'ai-analysis patches': async () => {
    await svc(['ai-analysis', 'start', SCAN, '--wait']);
    return { args: ['ai-analysis', 'patches', SCAN] };
  },
  'compliance overview': () => Promise.resolve({ args: ['compliance', 'overview'] }),
  'compliance view': () => Promise.resolve({ args: ['compliance', 'view', 'owasp-top-10'] }),
  'ai-security': () => Promise.resolve({ args: ['ai-security'] }),
  usage: () => Promise.resolve({ args: ['usage'] }),
  'audit-logs': () => Promise.resolve({ args: ['audit-logs'], key: KEYS.admin }),
  completion: () => Promise.resolve({ args: ['completion', 'bash'] }),
  'fleet scan': () =>
    Promise.resolve({
      args: [
        'fleet',
        'scan',
        '--repositories',
        'acme/clean-service',
        '--poll-interval',
        '0.1',
        '--wait-timeout',
        '30',
      ],
    }),
  'fleet plan': () => Promise.resolve({ args: ['fleet', 'plan', '--shards', '4'] }),
  'fleet merge': () => Promise.resolve({ args: ['fleet', 'merge', ONE_SHARD_ROLLUP] }),
};

function expectQuietEnd(result: SvcResult): void {
  expect(result.stderr).not.toContain('EPIPE');
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.signal).toBeNull();
  expect(result.exitCode, result.stderr).toBe(0);
}

describe('a closed stdout', () => {
  it('is tried on every command svc has', () => {
    expect(Object.keys(LINES).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it.each(COMMAND_NAMES)('ends svc %s quietly with the exit code it would have had', async (name) => {
    expect(LINES, `svc ${name} needs its line in LINES of test/e2e/cli-every-command.test.ts`).toHaveProperty(
      [name],
    );
    const line = await LINES[name]!();
    const result = await svc(line.args, {
      closeStdout: true,
      ...(line.key === undefined ? {} : { key: line.key }),
      ...(line.stdin === undefined ? {} : { stdin: line.stdin }),
    });
    expectQuietEnd(result);
  });

  it('keeps the exit code of a failed gate and of help', async () => {
    const failed = await svc(
      ['scan', 'acme/vulnerable-app', '--poll-interval', '0.1', '--wait-timeout', '30'],
      {
        closeStdout: true,
      },
    );
    expect(failed.exitCode).toBe(1);
    expectQuietEnd(await svc(['help'], { closeStdout: true }));
    expectQuietEnd(await svc(['--help'], { closeStdout: true }));
  });
});

import { execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { fleetWorkload } from '../../bench/fleet-workload.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { NODE_BINARY, PROJECT_ROOT } from '../../scripts/action-runner.ts';
import type { FleetRollUp, RepositoryOutcome } from '../../src/fleet/rollup.ts';
import { yamlBlocks } from '../support/documented-yaml.ts';
import { installPackedSvc } from '../support/packed-package.ts';
import { runMainAgainst } from '../support/in-process-action.ts';
import { validRollUp } from '../support/rollup-schema.ts';

/**
 * The Kubernetes Indexed Job and the GitLab `parallel:` job of docs/fleet.md, run as far as this machine allows:
 * each parsed, its command run as written by a shell once per index, with the environment the engine would set
 * (`JOB_COMPLETION_INDEX`; `CI_NODE_INDEX` and `CI_NODE_TOTAL`), against the emulator; the shards' roll-ups merged
 * as the recipe says, and the merged roll-up the same as one unsharded run's. `svc` is the npm package packed from
 * this tree (into a temporary folder) and installed from that tarball, offline, with `npm install -g` into a prefix
 * of its own: the `svc` of the image and of `npm install -g svc-scan-action`. (Installed once rather than run with
 * `npx --package <tgz>` on every line: npx's own start adds about a second to each of the recipes' commands.)
 */

const FLEET_SIZE = 12;
const blocks = yamlBlocks('docs/fleet.md').map((block) => parse(block.text) as Record<string, unknown>);
const fleetPage = readFileSync(join(PROJECT_ROOT, 'docs/fleet.md'), 'utf8');

let emulator: Emulator;
let svcPath: string;
beforeAll(async () => {
  // Scans of 5 to 15 service minutes, over within milliseconds of real time.
  emulator = await startEmulator({
    scenario: fleetWorkload(FLEET_SIZE).scenario,
    timeScale: 0.000_01,
    log: () => undefined,
  });
  svcPath = installPackedSvc();
}, 60_000);
afterAll(async () => {
  await emulator.close();
});

interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What the engine gives a recipe's command: svc on PATH, the service (the emulator), and its own variables. */
function engineEnv(cwd: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    // svc, then the project's Node 24 that runs the package's bin.
    PATH: `${svcPath}:${dirname(NODE_BINARY)}:${process.env.PATH ?? ''}`,
    HOME: cwd,
    SVC_API_URL: emulator.baseUrl,
    SVC_API_KEY: emulator.apiKey,
    ...env,
  };
}

/** A recipe's command, by a shell as the engine runs it, in `cwd`, with only the engine's and the service's env. */
function shell(script: string, cwd: string, env: Record<string, string>): Promise<ShellResult> {
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', script],
      {
        cwd,
        env: engineEnv(cwd, env),
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** What a user compares between two nights: per repository, its status, gate and findings (not the scan ids). */
function judged(
  rollUp: FleetRollUp,
): Pick<RepositoryOutcome, 'repository' | 'status' | 'gate' | 'findings'>[] {
  return rollUp.repositories
    .map(({ repository, status, gate, findings }) => ({ repository, status, gate, findings }))
    .sort((a, b) => a.repository.localeCompare(b.repository));
}

async function unshardedRun(): Promise<FleetRollUp> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-fleet-whole-'));
  const run = await shell(
    'svc fleet scan --repositories all --fail-on critical --output whole.json',
    folder,
    {},
  );
  expect(run.stderr).not.toMatch(/Error/);
  return validRollUp(readFileSync(join(folder, 'whole.json'), 'utf8'));
}

/** The recipe's command, killed (SIGKILL, as a node is lost) once `ready` says it has started a scan. */
async function killedOnce(
  script: string,
  cwd: string,
  env: Record<string, string>,
  ready: () => boolean,
): Promise<void> {
  const child = spawn('/bin/sh', ['-c', script], {
    cwd,
    detached: true,
    stdio: 'ignore',
    env: engineEnv(cwd, env),
  });
  const closed = new Promise((resolve) => child.on('close', resolve));
  await vi.waitFor(
    () => {
      expect(ready()).toBe(true);
    },
    { timeout: 60_000, interval: 5 },
  );
  process.kill(-(child.pid ?? 0), 'SIGKILL');
  await closed;
}

function readRollUp(path: string): FleetRollUp {
  return validRollUp(readFileSync(path, 'utf8'));
}

/** A Job's one container, as the recipe writes it. */
interface Container {
  name: string;
  command: string[];
  args: string[];
  env: { name: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[];
  volumeMounts: { mountPath: string }[];
}

interface KubernetesJob {
  metadata: { name: string };
  spec: {
    completionMode?: string;
    completions?: number;
    parallelism?: number;
    podFailurePolicy?: { rules: Record<string, unknown>[] };
    template: { spec: { securityContext?: { fsGroup?: number }; containers: Container[] } };
  };
}

/** A container's command line as Kubernetes starts it: `$(NAME)` expanded from `env`, each argument quoted for sh. */
function podCommand(container: Container, state: string, env: Record<string, string>): string {
  const expand = (arg: string): string =>
    arg.replace(/\$\(([A-Z_]+)\)/g, (whole, name: string) => env[name] ?? whole).replaceAll('/state', state);
  return [...container.command, ...container.args].map((arg) => `'${expand(arg)}'`).join(' ');
}

describe('the Kubernetes Indexed Job of docs/fleet.md', () => {
  const jobs = blocks.filter((block) => block.kind === 'Job') as unknown as KubernetesJob[];
  const job = jobs.find((one) => one.metadata.name === 'svc-fleet-nightly') as KubernetesJob;
  const mergeJob = jobs.find((one) => one.metadata.name.startsWith('svc-fleet-merge-')) as KubernetesJob;
  const container = job.spec.template.spec.containers[0]!;
  const completions = job.spec.completions ?? 0;
  const waitScript = /```sh\n(#!\/bin\/sh\n[\s\S]*?)```/.exec(fleetPage)?.[1] ?? '';

  it('is an Indexed Job of svc, its shard from the index, its run id the Job uid, its verdicts never retried', () => {
    expect(job.spec.completionMode).toBe('Indexed');
    expect(job.spec.parallelism).toBe(completions);
    expect(container.command).toEqual(['svc']);
    expect(container.args).toEqual(
      expect.arrayContaining(['--shard=auto', `--shards=${completions}`, '--run-id=$(JOB_UID)']),
    );
    const uid = container.env.find((variable) => variable.name === 'JOB_UID');
    expect(uid?.valueFrom?.fieldRef?.fieldPath).toBe("metadata.labels['batch.kubernetes.io/controller-uid']");
    expect(container.env.map((variable) => variable.name)).toEqual(['SVC_API_URL', 'SVC_API_KEY', 'JOB_UID']);
    expect(container.volumeMounts.map((mount) => mount.mountPath)).toEqual(['/state']);
    expect(job.spec.template.spec.securityContext?.fsGroup).toBeGreaterThan(0);
    expect(job.spec.podFailurePolicy?.rules).toEqual([
      {
        action: 'FailIndex',
        onExitCodes: { containerName: container.name, operator: 'In', values: [1, 2, 3, 4] },
      },
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] },
    ]);
  });

  it('merges whether the Job ended Complete or Failed, with --verify and --allow-missing, under its uid', () => {
    expect(waitScript).toContain("grep -qwE 'Complete|Failed'");
    expect(waitScript).toContain("-o jsonpath='{.metadata.uid}'");
    expect(mergeJob.spec.template.spec.containers[0]?.args).toEqual(
      expect.arrayContaining(['merge', '--verify', '--allow-missing', '--dir=/state/RUN_UID']),
    );
  });

  /** The night's pods, one per index, as Kubernetes runs them on the volume `state`; then the merge Job. */
  async function night(
    state: string,
    uid: string,
    indexes = [...Array(completions).keys()],
  ): Promise<ShellResult> {
    for (const index of indexes) {
      const env = { JOB_UID: uid, JOB_COMPLETION_INDEX: `${index}` };
      const pod = await shell(podCommand(container, state, env), state, env);
      expect([0, 1, 4], pod.stderr).toContain(pod.code);
    }
    const merger = mergeJob.spec.template.spec.containers[0]!;
    const named = { ...merger, args: merger.args.map((arg) => arg.replaceAll('RUN_UID', uid)) };
    return await shell(podCommand(named, state, {}), state, {});
  }

  it('scans every repository once over its pods, and merges to the roll-up of one unsharded run', async () => {
    const state = mkdtempSync(join(tmpdir(), 'svc-fleet-state-'));
    const before = emulator.stats().scans_created;
    const merged = await night(state, 'job-uid-1');
    expect(emulator.stats().scans_created - before).toBe(FLEET_SIZE);
    expect([0, 1], merged.stderr).toContain(merged.code);
    const rollUp = readRollUp(join(state, 'job-uid-1', 'roll-up.json'));
    expect(rollUp).toMatchObject({ run_id: 'job-uid-1', verified: true });
    expect(rollUp.repositories).toHaveLength(FLEET_SIZE);
    expect(judged(rollUp)).toEqual(judged(await unshardedRun()));
  });

  it("never takes last night's roll-up for tonight's: a missing index is reported, its repositories not judged", async () => {
    const state = mkdtempSync(join(tmpdir(), 'svc-fleet-nights-'));
    await night(state, 'job-uid-last-night');
    const merged = await night(state, 'job-uid-tonight', [0, 2, 3]);
    expect([1, 4], merged.stderr).toContain(merged.code);
    const rollUp = readRollUp(join(state, 'job-uid-tonight', 'roll-up.json'));
    expect(rollUp.missing_shards).toEqual([`2/${completions}`]);
    const missing = rollUp.repositories.filter((entry) => entry.error?.includes('is missing'));
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((entry) => entry.gate === null)).toBe(true);
  });

  it('a pod killed mid-run and run again for its index takes over its scans and starts none twice', async () => {
    const state = mkdtempSync(join(tmpdir(), 'svc-fleet-rerun-'));
    const env = { JOB_UID: 'job-uid-2', JOB_COMPLETION_INDEX: '0' };
    const command = podCommand(container, state, env);
    const ledger = join(state, 'job-uid-2', 'ledger-0.jsonl');
    const before = emulator.stats().scans_created;
    // Slow service time down, so the first try is killed with scans in flight.
    emulator.setTimeScale(0.001);
    try {
      await killedOnce(command, state, env, () =>
        existsSync(ledger) ? readFileSync(ledger, 'utf8').includes('"started"') : false,
      );
    } finally {
      emulator.setTimeScale(0.000_01);
    }
    expect(readFileSync(ledger, 'utf8')).not.toContain('"finished"');
    const again = await shell(command, state, env);
    expect([0, 1, 4], again.stderr).toContain(again.code);
    const rollUp = readRollUp(join(state, 'job-uid-2', 'roll-up-0.json'));
    expect(rollUp.totals.not_judged).toBe(0);
    expect(emulator.stats().scans_created - before).toBe(rollUp.totals.repositories);
  });

  it('its wait script, given a Job that ended Failed, applies the merge under the uid and exits as the merge', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-fleet-kubectl-'));
    const applied = join(folder, 'applied.yaml');
    writeFileSync(join(folder, 'svc-fleet-merge.yaml'), 'metadata:\n  name: svc-fleet-merge-RUN_UID\n');
    const kubectl = join(folder, 'kubectl');
    writeFileSync(
      kubectl,
      [
        '#!/bin/sh',
        'case "$*" in',
        "  *metadata.uid*) echo 'job-uid-3' ;;",
        `  apply*) cat > '${applied}' ;;`,
        "  *get\\ job\\ svc-fleet-nightly*) echo 'FailureTarget Failed' ;;",
        "  *get\\ job\\ svc-fleet-merge-*) echo 'Complete' ;;",
        "  logs*) echo 'the roll-up' ;;",
        '  *exitCode*) echo 1 ;;',
        'esac',
      ].join('\n'),
    );
    chmodSync(kubectl, 0o755);
    const run = await shell(waitScript, folder, { PATH: `${folder}:${process.env.PATH ?? ''}` });
    expect(readFileSync(applied, 'utf8')).toContain('name: svc-fleet-merge-job-uid-3');
    expect(run.stdout).toContain('the roll-up');
    expect(run.code).toBe(1);
  });
});

describe('the GitLab parallel job of docs/fleet.md', () => {
  const pipeline = blocks.find((block) => 'svc-fleet' in block) as Record<
    string,
    {
      image: { name: string; entrypoint: string[] };
      parallel?: number;
      script: string[];
      cache?: { key: string; when: string };
      artifacts: { when: string; paths: string[] };
      needs?: string[];
    }
  >;
  const scan = pipeline['svc-fleet']!;
  const merge = pipeline['svc-fleet-merge']!;

  it('runs the image the release pushes, by its tag, with the script given to the shell', () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const job of [scan, merge])
      expect(job.image).toEqual({ name: `ghcr.io/svc-scan/svc-scan-action:${version}`, entrypoint: [''] });
  });

  it('keeps each copy’s ledger in the cache under its index, saved when a job fails, and hands the roll-ups on', () => {
    expect(scan.parallel).toBeGreaterThan(1);
    expect(scan.script.join('\n')).toContain('--shard auto');
    expect(scan.cache).toMatchObject({ when: 'always' });
    expect(scan.cache?.key).toContain('$CI_NODE_INDEX');
    expect(scan.artifacts.when).toBe('always');
    expect(merge.needs).toEqual(['svc-fleet']);
  });

  it('scans every repository once over its copies, and merges to the roll-up of one unsharded run', async () => {
    const project = mkdtempSync(join(tmpdir(), 'svc-fleet-gitlab-'));
    mkdirSync(join(project, 'roll-ups'), { recursive: true });
    const total = scan.parallel ?? 1;
    const before = emulator.stats().scans_created;
    for (let index = 1; index <= total; index += 1) {
      const copy = await shell(scan.script.join('\n'), project, {
        CI_NODE_INDEX: String(index),
        CI_NODE_TOTAL: String(total),
      });
      expect([0, 1, 4], copy.stderr).toContain(copy.code);
    }
    expect(emulator.stats().scans_created - before).toBe(FLEET_SIZE);
    const merged = await shell(merge.script.join('\n'), project, {});
    expect([0, 1], merged.stderr).toContain(merged.code);
    expect(judged(readRollUp(join(project, 'roll-up.json')))).toEqual(judged(await unshardedRun()));
    expect(readFileSync(join(project, 'roll-up.md'), 'utf8')).toContain('fleet-bench/service-');
  });
});

describe('the sharded Actions workflow of docs/fleet.md', () => {
  interface Step {
    id?: string;
    uses?: string;
    run?: string;
    with?: Record<string, string | number | boolean>;
  }
  const workflow = blocks.find((block) => {
    const jobs = block.jobs as Record<string, unknown> | undefined;
    return jobs !== undefined && 'plan' in jobs && 'merge' in jobs;
  }) as { jobs: Record<string, { steps: Step[] }> };
  const svcOf = (run: string): string => run.replaceAll('node svc-scan-action/dist/cli.js', 'svc');

  it('plans a matrix of shards, scans each with the action, and merges to the roll-up of one unsharded run', async () => {
    const planRun = workflow.jobs.plan!.steps.find((step) => step.id === 'plan')?.run ?? '';
    const plan = /\$\((.+?)\)/.exec(svcOf(planRun))?.[1] ?? '';
    const planned = await shell(plan, tmpdir(), {});
    const matrix = JSON.parse(planned.stdout) as { include: { shard: string }[] };
    expect(matrix.include.length).toBeGreaterThan(1);
    const scanStep = workflow.jobs.scan!.steps.find((step) => step.id === 'fleet')!;
    const project = mkdtempSync(join(tmpdir(), 'svc-fleet-merge-'));
    const artifacts = join(project, 'roll-ups');
    mkdirSync(artifacts);
    const before = emulator.stats().scans_created;
    for (const { shard } of matrix.include) {
      const runnerTemp = mkdtempSync(join(tmpdir(), 'svc-fleet-runner-'));
      const inputs = Object.fromEntries(
        Object.entries(scanStep.with ?? {}).map(([name, value]) => [
          name,
          String(value).replaceAll('${{ runner.temp }}', runnerTemp),
        ]),
      );
      const run = await runMainAgainst(
        emulator,
        { ...inputs, 'api-url': emulator.baseUrl, 'api-key': emulator.apiKey, shard },
        { env: { RUNNER_TEMP: runnerTemp, GITHUB_EVENT_NAME: 'schedule' } },
      );
      expect(run.toolkit.state['fleet-ledger']).toBe(join(runnerTemp, 'svc-fleet-ledger.jsonl'));
      // download-artifact's merge-multiple: every shard's file side by side in one folder.
      const report = run.toolkit.outputs['fleet-report'] ?? '';
      copyFileSync(report, join(artifacts, basename(report)));
    }
    expect(emulator.stats().scans_created - before).toBe(FLEET_SIZE);
    const mergeRun = workflow.jobs.merge!.steps.find((step) => step.run?.includes('fleet merge'))?.run ?? '';
    const merged = await shell(svcOf(mergeRun), project, {});
    expect([0, 1], merged.stderr).toContain(merged.code);
    expect(judged(readRollUp(join(project, 'roll-up.json')))).toEqual(judged(await unshardedRun()));
  });
});

import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { INPUTS, parseActionSettings, readInputRecord } from '../../../src/action/action-settings.ts';
import { fleetStepSettings } from '../../../src/action/fleet-settings.ts';
import { Writer } from '../../../src/cli/cli-io.ts';
import { addFleetCommand } from '../../../src/cli/commands/fleet.ts';
import { UsageError } from '../../../src/cli/exit-codes.ts';
import { fleetScanOptions, type FleetScanFlags } from '../../../src/cli/fleet/fleet-flags.ts';
import {
  FLEET_MANIFEST,
  FLEET_WAIT_TIMEOUT_SECONDS,
  fleetOptionsOf,
  type FleetOption,
} from '../../../src/fleet/fleet-manifest.ts';
import type { FleetOptions } from '../../../src/fleet/fleet-options.ts';
import { flagOf } from '../../../src/run/input-descriptor.ts';
import { InputError, NO_ORIGIN, type RunOrigin } from '../../../src/run/settings.ts';

/**
 * The action's fleet mode and `svc fleet scan` take one set of defaults and bounds: each option of the fleet,
 * probed through both faces with the same values, gives the same options or is refused by both.
 */

const ORIGIN: RunOrigin = { ...NO_ORIGIN, repository: 'acme/app', ref: 'c'.repeat(40) };
const ENV = { GITHUB_REPOSITORY: 'acme/app', RUNNER_TEMP: '/runner/temp' };
const silent = new Writer({ write: () => true }, new Set());

/** svc's program with its fleet commands, whose body only keeps the flags commander parsed. */
function svcProgram(): { program: Command; flags: () => FleetScanFlags } {
  const program = new Command()
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  let parsed: FleetScanFlags = {};
  addFleetCommand(program, {
    out: silent,
    err: silent,
    invoke: (command) => {
      parsed = command.opts<FleetScanFlags>();
      return Promise.resolve();
    },
  });
  return { program, flags: () => parsed };
}

/** svc's options from its command line (commander's parse, then svc's). */
function svcOptions(args: readonly string[]): FleetOptions {
  const { program, flags } = svcProgram();
  program.parse(['fleet', 'scan', ...args], { from: 'user' });
  return fleetScanOptions(flags(), ENV);
}

/** `svc fleet scan --help`'s text, on one line. */
function svcHelp(): string {
  const scan = svcProgram()
    .program.commands.find((command) => command.name() === 'fleet')
    ?.commands.find((command) => command.name() === 'scan');
  return (scan?.helpInformation() ?? '').replace(/\s+/g, ' ');
}

/** The action's options in fleet mode from its inputs, as the runner gives them ('' where none is set). */
function actionOptions(given: Readonly<Record<string, string>>): FleetOptions {
  const record = readInputRecord((name) => given[name] ?? '');
  return fleetStepSettings(record, ORIGIN, ENV).options;
}

type Outcome = { refused: true } | { options: Partial<FleetOptions> };

/**
 * What a face made of a probe: its options (less what only a face decides: the run's name and id, and the
 * ledger's place when none is given), or a refusal naming the option.
 */
function outcomeOf(read: () => FleetOptions, names: string, ledgerGiven: boolean): Outcome {
  try {
    const { ledgerRun: _run, runId: _id, ledgerPath, ...options } = read();
    return { options: ledgerGiven ? { ...options, ledgerPath } : options };
  } catch (error) {
    if (!(error instanceof InputError || error instanceof UsageError || error instanceof CommanderError))
      throw error;
    expect(error.message).toContain(names);
    return { refused: true };
  }
}

/** A switch of svc (`--upload-sarif`, `--no-upload-sarif`): it takes no value, the action's input true or false. */
function isSwitch(option: FleetOption<unknown>): boolean {
  return option.cli !== undefined && option.cli.value === undefined;
}

/** The values each option is probed with: none, a few of every kind, and its bounds and just past them. */
function probes(option: FleetOption<unknown>): (string | undefined)[] {
  if (isSwitch(option)) return [undefined, 'true', 'false'];
  const bounds = option.bounds;
  const edges =
    bounds === undefined ? [] : [bounds.min, bounds.max, bounds.min - 1, bounds.max + 1].map(String);
  return [undefined, 'x', '7', '0.5', '2/3', 'acme/app', 'all', 'none', 'critical', ...edges];
}

const ACTION_OPTIONS = fleetOptionsOf('action');

describe("the fleet's options in the action and in svc fleet scan", () => {
  it.each(ACTION_OPTIONS.map((option) => [option.name, option] as const))(
    '%s: the same default and bounds in both faces',
    (name, option) => {
      for (const value of probes(option)) {
        const selection = name === 'repositories' ? (value ?? 'all') : 'all';
        const given = value === undefined || name === 'repositories' ? {} : { [name]: value };
        const ledgerGiven = option === FLEET_MANIFEST.ledgerPath && value !== undefined;
        const action = outcomeOf(
          () => actionOptions({ repositories: selection, ...given }),
          `'${name}'`,
          ledgerGiven,
        );
        const flags = Object.entries({ repositories: selection, ...given }).flatMap(([input, text]) => {
          const flagged = ACTION_OPTIONS.find((candidate) => candidate.name === input) ?? option;
          if (!isSwitch(flagged)) return [flagOf(flagged), text];
          return [text === 'true' ? flagOf(flagged) : `--no-${flagOf(flagged).slice(2)}`];
        });
        const svc = outcomeOf(() => svcOptions(flags), flagOf(option), ledgerGiven);
        expect(svc, `${name}: ${value ?? '(not given)'}`).toEqual(action);
      }
    },
  );

  it('bounds a fleet by 19,800 s in both faces, and one scan by 600 s', () => {
    expect(FLEET_WAIT_TIMEOUT_SECONDS).toBe(19_800);
    expect(actionOptions({ repositories: 'all' }).waitTimeoutSeconds).toBe(19_800);
    expect(svcOptions([]).waitTimeoutSeconds).toBe(19_800);
    expect(parseActionSettings(() => '', ORIGIN).waitTimeoutSeconds).toBe(600);
    // A deadline the workflow sets is the fleet's, whatever the default.
    expect(actionOptions({ repositories: 'all', 'wait-timeout': '600' }).waitTimeoutSeconds).toBe(600);
  });

  it("declares each option once: an input of the action (the run's or the fleet's), a flag of svc with its default", () => {
    const inputs = INPUTS.map((input) => input.name);
    for (const option of ACTION_OPTIONS)
      expect(inputs.filter((name) => name === option.name)).toHaveLength(1);
    const help = svcHelp();
    for (const option of fleetOptionsOf('svc'))
      expect(help).toContain(`${flagOf(option)} ${option.cli.value ?? ''}`.trim());
    const defaults = fleetOptionsOf('svc')
      .map((option) => option.cli.default ?? option.default)
      .filter((shown) => shown !== '');
    for (const shown of defaults) expect(help).toContain(`(default: ${shown})`);
    expect(help).toContain('--wait-timeout <seconds> bound the whole fleet');
    expect(help).toContain('(default: 19800)');
  });
});

describe("the fleet's GitHub credentials in both faces", () => {
  const APP_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----';

  it('reads repository policies by default when an App is given, and not without one', () => {
    const app = { repositories: 'all', 'github-app-id': '42', 'github-app-private-key': APP_KEY };
    expect(actionOptions(app).repositoryPolicy).toBe(true);
    expect(actionOptions({ ...app, 'repository-policy': 'off' }).repositoryPolicy).toBe(false);
    expect(actionOptions({ repositories: 'all' }).repositoryPolicy).toBe(false);
    const svcApp = ['--github-app-id', '42', '--github-app-private-key-file', '/app.pem'];
    expect(svcOptions(svcApp).repositoryPolicy).toBe(true);
    expect(svcOptions([...svcApp, '--repository-policy', 'off']).repositoryPolicy).toBe(false);
    expect(svcOptions(['--github-token', 'ghs_minted']).repositoryPolicy).toBe(true);
    expect(svcOptions([]).repositoryPolicy).toBe(false);
  });

  it('refuses an App id without its key, and repository-policy on without credentials, in both faces', () => {
    const refusal = (read: () => FleetOptions): string => {
      try {
        read();
        return '';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    expect(refusal(() => actionOptions({ repositories: 'all', 'github-app-id': '42' }))).toContain(
      "Input 'github-app-private-key' is invalid",
    );
    expect(refusal(() => svcOptions(['--github-app-id', '42']))).toContain(
      "--github-app-id needs the App's private key",
    );
    expect(refusal(() => actionOptions({ repositories: 'all', 'repository-policy': 'on' }))).toContain(
      "Input 'repository-policy' is invalid: got 'on'",
    );
    expect(refusal(() => svcOptions(['--repository-policy', 'on']))).toContain(
      '--repository-policy on reads',
    );
  });

  it("takes the App's key as an input of the action alone: svc reads it from a file or a variable", () => {
    expect(ACTION_OPTIONS).toContain(FLEET_MANIFEST.githubAppPrivateKey);
    expect(fleetOptionsOf('svc')).not.toContain(FLEET_MANIFEST.githubAppPrivateKey);
    expect(svcHelp()).not.toContain('--github-app-private-key ');
    expect(svcHelp()).toContain('--github-app-private-key-file <pem>');
    expect(ACTION_OPTIONS.map((option) => option.name)).not.toContain('github-token');
  });
});

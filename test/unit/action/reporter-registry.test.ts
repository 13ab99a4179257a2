import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INPUTS, INPUT_DEFAULTS } from '../../../src/action/action-settings.ts';
import { FLEET_OUTPUTS, fleetDefaultOf } from '../../../src/action/fleet-inputs.ts';
import { FEATURE_MANIFESTS } from '../../../src/action/reporters/registry.ts';
import { CHECK_RUN_DELIVERED } from '../../../src/report/check-run-delivery.ts';
import {
  NOTHING_DELIVERED,
  delivered,
  deliveryKey,
  type DeliveryPart,
  type ReportContext,
  type Reporter,
} from '../../../src/report/reporter.ts';
import { deliver, reportContextOver, type StagedReporter } from '../../../src/action/report-delivery.ts';
import type { RunReport } from '../../../src/domain/run-report.ts';
import { SEVERITIES } from '../../../src/domain/severity.ts';
import { FAIL_ON_VALUES } from '../../../src/run/input-descriptor.ts';
import { LIMITS } from '../../../src/run/settings.ts';
import { EXPRESSION_DEFAULTS, readActionMetadata } from '../../support/action-metadata.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const metadata = readActionMetadata();

describe('the reporters registry', () => {
  it('holds the reporters in the order they write: sinks, then views, then the outputs', () => {
    expect(FEATURE_MANIFESTS.map((d) => `${d.stage} ${d.name}`)).toEqual([
      'sink log',
      'sink check run',
      'sink workflow-command annotations',
      'sink fix suggestions',
      'sink fixed findings threads',
      'sink SARIF file',
      'sink code scanning upload',
      'view pull request comment',
      'view job summary',
      'outputs outputs',
    ]);
  });

  it("imports each feature's reporter lazily, and it plans work before the verdict only where declared", async () => {
    const factories = await Promise.all(FEATURE_MANIFESTS.map((feature) => feature.reporter()));
    expect(factories.map((factory) => typeof factory.create)).toEqual(
      FEATURE_MANIFESTS.map(() => 'function'),
    );
    expect(factories.map((factory) => factory.planBeforeVerdict !== undefined)).toEqual(
      FEATURE_MANIFESTS.map((feature) => feature.beforeVerdict !== undefined),
    );
  });

  it('gives every input one field and one name across all descriptors', () => {
    const names = INPUTS.map((input) => input.name);
    expect(new Set(names).size).toBe(names.length);
    const fields = FEATURE_MANIFESTS.flatMap((d) => Object.keys(d.inputs));
    expect(new Set(fields).size).toBe(fields.length);
  });
});

describe('delivering a report', () => {
  const report: RunReport = {
    outcome: 'passed',
    reason: 'ok',
    scan: undefined,
    scanStatus: undefined,
    results: undefined,
    notes: [],
  };

  /** A reporter that records when it ran and what it saw delivered, and delivers `part`. */
  function recorder(
    name: string,
    calls: string[],
    part?: DeliveryPart,
  ): Reporter & { seen?: ReportContext['delivery'] } {
    const reporter: Reporter & { seen?: ReportContext['delivery'] } = {
      name,
      finish: (_report, context) => {
        calls.push(name);
        reporter.seen = context.delivery;
        return Promise.resolve(part);
      },
    };
    return reporter;
  }

  it('runs the sinks first, then the views, then the outputs, each seeing what those before it delivered', async () => {
    const calls: string[] = [];
    // A sink the registry does not know declares its own key: no shared type changes for it.
    const COMMENT = deliveryKey<string | undefined>('comment', undefined);
    const view = recorder('comment', calls, {
      delivered: [delivered(COMMENT, 'https://c')],
      outputs: { 'comment-url': 'https://c' },
    });
    const sink = recorder('check run', calls, {
      delivered: [delivered(CHECK_RUN_DELIVERED, { id: 7, url: 'https://r' })],
      outputs: { 'check-run-id': '7' },
    });
    const failing: Reporter = { name: 'broken sink', finish: () => Promise.reject(new Error('down')) };
    const upload = recorder('upload', calls);
    const outputs = recorder('outputs', calls);
    const summary = recorder('summary', calls);
    const reporters: StagedReporter[] = [
      { reporter: view, stage: 'view' },
      { reporter: outputs, stage: 'outputs' },
      { reporter: sink, stage: 'sink' },
      { reporter: failing, stage: 'sink' },
      { reporter: summary, stage: 'view' },
      { reporter: upload, stage: 'sink' },
    ];
    const toolkit = new FakeToolkit();
    const context = reportContextOver(toolkit);
    await deliver({ reporters, context, github: undefined }, report);
    expect(calls).toEqual(['check run', 'upload', 'comment', 'summary', 'outputs']);
    // Each sees what those before it delivered, never what comes after; the outputs see all, merged, frozen.
    expect(sink.seen).toBe(NOTHING_DELIVERED);
    expect(sink.seen?.of(CHECK_RUN_DELIVERED)).toBeUndefined();
    expect(upload.seen?.of(CHECK_RUN_DELIVERED)).toEqual({ id: 7, url: 'https://r' });
    expect(view.seen?.of(CHECK_RUN_DELIVERED)).toEqual({ id: 7, url: 'https://r' });
    expect(view.seen?.of(COMMENT)).toBeUndefined();
    expect(summary.seen?.of(COMMENT)).toBe('https://c');
    expect(outputs.seen?.of(CHECK_RUN_DELIVERED)).toMatchObject({ id: 7 });
    expect(outputs.seen?.of(COMMENT)).toBe('https://c');
    expect(outputs.seen?.outputs).toEqual({ 'check-run-id': '7', 'comment-url': 'https://c' });
    expect(Object.isFrozen(outputs.seen)).toBe(true);
    expect(Object.isFrozen(outputs.seen?.outputs)).toBe(true);
    expect(toolkit.annotations).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: expect.stringContaining('Could not write the broken sink: down'),
      }),
    ]);
  });
});

describe('action.yml, the README and the policy schema against the descriptors', () => {
  it('declares each input with the description of its descriptor (then its default)', () => {
    expect(Object.keys(metadata.inputs).sort()).toEqual(INPUTS.map((input) => input.name).sort());
    for (const input of INPUTS) {
      const fleet = fleetDefaultOf(input);
      const inFleet = fleet === undefined ? '' : `; in fleet mode (repositories set), ${fleet}`;
      expect(
        [input.description, `${input.description} Default: ${input.default}${inFleet}.`],
        input.name,
      ).toContain(metadata.inputs[input.name]?.description);
    }
  });

  it('declares each output a descriptor sets, with its description', () => {
    const outputs = {
      ...Object.fromEntries(FEATURE_MANIFESTS.flatMap((d) => Object.entries(d.outputs))),
      ...FLEET_OUTPUTS,
    };
    expect(Object.keys(metadata.outputs).sort()).toEqual(Object.keys(outputs).sort());
    for (const [name, description] of Object.entries(outputs))
      expect(metadata.outputs[name]?.description, name).toBe(description);
  });

  it("lists each input in the README's table with its default and a meaning", () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('\n## Inputs\n'), readme.indexOf('\n## Outputs\n'));
    const rows = new Map(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) =>
          line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        )
        .map((cells) => [cells[0], cells]),
    );
    expect([...rows.keys()].sort()).toEqual(INPUTS.map((input) => `\`${input.name}\``).sort());
    for (const input of INPUTS) {
      const shown = EXPRESSION_DEFAULTS[input.name] ?? (input.default === '' ? "''" : input.default);
      const fleet = fleetDefaultOf(input);
      const inFleet = fleet === undefined ? '' : `; fleet mode: \`${fleet}\``;
      expect(rows.get(`\`${input.name}\``)?.[1], input.name).toBe(`\`${shown}\`${inFleet}`);
      expect(rows.get(`\`${input.name}\``)?.[2], input.name).not.toBe('');
    }
  });

  const schema = JSON.parse(readFileSync(`${root}svc-scan.schema.json`, 'utf8')) as {
    properties: Record<string, unknown>;
    definitions: { severity: { enum: string[] } };
  };

  it("holds, for each input the policy may set, the descriptor's fragment, and nothing else", () => {
    const fragments = Object.fromEntries(
      INPUTS.filter((input) => input.schema !== undefined).map((input) => [input.name, input.schema]),
    );
    const { version: _version, ignore: _ignore, ...settings } = schema.properties;
    expect(settings).toEqual(fragments);
    for (const name of Object.keys(settings)) expect(INPUT_DEFAULTS, name).toHaveProperty(name);
  });

  it("takes its enums and bounds from the code's: the severities, fail-on, and LIMITS", () => {
    expect(schema.definitions.severity.enum).toEqual([...SEVERITIES]);
    expect(schema.properties['fail-on']).toMatchObject({ enum: [...FAIL_ON_VALUES] });
    expect(schema.properties['wait-timeout']).toMatchObject({
      type: 'number',
      minimum: LIMITS.waitTimeoutSeconds.min,
      maximum: LIMITS.waitTimeoutSeconds.max,
    });
    expect(LIMITS.waitTimeoutSeconds.min).toBe(1);
    expect(schema.properties['max-annotations']).toMatchObject({ maximum: LIMITS.maxAnnotations.max });
  });
});

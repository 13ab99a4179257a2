import type {
  ActionRun,
  BenchResults,
  BundleWeight,
  LowerBound,
  FleetRun,
  HostileInputRun,
  HostilePolicyRun,
  HostileYamlRun,
  MatchingRun,
  PythonClientRun,
  PythonClientsSize,
  SarifRun,
  SizeResult,
} from './results.ts';
import { fleetAppComplete, fleetAppProblems, fleetAppTable } from './fleet-app-report.ts';
import { maximum, median, medianRun, minimum } from './statistics.ts';
import { renderTable, type Table, type TableFormat } from './table.ts';
import { evaluateTargets, fmt, fmtRatio } from './targets.ts';

/**
 * The report of one run, as text for the terminal or as Markdown for BENCHMARKS.md: settings and machine,
 * the action's figures, the comparison with the baseline and the lower bound, cold start, polling, targets.
 * Each figure is the median over the runs of a size.
 */

export function renderReport(results: BenchResults, format: TableFormat): string {
  const heading = (text: string): string => (format === 'markdown' ? `#### ${text}` : `== ${text}`);
  const sections: (Section | undefined)[] = [
    settingsSection(results, format),
    machineSection(results, format),
    ...actionSections(results, format),
    ...componentSections(results, format),
    { title: 'Targets', parts: [renderTable(targetTable(results), format)] },
    problemsSection(results, format),
  ];
  return sections
    .filter((section) => section !== undefined)
    .map(({ title, parts }) => [heading(title), ...parts].join('\n'))
    .join('\n\n');
}

/** A heading and what follows it. Where a section may be undefined, these results hold no figures for it. */
interface Section {
  readonly title: string;
  readonly parts: readonly string[];
}

function settingsSection(results: BenchResults, format: TableFormat): Section {
  const { settings } = results;
  return {
    title: `Settings (${settings.mode} mode)`,
    parts: [
      bullet(format, [
        `latency ${settings.latencyMs} ms per request (jitter ${settings.jitterMs} ms), time scale ${settings.timeScale} (the 5 s scan of bench/large takes ${fmt(5000 * settings.timeScale)} ms)`,
        `action inputs: poll-interval ${settings.pollIntervalSeconds} s, page-size ${settings.pageSizeInput ?? "action.yml's default"}, fail-on none${Object.entries(
          settings.inputs ?? {},
        )
          .map(([name, value]) => `, ${name} ${value}`)
          .join('')}; ${settings.repeat} run(s) per size, medians shown`,
        `bundle: ${settings.entry} (${bytes(results.coldStart.distBytes)}, sha256 ${results.coldStart.distSha256}…, built ${results.coldStart.distModified}); whole run took ${fmt(results.durationMs / 1000)} s`,
      ]),
    ],
  };
}

function machineSection({ machine }: BenchResults, format: TableFormat): Section {
  return {
    title: 'Machine',
    parts: [
      bullet(format, [
        `nproc ${machine.nproc}; CPU ${machine.cpuModel}; ${machine.os}; Node ${machine.node}`,
        `load average (1, 5, 15 min) at start ${machine.loadAverageStart.map((l) => l.toFixed(2)).join(', ')}, at end ${machine.loadAverageEnd.map((l) => l.toFixed(2)).join(', ')}`,
        `measured ${machine.date}`,
      ]),
      format === 'markdown' ? `\n\`\`\`\n$ free -h\n${machine.memory}\n\`\`\`` : indent(machine.memory),
    ],
  };
}

/** The action's own figures: per size, against the baseline, reporting to GitHub, cold start, polling. */
function actionSections(results: BenchResults, format: TableFormat): (Section | undefined)[] {
  const table = (title: string, content: Table | undefined): Section | undefined =>
    content && { title, parts: [renderTable(content, format)] };
  const { sizes } = results;
  const reportedToGitHub = sizes.some((size) => (size.githubActions ?? []).length > 0);
  return [
    table('The bundled action', actionTable(sizes)),
    table('Against the baseline and the lower bound', comparisonTable(sizes)),
    table('Ratios', ratioTable(sizes)),
    reportedToGitHub ? table('Reporting to GitHub', gitHubTable(sizes)) : undefined,
    table('Cold start', coldStartTable(results)),
    table('After completion, gate only: the action against a one-round client', oneRoundTable(results)),
    table('Cold start against the floor', coldStartFloorTable(results)),
    table('Polling', pollingTable(results)),
  ];
}

/** The parts measured on their own: the SARIF file, matching, the Python clients, hostile input, the fleet. */
function componentSections(results: BenchResults, format: TableFormat): (Section | undefined)[] {
  const tables = (title: string, ...parts: string[]): Section => ({ title, parts });
  const { sarif, matching, pythonClients, hostileInput } = results;
  return [
    sarif && sarif.length > 0
      ? tables(
          'The SARIF file (sarif-file, severity-threshold info)',
          renderTable(sarifTable(sarif, results.sizes), format),
        )
      : undefined,
    matching && matching.length > 0
      ? tables('Matching new findings', renderTable(matchingTable(matching), format))
      : undefined,
    pythonClients && pythonClients.length > 0
      ? tables(
          'Python clients (all findings of one scan)',
          renderTable(pythonClientsTable(pythonClients), format),
          bullet(format, pythonClientGoals(pythonClients)),
        )
      : undefined,
    hostileInput
      ? tables(
          'Hostile input (before the deadline: the policy file, its globs)',
          renderTable(hostilePolicyTable(hostileInput), format),
          renderTable(hostileYamlTable(hostileInput.shapes ?? []), format),
          renderTable(hostileGlobTable(hostileInput), format),
        )
      : undefined,
    ...(results.fleet ?? []).map((fleet) =>
      tables(
        `Fleet: ${count(fleet.repositories)} repositories, ${count(fleet.concurrency)} in flight, scans of 5 to 15 service minutes`,
        renderTable(fleetTable(fleet), format),
      ),
    ),
    ...(results.fleetApp ?? []).map((run) =>
      tables(
        `Fleet in GitHub App mode with --upload-sarif: ${count(run.repositories)} repositories, ${count(run.concurrency)} in flight, about 100 findings each, ${count(run.withPolicy)} with a policy file`,
        renderTable(fleetAppTable(run), format),
      ),
    ),
  ];
}

function problemsSection(results: BenchResults, format: TableFormat): Section | undefined {
  const notes = problems(results);
  return notes.length > 0 ? { title: 'Problems seen', parts: [bullet(format, notes)] } : undefined;
}

function actionTable(sizes: readonly SizeResult[]): Table {
  return {
    headers: [
      'findings',
      'complete→exit',
      'poll lag',
      'noticed→exit',
      'last response→exit',
      'spawn→exit',
      'requests (pages/polls/other)',
      'findings read',
      'received',
      'peak RSS',
      'CPU (user+sys)',
      'summary',
      'annotations',
      'page × concurrency',
    ],
    rows: sizes.map((size) => {
      const runs = size.actions;
      const m = (pick: (run: ActionRun) => number): number => median(runs.map(pick));
      const first = runs[0];
      return [
        count(size.findings),
        ms(m((r) => r.completeToExitMs)),
        ms(m((r) => r.noticeLagMs)),
        ms(m((r) => r.noticedToExitMs)),
        ms(m((r) => r.lastResponseToExitMs)),
        ms(m((r) => r.spawnToExitMs)),
        `${count(m((r) => r.requests.total))} (${count(m((r) => r.requests.findingsPages))}/${count(m((r) => r.requests.polls))}/${count(m((r) => r.requests.other + r.requests.reports))})`,
        count(m((r) => r.accounting.findingsRead)),
        bytes(m((r) => r.bytesReceived)),
        bytes(m((r) => r.peakRssBytes ?? Number.NaN)),
        ms(m((r) => r.cpuMs ?? Number.NaN)),
        bytes(m((r) => r.summaryBytes)),
        count(m((r) => r.annotations)),
        first ? `${first.requestedPageSize ?? '-'} × ${first.concurrency}` : '-',
      ];
    }),
  };
}

function comparisonTable(sizes: readonly SizeResult[]): Table {
  return {
    headers: [
      'findings',
      'action noticed→exit',
      'action complete→exit',
      'baseline (sequential, 50)',
      'baseline requests',
      'baseline received',
      'lower bound: what the action read',
      'the same at page 200',
      'lower bound: every finding',
    ],
    rows: sizes.map((size) => {
      const runs = size.actions;
      const first = medianRun(runs, (run) => run.noticedToExitMs);
      const baselines = size.baselines;
      const bound = (value: LowerBound | undefined): string =>
        value ? `${ms(value.ms)} (${value.roundTrips} × ${value.pageSize} × ${value.concurrency})` : '-';
      return [
        count(size.findings),
        ms(median(runs.map((r) => r.noticedToExitMs))),
        ms(median(runs.map((r) => r.completeToExitMs))),
        baselines.length > 0 ? ms(median(baselines.map((b) => b.ms))) : 'not run',
        baselines.length > 0 ? count(median(baselines.map((b) => b.requests))) : '-',
        baselines.length > 0 ? bytes(median(baselines.map((b) => b.bytesReceived))) : '-',
        first
          ? `${bound(first.lowerBound)}, ${count(first.lowerBound.findings)} in ${first.lowerBound.lists} list(s)`
          : '-',
        bound(first?.lowerBoundAtMaxPage),
        bound(first?.lowerBoundEveryFinding),
      ];
    }),
  };
}

function ratioTable(sizes: readonly SizeResult[]): Table {
  return {
    headers: [
      'findings',
      'action / baseline (noticed→exit)',
      'action / baseline (complete→exit)',
      'action / lower bound (noticed→exit)',
      'action / lower bound (complete→exit)',
      'action / lower bound at page 200 (noticed→exit)',
      'action / lower bound for every finding (noticed→exit)',
      'baseline / its lower bound',
    ],
    rows: sizes.map((size) => {
      const noticed = median(size.actions.map((r) => r.noticedToExitMs));
      const complete = median(size.actions.map((r) => r.completeToExitMs));
      const baseline = median(size.baselines.map((b) => b.ms));
      const bound = (pick: (run: ActionRun) => LowerBound): number =>
        median(size.actions.map((r) => pick(r).ms));
      const baselineBound = size.baselines[0]?.lowerBound.ms ?? Number.NaN;
      return [
        count(size.findings),
        fmtRatio(noticed / baseline),
        fmtRatio(complete / baseline),
        fmtRatio(noticed / bound((r) => r.lowerBound)),
        fmtRatio(complete / bound((r) => r.lowerBound)),
        fmtRatio(noticed / bound((r) => r.lowerBoundAtMaxPage)),
        fmtRatio(noticed / bound((r) => r.lowerBoundEveryFinding)),
        fmtRatio(baseline / baselineBound),
      ];
    }),
  };
}

/** The operations a run makes, in the order it makes them. */
const GITHUB_OPERATIONS = ['checks/create', 'checks/update', 'issues/list-comments', 'issues/create-comment'];

function gitHubTable(sizes: readonly SizeResult[]): Table {
  return {
    headers: [
      'findings',
      'GitHub requests',
      ...GITHUB_OPERATIONS,
      'other',
      'refused',
      'check run annotations',
      'sent to GitHub',
      'comment',
      'noticed→exit',
      'the same without GitHub',
      'spawn→exit',
      'peak RSS',
      'CPU (user+sys)',
    ],
    rows: sizes
      .filter((size) => (size.githubActions ?? []).length > 0)
      .map((size) => {
        const runs = size.githubActions ?? [];
        const m = (pick: (run: ActionRun) => number): number => median(runs.map(pick));
        const requests = (run: ActionRun, operation: string): number =>
          run.github?.byOperation[operation] ?? 0;
        const known = (run: ActionRun): number =>
          GITHUB_OPERATIONS.reduce((sum, operation) => sum + requests(run, operation), 0);
        return [
          count(size.findings),
          count(m((r) => r.github?.total ?? Number.NaN)),
          ...GITHUB_OPERATIONS.map((operation) => count(m((r) => requests(r, operation)))),
          count(m((r) => (r.github?.total ?? 0) - known(r))),
          count(m((r) => r.github?.failed ?? Number.NaN)),
          count(m((r) => r.github?.checkRunAnnotations ?? Number.NaN)),
          bytes(m((r) => r.github?.bodyBytes ?? Number.NaN)),
          bytes(m((r) => r.github?.commentBytes ?? Number.NaN)),
          ms(m((r) => r.noticedToExitMs)),
          ms(median(size.actions.map((r) => r.noticedToExitMs))),
          ms(m((r) => r.spawnToExitMs)),
          bytes(m((r) => r.peakRssBytes ?? Number.NaN)),
          ms(m((r) => r.cpuMs ?? Number.NaN)),
        ];
      }),
  };
}

function coldStartTable(results: BenchResults): Table {
  const samples = results.coldStart.samplesMs;
  const inRuns = results.sizes.flatMap((size) => size.actions.map((run) => run.firstRequestMs ?? Number.NaN));
  return {
    headers: ['what', 'samples', 'median', 'min', 'max'],
    rows: [
      [
        'spawn of `node dist/index.js` → first request at the emulator',
        String(samples.length),
        ms(median(samples)),
        ms(minimum(samples)),
        ms(maximum(samples)),
      ],
      [
        'the same in the measured runs (spawned under /usr/bin/time)',
        String(inRuns.length),
        ms(median(inRuns)),
        ms(minimum(inRuns)),
        ms(maximum(inRuns)),
      ],
      ['size of the bundle', '', bytes(results.coldStart.distBytes), '', ''],
      ...bundleRows(results.coldStart.bundle),
    ],
  };
}

/**
 * The work after completion beside its floor, a client that reads the report and each severity's first page in
 * one round and exits (one-round-client.ts): each run paired with the action's run before it.
 */
function oneRoundTable(results: BenchResults): Table | undefined {
  const rows = results.sizes.flatMap((size) => {
    const clients = size.oneRound ?? [];
    if (clients.length === 0) return [];
    const ratios = clients.map(
      (client, index) => (size.actions[index]?.noticedToExitMs ?? Number.NaN) / client.noticedToExitMs,
    );
    const row = (what: string, runs: readonly ActionRun[], ratio: string): string[] => {
      const noticed = runs.map((run) => run.noticedToExitMs);
      return [
        `${count(size.findings)}: ${what}`,
        String(runs.length),
        `${ms(median(noticed))} (${ms(minimum(noticed))}–${ms(maximum(noticed))})`,
        ratio,
        ms(median(runs.map((run) => run.cpuMs ?? Number.NaN))),
        bytes(median(runs.map((run) => run.peakRssBytes ?? Number.NaN))),
        count(median(runs.map((run) => run.requests.total))),
      ];
    };
    return [
      row(
        'the action',
        size.actions,
        `${fmt(median(ratios))}× (${fmt(minimum(ratios))}–${fmt(maximum(ratios))}); goal ≤ 1.2×`,
      ),
      row('the one-round client', clients, '1 (floor)'),
    ];
  });
  if (rows.length === 0) return undefined;
  return {
    headers: [
      'findings: who',
      'runs',
      'noticed→exit, median (range)',
      'ratio, per pair',
      'CPU',
      'peak RSS (goal ≤ 75 MiB)',
      'requests',
    ],
    rows,
  };
}

/**
 * The cold start beside its floor, sampled in turn: each row's median and range, and its ratio to the floor it is
 * judged against, taken per round (the median of the ratios, their range).
 */
function coldStartFloorTable(results: BenchResults): Table | undefined {
  const floor = results.coldStart.floor;
  if (floor === undefined) return undefined;
  const first = results.coldStart.samplesMs;
  const ratios = (values: readonly number[], against: readonly number[]): number[] =>
    values.map((value, index) => value / (against[index] ?? Number.NaN));
  const row = (
    what: string,
    values: readonly number[],
    against?: readonly number[],
    floorName = '',
  ): string[] => {
    const ratio = against ? ratios(values, against) : [];
    return [
      what,
      String(values.length),
      `${ms(median(values))} (${ms(minimum(values))}–${ms(maximum(values))})`,
      against
        ? `${fmt(median(ratio))}× ${floorName} (${fmt(minimum(ratio))}–${fmt(maximum(ratio))})`
        : '1 (floor)',
    ];
  };
  return {
    headers: ['spawn →', 'samples', 'median (range)', 'ratio, per round'],
    rows: [
      row('`node -e 0` exits', floor.nodeExitMs),
      row(
        'a one-line `node:http` request: its first byte at the emulator',
        floor.httpFirstByteMs,
        floor.nodeExitMs,
        '`node -e 0`',
      ),
      row(
        '`dist/index.js`: its first request at the emulator (goal ≤ 1.5×)',
        first,
        floor.httpFirstByteMs,
        'the one-request script',
      ),
      row(
        '`dist/index.js` on a bad input: exit, nothing sent (goal ≤ 1.5×)',
        floor.badInputExitMs,
        floor.nodeExitMs,
        '`node -e 0`',
      ),
    ],
  };
}

function bundleRows(bundle: BundleWeight | undefined): string[][] {
  if (!bundle) return [];
  return [
    [
      `of its sources (source map): GitHub's client, ${bundle.githubClientPackages.length} packages`,
      '',
      bytes(bundle.githubClientBytes),
      '',
      '',
    ],
    ["of its sources: the project's src/github", '', bytes(bundle.githubModulesBytes), '', ''],
  ];
}

function pollingTable(results: BenchResults): Table {
  const rows = [
    ...results.polling.map((p) => ({ label: `scan of ${p.intervals} intervals`, run: p.run })),
    ...results.sizes.flatMap((size) =>
      size.actions.map((run) => ({ label: `${count(size.findings)} findings run`, run })),
    ),
  ];
  return {
    headers: [
      'run',
      'scan',
      'interval',
      'polls',
      'allowed',
      'smallest gap',
      'lag',
      'lag / interval',
      'verdict',
    ],
    rows: rows.map(({ label, run }) => {
      const p = run.polling;
      return [
        label,
        ms(p.scanMs),
        ms(p.intervalMs),
        String(p.polls),
        String(p.allowedPolls),
        p.minGapMs === undefined ? '-' : ms(p.minGapMs),
        ms(p.lagMs),
        fmtRatio(p.lagMs / p.intervalMs),
        p.notTooMany && p.noticedInTime
          ? 'ok'
          : [p.notTooMany ? '' : 'too many', p.noticedInTime ? '' : 'late'].filter(Boolean).join(', '),
      ];
    }),
    numeric: [false, true, true, true, true, true, true, true, false],
  };
}

function sarifTable(runs: readonly SarifRun[], sizes: readonly SizeResult[]): Table {
  return {
    headers: [
      'findings',
      'results',
      'left out',
      'rules',
      'complete→exit',
      'noticed→exit',
      'the same without sarif-file (goal: SARIF adds ≤ 50 %)',
      'default run (severity-threshold low)',
      'requests (pages)',
      'peak RSS (goal ≤ 120 MiB)',
      'without sarif-file',
      'CPU (user+sys)',
      'file',
      'gzip',
    ],
    rows: runs.map(({ findings, run, without, file }) => {
      const plain = sizes.find((size) => size.findings === findings)?.actions ?? [];
      const added = without ? run.noticedToExitMs / without.noticedToExitMs - 1 : Number.NaN;
      return [
        count(findings),
        file ? count(file.results) : 'no file',
        file ? count(file.leftOut) : '-',
        file ? count(file.rules) : '-',
        ms(run.completeToExitMs),
        ms(run.noticedToExitMs),
        without ? `${ms(without.noticedToExitMs)} (SARIF adds ${fmt(added * 100)} %)` : 'not run',
        plain.length > 0 ? ms(median(plain.map((r) => r.noticedToExitMs))) : 'not run',
        `${count(run.requests.total)} (${count(run.requests.findingsPages)})`,
        bytes(run.peakRssBytes ?? Number.NaN),
        without ? bytes(without.peakRssBytes ?? Number.NaN) : '-',
        ms(run.cpuMs ?? Number.NaN),
        file ? bytes(file.bytes) : '-',
        file ? bytes(file.gzipBytes) : '-',
      ];
    }),
  };
}

function matchingTable(runs: readonly MatchingRun[]): Table {
  return {
    headers: [
      'head × baseline',
      'files',
      'requests',
      'CPU, first run',
      'CPU, median',
      'peak RSS',
      'RSS before',
      'new / existing / fixed / coarse files',
      'as built',
    ],
    rows: runs.map((run) => [
      `${count(run.headFindings)} × ${count(run.baselineFindings)}`,
      count(run.files),
      '0',
      ms(run.cpuMs[0] ?? Number.NaN),
      ms(median(run.cpuMs)),
      bytes(run.peakRssBytes),
      bytes(run.rssBeforeBytes),
      [run.outcome.new, run.outcome.existing, run.outcome.fixed, run.outcome.coarseFiles]
        .map(count)
        .join(' / '),
      run.ok ? 'ok' : 'differs',
    ]),
    numeric: [false, true, true, true, true, true, true, false, false],
  };
}

/** The naive matrix's job: one action process a repository, its peak RSS as measured for a gate-only run. */
const NAIVE_JOB_RSS_MIB = 92;
const FLEET_TARGETS = { requestsPerRepository: 10, peakRssMib: 200, wallOverIdeal: 1.15 } as const;

/** The fleet beside the naive matrix on the same durations, each against the target. */
/** `merge --verify` of the fleet's roll-up: 2 requests a repository plus the listing's pages is its goal. */
function verifyRows(fleet: FleetRun): string[][] {
  const { verify } = fleet;
  if (verify === undefined) return [];
  const perEntry = (verify.requests - verify.listingPages) / Math.max(1, verify.entries);
  return [
    [
      'merge --verify: requests a repository (+ listing pages)',
      `${perEntry.toFixed(2)} (+ ${count(verify.listingPages)})`,
      '',
      '≤ 2 (+ pages)',
      perEntry <= 2 ? 'yes' : 'no',
    ],
    [
      'merge --verify: entries borne out, wall time',
      `${count(verify.stillJudged)} of ${count(verify.entries)}, ${ms(verify.wallMs)}`,
      '',
      '',
      verify.stillJudged === fleet.judged ? 'yes' : 'no',
    ],
  ];
}

export function fleetTable(fleet: FleetRun): Table {
  const perRepository = fleet.requests / fleet.repositories;
  const rssMib = fleet.peakRssBytes / 2 ** 20;
  const overIdeal = fleet.wallMs / fleet.idealMs;
  const naiveOverIdeal = fleet.naive.wallMs / fleet.idealMs;
  return {
    headers: ['measure', 'fleet', 'naive matrix', 'target', 'met'],
    rows: [
      [
        'service requests a repository (all)',
        perRepository.toFixed(2),
        fleet.naive.requestsPerRepository.toFixed(0),
        `≤ ${FLEET_TARGETS.requestsPerRepository}`,
        perRepository <= FLEET_TARGETS.requestsPerRepository ? 'yes' : 'no',
      ],
      [
        'peak memory',
        bytes(fleet.peakRssBytes),
        `${count(fleet.concurrency)} jobs × ${NAIVE_JOB_RSS_MIB} MiB`,
        `< ${FLEET_TARGETS.peakRssMib} MiB`,
        rssMib < FLEET_TARGETS.peakRssMib ? 'yes' : 'no',
      ],
      [
        'wall time / ideal',
        `${overIdeal.toFixed(3)}× (${ms(fleet.wallMs)} / ${ms(fleet.idealMs)})`,
        `${naiveOverIdeal.toFixed(3)}×`,
        `≤ ${FLEET_TARGETS.wallOverIdeal}×`,
        overIdeal <= FLEET_TARGETS.wallOverIdeal ? 'yes' : 'no',
      ],
      [
        'repositories judged',
        count(fleet.judged),
        '',
        count(fleet.repositories),
        fleet.judged === fleet.repositories ? 'yes' : 'no',
      ],
      ['scans started, 429s', `${count(fleet.scansCreated)}, ${count(fleet.rateLimited)}`, '', '', ''],
      ...verifyRows(fleet),
    ],
    numeric: [false, true, true, false, false],
  };
}

/** A policy of unknown keys or of hostile YAML is refused, in a few dozen lines at most. */
function hostilePolicyRefused(policy: HostilePolicyRun | HostileYamlRun): boolean {
  return policy.refused && policy.lines <= 30;
}

function hostilePolicyTable(run: HostileInputRun): Table {
  return {
    headers: ['policy file', 'bytes', 'parse', 'refused', 'lines of the refusal'],
    rows: run.policies.map((policy) => [
      `${count(policy.keys)} unknown keys`,
      bytes(policy.bytes),
      ms(policy.wallMs),
      policy.refused ? 'yes' : 'no',
      count(policy.lines),
    ]),
    numeric: [false, true, true, false, true],
  };
}

function hostileYamlTable(shapes: readonly HostileYamlRun[]): Table {
  return {
    headers: ['policy file of one line', 'bytes', 'parse', 'CPU', 'refused', 'lines of the refusal'],
    rows: shapes.map((shape) => [
      shape.shape,
      bytes(shape.bytes),
      ms(shape.wallMs),
      ms(shape.cpuMs),
      shape.refused ? 'yes' : 'no',
      count(shape.lines),
    ]),
    numeric: [false, true, true, true, false, true],
  };
}

function hostileGlobTable(run: HostileInputRun): Table {
  return {
    headers: ['glob', 'path characters', 'match', 'matched'],
    rows: run.globs.map((glob) => [
      `\`${glob.glob}\``,
      count(glob.pathCharacters),
      ms(glob.wallMs),
      glob.matched ? 'yes' : 'no',
    ]),
    numeric: [false, true, true, false],
  };
}

const PYTHON_CLIENT_LABELS: Record<PythonClientRun['client'], string> = {
  sync: 'sync',
  async: 'async',
  typescript: 'TypeScript page fetcher',
  pages: 'sync list_findings, page by page',
  raw: 'sync with_raw_response.list_findings',
};

export function pythonClientsTable(sizes: readonly PythonClientsSize[]): Table {
  return {
    headers: ['findings', 'client', 'wall', 'requests', 'findings read', 'CPU (user+sys)', 'peak RSS'],
    rows: sizes.flatMap((size) =>
      size.runs.map((run) => [
        count(size.findings),
        PYTHON_CLIENT_LABELS[run.client],
        ms(run.wallMs),
        count(run.requests),
        count(run.distinct),
        ms(run.cpuMs),
        bytes(run.peakRssBytes),
      ]),
    ),
    numeric: [true, false, true, true, true, true, true],
  };
}

/** The goals, judged on the largest size: async ≥ 5× sync, within 1.5× of TypeScript, memory flat. */
export function pythonClientGoals(sizes: readonly PythonClientsSize[]): string[] {
  const wall = (size: PythonClientsSize | undefined, client: PythonClientRun['client']): number =>
    size?.runs.find((run) => run.client === client)?.wallMs ?? Number.NaN;
  const rss = (size: PythonClientsSize | undefined, client: PythonClientRun['client']): number =>
    size?.runs.find((run) => run.client === client)?.peakRssBytes ?? Number.NaN;
  const largest = sizes.at(-1);
  const smallest = sizes[0];
  const at = count(largest?.findings ?? Number.NaN);
  const speedup = wall(largest, 'sync') / wall(largest, 'async');
  const behind = wall(largest, 'async') / wall(largest, 'typescript');
  // The goals are the at 100,000 findings; a smaller run (smoke) only shows the ratios.
  const verdict = (met: boolean): string =>
    (largest?.findings ?? 0) < 100_000 ? 'the goal is judged at 100,000' : met ? 'met' : 'not met';
  const run = (client: PythonClientRun['client']): PythonClientRun | undefined =>
    largest?.runs.find((candidate) => candidate.client === client);
  const perRequest = (client: PythonClientRun['client']): string => {
    const found = run(client);
    return found ? `${(found.cpuMs / found.requests).toFixed(2)} ms` : 'not run';
  };
  const rawCost = (run('raw')?.cpuMs ?? Number.NaN) / (run('pages')?.cpuMs ?? Number.NaN) - 1;
  const lines = [
    `async ${speedup.toFixed(1)}× faster than sync at ${at} (goal ≥ 5×): ${verdict(speedup >= 5)}`,
    `async ${behind.toFixed(2)}× the TypeScript fetcher's time at ${at} (goal ≤ 1.5×): ${verdict(behind <= 1.5)}`,
    `CPU per request at ${at}: async ${perRequest('async')}, TypeScript ${perRequest('typescript')}`,
    `with_raw_response ${(rawCost * 100).toFixed(1)} % more CPU than the plain call at ${at} (goal < 5 %): ${rawCost < 0.05 ? 'met' : 'not met'}`,
  ];
  if (largest !== smallest) {
    for (const client of ['sync', 'async'] as const) {
      const growth = rss(largest, client) / rss(smallest, client);
      lines.push(
        `${client} peak RSS ${count(smallest?.findings ?? Number.NaN)} → ${at}: ×${growth.toFixed(2)} (goal: flat, ≤ 1.25×): ${growth <= 1.25 ? 'met' : 'not met'}`,
      );
    }
  }
  return lines;
}

function targetTable(results: BenchResults): Table {
  return {
    headers: ['target', 'measured', 'verdict'],
    rows: evaluateTargets(results).map((t) => [t.target, t.measured, t.verdict]),
    numeric: [false, false, false],
  };
}

/** Every measured run of the action: per size, with and without GitHub, and the polling runs. */
function allActionRuns(results: BenchResults): ActionRun[] {
  return [
    ...results.sizes.flatMap((size) => [...size.actions, ...(size.githubActions ?? [])]),
    ...results.polling.map((p) => p.run),
  ];
}

function problems(results: BenchResults): string[] {
  const runs = allActionRuns(results);
  const notes = new Set<string>();
  for (const run of runs) {
    if (run.exitCode !== 0)
      notes.add(
        `${count(run.findings)} findings: the action exited with ${run.exitCode}: ${(run.failure ?? '').split('\n').slice(-3).join(' / ')}`,
      );
    for (const problem of run.accounting.problems) notes.add(`${count(run.findings)} findings: ${problem}`);
    for (const warning of run.polling.warnings) notes.add(`${count(run.findings)} findings: ${warning}`);
    if (run.github && run.github.failed > 0)
      notes.add(`${count(run.findings)} findings: GitHub refused ${run.github.failed} request(s)`);
  }
  for (const size of results.sizes) {
    for (const baseline of size.baselines) {
      if (baseline.findings !== size.findings)
        notes.add(`baseline read ${baseline.findings} of ${size.findings} findings`);
    }
  }
  for (const { findings, run, file } of results.sarif ?? []) {
    if (run.exitCode !== 0)
      notes.add(`${count(findings)} findings with sarif-file: the action exited with ${run.exitCode}`);
    if (!file) notes.add(`${count(findings)} findings with sarif-file: no file was written`);
  }
  for (const size of results.pythonClients ?? []) {
    for (const run of size.runs) {
      if (run.findings !== size.findings || run.distinct !== size.findings)
        notes.add(`python clients: ${run.client} read ${run.distinct} distinct of ${size.findings} findings`);
    }
  }
  for (const policy of results.hostileInput?.policies ?? []) {
    if (!hostilePolicyRefused(policy))
      notes.add(`a policy file of ${count(policy.keys)} unknown keys was not refused in a few lines`);
  }
  for (const shape of results.hostileInput?.shapes ?? []) {
    if (!hostilePolicyRefused(shape))
      notes.add(`a policy file of ${shape.shape} was not refused in a few lines`);
  }
  for (const fleet of results.fleet ?? []) {
    if (fleet.judged !== fleet.repositories)
      notes.add(
        `fleet of ${count(fleet.repositories)}: ${count(fleet.repositories - fleet.judged)} not judged (${fleet.errors.join('; ')})`,
      );
  }
  for (const run of results.fleetApp ?? []) for (const note of fleetAppProblems(run)) notes.add(note);
  for (const run of results.matching ?? []) {
    if (!run.ok)
      notes.add(
        `matching ${count(run.headFindings)} findings gave ${JSON.stringify(run.outcome)}, not ${JSON.stringify(run.expected)}`,
      );
  }
  return [...notes];
}

/** True when every run did its job: exit 0, every finding accounted for. Timing never decides. */
export function runsSucceeded(results: BenchResults): boolean {
  const runs = allActionRuns(results);
  const baselinesOk = results.sizes.every((size) =>
    size.baselines.every((b) => b.findings === size.findings),
  );
  const matchingOk = (results.matching ?? []).every((run) => run.ok);
  const fleetOk =
    (results.fleet ?? []).every((fleet) => fleet.judged === fleet.repositories) &&
    (results.fleetApp ?? []).every(fleetAppComplete);
  const hostileOk = [
    ...(results.hostileInput?.policies ?? []),
    ...(results.hostileInput?.shapes ?? []),
  ].every(hostilePolicyRefused);
  const pythonClientsOk = (results.pythonClients ?? []).every((size) =>
    size.runs.every((run) => run.findings === size.findings && run.distinct === size.findings),
  );
  const sarifOk = (results.sarif ?? []).every(
    ({ run, file }) => run.exitCode === 0 && run.accounting.ok && file !== undefined,
  );
  return (
    baselinesOk &&
    matchingOk &&
    fleetOk &&
    hostileOk &&
    pythonClientsOk &&
    sarifOk &&
    runs.every((run) => run.exitCode === 0 && run.accounting.ok && (run.github?.failed ?? 0) === 0)
  );
}

function bullet(format: TableFormat, lines: string[]): string {
  return lines.map((line) => (format === 'markdown' ? `- ${line}` : `  ${line}`)).join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${fmt(value)} ms` : 'n/a';
}

export function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
}

export function bytes(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 2 ** 20) return `${(value / 2 ** 20).toFixed(1)} MiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${Math.round(value)} B`;
}

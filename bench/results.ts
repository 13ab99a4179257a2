/**
 * The shapes of what one benchmark run measures. Times are milliseconds, sizes bytes, all taken with
 * `performance.now()` in the bench process (which also hosts the emulator, so both sides share one clock).
 */

export const SEVERITY_NAMES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type SeverityName = (typeof SEVERITY_NAMES)[number];

/** What the emulator's report says about the scanned findings: the truth the action is checked against. */
export interface ExpectedFindings {
  total: number;
  bySeverity: Record<SeverityName, number>;
}

export interface LowerBound {
  /** Findings the reading covers, over all its lists. */
  findings: number;
  /** Lists read: the scan's whole list, or one list per severity. */
  lists: number;
  /** Page size the emulator answers with: min(requested, 200). */
  pageSize: number;
  /** Findings pages in flight at once. */
  concurrency: number;
  pages: number;
  /** 1 (the report and every list's first page, side by side) + ceil(further pages / concurrency). */
  roundTrips: number;
  ms: number;
}

interface RequestCounts {
  total: number;
  findingsPages: number;
  polls: number;
  reports: number;
  other: number;
}

export interface PollingAnalysis {
  intervalMs: number;
  /** Real time the scan took, from its creation to its completion. */
  scanMs: number;
  polls: number;
  /** 1 + floor(wait / interval): an immediate poll, then one per interval. */
  allowedPolls: number;
  /** Smallest gap between two consecutive polls leaving (arrival at the emulator); undefined with one poll. */
  minGapMs: number | undefined;
  /** From the scan turning completed to the answer that said so reaching the action. */
  lagMs: number;
  notTooMany: boolean;
  /** lag <= interval + latency: the poll that notices has its own round trip. */
  noticedInTime: boolean;
  /** Problems with the observation itself (a poll contradicting the computed completion time). */
  warnings: string[];
}

export interface Accounting {
  expected: ExpectedFindings;
  outputTotal: number | undefined;
  outputBySeverity: Partial<Record<SeverityName, number>>;
  /** Findings inside the pages the emulator answered: the whole list's, plus each severity's list's. */
  findingsRead: number;
  /** The same, per list the action read (the whole list, or a severity's). */
  readsPerList: number[];
  pagesCoverAll: boolean;
  ok: boolean;
  problems: string[];
}

export interface ActionRun {
  findings: number;
  exitCode: number | null;
  /** Spawn to the first request arriving at the emulator (this run was spawned under /usr/bin/time). */
  firstRequestMs: number | undefined;
  spawnToExitMs: number;
  completeToExitMs: number;
  noticeLagMs: number;
  noticedToExitMs: number;
  /** From the last response the action received to its exit: the work after the last byte, and the exit. */
  lastResponseToExitMs: number;
  requests: RequestCounts;
  /** Bytes the emulator wrote to the action's sockets: headers and bodies. */
  bytesReceived: number;
  /** Response body bytes only (the emulator's own count). */
  bodyBytes: number;
  peakRssBytes: number | undefined;
  /** User plus system CPU time of the whole process, start-up included. */
  cpuMs: number | undefined;
  summaryBytes: number;
  annotations: number;
  requestedPageSize: number | undefined;
  concurrency: number;
  /** Reading what the action read, with its page size and concurrency. */
  lowerBound: LowerBound;
  /** The same with the largest page the emulator allows (200). */
  lowerBoundAtMaxPage: LowerBound;
  /** Reading every finding of the scan (the baseline's work), with the action's page size and concurrency. */
  lowerBoundEveryFinding: LowerBound;
  polling: PollingAnalysis;
  accounting: Accounting;
  /** The tail of stderr when the action failed. */
  failure: string | undefined;
  /** What it sent to GitHub, when it reported to the GitHub emulator. */
  github?: GitHubRequests;
}

/** The requests one run made to GitHub's API, and what they left there. */
export interface GitHubRequests {
  total: number;
  /** By GitHub's operationId: checks/create, checks/update, issues/list-comments, issues/create-comment. */
  byOperation: Record<string, number>;
  /** Answered 400 or above (a request GitHub's schema or rules refused). */
  failed: number;
  /** JSON request bodies sent, in bytes. */
  bodyBytes: number;
  checkRunAnnotations: number;
  commentBytes: number;
}

export interface BaselineRun {
  findings: number;
  ms: number;
  requests: number;
  bytesReceived: number;
  lowerBound: LowerBound;
}

export interface SizeResult {
  findings: number;
  actions: ActionRun[];
  baselines: BaselineRun[];
  /** The same action on a pull request, reporting to the GitHub emulator (absent from older results). */
  githubActions?: ActionRun[];
  /** The one-round client (one-round-client.ts) beside the action, gate only (absent from older results). */
  oneRound?: ActionRun[];
}

/** The floor beside the cold start, one sample of each per round, in ms (absent from older results). */
export interface ColdStartFloor {
  /** `node -e 0`: spawn → exit. */
  nodeExitMs: number[];
  /** A one-line `node:http` request: spawn → its first byte at the emulator. */
  httpFirstByteMs: number[];
  /** The action on a bad input: spawn → exit, nothing sent. */
  badInputExitMs: number[];
}

export interface ColdStart {
  samplesMs: number[];
  floor?: ColdStartFloor;
  distBytes: number;
  entry: string;
  /** Which build was measured: the first 12 hex digits of its SHA-256, and its modification time. */
  distSha256: string;
  distModified: string;
  /** What the bundle holds, by its source map (absent from older results, or without a map). */
  bundle?: BundleWeight;
}

/** Bytes of the bundle's sources by origin, as its source map lists them (the build does not minify). */
export interface BundleWeight {
  sourcesBytes: number;
  /** @octokit/core and the packages it brings. */
  githubClientBytes: number;
  githubClientPackages: string[];
  /** The project's own src/github (the client and the environment). */
  githubModulesBytes: number;
}

export interface PollingRun {
  /** The scan's length as a multiple of the poll interval. */
  intervals: number;
  run: ActionRun;
}

export interface Machine {
  nproc: number;
  cpuModel: string;
  memory: string;
  node: string;
  os: string;
  loadAverageStart: number[];
  loadAverageEnd: number[];
  date: string;
}

interface BenchSettings {
  mode: string;
  latencyMs: number;
  jitterMs: number;
  timeScale: number;
  pollIntervalSeconds: number;
  pageSizeInput: number | undefined;
  repeat: number;
  entry: string;
  /** Inputs given with --input (absent when none). */
  inputs?: Record<string, string>;
}

/** Matching a head scan against a baseline scan through a pull request's diff (bench/matching.ts). */
export interface MatchingRun {
  headFindings: number;
  baselineFindings: number;
  /** Entries of the pull request's files list. */
  files: number;
  /** CPU (user + system) and wall time of each run, the first one with the code still cold. */
  cpuMs: number[];
  wallMs: number[];
  /** The process once the workload was built, before matching. */
  rssBeforeBytes: number;
  peakRssBytes: number;
  outcome: { new: number; existing: number; fixed: number; coarseFiles: number };
  /** What the workload was built to give. */
  expected: { new: number; existing: number; fixed: number; coarseFiles: number };
  ok: boolean;
}

/** A policy file of `keys` unknown keys, parsed (bench/hostile-input.ts). */
export interface HostilePolicyRun {
  keys: number;
  bytes: number;
  wallMs: number;
  /** CPU of the parsing process meanwhile (results before it have none). */
  cpuMs?: number;
  refused: boolean;
  /** Lines of the refusal. */
  lines: number;
}

/** A policy file of one long line of a hostile YAML shape (bench/hostile-yaml.ts), parsed. */
export interface HostileYamlRun {
  shape: string;
  bytes: number;
  wallMs: number;
  cpuMs: number;
  refused: boolean;
  /** Lines of the refusal. */
  lines: number;
}

/** The worst glob the schema allows, against one crafted path. */
export interface HostileGlobRun {
  glob: string;
  pathCharacters: number;
  wallMs: number;
  matched: boolean;
}

export interface HostileInputRun {
  policies: HostilePolicyRun[];
  /** Absent from results before the shapes were measured. */
  shapes?: HostileYamlRun[];
  globs: HostileGlobRun[];
}

/** What the SARIF file written by a run holds (bench/sarif-run.ts). */
export interface SarifFileFigures {
  bytes: number;
  gzipBytes: number;
  results: number;
  rules: number;
  /** Findings at or above the floor left out by code scanning's limits (the run's properties). */
  leftOut: number;
}

/** The bundled action with `sarif-file` (and severity-threshold info) on bench/large. */
export interface SarifRun {
  findings: number;
  run: ActionRun;
  /** The same run (severity-threshold info) without sarif-file, right after it (absent from older results). */
  without?: ActionRun;
  /** Undefined when no file was written. */
  file: SarifFileFigures | undefined;
}

/** One client's walk over every finding of one scan (bench/python-clients.ts). */
export interface PythonClientRun {
  /** `pages` and `raw`: the sync client's list_findings page by page, plain and with_raw_response. */
  client: 'sync' | 'async' | 'typescript' | 'pages' | 'raw';
  /** Findings read, and how many distinct ids among them. */
  findings: number;
  distinct: number;
  /** GET /findings requests the emulator answered during the walk. */
  requests: number;
  wallMs: number;
  cpuMs: number;
  peakRssBytes: number;
}

export interface PythonClientsSize {
  findings: number;
  latencyMs: number;
  /** Pages in flight for the async client and the TypeScript fetcher. */
  concurrency: number;
  runs: PythonClientRun[];
}

export interface BenchResults {
  settings: BenchSettings;
  machine: Machine;
  sizes: SizeResult[];
  coldStart: ColdStart;
  polling: PollingRun[];
  /** Absent from results saved before it was measured. */
  matching?: MatchingRun[];
  /** Absent from results saved before it was measured. */
  sarif?: SarifRun[];
  /** Absent from results saved before it was measured. */
  pythonClients?: PythonClientsSize[];
  /** Absent from results saved before it was measured. */
  hostileInput?: HostileInputRun;
  /** Absent from results saved before it was measured. */
  fleet?: FleetRun[];
  /** Absent from results saved before it was measured. */
  fleetApp?: FleetAppRun[];
  durationMs: number;
}

/** One fleet run (bench/fleet.ts): its figures, and the naive matrix's on the same scan durations. */
export interface FleetRun {
  repositories: number;
  concurrency: number;
  timeScale: number;
  pollIntervalSeconds: number;
  /** Real time from the listing to the roll-up. */
  wallMs: number;
  /** The greedy schedule in selection order with no poll delay, in real time at the same scale. */
  idealMs: number;
  /** The fleet's process alone (the emulator runs in the bench's). */
  peakRssBytes: number;
  /** Every service request of the run, the listing and the polls included. */
  requests: number;
  requestsByRoute: Record<string, number>;
  rateLimited: number;
  scansCreated: number;
  /** Repositories judged (a gate passed or failed); the rest could not be. */
  judged: number;
  /** Why some were not judged, a few distinct reasons. */
  errors: string[];
  /** One job a repository polling every 2 s: requests a repository, and wall time with `concurrency` jobs at once. */
  naive: { requestsPerRepository: number; wallMs: number };
  /** `svc fleet merge --verify` of the run's roll-up. */
  verify?: FleetVerifyRun;
}

/** `svc fleet merge --verify` of a fleet's roll-up: every entry re-judged against the service. */
export interface FleetVerifyRun {
  wallMs: number;
  /** Every service request, the listing's pages included. */
  requests: number;
  listingPages: number;
  /** Entries in the roll-up, and those the service bore out (judged still). */
  entries: number;
  stillJudged: number;
}

/**
 * One fleet run in GitHub App mode with `--upload-sarif` (bench/fleet-app.ts), on the emulators' one scaled clock.
 */
export interface FleetAppRun {
  repositories: number;
  concurrency: number;
  timeScale: number;
  pollIntervalSeconds: number;
  /** Repositories with a policy file on GitHub. */
  withPolicy: number;
  /** Real time from the App's check to the last upload's processing. */
  wallMs: number;
  /** The ideal night (the scans' greedy schedule, then the uploads at the content-creation pace), in real time. */
  idealMs: number;
  /** The fleet's process alone (both emulators run in the bench's). */
  peakRssBytes: number;
  /** Repositories judged, of them failed, and judged by their own policy file (its suppressions counted). */
  judged: number;
  failed: number;
  byPolicy: number;
  suppressed: number;
  /** The roll-up's code_scanning.processing_status, counted. */
  uploads: Record<string, number>;
  /** A few distinct reasons, of the verdicts and of the uploads. */
  errors: string[];
  service: {
    requests: number;
    requestsByRoute: Record<string, number>;
    rateLimited: number;
    scansCreated: number;
  };
  github: FleetAppGitHub;
}

/** What GitHub's emulator answered the night, and what its installation counted. */
export interface FleetAppGitHub {
  /** Every call, the App's own (JWT) included. */
  requests: number;
  /** By GitHub's operationId. */
  byOperation: Record<string, number>;
  byStatus: Record<string, number>;
  /** The installation's refusals: its hourly budget spent, and the content-creation (secondary) limit. */
  refusedPrimary: number;
  refusedSecondary: number;
  tokensMinted: number;
  contentCreating: number;
}

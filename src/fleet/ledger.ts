import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { FleetUsageError } from './fleet-usage-error.ts';
import type { StartSeal } from './start-seal.ts';

/**
 * The fleet's ledger: JSON lines, one event a line, appended (never rewritten) as it happens, so that a run
 * killed at any point leaves what it did:
 *
 *   {"event":"begun","run":"all; shard 1/4; ref: default branches","run_id":"7091826354","at":"…"}
 *   {"event":"starting","repository_id":"repo_1","repository":"acme/api","listed":["scan_8"],"at":"…"}
 *   {"event":"started","repository_id":"repo_1","scan_id":"scan_9","at":"…"}
 *   {"event":"ended","repository_id":"repo_1","scan_id":"scan_9","at":"…"}
 *   {"event":"finished","at":"…"}
 *
 * `starting` is written before each start, with the ids the service listed for the repository then; `started`
 * once the new scan's id is known; `ended` once the scan ended or was cancelled; `finished` when the run ended
 * by itself (whatever its verdicts). `begun` names the run: its selection (`run`: selection, shard, ref) and its
 * `run_id` (the CI run every attempt of which shares it, or null).
 *
 * How a ledger is taken (ledgerTake): one left unfinished is a re-run after a crash, which takes its starts over;
 * one finished by an attempt of the same non-null run_id is replayed (its scans read again, never started again);
 * any other finished one is begun afresh, so next night's run scans again. One left unfinished by another
 * selection or under another run_id (two shards given one ledger, another night's run) is refused, since
 * finishing it would drop the other run's unrecorded starts, and its re-run would then start them again.
 */
export type LedgerEvent =
  | { event: 'begun'; run: string; run_id: string | null; at: string }
  | { event: 'starting'; repository_id: string; repository: string; listed: string[]; at: string }
  | { event: 'started'; repository_id: string; scan_id: string; mac?: string; at: string }
  | { event: 'ended'; repository_id: string; scan_id: string; at: string }
  | { event: 'finished'; at: string };

/** An event as written, before its time is stamped on it. */
type Unstamped<E> = E extends unknown ? Omit<E, 'at'> : never;

/** What the ledger holds of one repository's last start. */
export interface LedgerRecord {
  /** The scan ids the service listed before the start; undefined when no start was recorded. */
  listed: readonly string[] | undefined;
  /** The started scan's id, once it was recorded. */
  scanId: string | undefined;
  ended: boolean;
}

/** The run a ledger is opened for: its selection (fleetRunName) and its CI run's id (null outside one). */
export interface LedgerRun {
  run: string;
  runId: string | null;
}

/** How a run takes the ledger it is given. */
export type LedgerTake = 'begin' | 'take-over' | 'replay';

export class Ledger {
  readonly path: string;
  readonly #records: Map<string, LedgerRecord>;
  readonly #fd: number;
  readonly #scrub: (text: string) => string;
  /** Seals each `started` line for the action's post step (StartSeal); none for svc. */
  #seal: StartSeal | undefined;

  /** How this run took the ledger it was given. */
  readonly take: LedgerTake;

  private constructor(
    path: string,
    records: Map<string, LedgerRecord>,
    take: LedgerTake,
    scrub: (text: string) => string,
  ) {
    this.path = path;
    this.take = take;
    this.#scrub = scrub;
    this.#records = records;
    this.#fd = openSync(path, take === 'begin' ? 'w' : 'a');
  }

  /**
   * Opens the ledger at `path` for `run`, as ledgerTake decides: begun afresh (the file written anew), taken over
   * or replayed (appended to, its records kept). Each line is written through `scrub` (the face's secret scrubber).
   */
  static open(
    path: string,
    run?: LedgerRun,
    scrub: (text: string) => string = (text) => text,
    seal?: StartSeal,
  ): Ledger {
    const events = existsSync(path) ? readEvents(readFileSync(path, 'utf8')) : [];
    const take = ledgerTake(events, run, path);
    const records = take === 'begin' ? new Map<string, LedgerRecord>() : recordsOf(events);
    const ledger = new Ledger(path, records, take, scrub);
    ledger.#seal = seal;
    if (run !== undefined) ledger.#append({ event: 'begun', run: run.run, run_id: run.runId });
    return ledger;
  }

  /** Refuses (a usage error) a ledger at `path` that another run left unfinished, before any request. */
  static check(path: string, run: LedgerRun | undefined): void {
    ledgerTake(existsSync(path) ? readEvents(readFileSync(path, 'utf8')) : [], run, path);
  }

  recorded(repositoryId: string): LedgerRecord | undefined {
    return this.#records.get(repositoryId);
  }

  starting(repositoryId: string, repository: string, listed: readonly string[]): void {
    this.#records.set(repositoryId, { listed: [...listed], scanId: undefined, ended: false });
    this.#append({ event: 'starting', repository_id: repositoryId, repository, listed: [...listed] });
  }

  started(repositoryId: string, scanId: string): void {
    const record = this.#records.get(repositoryId);
    if (record?.scanId === scanId) return;
    this.#records.set(repositoryId, { listed: record?.listed, scanId, ended: false });
    const mac = this.#seal?.of(scanId);
    this.#append({ event: 'started', repository_id: repositoryId, scan_id: scanId, ...(mac ? { mac } : {}) });
  }

  ended(repositoryId: string, scanId: string): void {
    const record = this.#records.get(repositoryId);
    if (record !== undefined) record.ended = true;
    this.#append({ event: 'ended', repository_id: repositoryId, scan_id: scanId });
  }

  finished(): void {
    this.#append({ event: 'finished' });
  }

  close(): void {
    closeSync(this.#fd);
  }

  /** One line, written through at once: the kernel keeps it even if the process is killed the next moment. */
  #append(event: Unstamped<LedgerEvent>): void {
    // Scrubbed: a repository's name is the service's string, and a service echoing the key must not put it here.
    writeSync(this.#fd, `${this.#scrub(JSON.stringify({ ...event, at: new Date().toISOString() }))}\n`);
  }
}

/** The scans a ledger leaves open for the post step, and the started lines it passed over. */
export interface OpenScans {
  /** Started under the seal and not known to have ended. */
  open: string[];
  /** Scan ids of `started` lines without a valid seal: written by someone else, never cancelled. */
  ignored: string[];
}

/**
 * The scans a ledger lists as started under `seal` and not known to have ended: what the action's post step
 * cancels when the main step was stopped before it could. A started line without the seal is passed over (and
 * named): another step may have appended it. None when there is no ledger at `ledgerPath`.
 */
export function openScansOf(ledgerPath: string, seal: StartSeal): OpenScans {
  if (!existsSync(ledgerPath)) return { open: [], ignored: [] };
  const open = new Set<string>();
  const ignored: string[] = [];
  for (const event of readEvents(readFileSync(ledgerPath, 'utf8'))) {
    if (event.event === 'started' && seal.holds(event.scan_id, event.mac)) open.add(event.scan_id);
    else if (event.event === 'started') ignored.push(event.scan_id);
    else if (event.event === 'ended') open.delete(event.scan_id);
  }
  return { open: [...open], ignored };
}

function isUnfinished(events: readonly LedgerEvent[]): boolean {
  return events.length > 0 && events.at(-1)?.event !== 'finished';
}

/**
 * How `run` takes a ledger of `events`: a finished one is replayed by the same non-null run_id and selection, and
 * begun afresh by any other run; an unfinished one is taken over, unless another selection, or another non-null
 * run_id, left it so (a FleetUsageError naming both).
 */
function ledgerTake(events: readonly LedgerEvent[], run: LedgerRun | undefined, path: string): LedgerTake {
  const theirs = events.findLast((event) => event.event === 'begun');
  if (!isUnfinished(events))
    return run !== undefined && run.runId !== null && theirs?.run_id === run.runId && theirs.run === run.run
      ? 'replay'
      : 'begin';
  if (run === undefined || theirs === undefined) return 'take-over';
  if (theirs.run !== run.run)
    throw new FleetUsageError(
      `--ledger ${path} was left unfinished by another run (${theirs.run}), not by this one (${run.run}): re-run ` +
        'that one with it, or give each selection and shard a ledger of its own.',
    );
  if (theirs.run_id !== null && theirs.run_id !== run.runId)
    throw new FleetUsageError(
      `--ledger ${path} was left unfinished by run ${theirs.run_id}, not by this run (${run.runId ?? 'no run id'}): ` +
        'finish that run with it (--run-id), or give this run a ledger of its own.',
    );
  return 'take-over';
}

/** The events of a ledger's text; a line that is not one (cut short by a kill) is passed over. */
function readEvents(text: string): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const event = JSON.parse(line) as unknown;
      if (isLedgerEvent(event)) events.push(event);
    } catch {
      // A torn last line: the start it would have recorded is looked up on the service instead.
    }
  }
  return events;
}

function isLedgerEvent(value: unknown): value is LedgerEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  switch (event.event) {
    case 'begun':
      // A ledger written before run ids has none: its run_id reads as null.
      if (event.run_id === undefined) event.run_id = null;
      return typeof event.run === 'string' && (event.run_id === null || typeof event.run_id === 'string');
    case 'starting':
      return typeof event.repository_id === 'string' && Array.isArray(event.listed);
    case 'started':
    case 'ended':
      return typeof event.repository_id === 'string' && typeof event.scan_id === 'string';
    case 'finished':
      return true;
    default:
      return false;
  }
}

function recordsOf(events: readonly LedgerEvent[]): Map<string, LedgerRecord> {
  const records = new Map<string, LedgerRecord>();
  for (const event of events) {
    if (event.event === 'starting') {
      const listed = event.listed.filter((id): id is string => typeof id === 'string');
      records.set(event.repository_id, { listed, scanId: undefined, ended: false });
    } else if (event.event === 'started') {
      const listed = records.get(event.repository_id)?.listed;
      records.set(event.repository_id, { listed, scanId: event.scan_id, ended: false });
    } else if (event.event === 'ended') {
      const record = records.get(event.repository_id);
      if (record?.scanId === event.scan_id) record.ended = true;
    }
  }
  return records;
}

import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { FleetUsageError } from './fleet-usage-error.ts';

/**
 * The fleet's ledger: JSON lines, one event a line, appended (never rewritten) as it happens, so that a run
 * killed at any point leaves what it did:
 *
 *   {"event":"begun","run":"all; shard 1/4; ref: default branches","at":"…"}
 *   {"event":"starting","repository_id":"repo_1","repository":"acme/api","listed":["scan_8"],"at":"…"}
 *   {"event":"started","repository_id":"repo_1","scan_id":"scan_9","at":"…"}
 *   {"event":"ended","repository_id":"repo_1","scan_id":"scan_9","at":"…"}
 *   {"event":"finished","at":"…"}
 *
 * `starting` is written before each start, with the ids the service listed for the repository then; `started`
 * once the new scan's id is known; `ended` once the scan ended or was cancelled; `finished` when the run ended
 * by itself (whatever its verdicts). A run given a ledger that is not finished is a re-run after a crash, and
 * takes its starts over; a finished ledger is begun afresh, so next night's run scans again. `begun` names the
 * run's selection: a ledger left unfinished by another selection (two shards given one ledger) is refused, since
 * finishing it would drop the other run's unrecorded starts, and its re-run would then start them again.
 */
export type LedgerEvent =
  | { event: 'begun'; run: string; at: string }
  | { event: 'starting'; repository_id: string; repository: string; listed: string[]; at: string }
  | { event: 'started'; repository_id: string; scan_id: string; at: string }
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

export class Ledger {
  readonly path: string;
  readonly #records: Map<string, LedgerRecord>;
  readonly #fd: number;
  readonly #scrub: (text: string) => string;

  private constructor(
    path: string,
    records: Map<string, LedgerRecord>,
    append: boolean,
    scrub: (text: string) => string,
  ) {
    this.path = path;
    this.#scrub = scrub;
    this.#records = records;
    this.#fd = openSync(path, append ? 'a' : 'w');
  }

  /**
   * Opens the ledger at `path` for the run `run` names (its selection, shard and ref): a crashed run's is taken
   * over, a finished one (or none) is begun afresh, one left unfinished by another run is refused. Each line is
   * written through `scrub` (the face's secret scrubber).
   */
  static open(path: string, run?: string, scrub: (text: string) => string = (text) => text): Ledger {
    const events = Ledger.check(path, run);
    const unfinished = isUnfinished(events);
    const records = unfinished ? recordsOf(events) : new Map<string, LedgerRecord>();
    const ledger = new Ledger(path, records, unfinished, scrub);
    if (run !== undefined) ledger.#append({ event: 'begun', run });
    return ledger;
  }

  /** The events of the ledger at `path`, refused (a usage error) when another run left it unfinished. */
  static check(path: string, run: string | undefined): LedgerEvent[] {
    const events = existsSync(path) ? readEvents(readFileSync(path, 'utf8')) : [];
    const theirs = events.findLast((event) => event.event === 'begun')?.run;
    if (run !== undefined && theirs !== undefined && theirs !== run && isUnfinished(events))
      throw new FleetUsageError(
        `--ledger ${path} was left unfinished by another run (${theirs}), not by this one (${run}): re-run that ` +
          'one with it, or give each selection and shard a ledger of its own.',
      );
    return events;
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
    this.#append({ event: 'started', repository_id: repositoryId, scan_id: scanId });
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

/**
 * The scans a ledger lists as started and not known to have ended: what the action's post step cancels when the
 * main step was stopped before it could. None when there is no ledger at `ledgerPath`.
 */
export function openScansOf(ledgerPath: string): string[] {
  if (!existsSync(ledgerPath)) return [];
  const open = new Set<string>();
  for (const event of readEvents(readFileSync(ledgerPath, 'utf8'))) {
    if (event.event === 'started') open.add(event.scan_id);
    else if (event.event === 'ended') open.delete(event.scan_id);
  }
  return [...open];
}

function isUnfinished(events: readonly LedgerEvent[]): boolean {
  return events.length > 0 && events.at(-1)?.event !== 'finished';
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
      return typeof event.run === 'string';
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

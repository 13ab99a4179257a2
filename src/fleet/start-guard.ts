import {
  AuthError,
  ConnectionError,
  DecodeError,
  RequestTimeoutError,
  ServerError,
  type Logger,
  type RequestOptions,
  type ServiceClient,
} from '../client/index.ts';
import type { CreateScanParams, Repository, Scan } from '../client/types.ts';
import { RunError, ScanInterruptedError } from '../run/run-error.ts';
import type { ScanStarter } from '../run/run-context.ts';
import { graceAfter } from '../run/signals.ts';
import type { Ledger } from './ledger.ts';
import { messageOf } from './error-text.ts';
import { scansOfRepository } from './repository-scans.ts';

/** How long a start sent before the deadline (or the stop) may still take to answer after it. */
const START_ANSWER_GRACE_MS = 3_500;

/** Whether a scan was started could not be told: none is started, so none is started twice. */
class StartUnknownError extends RunError {
  override name = 'StartUnknownError';
}

export interface StartGuardScope {
  client: Pick<ServiceClient, 'createScan' | 'getScan' | 'listScans'>;
  ledger: Ledger | undefined;
  log: Logger;
  /** The user's stop: a start not yet sent is not sent after it. */
  stopSignal: AbortSignal;
  /** Told when the service refuses the key on a start (401 or 403): the fleet starts nothing more. */
  onKeyRefused: (error: AuthError) => void;
  /**
   * Why the fleet may start no more scans now (a refused key, the user's stop, the deadline, credits), asked again
   * right before the start: the lookup before it takes a while, and any of these may have come meanwhile.
   */
  refusal: () => string | undefined;
}

/** The fleet came to start no more scans while this one's lookup ran: it was not sent. */
class StartRefusedError extends RunError {
  override name = 'StartRefusedError';
}

/**
 * What the service lists is not this repository's (a scan of another repository or ref), or does not confirm
 * what the ledger says: nothing is adopted or started from it, and the repository is not judged.
 */
class UnconfirmedScanError extends RunError {
  override name = 'UnconfirmedScanError';
}

/**
 * Sends a repository's start so that it never reaches the service twice. Before the start it lists the scans the
 * service already has for the repository and records them in the ledger; a run that finds its own start recorded
 * (a re-run after a crash) adopts the recorded scan, or a scan listed now and not before, instead of starting one.
 * A start whose answer was lost (a 5xx, a reset, a timeout) is never sent again: the scan it may have started is
 * looked for the same way, and when none is listed the repository is reported, not started again.
 */
export class StartGuard implements ScanStarter {
  readonly #scope: StartGuardScope;
  readonly #repository: Repository;
  /** The scan this guard adopted rather than started: its run did not send its start. */
  #adopted: string | undefined;

  constructor(scope: StartGuardScope, repository: Repository) {
    this.#scope = scope;
    this.#repository = repository;
  }

  /** Whether the scan `id` was adopted (recorded by an earlier attempt, or a lost start's) rather than started now. */
  adopted(id: string): boolean {
    return this.#adopted === id;
  }

  async createScan(params: CreateScanParams, options: RequestOptions = {}): Promise<Scan> {
    const adopted = await this.#adoptRecorded(params, options);
    if (adopted !== undefined) return this.#adopt(adopted);
    const listed = await this.#listedIds(params, options);
    if (this.#scope.stopSignal.aborted) {
      const name = this.#repository.full_name;
      throw new ScanInterruptedError(
        `The run was stopped before the scan of ${name} was started; none was started.`,
        undefined,
      );
    }
    const refusal = this.#scope.refusal();
    if (refusal !== undefined) throw new StartRefusedError(refusal);
    this.#scope.ledger?.starting(this.#repository.id, this.#repository.full_name, listed);
    const answer = this.#answerSignal(options.signal);
    try {
      return await this.#scope.client.createScan(params, { ...options, signal: answer.signal });
    } catch (error) {
      if (error instanceof AuthError) this.#scope.onKeyRefused(error);
      if (!mayHaveStarted(error)) throw error;
      return this.#adopt(await this.#findLostStart(listed, params, options, error));
    } finally {
      answer.dispose();
    }
  }

  /**
   * A start sent is answered even past the deadline (START_ANSWER_GRACE_MS after it), and the stop's grace is the
   * caller's: a POST cut in flight may have started a scan that nobody, lacking its id, could cancel.
   */
  #answerSignal(signal: AbortSignal | undefined): { signal: AbortSignal; dispose(): void } {
    const graces = [signal, this.#scope.stopSignal]
      .filter((one): one is AbortSignal => one !== undefined)
      .map((one) => graceAfter(one, START_ANSWER_GRACE_MS));
    return {
      signal: AbortSignal.any(graces.map((grace) => grace.signal)),
      dispose: () => {
        for (const grace of graces) grace.dispose();
      },
    };
  }

  #adopt(scan: Scan): Scan {
    this.#adopted = scan.id;
    return scan;
  }

  /**
   * The scan an earlier attempt of this run recorded for this repository, or the one it started without recording
   * its id: adopted only when the service lists it among this repository's scans, of this repository and ref.
   */
  async #adoptRecorded(params: CreateScanParams, options: RequestOptions): Promise<Scan | undefined> {
    const recorded = this.#scope.ledger?.recorded(this.#repository.id);
    if (recorded === undefined) return undefined;
    const name = this.#repository.full_name;
    if (recorded.scanId !== undefined) return await this.#confirmRecorded(recorded.scanId, params, options);
    if (recorded.listed === undefined) return undefined;
    const ours = await this.#newScanSince(recorded.listed, params, options).catch((error: unknown) => {
      if (error instanceof RunError) throw error;
      throw new StartUnknownError(
        `The ledger records a start of ${name} whose scan id was never written, and the scans of ${name} could ` +
          `not be listed to find it (${messageOf(error)}). No scan was started, so none is started twice: re-run later.`,
      );
    });
    if (ours !== undefined)
      this.#scope.log.info(`Adopting scan ${ours.id} of ${name}, started by an earlier run.`);
    return ours;
  }

  /** The ledger's scan, as the service lists it among the repository's scans; one it does not list is refused. */
  async #confirmRecorded(scanId: string, params: CreateScanParams, options: RequestOptions): Promise<Scan> {
    const name = this.#repository.full_name;
    const listed = await this.#listAll(options).catch((error: unknown) => {
      if (error instanceof RunError) throw error;
      throw new StartUnknownError(
        `The ledger records scan ${scanId} of ${name}, and the scans of ${name} could not be listed to confirm ` +
          `it (${messageOf(error)}). It was not adopted and no scan was started: re-run later.`,
      );
    });
    const scan = listed.find((one) => one.id === scanId);
    const problem =
      scan === undefined
        ? `the service does not list it among the scans of ${name}`
        : ofRef(scan, params.ref)
          ? undefined
          : `the service lists it at ref ${scan.ref ?? ''}, not at ${params.ref ?? 'HEAD'}`;
    if (scan === undefined || problem !== undefined)
      throw new UnconfirmedScanError(
        `The ledger records scan ${scanId} for ${name}, but ${problem ?? ''}: it was not adopted, and no scan ` +
          'was started. A ledger is input anyone with the file may have written: check it, or give this run a new ' +
          'ledger.',
      );
    this.#scope.log.info(`Adopting scan ${scan.id} of ${name}, recorded in the ledger.`);
    return scan;
  }

  async #listedIds(params: CreateScanParams, options: RequestOptions): Promise<string[]> {
    try {
      return (await this.#listAll(options)).map((scan) => scan.id);
    } catch (error) {
      if (error instanceof AuthError || error instanceof RunError) throw error;
      const name = this.#repository.full_name;
      throw new StartUnknownError(
        `The scans of ${name} could not be listed before its start (${messageOf(error)}), so a scan started ` +
          'earlier could not be told from a new one. No scan was started: re-run later.',
      );
    }
  }

  async #findLostStart(
    listed: readonly string[],
    params: CreateScanParams,
    options: RequestOptions,
    cause: unknown,
  ): Promise<Scan> {
    const name = this.#repository.full_name;
    const ours = await this.#newScanSince(listed, params, options).catch((error: unknown) => {
      if (error instanceof RunError) throw error;
      return undefined;
    });
    if (ours !== undefined) {
      this.#scope.log.info(
        `The start of ${name} failed (${messageOf(cause)}) but scan ${ours.id} was started: adopting it.`,
      );
      return ours;
    }
    throw new StartUnknownError(
      `The start of ${name} failed (${messageOf(cause)}) after it may have reached the service, and no new scan of ` +
        `${name} is listed. It was not sent again, so the repository is never scanned twice: re-run the fleet with ` +
        'the same ledger to look again.',
    );
  }

  /**
   * The one scan of the repository listed now and not in `listed`. Two or more: another run started one in
   * between, and which is ours cannot be told, so none is adopted.
   */
  async #newScanSince(
    listed: readonly string[],
    params: CreateScanParams,
    options: RequestOptions,
  ): Promise<Scan | undefined> {
    const before = new Set(listed);
    const now = await this.#listAll(options);
    const found = now.filter((scan) => !before.has(scan.id) && ofRef(scan, params.ref));
    if (found.length <= 1) return found[0];
    const name = this.#repository.full_name;
    throw new StartUnknownError(
      `${found.length} new scans of ${name} are listed since its start was sent (${found.map((s) => s.id).join(', ')}): ` +
        'another run started one, and which is ours cannot be told. None was adopted and none is started again: ' +
        'judge the repository on its own.',
    );
  }

  /**
   * Every scan the service lists for the repository, all pages read, each checked to be of this repository (where
   * the service says): a listing holding a scan of another repository is no listing of this one, so nothing is
   * adopted or started from it.
   */
  async #listAll(options: RequestOptions): Promise<Scan[]> {
    // Every page: a first page alone could hide ours (a second start) or show an old scan as new.
    const scans = await scansOfRepository(this.#scope.client, this.#repository.id, options.signal);
    for (const scan of scans) this.#refuseForeign(scan);
    return scans;
  }

  #refuseForeign(scan: Scan): void {
    const repositoryId = scan.repository_id;
    if (repositoryId === undefined || repositoryId === this.#repository.id) return;
    const name = this.#repository.full_name;
    throw new UnconfirmedScanError(
      `The service's list of the scans of ${name} (repository_id ${this.#repository.id}) holds scan ${scan.id} ` +
        `of repository_id ${repositoryId}: it is no list of ${name}'s scans, so nothing was adopted or started ` +
        'from it.',
    );
  }
}

/** A scan of the run's ref, where the service says which ref a scan is of. */
function ofRef(scan: Scan, ref: string | undefined): boolean {
  return scan.ref === undefined || scan.ref === (ref ?? 'HEAD');
}

/** A start that failed after the request may have reached the service: the scan may exist. */
function mayHaveStarted(error: unknown): boolean {
  if (error instanceof ServerError || error instanceof RequestTimeoutError) return true;
  if (error instanceof ConnectionError) return !error.neverSent;
  return error instanceof DecodeError && error.resourceId === undefined;
}

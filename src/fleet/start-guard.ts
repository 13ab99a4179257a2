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
import type { Ledger } from './ledger.ts';
import { messageOf } from './error-text.ts';

/** Scan ids of a repository read before a start: the first page, newest first (the order assumed, see README). */
const LISTED_BEFORE_START = 100;

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

  constructor(scope: StartGuardScope, repository: Repository) {
    this.#scope = scope;
    this.#repository = repository;
  }

  async createScan(params: CreateScanParams, options: RequestOptions = {}): Promise<Scan> {
    const adopted = await this.#adoptRecorded(params, options);
    if (adopted !== undefined) return adopted;
    const listed = await this.#listedIds(options);
    if (this.#scope.stopSignal.aborted) {
      const name = this.#repository.full_name;
      throw new ScanInterruptedError(
        `The run was stopped before the scan of ${name} was started; none was started.`,
        undefined,
      );
    }
    this.#scope.ledger?.starting(this.#repository.id, this.#repository.full_name, listed);
    try {
      return await this.#scope.client.createScan(params, options);
    } catch (error) {
      if (error instanceof AuthError) this.#scope.onKeyRefused(error);
      if (!mayHaveStarted(error)) throw error;
      return await this.#findLostStart(listed, params, options, error);
    }
  }

  /** The scan a crashed run recorded for this repository, or the one it started without recording its id. */
  async #adoptRecorded(params: CreateScanParams, options: RequestOptions): Promise<Scan | undefined> {
    const recorded = this.#scope.ledger?.recorded(this.#repository.id);
    if (recorded === undefined) return undefined;
    const name = this.#repository.full_name;
    if (recorded.scanId !== undefined) {
      this.#scope.log.info(`Adopting scan ${recorded.scanId} of ${name}, recorded in the ledger.`);
      return await this.#scope.client.getScan(recorded.scanId, options);
    }
    if (recorded.listed === undefined) return undefined;
    const ours = await this.#newScanSince(recorded.listed, params, options).catch((error: unknown) => {
      throw new StartUnknownError(
        `The ledger records a start of ${name} whose scan id was never written, and the scans of ${name} could ` +
          `not be listed to find it (${messageOf(error)}). No scan was started, so none is started twice: re-run later.`,
      );
    });
    if (ours !== undefined)
      this.#scope.log.info(`Adopting scan ${ours.id} of ${name}, started by an earlier run.`);
    return ours;
  }

  async #listedIds(options: RequestOptions): Promise<string[]> {
    try {
      return (await this.#listNewestFirst(options)).map((scan) => scan.id);
    } catch (error) {
      if (error instanceof AuthError) throw error;
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
    const ours = await this.#newScanSince(listed, params, options).catch(() => undefined);
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

  /** A scan of the repository listed now and not in `listed`, of the same ref when the service says; the newest. */
  async #newScanSince(
    listed: readonly string[],
    params: CreateScanParams,
    options: RequestOptions,
  ): Promise<Scan | undefined> {
    const before = new Set(listed);
    const now = await this.#listNewestFirst(options);
    return now.find((scan) => !before.has(scan.id) && (scan.ref === undefined || scan.ref === params.ref));
  }

  async #listNewestFirst(options: RequestOptions): Promise<Scan[]> {
    const page = await this.#scope.client.listScans(
      { repository_id: this.#repository.id, limit: LISTED_BEFORE_START },
      { signal: options.signal },
    );
    return page.items;
  }
}

/** A start that failed after the request may have reached the service: the scan may exist. */
function mayHaveStarted(error: unknown): boolean {
  if (error instanceof ServerError || error instanceof RequestTimeoutError) return true;
  if (error instanceof ConnectionError) return !error.neverSent;
  return error instanceof DecodeError && error.resourceId === undefined;
}

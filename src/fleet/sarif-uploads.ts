import type { Logger, Sleep } from '../client/index.ts';
import { SarifRun, type SarifRunOutcome, type SarifRunReport } from '../code-scanning/sarif-run.ts';
import { uploadSarif, waitForProcessing, type SarifProcessing } from '../code-scanning/sarif-upload.ts';
import type { FindingFilter } from '../domain/finding-filter.ts';
import { SHARED_INPUTS } from '../report/shared-inputs.ts';
import type { FindingLister } from '../run/finding-stream.ts';
import type { ReportedCounts } from '../run/unfiltered-findings.ts';
import { defaultSarifCategory } from '../sarif/sarif-category.ts';
import { messageOf } from './error-text.ts';
import { FleetGitHubError, type FleetGitHub } from './fleet-github.ts';
import type { CodeScanningUpload } from './rollup.ts';

/**
 * Uploads in flight at once (building its SARIF, then its POST). The rate gate paces the POSTs of an installation
 * 750 ms apart anyway; two lanes let one SARIF be read from the service while the other waits for its turn, and
 * keep at most two SARIF logs in memory, however long the queue.
 */
const UPLOAD_LANES = 2;

/**
 * Processing is read every 10 s, at most 6 times (a minute): the Security tab shows an upload GitHub has not
 * processed by then anyway, and 1,000 repositories' polls stay a bounded share of the hourly budget.
 */
const PROCESSING_POLL_MS = 10_000;
const MAX_PROCESSING_POLLS = 6;

/** The action's sarif-max-results, by default: the same SARIF run as a workflow's upload of the default branch. */
const SARIF_MAX_RESULTS = Number(SHARED_INPUTS.sarifMaxResults.default);

/** One judged repository's SARIF, to be built and uploaded once its turn comes: no finding is held meanwhile. */
export interface RepositorySarif {
  /** `owner/name`. */
  repository: string;
  /** The default branch, whose ref (`refs/heads/<branch>`) the analysis is of. */
  branch: string;
  /** The commit the fleet scanned, even if the branch has moved since. */
  commit: string;
  /** The scan and the results the gate judged. */
  report: SarifRunReport;
  /** Where its findings are read: the service, or the pages the judging kept. */
  findings: FindingLister;
  pageSize: number;
  /** The repository's policy: what it leaves out, and what it suppresses. */
  filter: FindingFilter;
  /**
   * The scan's report, as the gate read it. The night's run reads no page of the list without a policy, so the
   * SARIF's reader is the first to list the findings: a small scan's unfiltered list then takes one page where a
   * first page per severity takes four or five; under a policy, the judging read that same list and kept it.
   */
  reported?: ReportedCounts | undefined;
}

export interface FleetSarifUploadsOptions {
  github: FleetGitHub;
  log: Logger;
  /** The fleet's deadline and the user's stop: an upload not made by then is pending. */
  signal: AbortSignal;
  sleep: Sleep;
  /** Removes every secret the face knows from the service's strings written into the SARIF. */
  scrub: (text: string) => string;
  pollMs?: number;
  maxPolls?: number;
}

interface Waiting {
  sarif: RepositorySarif;
  settle: (upload: CodeScanningUpload) => void;
}

/**
 * The night's uploads of each judged repository's SARIF to its code scanning, apart from the scans: a repository's
 * verdict is recorded before its upload is queued, and no upload holds a scan's slot. At most UPLOAD_LANES are
 * built and posted at once, each SARIF dropped once posted; the processing waits that follow hold no lane. Never
 * throws: each repository's account (`code_scanning`) says what happened, and none changes a verdict.
 */
export class FleetSarifUploads {
  readonly #options: FleetSarifUploadsOptions;
  readonly #waiting: Waiting[] = [];
  readonly #uploads = new Map<string, Promise<CodeScanningUpload>>();
  #inLanes = 0;
  /** Reads of the processing status, counted apart from the night's other GitHub requests. */
  processingPolls = 0;

  constructor(options: FleetSarifUploadsOptions) {
    this.#options = options;
  }

  /** Queues a judged repository's upload; its account is had from `accounts()`. */
  add(sarif: RepositorySarif): void {
    const upload = new Promise<CodeScanningUpload>((settle) => {
      this.#waiting.push({ sarif, settle });
    });
    this.#uploads.set(sarif.repository, upload);
    this.#next();
  }

  /** What GitHub's code scanning shows of a repository: its alerts' page. */
  alertsUrlOf(repository: string): string {
    return `${this.#options.github.serverUrl}/${repository}/security/code-scanning`;
  }

  /** Every queued upload's account, by repository, once each is made, refused, or left pending at the deadline. */
  async accounts(): Promise<Map<string, CodeScanningUpload>> {
    const entries = await Promise.all(
      [...this.#uploads].map(async ([repository, upload]) => [repository, await upload] as const),
    );
    return new Map(entries);
  }

  #next(): void {
    while (this.#inLanes < UPLOAD_LANES && this.#waiting.length > 0) {
      const { sarif, settle } = this.#waiting.shift() as Waiting;
      this.#inLanes++;
      void this.#post(sarif)
        .catch((error: unknown) =>
          this.#account(sarif, 'not-uploaded', `The upload failed (${messageOf(error)}).`),
        )
        .then((posted) => {
          this.#inLanes--;
          this.#next();
          // The processing is waited for out of the lane.
          void ('later' in posted ? posted.later : Promise.resolve(posted)).then(settle);
        });
    }
  }

  /** Builds the SARIF and posts it (in a lane); its processing (`later`) is waited for in none. */
  async #post(sarif: RepositorySarif): Promise<CodeScanningUpload | { later: Promise<CodeScanningUpload> }> {
    const account = (status: string, error: string | null, id: string | null = null) =>
      this.#account(sarif, status, error, id);
    if (this.#options.signal.aborted) return account('pending', null);
    const built = await this.#built(sarif);
    if (built.kind !== 'built') return account(...notBuilt(built, this.#options.signal));
    const id = await this.#upload(sarif, built.log).catch((error: unknown) => error as Error);
    if (id instanceof Error) return account(...notPosted(id, this.#options.signal));
    this.#options.log.info(
      `${sarif.repository}: uploaded ${built.summary.results} results to code scanning for refs/heads/${sarif.branch} at ${sarif.commit} (sarif-id ${id}).`,
    );
    return {
      later: this.#processed(sarif, id).then((processing) =>
        account(processing.status, processingError(processing), id),
      ),
    };
  }

  #account(
    sarif: RepositorySarif,
    status: string,
    error: string | null,
    id: string | null = null,
  ): CodeScanningUpload {
    return { sarif_id: id, processing_status: status, alerts_url: this.alertsUrlOf(sarif.repository), error };
  }

  #built(sarif: RepositorySarif): Promise<SarifRunOutcome> {
    const run = new SarifRun({
      findings: sarif.findings,
      pageSize: sarif.pageSize,
      maxResults: SARIF_MAX_RESULTS,
      category: defaultSarifCategory(sarif.repository),
      serverUrl: this.#options.github.serverUrl,
      signal: this.#options.signal,
      filter: sarif.filter,
      reported: sarif.reported,
    });
    return run.of(sarif.report, { toolkit: { scrub: this.#options.scrub } });
  }

  #upload(sarif: RepositorySarif, log: Buffer): Promise<string> {
    const [owner = '', repo = ''] = sarif.repository.split('/');
    const client = this.#options.github.clientFor(sarif.repository, this.#options.signal);
    return uploadSarif(
      client,
      { owner, repo, commitSha: sarif.commit, ref: `refs/heads/${sarif.branch}` },
      log,
    );
  }

  async #processed(sarif: RepositorySarif, id: string): Promise<SarifProcessing & { unread?: string }> {
    const [owner = '', repo = ''] = sarif.repository.split('/');
    const client = this.#options.github.clientFor(sarif.repository, this.#options.signal);
    try {
      return await waitForProcessing(client, { owner, repo }, id, {
        signal: this.#options.signal,
        sleep: this.#options.sleep,
        pollMs: this.#options.pollMs ?? PROCESSING_POLL_MS,
        maxPolls: this.#options.maxPolls ?? MAX_PROCESSING_POLLS,
        onPoll: () => {
          this.processingPolls++;
        },
      });
    } catch (error) {
      const deferred = error instanceof FleetGitHubError && error.kind === 'deferred';
      const unread = deferred ? undefined : `Could not read code scanning's processing: ${messageOf(error)}`;
      return { status: 'pending', errors: [], analysesUrl: undefined, ...(unread ? { unread } : {}) };
    }
  }
}

const NOT_UPLOADED =
  'so nothing was uploaded to code scanning: an upload missing findings would close their alerts as fixed';

/** Why a SARIF was not built: the deadline leaves it pending; a partial scan or an unread list is no upload. */
function notBuilt(
  outcome: Exclude<SarifRunOutcome, { kind: 'built' }>,
  signal: AbortSignal,
): [string, string | null] {
  if (outcome.kind === 'partial') return ['not-uploaded', `${outcome.reason}, ${NOT_UPLOADED}.`];
  if (outcome.kind === 'none') return ['not-uploaded', `The scan has no results, ${NOT_UPLOADED}.`];
  if (outcome.aborted || signal.aborted) return ['pending', null];
  return ['not-uploaded', `Not every finding could be read (${outcome.error.message}), ${NOT_UPLOADED}.`];
}

/**
 * Why a POST made no upload: one GitHub's limits held past the deadline (or the deadline cut) is pending; a 403
 * (code scanning off, no Code Security on a private repository, no security_events permission) is said, never
 * retried; anything else is said too.
 */
function notPosted(error: Error, signal: AbortSignal): [string, string | null] {
  if (signal.aborted || (error instanceof FleetGitHubError && error.kind === 'deferred'))
    return ['pending', null];
  if (error instanceof FleetGitHubError && error.status === 403)
    return [
      'not-uploaded',
      `Code scanning refused the upload (${error.message}): enable code scanning on the repository (a private one needs GitHub Code Security), and give the GitHub App security_events write. The verdict stands.`,
    ];
  return ['not-uploaded', `The upload failed (${messageOf(error)}). The verdict stands.`];
}

function processingError(processing: SarifProcessing & { unread?: string }): string | null {
  if (processing.status === 'failed')
    return `Code scanning failed to process the upload: ${processing.errors.join('; ') || 'no reason given'}.`;
  return processing.unread ?? null;
}

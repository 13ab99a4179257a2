import type { Dispatcher } from 'undici';
import { LazyProxyAgent } from './http-stack.ts';
import { awaitedAiAnalysis, awaitedRemediation, awaitedScan, type AwaitedJob } from './awaited-jobs.ts';
import { normalizeBaseUrl } from './base-url.ts';
import { realNow, realRandom, realSleep, type Now, type Random, type Sleep } from './clock.ts';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RETRY_POLICY,
  DEFAULT_USER_AGENT,
  PAGE_SIZES,
  POLL_DEFAULTS,
} from './defaults.ts';
import type { Decoder } from './decode.ts';
import { ConfigError } from './errors.ts';
import { NOOP_LOGGER, type Logger } from './logger.ts';
import { paginate } from './paging.ts';
import { pollUntilTerminal, type Poll, type WaitOptions } from './polling.ts';
import { createRedactor } from './redact.ts';
import * as decoders from './resource-decoders.ts';
import { ENDPOINTS, bodyOf, pathOf, queryOf, type Endpoint } from './endpoints.ts';
import { Transport, type Call, type QueryValue, type RequestOptions } from './transport.ts';
import type {
  AIAnalysis,
  AIPatches,
  AiSecurityOverview,
  ApiKey,
  ApiKeyCreated,
  AuditLog,
  ComplianceOverview,
  CreateApiKeyParams,
  CreateScanParams,
  Finding,
  FindingDetail,
  FrameworkDetail,
  ListAuditLogsParams,
  ListFindingsParams,
  ListRepositoriesParams,
  ListScansParams,
  Page,
  Principal,
  RemediationJob,
  Repository,
  Scan,
  ScanReport,
  UsageOverview,
} from './types.ts';

export interface ServiceClientOptions {
  apiKey: string;
  /** Validated like a resolved one: http only to loopback hosts. A trailing slash is removed. */
  baseUrl: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** Bound on the total wait between the attempts of one call. */
  maxRetryWaitMs?: number;
  /**
   * When set, a 429 is waited out (its Retry-After, else backoff) however often it comes, for up to this long a
   * call, beyond maxRetries: a fleet gives its deadline, so a busy service delays its night but drops nothing.
   */
  rateLimitWaitMs?: number;
  logger?: Logger;
  /** Used instead of the client's own connection pool; the caller then owns and closes it. */
  dispatcher?: Dispatcher;
  sleep?: Sleep;
  now?: Now;
  random?: Random;
  userAgent?: string;
}

/** Options of the iterate* methods: page size and start, pages in flight at once, and the per-request ones. */
export interface IterateOptions extends RequestOptions {
  limit?: number | undefined;
  offset?: number | undefined;
  /** 1 (sequential) by default. */
  concurrency?: number | undefined;
  /** Stop after this many items, fetching no page beyond them. */
  maxItems?: number | undefined;
}

export interface FindRepositoryOptions extends RequestOptions {
  projectId?: string | undefined;
}

interface Paged {
  limit?: number | undefined;
  offset?: number | undefined;
}

/** A typed client of the whole service API: one method per endpoint, plus paging, lookup and polling helpers. */
export class ServiceClient {
  /** The base URL requests go to, without a trailing slash. */
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #ownAgent: LazyProxyAgent | undefined;
  #closed = false;
  readonly #logger: Logger;
  readonly #sleep: Sleep;
  readonly #now: Now;

  constructor(options: ServiceClientOptions) {
    const apiKey = options.apiKey.trim();
    if (!apiKey) throw new ConfigError('The client needs an API key; it was given an empty one');
    // A header value cannot carry these, and a pasted key with a line break in it is a mistake to name now.
    if (/[^\x21-\x7e]/.test(apiKey)) {
      throw new ConfigError(
        'The API key contains a space, a line break or a character outside printable ASCII; copy the key again, whole and alone.',
      );
    }
    const baseUrl = normalizeBaseUrl(options.baseUrl, 'given to the client', createRedactor(apiKey));
    this.baseUrl = baseUrl;
    this.#logger = options.logger ?? NOOP_LOGGER;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? realNow;
    let dispatcher: Dispatcher | LazyProxyAgent | undefined = options.dispatcher;
    if (dispatcher === undefined) {
      // Honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as runners behind a corporate proxy need.
      this.#ownAgent = new LazyProxyAgent();
      dispatcher = this.#ownAgent;
    }
    this.#transport = new Transport({
      apiKey,
      baseUrl,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      retry: {
        ...DEFAULT_RETRY_POLICY,
        maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
        maxWaitMs: options.maxRetryWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs,
        rateLimitWaitMs: options.rateLimitWaitMs,
      },
      logger: this.#logger,
      dispatcher,
      sleep: this.#sleep,
      now: this.#now,
      random: options.random ?? realRandom,
    });
  }

  /** Closes the client's own connection pool; an injected dispatcher is left to its owner. */
  async close(): Promise<void> {
    if (this.#ownAgent === undefined || this.#closed) return;
    this.#closed = true;
    await this.#ownAgent.close();
  }

  me(options?: RequestOptions): Promise<Principal> {
    return this.#get(ENDPOINTS.me, [], decoders.principal, options);
  }

  createScan(params: CreateScanParams, options?: RequestOptions): Promise<Scan> {
    return this.#post(ENDPOINTS.createScan, [], decoders.scan, options, params);
  }

  listScans(params: ListScansParams = {}, options?: RequestOptions): Promise<Page<Scan>> {
    return this.#get(ENDPOINTS.listScans, [], decoders.page(decoders.scan), options, { ...params });
  }

  iterateScans(
    params: ListScansParams = {},
    options: IterateOptions = {},
  ): AsyncGenerator<Scan, void, undefined> {
    return this.#iterate(
      (page, o) => this.listScans({ ...params, ...page }, o),
      params,
      options,
      ENDPOINTS.listScans.query.limit,
    );
  }

  getScan(id: string, options?: RequestOptions): Promise<Scan> {
    return this.#get(ENDPOINTS.getScan, [id], decoders.scan, options, undefined, sameId('scan', id));
  }

  getScanReport(id: string, options?: RequestOptions): Promise<ScanReport> {
    return this.#get(ENDPOINTS.getScanReport, [id], decoders.scanReport, options);
  }

  /**
   * Cancelling is idempotent, so a failed cancel is sent again like a read. It is sent even while a 429's
   * Retry-After holds the client's other requests: a cancel at a deadline or a stop cannot wait out a long hold,
   * and it lightens the service's load (a 429 answered to the cancel itself is still waited out).
   */
  cancelScan(id: string, options?: RequestOptions): Promise<Scan> {
    return this.#send(ENDPOINTS.cancelScan, [id], {
      decode: decoders.scan,
      options,
      idempotent: true,
      passesRateHold: true,
      check: sameId('scan', id),
    });
  }

  /** Without a limit, asks for 50 findings when listing one scan's, the service's default of 20 otherwise. */
  listFindings(params: ListFindingsParams = {}, options?: RequestOptions): Promise<Page<Finding>> {
    const limit = params.limit ?? (params.scan_id === undefined ? undefined : PAGE_SIZES.findingsOfScan);
    const check = params.scan_id === undefined ? undefined : findingsOfScan(params.scan_id);
    const query = { ...params, limit };
    return this.#get(ENDPOINTS.listFindings, [], decoders.page(decoders.finding), options, query, check);
  }

  iterateFindings(
    params: ListFindingsParams = {},
    options: IterateOptions = {},
  ): AsyncGenerator<Finding, void, undefined> {
    const pageSize =
      params.scan_id === undefined ? ENDPOINTS.listFindings.query.limit : PAGE_SIZES.findingsOfScan;
    return this.#iterate(
      (page, o) => this.listFindings({ ...params, ...page }, o),
      params,
      options,
      pageSize,
    );
  }

  getFinding(id: string, options?: RequestOptions): Promise<FindingDetail> {
    const check = sameId('finding', id);
    return this.#get(ENDPOINTS.getFinding, [id], decoders.findingDetail, options, undefined, check);
  }

  remediateFinding(id: string, options?: RequestOptions): Promise<RemediationJob> {
    return this.#post(ENDPOINTS.remediateFinding, [id], decoders.remediationJob, options);
  }

  getRemediation(id: string, options?: RequestOptions): Promise<RemediationJob> {
    const check = sameId('remediation job', id);
    return this.#get(ENDPOINTS.getRemediation, [id], decoders.remediationJob, options, undefined, check);
  }

  startAiAnalysis(scanId: string, options?: RequestOptions): Promise<AIAnalysis> {
    return this.#post(ENDPOINTS.startAiAnalysis, [scanId], decoders.aiAnalysis, options);
  }

  getAiAnalysis(scanId: string, options?: RequestOptions): Promise<AIAnalysis> {
    const check = analysisOf(scanId);
    return this.#get(ENDPOINTS.getAiAnalysis, [scanId], decoders.aiAnalysis, options, undefined, check);
  }

  getAiPatches(scanId: string, options?: RequestOptions): Promise<AIPatches> {
    return this.#get(ENDPOINTS.getAiPatches, [scanId], decoders.aiPatches, options);
  }

  getComplianceOverview(
    params: { scan_id?: string } = {},
    options?: RequestOptions,
  ): Promise<ComplianceOverview> {
    return this.#get(ENDPOINTS.getComplianceOverview, [], decoders.complianceOverview, options, {
      ...params,
    });
  }

  getComplianceFramework(
    frameworkId: string,
    params: { scan_id?: string } = {},
    options?: RequestOptions,
  ): Promise<FrameworkDetail> {
    const endpoint = ENDPOINTS.getComplianceFramework;
    return this.#get(endpoint, [frameworkId], decoders.frameworkDetail, options, { ...params });
  }

  getAiSecurityOverview(
    params: { scan_id?: string } = {},
    options?: RequestOptions,
  ): Promise<AiSecurityOverview> {
    const endpoint = ENDPOINTS.getAiSecurityOverview;
    return this.#get(endpoint, [], decoders.aiSecurityOverview, options, { ...params });
  }

  listAuditLogs(params: ListAuditLogsParams = {}, options?: RequestOptions): Promise<Page<AuditLog>> {
    return this.#get(ENDPOINTS.listAuditLogs, [], decoders.page(decoders.auditLog), options, { ...params });
  }

  iterateAuditLogs(
    params: ListAuditLogsParams = {},
    options: IterateOptions = {},
  ): AsyncGenerator<AuditLog, void, undefined> {
    return this.#iterate(
      (page, o) => this.listAuditLogs({ ...params, ...page }, o),
      params,
      options,
      ENDPOINTS.listAuditLogs.query.limit,
    );
  }

  listRepositories(params: ListRepositoriesParams = {}, options?: RequestOptions): Promise<Page<Repository>> {
    const decode = decoders.page(decoders.repository);
    return this.#get(ENDPOINTS.listRepositories, [], decode, options, { ...params });
  }

  iterateRepositories(
    params: ListRepositoriesParams = {},
    options: IterateOptions = {},
  ): AsyncGenerator<Repository, void, undefined> {
    const list = (page: Paged, o: RequestOptions): Promise<Page<Repository>> =>
      this.listRepositories({ ...params, ...page }, o);
    return this.#iterate(list, params, options, ENDPOINTS.listRepositories.query.limit);
  }

  /** Pages through the repositories until one's full_name matches, ignoring case; null when none does. */
  async findRepositoryByFullName(
    fullName: string,
    options: FindRepositoryOptions = {},
  ): Promise<Repository | null> {
    const wanted = fullName.toLowerCase();
    const { projectId, ...requestOptions } = options;
    for await (const repository of this.iterateRepositories({ project_id: projectId }, requestOptions)) {
      if (repository.full_name.toLowerCase() === wanted) return repository;
    }
    return null;
  }

  /** The role defaults to member, the least privilege that automation needs. */
  createApiKey(params: CreateApiKeyParams, options?: RequestOptions): Promise<ApiKeyCreated> {
    const body = { name: params.name, role: params.role ?? 'member' };
    return this.#send(ENDPOINTS.createApiKey, [], {
      body: bodyOf(ENDPOINTS.createApiKey, body),
      decode: decoders.apiKeyCreated,
      options,
      secretResponse: true,
    });
  }

  listApiKeys(options?: RequestOptions): Promise<ApiKey[]> {
    return this.#get(ENDPOINTS.listApiKeys, [], decoders.apiKeyList, options);
  }

  revokeApiKey(id: string, options?: RequestOptions): Promise<void> {
    return this.#send(ENDPOINTS.revokeApiKey, [id], { decode: null, options });
  }

  getUsage(options?: RequestOptions): Promise<UsageOverview> {
    return this.#get(ENDPOINTS.getUsage, [], decoders.usageOverview, options);
  }

  /** Polls the scan until it completes, fails or is cancelled, and returns it; see classifyScanStatus. */
  waitForScan(id: string, options: WaitOptions<Scan> = {}): Promise<Scan> {
    return this.#wait(
      awaitedScan(id, this.#logger),
      (signal, onRetryAfter) => this.getScan(id, { signal, onRetryAfter }),
      options,
    );
  }

  /** Polls the scan's AI analysis until it is terminal (see classifyAiAnalysis) and returns it. */
  waitForAiAnalysis(scanId: string, options: WaitOptions<AIAnalysis> = {}): Promise<AIAnalysis> {
    const fetch = (signal: AbortSignal | undefined, onRetryAfter: (ms: number | undefined) => void) =>
      this.getAiAnalysis(scanId, { signal, onRetryAfter });
    return this.#wait(awaitedAiAnalysis(scanId, this.#logger), fetch, options);
  }

  /** Polls the remediation job until it is terminal (see classifyRemediation) and returns it. */
  waitForRemediation(id: string, options: WaitOptions<RemediationJob> = {}): Promise<RemediationJob> {
    const fetch = (signal: AbortSignal | undefined, onRetryAfter: (ms: number | undefined) => void) =>
      this.getRemediation(id, { signal, onRetryAfter });
    return this.#wait(awaitedRemediation(id, this.#logger), fetch, options);
  }

  /** Sends the endpoint's method to its path, filled with the ids in order. */
  #send<T>(endpoint: Endpoint, ids: string[], call: Omit<Call<T>, 'method' | 'path'>): Promise<T> {
    return this.#transport.request({ ...call, method: endpoint.method, path: pathOf(endpoint, ...ids) });
  }

  #get<T>(
    endpoint: Endpoint,
    ids: string[],
    decoder: Decoder<T>,
    options?: RequestOptions,
    query?: Record<string, QueryValue>,
    check?: (value: T) => string | undefined,
  ): Promise<T> {
    return this.#send(endpoint, ids, {
      query: query && queryOf(endpoint, query),
      decode: decoder,
      options,
      ...(check ? { check } : {}),
    });
  }

  #post<T>(
    endpoint: Endpoint,
    ids: string[],
    decoder: Decoder<T>,
    options?: RequestOptions,
    body?: object,
  ): Promise<T> {
    return this.#send(endpoint, ids, { body: body && bodyOf(endpoint, body), decode: decoder, options });
  }

  #iterate<T>(
    list: (page: Paged, options: RequestOptions) => Promise<Page<T>>,
    params: Paged,
    options: IterateOptions,
    defaultLimit: number,
  ): AsyncGenerator<T, void, undefined> {
    const { signal, timeoutMs } = options;
    return paginate(
      (offset, limit, pageSignal) => list({ offset, limit }, { signal: pageSignal, timeoutMs }),
      {
        limit: options.limit ?? params.limit ?? defaultLimit,
        offset: options.offset ?? params.offset ?? 0,
        concurrency: options.concurrency,
        maxItems: options.maxItems,
        signal,
      },
    );
  }

  #wait<T>(job: AwaitedJob<T>, fetch: Poll<T>['fetch'], options: WaitOptions<T>): Promise<T> {
    return pollUntilTerminal({
      ...job,
      fetch,
      intervalMs: options.intervalMs ?? job.defaultIntervalMs,
      timeoutMs: options.timeoutMs ?? POLL_DEFAULTS.timeoutMs,
      signal: options.signal,
      onUpdate: options.onUpdate,
      skipFirstFetch: options.skipFirstFetch,
      sleep: this.#sleep,
      now: this.#now,
    });
  }
}

/**
 * An answer about a resource asked for by id must be about that id: a service that answers with another scan
 * would otherwise have the action judge that scan's findings.
 */
function sameId(kind: string, expected: string): (value: { id: string }) => string | undefined {
  return (value) =>
    value.id === expected ? undefined : `is about ${kind} ${quote(value.id)}, not ${kind} ${quote(expected)}`;
}

function analysisOf(scanId: string): (analysis: AIAnalysis) => string | undefined {
  return (analysis) =>
    analysis.scan_id === undefined || analysis.scan_id === scanId
      ? undefined
      : `is the AI analysis of scan ${quote(analysis.scan_id)}, not of scan ${quote(scanId)}`;
}

/** Items of a list filtered by scan may name their scan; one that names another scan poisons the page. */
function findingsOfScan(scanId: string): (page: Page<Finding>) => string | undefined {
  return (page) => {
    const stranger = page.items.find((item) => item.scan_id !== undefined && item.scan_id !== scanId);
    return stranger === undefined
      ? undefined
      : `lists finding ${quote(stranger.id)} of scan ${quote(stranger.scan_id ?? '')}, not of scan ${quote(scanId)}`;
  };
}

function quote(id: string): string {
  return JSON.stringify(id.length > 80 ? `${id.slice(0, 79)}…` : id);
}

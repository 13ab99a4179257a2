/** The public surface of the service API client. */
export { ServiceClient } from './service-client.ts';
export type { FindRepositoryOptions, IterateOptions, ServiceClientOptions } from './service-client.ts';
export type { RequestOptions } from './transport.ts';
export type { WaitOptions } from './polling.ts';
export {
  AuthError,
  ConfigError,
  ConnectionError,
  DecodeError,
  InvalidIdError,
  IncompleteListError,
  NotFoundError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  ServerError,
  ServiceError,
  ValidationError,
  errorClassForStatus,
} from './errors.ts';
export type {
  ConnectionFailure,
  DecodeErrorOptions,
  RateLimitErrorOptions,
  ServiceErrorOptions,
} from './errors.ts';
export { fetchAllInOrder, fetchInOrder } from './page-fetcher.ts';
export { hasVersionPrefix, normalizeBaseUrl } from './base-url.ts';
export { REDACTED, createRedactor, secretForms } from './redact.ts';
export { resolveCredentials, CONFIG_FILE_IN_HOME } from './credentials.ts';
export type { CredentialSource, Credentials, ResolveCredentialsInput } from './credentials.ts';
export {
  CLIENT_VERSION,
  DEFAULT_USER_AGENT,
  DEFAULT_BASE_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  PAGE_SIZES,
  POLL_DEFAULTS,
} from './defaults.ts';
export {
  CANCELLED_STATUSES,
  FAILED_STATUSES,
  RUNNING_STATUSES,
  SUCCEEDED_STATUSES,
  SKIPPED_STATUSES,
  classifyAiAnalysis,
  classifyModuleStatus,
  classifyRemediation,
  classifyScanStatus,
  isModuleComplete,
  classifyStatus,
  isKnownStatus,
  isTerminal,
} from './job-status.ts';
export type { JobOutcome, ModuleOutcome } from './job-status.ts';
export { paginate } from './paging.ts';
export type { FetchPage, PagingOptions } from './paging.ts';
export { NOOP_LOGGER, warningsAsInfo } from './logger.ts';
export type { Logger } from './logger.ts';
export type { Now, Random, Sleep } from './clock.ts';
export * from './types.ts';

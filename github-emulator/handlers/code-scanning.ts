import { GitHubError, notFound } from '../github-errors.ts';
import type { Alert, SarifUpload } from '../code-scanning/code-scanning-state.ts';
import {
  pagedReply,
  repositoryPath,
  requireRepository,
  type Handler,
  type RequestContext,
} from '../request-context.ts';
import { keyOf, type Repository } from '../store.ts';
import { userJson } from '../users.ts';

/**
 * Code scanning's REST side: SARIF uploads and their processing status, and alerts (listed, read, dismissed,
 * reopened). Without Advanced Security every one of them answers 403, as on a private repository.
 */

const ADVANCED_SECURITY_REQUIRED =
  'Advanced Security must be enabled for this repository to use code scanning.';

function codeScanningRepository(context: RequestContext): Repository {
  const repository = requireRepository(context);
  if (!context.store.codeScanning.settings.advancedSecurity)
    throw new GitHubError(403, ADVANCED_SECURITY_REQUIRED);
  return repository;
}

export const uploadSarif: Handler = (context) => {
  const repository = codeScanningRepository(context);
  const upload = context.store.codeScanning.upload({
    repositoryKey: keyOf(repository.owner, repository.name),
    commitSha: String(context.body.commit_sha),
    ref: String(context.body.ref),
    sarif: String(context.body.sarif),
  });
  return {
    status: 202,
    body: {
      id: upload.id,
      url: `${context.links.apiUrl}${repositoryPath(repository)}/code-scanning/sarifs/${upload.id}`,
    },
  };
};

export const getSarif: Handler = (context) => {
  const repository = codeScanningRepository(context);
  const upload = context.store.codeScanning.uploads.get(context.params.sarif_id ?? '');
  if (!upload || upload.repositoryKey !== keyOf(repository.owner, repository.name)) throw notFound();
  context.store.codeScanning.poll(upload);
  return { status: 200, body: sarifStatusJson(upload, repository, context) };
};

function sarifStatusJson(upload: SarifUpload, repository: Repository, context: RequestContext): unknown {
  return {
    processing_status: upload.status,
    analyses_url:
      upload.status === 'complete'
        ? `${context.links.apiUrl}${repositoryPath(repository)}/code-scanning/analyses?sarif_id=${upload.id}`
        : null,
    errors: upload.errors,
  };
}

export const listAlerts: Handler = (context) => {
  const repository = codeScanningRepository(context);
  const scanning = context.store.codeScanning;
  const ref = context.query.get('ref') ?? undefined;
  const tool = context.query.get('tool_name');
  const state = context.query.get('state');
  const alerts = scanning
    .alertsOf(keyOf(repository.owner, repository.name))
    .filter((alert) => scanning.onRef(alert, ref ?? `refs/heads/${repository.defaultBranch}`))
    .filter((alert) => tool === null || alert.tool.name === tool)
    .filter((alert) => state === null || scanning.stateOn(alert, ref) === state)
    .sort((a, b) => (context.query.get('direction') === 'asc' ? a.number - b.number : b.number - a.number));
  return pagedReply(context, alerts, (alert) => alertJson(alert, repository, context, ref, 'list'));
};

export const getAlert: Handler = (context) => {
  const { repository, alert } = requireAlert(context);
  return { status: 200, body: alertJson(alert, repository, context, undefined, 'one') };
};

/**
 * Dismiss (with a reason) or reopen. With delegated dismissal on, only a person (a user token: a reviewer with the
 * bypass role) dismisses; an integration's dismissal with `create_request: true` files a request and leaves the
 * alert open, and one without it is refused.
 */
export const updateAlert: Handler = (context) => {
  const { repository, alert } = requireAlert(context);
  const scanning = context.store.codeScanning;
  const {
    state,
    dismissed_reason: reason,
    dismissed_comment: comment,
    create_request: request,
  } = context.body;
  if (state === 'dismissed') {
    if (typeof reason !== 'string')
      throw new GitHubError(422, 'A dismissed_reason is required when dismissing an alert.');
    const text = typeof comment === 'string' ? comment : null;
    if (scanning.settings.delegatedDismissal && context.caller.kind !== 'user') {
      if (request !== true)
        throw new GitHubError(
          403,
          'Dismissing this alert requires a dismissal request: send create_request: true.',
        );
      scanning.requestDismissal(alert, context.caller.login, reason, text);
    } else scanning.dismiss(alert, context.caller.login, reason, text);
  } else if (state === 'open') {
    if (alert.dismissed) scanning.reopen(alert);
  }
  return { status: 200, body: alertJson(alert, repository, context, undefined, 'one') };
};

function requireAlert(context: RequestContext): { repository: Repository; alert: Alert } {
  const repository = codeScanningRepository(context);
  const number = Number(context.params.alert_number);
  const alert = context.store.codeScanning
    .alertsOf(keyOf(repository.owner, repository.name))
    .find((candidate) => candidate.number === number);
  if (!alert) throw notFound();
  return { repository, alert };
}

const SECURITY_LEVELS: readonly [number, 'critical' | 'high' | 'medium' | 'low'][] = [
  [9, 'critical'],
  [7, 'high'],
  [4, 'medium'],
  [0.1, 'low'],
];

function alertJson(
  alert: Alert,
  repository: Repository,
  context: Pick<RequestContext, 'links' | 'store'>,
  ref: string | undefined,
  shape: 'list' | 'one',
): unknown {
  const { apiUrl, serverUrl } = context.links;
  const api = `${apiUrl}${repositoryPath(repository)}/code-scanning/alerts/${alert.number}`;
  const state = context.store.codeScanning.stateOn(alert, ref);
  return {
    number: alert.number,
    created_at: alert.createdAt,
    updated_at: alert.updatedAt,
    url: api,
    html_url: `${serverUrl}/${repository.owner}/${repository.name}/security/code-scanning/${alert.number}`,
    instances_url: `${api}/instances`,
    state,
    fixed_at: state === 'fixed' ? alert.fixedAt : null,
    dismissed_by: alert.dismissed ? userJson(alert.dismissed.by, serverUrl, apiUrl) : null,
    dismissed_at: alert.dismissed?.at ?? null,
    dismissed_reason: alert.dismissed?.reason ?? null,
    dismissed_comment: alert.dismissed?.comment ?? null,
    // GitHub's description has it on one alert (get, update), not in the list.
    ...(shape === 'one'
      ? {
          dismissal_approved_by: alert.dismissed?.approvedBy
            ? userJson(alert.dismissed.approvedBy, serverUrl, apiUrl)
            : null,
        }
      : {}),
    rule: ruleJson(alert),
    tool: { name: alert.tool.name, version: alert.tool.version, guid: null },
    most_recent_instance: instanceJson(alert, ref),
  };
}

function ruleJson(alert: Alert): unknown {
  const security = alert.securitySeverity;
  return {
    id: alert.ruleId,
    name: alert.ruleId,
    severity: alert.severity,
    security_severity_level:
      security === undefined ? null : (SECURITY_LEVELS.find(([floor]) => security >= floor)?.[1] ?? null),
    description: alert.ruleName,
    tags: [],
  };
}

/** The alert's instance on `ref`, or on the ref it was last seen on. */
function instanceJson(alert: Alert, ref: string | undefined): unknown {
  const instance = alert.instances.get(ref ?? alert.lastRef) ?? alert.instances.get(alert.lastRef);
  return {
    ref: instance?.ref ?? alert.lastRef,
    analysis_key: '.github/workflows/security.yml:scan',
    environment: '{}',
    category: alert.category,
    state: instance?.state ?? 'open',
    commit_sha: instance?.commitSha ?? '',
    message: { text: instance?.message ?? '' },
    location: {
      path: alert.path,
      start_line: instance?.line ?? 1,
      end_line: instance?.endLine ?? 1,
      start_column: 1,
      end_column: 1,
    },
    classifications: [],
  };
}

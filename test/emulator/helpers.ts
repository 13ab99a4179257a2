import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/index.ts';

/** Secrets of the e2e scenario's keys (emulator/scenarios/e2e.json). */
export const KEYS = {
  member: 'svc_sk_e2e_member_key_0001',
  admin: 'svc_sk_e2e_admin_key_00002',
  viewer: 'svc_sk_e2e_viewer_key_0003',
  revoked: 'svc_sk_e2e_revoked_key_004',
  globex: 'svc_sk_e2e_globex_key_0005',
  globexAdmin: 'svc_sk_e2e_globex_admin_06',
  initech: 'svc_sk_e2e_initech_key_0007',
} as const;

/** The smallest valid scenario: one organization, user and key (secret `svc_sk_test_0123456789`). */
export const MINIMAL_SCENARIO = {
  organizations: [{ id: 'org', name: 'Org' }],
  users: [{ id: 'usr', email: 'u@example.com', organization_ids: ['org'] }],
  api_keys: [
    { id: 'key', name: 'k', organization_id: 'org', user_id: 'usr', secret: 'svc_sk_test_0123456789' },
  ],
};

/** The e2e scenario with service time frozen: tests move it with `advanceTime`, so no test sleeps. */
export function startE2e(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ scenario: 'e2e', timeScale: 0, log: () => undefined, ...options });
}

/** Response bodies are whatever the emulator sent; the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const key = options.key === undefined ? KEYS.member : options.key;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const url = path.startsWith('http') ? path : `${emulator.baseUrl}${path}`;
  const response = await fetch(url, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const get = (emulator: Emulator, path: string, options?: RequestOptions): Promise<ApiResponse> =>
  call(emulator, 'GET', path, options);

export const post = (emulator: Emulator, path: string, options?: RequestOptions): Promise<ApiResponse> =>
  call(emulator, 'POST', path, options);

export const control = async (
  emulator: Emulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> =>
  call(emulator, method, `${emulator.controlUrl}${path}`, {
    key: null,
    ...(body === undefined ? {} : { body }),
  });

export async function createScan(
  emulator: Emulator,
  repositoryId: string,
  extra: Record<string, unknown> = {},
) {
  const response = await post(emulator, '/scans', { body: { repository_id: repositoryId, ...extra } });
  if (response.status !== 201) throw new Error(`POST /scans answered ${response.status}: ${response.text}`);
  return response.body as { id: string; status: string; modules: { name: string; status: string }[] };
}

/** A completed scan of the repository: created, then service time moved past its duration. */
export async function completedScan(
  emulator: Emulator,
  repositoryId: string,
  extra: Record<string, unknown> = {},
) {
  const scan = await createScan(emulator, repositoryId, extra);
  emulator.advanceTime(60);
  return scan;
}

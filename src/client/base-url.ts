import { ConfigError } from './errors.ts';
import type { Redactor } from './redact.ts';

/** The spec's paths are relative to a base URL ending in the version prefix. */
export const VERSION_PREFIX = '/api/v1';

/**
 * Checks a service base URL and returns it without trailing slashes. It must be http or https, and plain http
 * is refused unless the host is this machine: the key travels in every request's Authorization header.
 * `source` names where the URL came from, for the message; `redact` keeps a mistakenly pasted key out of it.
 */
export function normalizeBaseUrl(raw: string, source: string, redact: Redactor = (text) => text): string {
  const shown = redact(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `The service URL "${shown}" (${source}) is not a valid URL; expected one like https://api.example.com${VERSION_PREFIX}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(
      `The service URL "${shown}" (${source}) must start with https:// (or http:// for a local server)`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigError(
      `The service URL (${source}) contains a user name or password; remove them, the API key is sent as a header`,
    );
  }
  if (url.search || url.hash) {
    throw new ConfigError(`The service URL "${shown}" (${source}) must not have a query or fragment`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `The service URL "${shown}" (${source}) uses plain http to ${url.hostname}, which would send the API key ` +
        'unencrypted. Use https, or plain http only with a loopback address (127.0.0.1, ::1 or localhost), e.g. for a local emulator.',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * 127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine. Other names under .localhost are not
 * trusted: a resolver that does not special-case them asks DNS, which may answer with any address. Nor is
 * `localhost.`: glibc's hosts file lookup does not match the name with its trailing dot, and asks DNS too.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  // Looked up here rather than imported: a run refused for its inputs need not load node:net.
  const { isIP } = process.getBuiltinModule('node:net');
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

export function hasVersionPrefix(baseUrl: string): boolean {
  return new URL(baseUrl).pathname.replace(/\/+$/, '').endsWith(VERSION_PREFIX);
}

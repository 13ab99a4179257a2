import { verify } from 'node:crypto';
import { GitHubError } from '../github-errors.ts';
import type { App, AppRegistry } from './app-registry.ts';

/**
 * A GitHub App's JWT, checked as GitHub checks it: RS256, signed with the private key of the App its `iss`
 * names (the App's id), `iat` no more than 60 s ahead of the clock (GitHub's allowance for drift), `exp` in the
 * future and at most 10 minutes after `iat`. Each refusal is a 401 in GitHub's words, the ones
 * `@octokit/auth-app` recognises to correct a skewed clock from the answer's `date`.
 */

const CLOCK_DRIFT_S = 60;
const MAX_LIFETIME_S = 600;

const NOT_DECODED = 'A JSON web token could not be decoded';
const EXPIRED =
  "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires";
const TOO_LONG = "'Expiration time' claim ('exp') is too far in the future";
const ISSUED_LATER =
  "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued";
const ISSUER = "'Issuer' claim ('iss') must be an Integer";

/** Three base64url parts, the first a JSON header: what a JWT looks like, as against a token. */
export function looksLikeJwt(token: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(token);
}

export function verifyAppJwt(registry: AppRegistry, jwt: string, nowMs: number): App {
  const [headerPart = '', payloadPart = '', signaturePart = ''] = jwt.split('.');
  const header = decodePart(headerPart);
  const payload = decodePart(payloadPart);
  if (header?.alg !== 'RS256' || payload === undefined) throw refused(NOT_DECODED);
  const app = appOf(registry, payload.iss);
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  const signature = Buffer.from(signaturePart, 'base64url');
  if (!verify('RSA-SHA256', signed, app.publicKey, signature)) throw refused(NOT_DECODED);
  checkTimes(payload, Math.floor(nowMs / 1000));
  return app;
}

function appOf(registry: AppRegistry, iss: unknown): App {
  const id = typeof iss === 'string' && /^\d+$/.test(iss) ? Number(iss) : iss;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw refused(ISSUER);
  const app = registry.apps.get(id);
  if (!app) throw refused(NOT_DECODED);
  return app;
}

function checkTimes(payload: Record<string, unknown>, nowS: number): void {
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || !Number.isInteger(iat) || iat > nowS + CLOCK_DRIFT_S)
    throw refused(ISSUED_LATER);
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowS) throw refused(EXPIRED);
  if (exp - iat > MAX_LIFETIME_S) throw refused(TOO_LONG);
}

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function refused(message: string): GitHubError {
  return new GitHubError(401, message);
}

export const jwtRequired = (): GitHubError => refused(NOT_DECODED);

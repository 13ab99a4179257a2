import { createHash, randomBytes } from 'node:crypto';
import { KEY_PREFIX } from './scenario.ts';

/**
 * Like the service, the emulator keeps only a SHA-256 hash of each secret plus what may be shown: a display
 * prefix and the last four characters. The full secret exists once, in the creation response.
 */

const DISPLAY_PREFIX_LENGTH = 12;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function lastFour(secret: string): string {
  return secret.slice(-4);
}

export function newSecret(): string {
  return `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

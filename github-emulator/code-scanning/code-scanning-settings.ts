import type { CodeScanningSettings } from './code-scanning-state.ts';

/**
 * `POST /_emulator/code-scanning` with any of `{advanced_security, pending_polls, fail_with, delegated_dismissal}`;
 * the others keep their value. A wrong type is a RangeError (422).
 */
export function readCodeScanningSettings(
  body: Record<string, unknown>,
  current: CodeScanningSettings,
): CodeScanningSettings {
  const next = { ...current };
  for (const [key, value] of Object.entries(body)) {
    switch (key) {
      case 'advanced_security':
        next.advancedSecurity = requireBoolean(key, value);
        break;
      case 'delegated_dismissal':
        next.delegatedDismissal = requireBoolean(key, value);
        break;
      case 'pending_polls':
        if (!Number.isSafeInteger(value) || (value as number) < 0)
          throw new RangeError('pending_polls must be an integer, 0 or more');
        next.pendingPolls = value as number;
        break;
      case 'fail_with':
        if (value !== null && !(Array.isArray(value) && value.every((item) => typeof item === 'string')))
          throw new RangeError('fail_with must be a list of error messages, or null');
        next.failWith = value === null ? undefined : value;
        break;
      default:
        throw new RangeError(`unknown setting ${key}`);
    }
  }
  return next;
}

function requireBoolean(key: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new RangeError(`${key} must be true or false`);
  return value;
}

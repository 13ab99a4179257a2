import type { App, InstallationToken } from './apps/app-registry.ts';
import { TOKEN_USER } from './users.ts';

/**
 * Who a request comes from. The workflow's `GITHUB_TOKEN` (the emulator's main token, held to the permissions
 * its mode grants) is an Actions installation token acting as `github-actions[bot]`; GitHub refuses it some
 * things whatever its permissions, such as resolving a review thread over GraphQL. A GitHub App's installation
 * token (from actions/create-github-app-token) and a person's token may do those.
 */

type TokenKind = 'actions' | 'app' | 'user' | 'jwt';

export interface Caller {
  /** `jwt`: a GitHub App itself, which may call only the App's own operations. */
  readonly kind: TokenKind;
  readonly login: string;
  /** An installation token of a seeded App: its installation, repositories and permissions. */
  readonly installation?: InstallationToken;
  /** The App a JWT names. */
  readonly app?: App;
  /** When the token stops working (epoch ms), for a token that expires. */
  readonly expiresAtMs?: number;
}

export const APP_TOKEN = 'ghs_emulatorAppToken000000000000000000000';
export const APP_LOGIN = 'svc-scan-app[bot]';
export const USER_TOKEN = 'ghp_emulatorUserToken0000000000000000000';
export const USER_LOGIN = 'monalisa';

/** The caller a token names, or undefined for a token the emulator does not know (401). */
export function callerOf(token: string, actionsToken: string): Caller | undefined {
  if (token === actionsToken) return { kind: 'actions', login: TOKEN_USER };
  if (token === APP_TOKEN) return { kind: 'app', login: APP_LOGIN };
  if (token === USER_TOKEN) return { kind: 'user', login: USER_LOGIN };
  return undefined;
}

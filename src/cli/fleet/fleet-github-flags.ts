import { readFileSync } from 'node:fs';
import { FLEET_MANIFEST, type FleetManifestValues, type FleetOption } from '../../fleet/fleet-manifest.ts';
import type { NamedGitHubCredentials, NamedValue } from '../../github/fleet-github-open.ts';
import { flagOf } from '../../run/input-descriptor.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';

/** The variable that holds the App's private key itself (the PEM's text), for a CI that keeps secrets in variables. */
const PRIVATE_KEY_VARIABLE = 'SVC_GITHUB_APP_PRIVATE_KEY';

/** The manifest's GitHub options, as svc read them from its flags and variables. */
export type GitHubFlagValues = Pick<
  FleetManifestValues,
  'githubAppId' | 'githubAppPrivateKeyFile' | 'githubToken' | 'githubApiUrl'
>;

/** The App's private key as given: a file to read, or the PEM's text. */
type GivenKey = { readonly file: NamedValue } | { readonly pem: NamedValue };

/** svc's GitHub credentials for the fleet, each named as given, before the key's file is read. */
export interface GitHubFlagCredentials {
  readonly app?: { readonly id: NamedValue; readonly key: GivenKey } | undefined;
  readonly token?: NamedValue | undefined;
  readonly apiUrl: NamedValue;
}

/**
 * The GitHub credentials of `svc fleet scan` and `merge --verify`, or undefined when none is given (the fleet then
 * asks GitHub nothing). A flag beats its variable. An App and a token together, an App id without a key or a key
 * without an id, or the key in two variables at once is a usage error (exit 2) naming both; nothing is read yet.
 */
export function fleetGitHubCredentials(
  values: GitHubFlagValues,
  sourceOf: (option: FleetOption<unknown>) => string,
  env: Readonly<Record<string, string | undefined>>,
): GitHubFlagCredentials | undefined {
  const named = (option: FleetOption<unknown>, value: string | undefined): NamedValue | undefined =>
    value === undefined ? undefined : { value, name: sourceOf(option) };
  const id = named(FLEET_MANIFEST.githubAppId, values.githubAppId);
  const token = named(FLEET_MANIFEST.githubToken, values.githubToken);
  const key = givenKey(named(FLEET_MANIFEST.githubAppPrivateKeyFile, values.githubAppPrivateKeyFile), env);
  const apiUrl = { value: values.githubApiUrl, name: sourceOf(FLEET_MANIFEST.githubApiUrl) };
  if (id !== undefined && token !== undefined)
    throw new UsageError(
      `${id.name} and ${token.name} are both given: the fleet takes a GitHub App or a GitHub token, not both. Leave one out.`,
    );
  const keyFlag = flagOf(FLEET_MANIFEST.githubAppPrivateKeyFile);
  if (id !== undefined && key === undefined)
    throw new UsageError(
      `${id.name} needs the App's private key: ${keyFlag} <pem>, or ${PRIVATE_KEY_VARIABLE} holding the PEM.`,
    );
  if (key !== undefined && id === undefined)
    throw new UsageError(
      `${nameOf(key)} is the private key of a GitHub App: give its id too, with ${flagOf(FLEET_MANIFEST.githubAppId)} or SVC_GITHUB_APP_ID.`,
    );
  if (id !== undefined && key !== undefined) return { app: { id, key }, apiUrl };
  return token === undefined ? undefined : { token, apiUrl };
}

/** The key's file (its flag, else its variable), or the PEM's variable; a file's flag beats the variables. */
function givenKey(
  file: NamedValue | undefined,
  env: Readonly<Record<string, string | undefined>>,
): GivenKey | undefined {
  const text = env[PRIVATE_KEY_VARIABLE]?.trim() ? env[PRIVATE_KEY_VARIABLE] : undefined;
  const pem = text === undefined ? undefined : { value: text, name: PRIVATE_KEY_VARIABLE };
  if (file !== undefined && file.name === flagOf(FLEET_MANIFEST.githubAppPrivateKeyFile)) return { file };
  if (file !== undefined && pem !== undefined)
    throw new UsageError(
      `${file.name} and ${PRIVATE_KEY_VARIABLE} are both set: keep one, the key's file or the key itself.`,
    );
  if (file !== undefined) return { file };
  return pem === undefined ? undefined : { pem };
}

function nameOf(key: GivenKey): string {
  return 'file' in key ? key.file.name : key.pem.name;
}

/**
 * The credentials with the App's key read from its file: a file that cannot be read exits 3, naming where it was
 * given, before anything is sent.
 */
export function readGivenKey(given: GitHubFlagCredentials): NamedGitHubCredentials {
  if (given.app === undefined) return { token: given.token, apiUrl: given.apiUrl };
  const { id, key } = given.app;
  if ('pem' in key) return { app: { id, privateKey: key.pem }, apiUrl: given.apiUrl };
  let pem: string;
  try {
    pem = readFileSync(key.file.value, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommandFailure(
      `${key.file.name} ${key.file.value} cannot be read: ${reason}. Give the App's private key's PEM file.`,
      EXIT.config,
    );
  }
  return { app: { id, privateKey: { value: pem, name: key.file.name } }, apiUrl: given.apiUrl };
}

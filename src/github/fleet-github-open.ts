import {
  GitHubCredentialsError,
  appPrivateKeyPkcs8,
  checkAppId,
  type GitHubAppCredentials,
} from './app-credentials.ts';
import { createFleetGitHub, type FleetGitHubAccess, type FleetGitHubOptions } from './fleet-github-access.ts';
import { checkGitHubApiUrl } from './github-client.ts';

/** A value a face was given, with the name the user gave it by: a flag, a variable, an input. */
export interface NamedValue {
  readonly value: string;
  /** `--github-app-id`, `SVC_GITHUB_APP_PRIVATE_KEY`, `input 'github-app-id'`. */
  readonly name: string;
}

/** The fleet's GitHub credentials as a face was given them: exactly one of `app` and `token`. */
export interface NamedGitHubCredentials {
  readonly app?: { readonly id: NamedValue; readonly privateKey: NamedValue } | undefined;
  readonly token?: NamedValue | undefined;
  readonly apiUrl: NamedValue;
}

/** What the face gives beside the credentials: its transport, the night's bounds, its log and its masking. */
export type FleetGitHubSetting<E extends Error> = Omit<FleetGitHubOptions<E>, 'app' | 'token' | 'apiUrl'>;

/**
 * The fleet's GitHub, checked before any scan starts: the App's id, its private key and the API's URL each parsed
 * (a GitHubCredentialsError naming what the user gave it by, holding none of the key), then GitHub asked whether
 * it takes the credentials (`verify()`: a refusal is a GitHubCredentialsError too; a token ending before the
 * deadline is warned of on `logger`). Answers the access and who the credentials are. The face masks the key
 * (privateKeyMaskParts) and the token before it calls this.
 */
export async function openFleetGitHub<E extends Error>(
  given: NamedGitHubCredentials,
  setting: FleetGitHubSetting<E>,
): Promise<{ access: FleetGitHubAccess; who: string }> {
  const app = given.app === undefined ? undefined : checkedApp(given.app);
  named(given.apiUrl.name, () => {
    checkGitHubApiUrl(given.apiUrl.value);
  });
  const access = createFleetGitHub({
    ...setting,
    app,
    token: given.token?.value,
    apiUrl: given.apiUrl.value,
  });
  try {
    return { access, who: await access.verify() };
  } catch (error) {
    if (!(error instanceof GitHubCredentialsError)) throw error;
    const by =
      given.app === undefined
        ? (given.token?.name ?? '')
        : `${given.app.id.name} and ${given.app.privateKey.name}`;
    throw new GitHubCredentialsError(`${by}: ${error.message}`);
  }
}

function checkedApp(app: { id: NamedValue; privateKey: NamedValue }): GitHubAppCredentials {
  const appId = named(app.id.name, () => checkAppId(app.id.value));
  named(app.privateKey.name, () => appPrivateKeyPkcs8(app.privateKey.value));
  return { appId, privateKey: app.privateKey.value };
}

/** What `check` answers; its failure a GitHubCredentialsError that opens with the name the value was given by. */
function named<T>(name: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new GitHubCredentialsError(`${name}: ${message}`);
  }
}

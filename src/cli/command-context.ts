import {
  CLIENT_VERSION,
  ConfigError,
  ServiceClient,
  type ServiceClientOptions,
  resolveCredentials,
  type Credentials,
  type Logger,
} from '../client/index.ts';
import { stopSignalWith, type StopWords } from '../run/stop-words.ts';
import { SecretScrubber } from '../text/secrets.ts';
import { Writer, type CliIo } from './cli-io.ts';
import { configFilePath, configString, readConfigDocument } from './config-file.ts';
import { noUrlGiven } from './failure-message.ts';
import type { GlobalOptions } from './global-options.ts';
import { terminalText } from './terminal-text.ts';

/** What svc says it is, to the service and to GitHub. */
export const USER_AGENT = `svc/${CLIENT_VERSION}`;

/** svc's words for Ctrl-C in the run's messages: a shell has no workflow, and svc cancels what it left itself. */
const SVC_STOP_WORDS: StopWords = { stopped: 'Interrupted', cancelAgain: 'svc tries again' };

/** What a command may set of its client beyond the credentials. */
export type ClientTuning = Pick<ServiceClientOptions, 'rateLimitWaitMs'>;

/** What a command gets: the process's I/O, scrubbed writers, the global options and a client on demand. */
export class CommandContext {
  readonly io: CliIo;
  readonly out: Writer;
  readonly err: Writer;
  readonly globals: GlobalOptions;
  readonly #secrets: Set<string>;
  #scrubber: SecretScrubber | undefined;
  #scrubbed = 0;
  #client: ServiceClient | undefined;
  #credentials: Credentials | undefined;
  readonly #signal: AbortSignal;

  constructor(io: CliIo, globals: GlobalOptions, secrets: Set<string>) {
    this.io = io;
    this.#signal = stopSignalWith(io.signal, SVC_STOP_WORDS);
    this.globals = globals;
    this.#secrets = secrets;
    this.out = new Writer(io.stdout, secrets);
    this.err = new Writer(io.stderr, secrets);
  }

  /** The command's stop (Ctrl-C), which the run words as svc does. */
  get signal(): AbortSignal {
    return this.#signal;
  }

  get configPath(): string {
    return configFilePath(this.io.homeDir);
  }

  /**
   * Removes every secret svc knows of from a text, for what it writes without a Writer (a file): one scrubber,
   * made again only when a secret was added, since a SARIF log asks for every string it writes.
   */
  scrub(text: string): string {
    if (this.#scrubber === undefined || this.#scrubbed !== this.#secrets.size) {
      this.#scrubber = new SecretScrubber();
      for (const secret of this.#secrets) this.#scrubber.add(secret);
      this.#scrubbed = this.#secrets.size;
    }
    return this.#scrubber.scrub(text);
  }

  /** Keeps a secret out of everything svc writes from now on. */
  addSecret(secret: string): void {
    if (secret.trim()) this.#secrets.add(secret.trim());
  }

  /** Colours on stdout: on a terminal only, and never with NO_COLOR set to anything (https://no-color.org). */
  get colours(): boolean {
    return this.out.isTTY && (this.io.env.NO_COLOR ?? '') === '';
  }

  /** SVC_DEBUG set (to anything but 0 or false): the debug lines, such as each retry, on stderr too. */
  get debugging(): boolean {
    return isDebugOn(this.io.env);
  }

  /** Warnings and progress of the client go to stderr, never among the results on stdout. */
  readonly logger: Logger = this.loggerWith(() => '');

  /** The same log, each line opened by `opening()` before anything else (a fleet's: the UTC time). */
  loggerWith(opening: () => string): Logger {
    const line = (text: string): void => {
      this.err.line(terminalText(`${opening()}${text}`));
    };
    return {
      debug: (message) => {
        if (this.debugging) line(`debug: ${message}`);
      },
      info: line,
      warning: (message) => {
        line(`warning: ${message}`);
      },
      startGroup: line,
      endGroup: () => undefined,
    };
  }

  /** The key and URL in the spec's order: --api-key/--api-url, SVC_API_KEY/SVC_API_URL, the config file. */
  credentials(apiKey = this.globals.apiKey): Credentials {
    try {
      const credentials = resolveCredentials({
        apiKey,
        baseUrl: this.globals.apiUrl,
        env: this.io.env,
        homeDir: this.io.homeDir,
        logger: this.logger,
        baseUrlArgumentLabel: 'from --api-url',
      });
      this.addSecret(credentials.apiKey);
      this.#credentials = credentials;
      refusePlaceholderUrl(credentials);
      return credentials;
    } catch (error) {
      if (error instanceof ConfigError && !this.#anyKeySupplied(apiKey)) {
        throw new ConfigError(
          `No API key found. Log in with: svc login (it writes ${this.configPath}), ` +
            'or set SVC_API_KEY, or pass --api-key.',
        );
      }
      throw error;
    }
  }

  /** The URL the command talks to, once resolved, and whether it is the built-in one: for the failure's advice. */
  get resolvedUrl(): { baseUrl: string; builtIn: boolean } | undefined {
    const credentials = this.#credentials;
    return credentials && { baseUrl: credentials.baseUrl, builtIn: credentials.baseUrlSource === 'default' };
  }

  /** One client per command, closed when the command ends. */
  /**
   * The command's one client, made on the first call; `tuning` applies when it makes it (a fleet's patience with
   * 429s: its deadline).
   */
  client(tuning: ClientTuning = {}): ServiceClient {
    if (this.#client) return this.#client;
    const { apiKey, baseUrl } = this.credentials();
    this.#client = this.clientFor(apiKey, baseUrl, tuning);
    return this.#client;
  }

  clientFor(apiKey: string, baseUrl: string, tuning: ClientTuning = {}): ServiceClient {
    this.addSecret(apiKey);
    return new ServiceClient({ apiKey, baseUrl, logger: this.logger, userAgent: USER_AGENT, ...tuning });
  }

  async close(): Promise<void> {
    await this.#client?.close();
  }

  #anyKeySupplied(apiKey: string | undefined): boolean {
    if (apiKey?.trim() || this.io.env.SVC_API_KEY?.trim()) return true;
    return Boolean(configString(readConfigDocument(this.configPath), 'api_key', this.configPath)?.trim());
  }
}

/**
 * The built-in URL is the spec's placeholder on a reserved domain (RFC 2606: `.example` never resolves): with no URL
 * given, svc says so before sending anything, instead of retrying a host that cannot exist.
 */
function refusePlaceholderUrl(credentials: Credentials): void {
  if (credentials.baseUrlSource !== 'default') return;
  if (!/\.example$/i.test(new URL(credentials.baseUrl).hostname)) return;
  throw new ConfigError(noUrlGiven(credentials.baseUrl, 'which is a placeholder no service answers at'));
}

function isDebugOn(env: NodeJS.ProcessEnv): boolean {
  const value = env.SVC_DEBUG?.trim().toLowerCase() ?? '';
  return value !== '' && value !== '0' && value !== 'false';
}

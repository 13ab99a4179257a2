import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { checkedOutCommit } from '../../run/checked-out-commit.ts';
import { POLICY_FILE_INPUT } from '../../run/settings.ts';
import { readWorkspacePolicy, type PolicyText } from '../../run/policy-text.ts';
import { loadPolicyParser, type LoadedPolicy } from '../../run/run-policy-of.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';

/** The policy file svc scan reads when --policy names none: the action's config-file default. */
const DEFAULT_POLICY_FILE = POLICY_FILE_INPUT.default;

/**
 * The policy of the checkout svc scan runs in, as the action reads it from its workspace: `--policy FILE` (which
 * must exist), else `.github/svc-scan.yml` at the top of the checkout that holds the working folder when it is
 * there, else none; `--policy none` turns it off. The same bounds and link refusal as the action's. A file that
 * cannot be read or parsed stops svc before any request (exit 3).
 */
export async function readScanPolicy(flag: string | undefined, cwd: string): Promise<LoadedPolicy> {
  if (flag === 'none') return noPolicy('Policy: none (--policy none).');
  const place = flag === undefined ? await defaultPlace(cwd) : namedPlace(cwd, flag);
  const commit = (await checkedOutCommit(place.checkout)) ?? 'the working tree';
  const text = await readWorkspacePolicy(place.folder, place.file, commit).catch(asConfigFailure);
  if (text === undefined) {
    if (flag !== undefined)
      throw new CommandFailure(
        `The policy file ${flag} named by --policy does not exist. Fix the path, or give --policy none to scan without a policy.`,
        EXIT.config,
      );
    return noPolicy(`Policy: none (no ${DEFAULT_POLICY_FILE} in ${place.checkout}).`);
  }
  const parser = await loadPolicyParser();
  const policy = parse(() => parser.parsePolicy(text.text, text.path));
  const source = sourceOf(place, text);
  return { policy, source, change: [], changeApplied: true, notes: [], log: [`Policy: ${source}.`] };
}

interface PolicyPlace {
  /** The checkout the file belongs to, for its commit and the log. */
  checkout: string;
  /** The folder the file is read under (no link is followed below it), and its path there. */
  folder: string;
  file: string;
}

/** The default file sits at the top of the checkout: the nearest folder upwards that holds `.git`. */
async function defaultPlace(cwd: string): Promise<PolicyPlace> {
  const checkout = (await checkoutOf(cwd)) ?? cwd;
  return { checkout, folder: checkout, file: DEFAULT_POLICY_FILE };
}

/** A named file is where the user says, relative to the working folder. */
function namedPlace(cwd: string, flag: string): PolicyPlace {
  const path = resolve(cwd, flag);
  return { checkout: cwd, folder: dirname(path), file: basename(path) };
}

async function checkoutOf(folder: string): Promise<string | undefined> {
  for (let at = resolve(folder); ; at = dirname(at)) {
    if (await stat(join(at, '.git')).catch(() => undefined)) return at;
    if (dirname(at) === at) return undefined;
  }
}

function sourceOf(place: PolicyPlace, text: PolicyText): string {
  const at = /^[0-9a-f]{40}/.test(text.commit) ? ` at ${text.commit.slice(0, 12)}` : '';
  return `${join(place.folder, place.file)}${at}`;
}

function parse<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    return asConfigFailure(error);
  }
}

/** A policy file that cannot be read or is invalid is a configuration problem, said with the file's words. */
function asConfigFailure(error: unknown): never {
  if (error instanceof Error) throw new CommandFailure(error.message, EXIT.config, { cause: error });
  throw error;
}

function noPolicy(line: string): LoadedPolicy {
  return { policy: undefined, source: undefined, change: [], changeApplied: true, notes: [], log: [line] };
}

import type { Dispatcher } from 'undici';
import type { Logger } from '../../client/index.ts';
import { GitHubClient } from '../../github/github-client.ts';
import type { Policy } from '../../policy/index.ts';
import type { LoadedPolicy, PolicyParser } from '../../run/run-policy-of.ts';
import type { WorkflowFacts } from '../workflow-origin.ts';
import type { PolicyLocation } from './policy-inputs.ts';
import { PolicyFileError, type PolicyText } from '../../run/policy-text.ts';
import { readPolicyText, type PolicyReach, type PolicyUnreadable } from './policy-file.ts';

/** The policy read bounds itself: it comes before the run's deadline exists. */
const POLICY_READ_TIMEOUT_MS = 30_000;

export interface PolicyLoadInput {
  /** Where the file is, from the inputs. */
  location: PolicyLocation;
  /** The commit the run scans (the input, else the origin's), and whether it is in the workflow's own repository. */
  scanned: { ref: string | undefined; ownRepository: boolean };
  githubToken: string | undefined;
  facts: WorkflowFacts;
  dispatcher: Dispatcher;
  /** The runner's stop. */
  signal: AbortSignal;
  logger: Logger;
  userAgent: string;
  /** Loads the parser on demand: a run without a policy file never pays for the YAML parser and the validator. */
  parser: () => Promise<PolicyParser>;
}

/**
 * Reads the repository's policy before any request to the service: the file at the commit `config-from`
 * chooses (on a pull request; the scanned commit elsewhere), and on a pull request the other side too, to say
 * what the pull request changes. A bad file is an error that names it; a file that cannot be read is an error
 * (never taken for "no policy"); a missing default file is no policy.
 */
export async function loadPolicy(input: PolicyLoadInput): Promise<LoadedPolicy> {
  const location = input.location;
  const reach = policyReach(input);
  const plan = readingPlan(input, location);
  if (plan === undefined) return noPolicy([]);
  const [judgeText, otherText] = await Promise.all([
    readRequired(location, plan.judge.commit, reach),
    plan.other ? readOther(location, plan.other.commit, reach) : Promise.resolve(undefined),
  ]);
  if (isUnreadable(judgeText)) {
    // GitHub could not answer: the run goes on without the policy, and says what that leaves out.
    return {
      ...noPolicy(plan.notes),
      notes: [
        ...plan.notes,
        `${judgeText.unreadable} The run applies no policy: its settings, paths and suppressions are not in force, and the inputs and defaults set the gate.`,
      ],
    };
  }
  if (judgeText === 'unreachable') {
    // Without a checkout at the commit or a token, the default file cannot be looked for: said, not guessed.
    return {
      ...noPolicy(plan.notes),
      log: [
        `No policy file was looked for: the workspace is not checked out at ${plan.judge.commit} and there is no ` +
          `github-token to read ${location.path} through GitHub.`,
      ],
    };
  }
  if (judgeText === undefined && otherText === undefined) return noPolicy(plan.notes);
  const parser = await input.parser();
  const judged = judgeText === undefined ? undefined : parseJudging(parser, judgeText);
  const other = otherPolicy(parser, otherText, plan.notes);
  const change =
    plan.other === undefined
      ? []
      : plan.judge.side === 'base'
        ? parser.describePolicyChange(judged, other.policy)
        : parser.describePolicyChange(other.policy, judged);
  return {
    policy: judged,
    source: judgeText
      ? `${judgeText.path} at ${judgeText.commit.slice(0, 12)} (${plan.judge.name}), read from ${judgeText.via}`
      : undefined,
    change: other.invalid ? [...change, other.invalid] : change,
    changeApplied: plan.judge.side !== 'base',
    notes: plan.notes,
    log: [],
  };
}

function policyReach(input: PolicyLoadInput): PolicyReach {
  const { owner, repo, apiUrl } = input.facts.environment;
  const token = input.githubToken;
  let github: PolicyReach['github'];
  if (token && owner && repo) {
    try {
      const client = new GitHubClient({
        token,
        apiUrl,
        dispatcher: input.dispatcher,
        signal: AbortSignal.any([input.signal, AbortSignal.timeout(POLICY_READ_TIMEOUT_MS)]),
        logger: input.logger,
        userAgent: input.userAgent,
      });
      github = { client, owner, repo };
    } catch {
      // An address the token may not go to: only the workspace can give the policy.
      github = undefined;
    }
  }
  return { workspace: input.facts.origin.workspace, github };
}

interface Side {
  side: 'head' | 'base' | 'scanned';
  /** How the summary names it: "the pull request's base", "the scanned commit". */
  name: string;
  commit: string;
}

/**
 * Which commits' policies to read: on a pull request, the one config-from chooses judges and the other is
 * compared with it; on a merge group, its head (what the queue is about to merge, every pull request in it
 * reviewed); elsewhere, the scanned commit. Only the workflow's own repository has a policy: a run that scans
 * another repository has none.
 */
function readingPlan(
  input: PolicyLoadInput,
  location: PolicyLocation,
): { judge: Side; other: Side | undefined; notes: string[] } | undefined {
  if (!input.scanned.ownRepository) return undefined;
  const change = input.facts.change;
  if (change?.kind === 'pull_request' && change.headSha && change.baseSha) {
    const head: Side = { side: 'head', name: "the pull request's head", commit: change.headSha };
    const base: Side = { side: 'base', name: "the pull request's base", commit: change.baseSha };
    const judgeBase = location.from === 'base' || (location.from === 'auto' && change.fromFork);
    return judgeBase ? { judge: base, other: head, notes: [] } : { judge: head, other: base, notes: [] };
  }
  const commit = input.scanned.ref ?? '';
  if (commit === '') return undefined;
  const name = change?.kind === 'merge_group' ? "the merge group's head" : 'the scanned commit';
  return { judge: { side: 'scanned', name, commit }, other: undefined, notes: [] };
}

/** The judging policy: a named file must exist; one that cannot be looked for is said, never passed over. */
async function readRequired(
  location: PolicyLocation,
  commit: string,
  reach: PolicyReach,
): Promise<PolicyText | undefined | PolicyUnreadable | 'unreachable'> {
  const text = await readPolicyText(location.path, commit, reach);
  if (isUnreadable(text) && location.named) throw new PolicyFileError(text.unreadable);
  if (text === 'unreachable') {
    if (!location.named) return 'unreachable';
    throw new PolicyFileError(
      `Could not look for the policy file ${location.path} at ${commit}: the workspace is not checked out at that ` +
        'commit and there is no github-token to read it through GitHub. Check the repository out at the scanned ' +
        'commit, or give github-token (contents: read).',
    );
  }
  if (text === undefined && location.named) {
    throw new PolicyFileError(
      `The policy file ${location.path} named by config-file does not exist at ${commit}. Add it, fix the path, ` +
        'or remove config-file to run without a policy.',
    );
  }
  return text;
}

/** The other side of a pull request is only compared: when it cannot be read, the change is not described. */
async function readOther(
  location: PolicyLocation,
  commit: string,
  reach: PolicyReach,
): Promise<PolicyText | undefined> {
  const text = await readPolicyText(location.path, commit, reach).catch(() => 'unreachable' as const);
  return text === 'unreachable' || isUnreadable(text) ? undefined : text;
}

function otherPolicy(
  parser: PolicyParser,
  text: PolicyText | undefined,
  notes: string[],
): { policy: Policy | undefined; invalid?: string } {
  if (text === undefined) return { policy: undefined };
  try {
    return { policy: parser.parsePolicy(text.text, text.path) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notes.push(
      `The policy file at ${text.commit.slice(0, 12)} is invalid, and did not judge this run: ${reason}`,
    );
    return { policy: undefined, invalid: `proposes a policy file that is invalid (${reason})` };
  }
}

/** The judging policy must be valid: a bad file stops the run before any request to the service. */
function parseJudging(parser: PolicyParser, text: PolicyText): Policy {
  try {
    return parser.parsePolicy(text.text, text.path);
  } catch (error) {
    throw new PolicyFileError(error instanceof Error ? error.message : String(error));
  }
}

function isUnreadable(text: unknown): text is PolicyUnreadable {
  return typeof text === 'object' && text !== null && 'unreadable' in text;
}

function noPolicy(notes: string[]): LoadedPolicy {
  return { policy: undefined, source: undefined, change: [], changeApplied: true, notes, log: [] };
}

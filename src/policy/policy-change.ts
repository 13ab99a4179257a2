import { SEVERITIES, isSeverity } from '../domain/severity.ts';
import type { Policy, PolicySettingValue, Suppression } from '../domain/policy.ts';
import { suppressionLabel } from './suppression.ts';

/**
 * What a change does to the policy, in sentences a pull request's summary and comment open with: "adds 2
 * suppressions: …", "raises fail-on from high to critical (fewer findings fail the gate)". The texts are the
 * file's own (reasons, globs): the renderers escape them. Empty when nothing changes.
 */
export function describePolicyChange(base: Policy | undefined, head: Policy | undefined): string[] {
  if (base === undefined && head === undefined) return [];
  if (head === undefined)
    return [`removes the policy file ${base?.file ?? ''}: the inputs and defaults alone set the gate`];
  const sentences = base === undefined ? [`adds the policy file ${head.file}`] : [];
  const before = base ?? { file: head.file, settings: {}, paths: [], pathsIgnore: [], ignore: [] };
  sentences.push(...settingChanges(before.settings, head.settings));
  sentences.push(...globChanges('paths', before.paths, head.paths));
  sentences.push(...globChanges('paths-ignore', before.pathsIgnore, head.pathsIgnore));
  sentences.push(...suppressionChanges(before.ignore, head.ignore));
  return sentences;
}

function settingChanges(
  before: Readonly<Record<string, PolicySettingValue>>,
  after: Readonly<Record<string, PolicySettingValue>>,
): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => {
    const was = textOfSetting(before[key]);
    const now = textOfSetting(after[key]);
    if (was === now) return [];
    if (now === undefined)
      return [`removes ${key} (was ${shown(was ?? '')}): the input or the default applies`];
    if (was === undefined) return [`sets ${key} to ${shown(now)}${gateEffect(key, undefined, now)}`];
    return [`${verb(key, was, now)} ${key} from ${shown(was)} to ${shown(now)}${gateEffect(key, was, now)}`];
  });
}

/** A typed value in the words of an input: a list one item a line. */
function textOfSetting(value: PolicySettingValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'object' ? value.join('\n') : String(value);
}

/** Severities order the fail-on change: a higher fail-on lets more through. */
function rank(value: string): number {
  if (value === 'none') return SEVERITIES.length;
  return isSeverity(value) ? SEVERITIES.length - 1 - SEVERITIES.indexOf(value) : -1;
}

function verb(key: string, was: string, now: string): string {
  if (!['fail-on', 'severity-threshold', 'remediate-severity'].includes(key)) return 'changes';
  return rank(now) > rank(was) ? 'raises' : 'lowers';
}

function gateEffect(key: string, was: string | undefined, now: string): string {
  if (key !== 'fail-on') return '';
  if (now === 'none') return ' (no finding fails the gate)';
  if (was === undefined) return '';
  return rank(now) > rank(was) ? ' (fewer findings fail the gate)' : ' (more findings fail the gate)';
}

function shown(value: string): string {
  return value.includes('\n') ? value.split('\n').join(', ') : value;
}

function globChanges(key: string, before: readonly string[], after: readonly string[]): string[] {
  const added = after.filter((glob) => !before.includes(glob));
  const removed = before.filter((glob) => !after.includes(glob));
  if (added.length === 0 && removed.length === 0) return [];
  const parts = [
    added.length > 0 ? `adds ${added.join(', ')}` : '',
    removed.length > 0 ? `removes ${removed.join(', ')}` : '',
  ].filter((part) => part !== '');
  return [`changes ${key}: ${parts.join('; ')}`];
}

/** Entries compared by what they say, not where they stand: moving one is no change. */
function identity(suppression: Suppression): string {
  const { fingerprint, cwe, title, paths, reason, expires } = suppression;
  return JSON.stringify([fingerprint, cwe, title?.toLowerCase(), [...paths].sort(), reason, expires]);
}

function suppressionChanges(before: readonly Suppression[], after: readonly Suppression[]): string[] {
  const beforeIds = new Set(before.map(identity));
  const afterIds = new Set(after.map(identity));
  const added = after.filter((entry) => !beforeIds.has(identity(entry)));
  const removed = before.filter((entry) => !afterIds.has(identity(entry)));
  const sentences: string[] = [];
  if (added.length > 0) sentences.push(`adds ${count(added.length)}: ${added.map(named).join('; ')}`);
  if (removed.length > 0)
    sentences.push(`removes ${count(removed.length)}: ${removed.map(named).join('; ')}`);
  return sentences;
}

function count(n: number): string {
  return `${n} ${n === 1 ? 'suppression' : 'suppressions'}`;
}

function named(suppression: Suppression): string {
  const expiry = suppression.expires ? `, until ${suppression.expires}` : '';
  return `${suppressionLabel(suppression)} because "${suppression.reason}"${expiry}`;
}

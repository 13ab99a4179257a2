/** A setting's value in the policy file, as its YAML typed it (the schema checked the type). */
export type PolicySettingValue = string | number | boolean | readonly string[];

/** A policy file's content, once read and checked. */
export interface Policy {
  /** The file's path in the repository, for messages. */
  file: string;
  /**
   * The gate settings the file gives, under the inputs' names, typed as the YAML gave them: the inputs' own parsers
   * read them, with the same checks, and never through a text form.
   */
  settings: Record<string, PolicySettingValue>;
  paths: readonly string[];
  pathsIgnore: readonly string[];
  ignore: readonly Suppression[];
}

/** One entry of `ignore:`: which findings it covers, why, and until when. */
export interface Suppression {
  /** Its index in `ignore:`, which names it in messages (`ignore[2]`). */
  index: number;
  /** Its line in the file, when the parser gave one. */
  line: number | undefined;
  fingerprint: string | undefined;
  /** The CWE number. */
  cwe: number | undefined;
  title: string | undefined;
  paths: readonly string[];
  reason: string;
  /** `YYYY-MM-DD`: the last day the suppression applies (UTC). */
  expires: string | undefined;
}

/**
 * How much a policy file may hold (the run's LIMITS give them): a file over a bound is refused with one problem
 * before it is checked key by key, and a refusal names only the first `problems` problems.
 */
export interface PolicyBounds {
  /** Keys in one mapping (the file's top level, a suppression). */
  keys: number;
  /** Entries in one list (`ignore`, `paths`, `modules`...). */
  entries: number;
  /** Problems a refusal names; it counts the rest. */
  problems: number;
  /** `*` between two slashes of a glob (the schema holds the same bound; a test keeps them equal). */
  globStars: number;
  /**
   * Lexical tokens of the YAML (a key, a value, a `:`, a run of spaces): yaml's parse is linear in them but costs
   * microseconds a token, so the parse stops at the first token over the bound and a file of any shape up to the
   * size cap is parsed or refused in bounded time.
   */
  tokens: number;
  /**
   * Tags (`!x`), anchors (`&x`) and aliases (`*x`), each: yaml resolves each alias against every anchor and alias
   * before it, and with every alias under an anchor it resolves walks the whole document.
   */
  properties: number;
}

/** The policy file is not valid: the message names the file, the key, its line, and what is expected. */
export class PolicyError extends Error {
  override name = 'PolicyError';
}

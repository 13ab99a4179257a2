import {
  parseInputs,
  problemsFor,
  textOf,
  type InputSource,
  type InputTable,
  type InputValue,
  type ParsedInputs,
  type SettingSource,
} from './input-descriptor.ts';
import { ACTION_WORDS, problemText, type InputProblem } from './input-problem.ts';
import { RunError } from './run-error.ts';

/** The settings a policy file gives, under the inputs' names and typed as its YAML gave them, and the file's name. */
export interface PolicySettings {
  file: string;
  values: Readonly<Record<string, InputValue>>;
}

/**
 * One or more inputs are invalid. `found` holds each as data, for a face to word in its own terms; the message
 * and `problems` are the action's words.
 */
export class InputError extends RunError {
  override name = 'InputError';
  readonly found: readonly InputProblem[];
  readonly problems: readonly string[];

  constructor(found: readonly InputProblem[]) {
    const problems = found.map((problem) => problemText(problem, ACTION_WORDS));
    super(problemsMessage(problems));
    this.found = found;
    this.problems = problems;
  }
}

/** One problem as it is, several as a list under a count. */
function problemsMessage(problems: readonly string[]): string {
  return problems.length === 1
    ? (problems[0] ?? '')
    : `${problems.length} inputs are invalid:\n${problems.map((p) => `- ${p}`).join('\n')}`;
}

type Tables<C> = Readonly<Record<string, InputTable<C>>>;
type ParsedTables<T extends Tables<never>> = { [K in keyof T]: ParsedInputs<T[K]> };

/**
 * The inputs of several tables of descriptors, each read once from the getter: the ones the workflow sets are
 * parsed at once (so a bad input is refused before the policy file is looked for), the rest once the policy is
 * known, from the file or the default. Every problem is collected.
 */
export class SettingInputs<T extends Tables<C>, C> {
  readonly problems: InputProblem[] = [];
  readonly #tables: T;
  readonly #context: C;
  readonly #given = new Map<string, string>();
  readonly #parsed = new Map<string, unknown>();

  constructor(tables: T, getInput: (name: string) => string, context: C) {
    this.#tables = tables;
    this.#context = context;
    for (const table of Object.values(tables)) {
      for (const descriptor of Object.values(table)) {
        const given = getInput(descriptor.name).trim();
        if (given === '') continue;
        this.#given.set(descriptor.name, given);
        const problems = problemsFor(descriptor.name, undefined, this.problems);
        this.#parsed.set(`input ${descriptor.name}`, descriptor.parse(given, problems, context));
      }
    }
  }

  /** Every table parsed: the inputs as parsed already, the rest from the policy file or the default. */
  complete(policy: PolicySettings | undefined): ParsedTables<T> {
    const parsed: Record<string, unknown> = {};
    for (const [key, table] of Object.entries(this.#tables))
      parsed[key] = parseInputs(table, this.#source(policy), this.#context, this.problems, this.#parsed);
    return parsed as ParsedTables<T>;
  }

  /**
   * One table parsed, for what is needed before the rest (where the policy file is): its problems are kept for
   * throwIfInvalid, and its values are not parsed again.
   */
  completeTable<K extends keyof T>(key: K, policy: PolicySettings | undefined): ParsedTables<T>[K] {
    const parsed = parseInputs(
      this.#tables[key] as InputTable<C>,
      this.#source(policy),
      this.#context,
      this.problems,
      this.#parsed,
    );
    return parsed as ParsedTables<T>[K];
  }

  /** Where each setting came from: the workflow's input, the policy file, or the built-in default. */
  sources(policy: PolicySettings | undefined): Record<string, SettingSource> {
    const sources: Record<string, SettingSource> = {};
    for (const table of Object.values(this.#tables))
      for (const { name } of Object.values(table)) sources[name] = this.#source(policy).value(name).source;
    return sources;
  }

  addProblems(problems: readonly InputProblem[]): void {
    this.problems.push(...problems);
  }

  throwIfInvalid(): void {
    if (this.problems.length > 0) throw new InputError(this.problems);
  }

  #source(policy: PolicySettings | undefined): InputSource {
    return {
      value: (name) => {
        const given = this.#given.get(name);
        if (given !== undefined) return { value: given, source: 'input' };
        const fromPolicy = policy?.values[name];
        if (fromPolicy !== undefined && textOf(fromPolicy) !== '')
          return { value: fromPolicy, source: 'policy', file: policy?.file ?? 'the policy file' };
        return { value: this.#defaultOf(name), source: 'default' };
      },
    };
  }

  #defaultOf(name: string): string {
    for (const table of Object.values(this.#tables))
      for (const descriptor of Object.values(table)) if (descriptor.name === name) return descriptor.default;
    return '';
  }
}

export function readSettingInputs<T extends Tables<C>, C>(
  tables: T,
  getInput: (name: string) => string,
  context: C,
): SettingInputs<T, C> {
  return new SettingInputs(tables, getInput, context);
}

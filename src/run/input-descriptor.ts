import type { PolicySettingValue } from '../domain/policy.ts';
import { SEVERITIES, isSeverity, type Severity } from '../domain/severity.ts';
import type { FailOn } from '../domain/gate.ts';
import type { InputProblem, Phrase } from './input-problem.ts';

/** A setting's value as given: the text of an input, or the typed value of the policy file's YAML. */
export type InputValue = PolicySettingValue;
export type SettingSource = 'input' | 'policy' | 'default';

/**
 * The faces that run a feature: one scan (the action on one repository, `svc scan`) and the fleet (many
 * repositories from one process, the action's `repositories:` and `svc fleet`). An input of a face that is off
 * is ignored, and the fleet says so.
 */
export type Face = 'one-scan' | 'fleet';

/** A fragment of JSON schema, as svc-scan.schema.json holds it under `properties`. */
export type SchemaFragment = Readonly<Record<string, unknown>>;

/** Where a parser reports a value it cannot use: the face words it (src/run/input-problem.ts). */
export interface ParseProblems {
  /** What was given and what is expected; `known` names the values allowed, for a "did you mean". */
  invalid(given: string, expected: string | Phrase, known?: readonly string[]): void;
}

/**
 * One input: its name, the default the code applies (action.yml leaves defaults to the code), the description
 * action.yml shows, how its value is read, and its fragment of the policy's schema when the policy may set it.
 * `C` is what the parser may read besides the value (the run's origin, settings parsed before it).
 */
export interface InputDescriptor<T, C = unknown> {
  readonly name: string;
  readonly default: string;
  /**
   * What action.yml declares as the default when the code's falls back to a runner expression
   * (`${{ github.token }}`); every other default stays in the code, and action.yml's description names it.
   */
  readonly declaredDefault?: string;
  /** What the input means, without its default: action.yml and the README add it. */
  readonly description: string;
  readonly schema?: SchemaFragment;
  /** The values allowed, when they are a closed list (svc offers them to the shell's completion). */
  readonly choices?: readonly string[];
  /** svc scan's flag for this setting, when the CLI shares it with the action. */
  readonly cli?: CliFlag;
  /** The faces that read it, when they are not all its table's (the fleet reads only some of the run's). */
  readonly faces?: readonly Face[];
  parse(value: InputValue, problems: ParseProblems, context: C): T;
}

/** A setting as svc scan takes it: `--<name> <value>`, or `flag` where the CLI's name differs. */
interface CliFlag {
  /** The flag when it is not `--` and the input's name (`config-file` is `--policy`). */
  readonly flag?: string;
  /** The value's placeholder in the help (`<severity>`); none for a switch, which also has its `--no-` form. */
  readonly value?: string;
  /** The help's line, lower case, without the default: the help adds it. */
  readonly help: string;
  /** The default as the help says it, where the input's own would mislead (`on` for a switch is said already). */
  readonly default?: string;
  /** The help of a switch's `--no-` form. */
  readonly negated?: string;
}

/** svc's flag for an input: its own, else `--` and the input's name. */
export function flagOf(descriptor: Pick<InputDescriptor<unknown>, 'name' | 'cli'>): string {
  return descriptor.cli?.flag ?? `--${descriptor.name}`;
}

/** A range as the descriptions say it: `0 to 50`. */
export function rangeText(bounds: Bounds): string {
  return `${bounds.min} to ${bounds.max}`;
}

/** Descriptors by the field of the settings they fill. */
export type InputTable<C = unknown> = Readonly<Record<string, InputDescriptor<unknown, C>>>;
export type ParsedInputs<T extends InputTable<never>> = {
  -readonly [K in keyof T]: T[K] extends InputDescriptor<infer V, never> ? V : never;
};

/**
 * A table of inputs as what reads it declares it: its name, the faces it serves, and its inputs by the field of
 * the settings each fills. A feature's manifest is one (src/report/reporter.ts); so are the run's and the
 * reporters' shared inputs.
 */
export interface InputManifest<I extends InputTable<never> = InputTable<never>> {
  readonly name: string;
  readonly faces: readonly Face[];
  readonly inputs: I;
}

/** The names of the inputs of `manifests` that `face` reads: an input's own faces, else its manifest's. */
export function inputNamesOfFace(manifests: readonly InputManifest[], face: Face, reads = true): string[] {
  return manifests.flatMap((manifest) =>
    Object.values(manifest.inputs)
      .filter((input) => (input.faces ?? manifest.faces).includes(face) === reads)
      .map((input) => input.name),
  );
}

/** Where each input's value comes from: the workflow's input, else the policy file, else the default. */
export interface InputSource {
  /** `file`: the policy file, when it gave the value. */
  value(name: string): { value: InputValue; source: SettingSource; file?: string | undefined };
}

/**
 * Reads every descriptor of a table from one source, collecting every problem (one run tells all that is wrong).
 * A value parsed already (an input, or a default, by its name) is taken as it is: each value is parsed once.
 */
export function parseInputs<T extends InputTable<C>, C>(
  table: T,
  source: InputSource,
  context: C,
  problems: InputProblem[],
  parsedBefore: Map<string, unknown> = new Map(),
): ParsedInputs<T> {
  const parsed: Record<string, unknown> = {};
  for (const [field, descriptor] of Object.entries(table)) {
    const { value, source: from, file } = source.value(descriptor.name);
    // A policy's value is parsed once too: the settings are completed once the policy is known.
    const key = from === 'policy' ? undefined : `${from} ${descriptor.name}`;
    if (key !== undefined && parsedBefore.has(key)) parsed[field] = parsedBefore.get(key);
    else {
      parsed[field] = descriptor.parse(value, problemsFor(descriptor.name, file, problems), context);
      if (key !== undefined) parsedBefore.set(key, parsed[field]);
    }
  }
  return parsed as ParsedInputs<T>;
}

/** Collects the problems of one input, set by the policy `file` or (undefined) by the input itself. */
export function problemsFor(
  input: string,
  file: string | undefined,
  problems: InputProblem[],
): ParseProblems {
  return {
    invalid: (given, expected, known) =>
      problems.push({
        input,
        given,
        expected: typeof expected === 'string' ? [expected] : expected,
        file,
        known,
      }),
  };
}

/** The text of a value: a list one item a line, as a multi-line input gives it. */
export function textOf(value: InputValue): string {
  return (typeof value === 'object' ? value.join('\n') : String(value)).trim();
}

const TRUE_VALUES = ['true', 'True', 'TRUE'];
const FALSE_VALUES = ['false', 'False', 'FALSE'];
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

type Described = Pick<
  InputDescriptor<unknown>,
  'name' | 'default' | 'declaredDefault' | 'description' | 'schema' | 'cli' | 'faces'
>;

/** Text as given, trimmed; empty when not given. */
export function textInput(described: Described): InputDescriptor<string> {
  return { ...described, parse: (value) => textOf(value) };
}

/** Text, or undefined when empty. */
export function optionalTextInput(described: Described): InputDescriptor<string | undefined> {
  return { ...described, parse: (value) => textOf(value) || undefined };
}

export function booleanInput(described: Described): InputDescriptor<boolean> {
  return {
    ...described,
    parse: (value, problems) => {
      if (typeof value === 'boolean') return value;
      const text = textOf(value);
      if (TRUE_VALUES.includes(text)) return true;
      if (FALSE_VALUES.includes(text)) return false;
      problems.invalid(text, 'true or false');
      return false;
    },
  };
}

export function severityInput(described: Described): InputDescriptor<Severity> {
  return {
    ...described,
    choices: SEVERITIES,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      if (isSeverity(text)) return text;
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(', ')}`, SEVERITIES);
      return 'critical';
    },
  };
}

export const FAIL_ON_VALUES = [...SEVERITIES, 'none'] as const;

export function failOnInput(described: Described): InputDescriptor<FailOn> {
  return {
    ...described,
    choices: FAIL_ON_VALUES,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      if (text === 'none' || isSeverity(text)) return text;
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(', ')}, or none`, FAIL_ON_VALUES);
      return 'critical';
    },
  };
}

export function choiceInput<T extends string>(
  described: Described,
  allowed: readonly T[],
): InputDescriptor<T> {
  return {
    ...described,
    choices: allowed,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      const found = allowed.find((option) => option === text);
      if (found !== undefined) return found;
      problems.invalid(textOf(value), `one of ${allowed.join(', ')}`, allowed);
      return allowed[0] as T;
    },
  };
}

export interface Bounds {
  readonly min: number;
  readonly max: number;
  /** What the number counts, when the input's name does not say it all (`seconds`). */
  readonly unit?: string;
}

/** The policy schema's fragments, built from the same values and bounds the inputs are checked against. */
export const schemaOf = {
  number: (description: string, bounds: Bounds, integer: boolean): SchemaFragment => ({
    description,
    type: integer ? 'integer' : 'number',
    minimum: bounds.min,
    maximum: bounds.max,
  }),
  boolean: (description: string): SchemaFragment => ({ description, type: 'boolean' }),
  oneOf: (description: string, values: readonly string[]): SchemaFragment => ({
    description,
    enum: [...values],
  }),
  /** A shared definition of the schema: `severity`, `names`, `globs`. */
  defined: (description: string, definition: 'severity' | 'names' | 'globs'): SchemaFragment => ({
    description,
    $ref: `#/definitions/${definition}`,
  }),
};

function parseNumber(value: InputValue, problems: ParseProblems, bounds: Bounds, integer: boolean): number {
  const text = textOf(value);
  const parsed = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ok = Number.isFinite(parsed) && (!integer || Number.isInteger(parsed));
  if (ok && parsed >= bounds.min && parsed <= bounds.max) return parsed;
  const kind = `${integer ? 'a whole number' : 'a number'}${bounds.unit === undefined ? '' : ` of ${bounds.unit}`}`;
  problems.invalid(text, `${kind} from ${bounds.min} to ${bounds.max}`);
  return bounds.min;
}

export function numberInput(described: Described, bounds: Bounds, integer: boolean): InputDescriptor<number> {
  return { ...described, parse: (value, problems) => parseNumber(value, problems, bounds, integer) };
}

/** A number, or undefined when not given. */
export function optionalNumberInput(
  described: Described,
  bounds: Bounds,
  integer: boolean,
): InputDescriptor<number | undefined> {
  return {
    ...described,
    parse: (value, problems) =>
      textOf(value) === '' ? undefined : parseNumber(value, problems, bounds, integer),
  };
}

/** Names (modules, frameworks), separated by commas or new lines, each given once. */
export function namesInput(described: Described): InputDescriptor<readonly string[]> {
  return {
    ...described,
    parse: (value, problems) => {
      const items = (typeof value === 'object' ? value : textOf(value).split(/[,\n]/))
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
      const bad = items.filter((item) => !NAME_PATTERN.test(item));
      if (bad.length > 0)
        problems.invalid(
          bad.join(', '),
          'names of letters, digits, -, _, . and :, separated by commas or new lines',
        );
      return [...new Set(items)];
    },
  };
}

/** Globs, separated by new lines or commas (a list in the policy file). */
export function globsInput(described: Described): InputDescriptor<readonly string[]> {
  return {
    ...described,
    parse: (value) =>
      typeof value === 'object'
        ? value.map((glob) => glob.trim()).filter((g) => g !== '')
        : globs(textOf(value)),
  };
}

/**
 * Globs separated by new lines or commas; a comma inside braces (`src/{a,b}/**`) belongs to its glob. A `#` starts
 * no comment: it is a character of the glob, as in a workflow's `paths:`.
 */
function globs(text: string): string[] {
  const found: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === '\n' || (char === ',' && depth === 0)) {
      found.push(current);
      current = '';
    } else current += char;
  }
  found.push(current);
  return found.map((glob) => glob.trim()).filter((glob) => glob !== '');
}

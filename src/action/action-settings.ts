import {
  inputNamesOfFace,
  type Face,
  type InputDescriptor,
  type InputManifest,
  type InputTable,
  type ParsedInputs,
} from '../run/input-descriptor.ts';
import { readSettingInputs, type PolicySettings, type SettingInputs } from '../run/setting-inputs.ts';
import { RUN_INPUTS, RUN_MANIFEST, checkTogether, runSettingsOf, type RunOrigin } from '../run/settings.ts';
import { POLICY_INPUTS, type PolicyLocation } from './policy/policy-inputs.ts';
import { FLEET_INPUTS } from './fleet-inputs.ts';
import { FEATURE_MANIFESTS, type FEATURES } from './reporters/registry.ts';
import type { FeatureManifest } from '../report/reporter.ts';
import { SHARED_INPUTS, SHARED_MANIFEST, type SharedSettings } from '../report/shared-inputs.ts';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** A feature's own settings: its inputs as parsed, or as its manifest settles them (none without inputs). */
type SettledOf<M> = M extends FeatureManifest<infer I, infer S> ? (keyof I extends never ? never : S) : never;

/** Every feature's own settings side by side, derived from the registry (its test keeps their fields apart). */
type FeatureSettings = UnionToIntersection<SettledOf<(typeof FEATURES)[number]>>;

/** The action's settings: the run's, the shared inputs, and each feature's own. */
export type ActionSettings = SharedSettings & FeatureSettings;

/**
 * The tables of descriptors, by where they belong: the run, the action, its policy file, the fleet mode, and each
 * feature of the registry.
 */
const TABLES: Readonly<Record<string, InputTable<RunOrigin>>> = {
  run: RUN_INPUTS,
  shared: SHARED_INPUTS,
  policy: POLICY_INPUTS,
  fleet: FLEET_INPUTS,
  ...Object.fromEntries(FEATURE_MANIFESTS.map((feature) => [feature.name, feature.inputs])),
};

/**
 * The tables the one-scan face and the fleet may both read, each with the faces it serves: the run's, the
 * shared inputs, the policy file's (one scan only: the fleet reads no policy), and each feature's.
 */
const FACED_TABLES: readonly InputManifest[] = [
  RUN_MANIFEST,
  SHARED_MANIFEST,
  { name: 'policy', faces: ['one-scan'], inputs: POLICY_INPUTS },
  ...FEATURE_MANIFESTS,
];

/** The inputs a face reads, by name: the tables' inputs whose faces (their own, else their table's) include it. */
export function inputNamesReadBy(face: Face): string[] {
  return inputNamesOfFace(FACED_TABLES, face);
}

/** The features' and the shared reporting inputs a face does not read: what it says it ignores. */
export function reportingInputNamesIgnoredBy(face: Face): string[] {
  return inputNamesOfFace([SHARED_MANIFEST, ...FEATURE_MANIFESTS], face, false);
}

/** Every input the action reads, as action.yml declares them. */
export const INPUTS: readonly InputDescriptor<unknown, never>[] = Object.values(TABLES).flatMap((table) =>
  Object.values(table),
);

/**
 * The inputs' defaults, from their descriptors. They live in the code, not in action.yml: an input the workflow
 * leaves empty must be told from one it set, since a set input wins over the policy file and the file over these
 * (action.yml names each default in its description, and a test holds the two together).
 */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(INPUTS.map((input) => [input.name, input.default])),
);

/** Every input read once, through the runner's getter, into one record. */
export function readInputRecord(getInput: (name: string) => string): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(INPUTS.map(({ name }) => [name, getInput(name)])));
}

/**
 * The action's inputs, parsed once: the ones the workflow sets at once (a bad one is refused before any request,
 * to GitHub or to the service), the rest once the policy file is known.
 */
export class ActionInputs {
  readonly #reading: SettingInputs<typeof TABLES, RunOrigin>;
  readonly #origin: RunOrigin;

  constructor(record: Readonly<Record<string, string>>, origin: RunOrigin) {
    this.#origin = origin;
    this.#reading = readSettingInputs(TABLES, (name) => record[name] ?? '', origin);
  }

  /** Refuses the inputs the workflow set that are invalid, every one named, before anything is read elsewhere. */
  checkGiven(): this {
    this.#reading.throwIfInvalid();
    return this;
  }

  /** Where the policy file is: from the inputs alone (the policy cannot move itself). */
  get policyLocation(): PolicyLocation {
    const { path, from } = this.#reading.completeTable('policy', undefined) as ParsedInputs<
      typeof POLICY_INPUTS
    >;
    return { path, from, named: this.#reading.sources(undefined)['config-file'] === 'input' };
  }

  /** The api-key and api-url inputs, before the policy is read (it cannot set them); undefined when empty. */
  get service(): { apiKey: string | undefined; apiUrl: string | undefined } {
    const { apiKey, apiUrl } = this.#reading.completeTable('run', undefined) as ParsedInputs<
      typeof RUN_INPUTS
    >;
    return { apiKey, apiUrl };
  }

  /** What the run scans, from the inputs and the origin, before the policy is read (it cannot change them). */
  get scanned(): { repository: string; ref: string | undefined } {
    const { repository, ref } = this.#reading.completeTable('run', undefined) as ParsedInputs<
      typeof RUN_INPUTS
    >;
    return { repository, ref };
  }

  /** The token for GitHub, to read the policy file at a commit the workspace does not hold. */
  get githubToken(): string | undefined {
    return (this.#reading.completeTable('shared', undefined) as ParsedInputs<typeof SHARED_INPUTS>)
      .githubToken;
  }

  /** Every setting: an input the workflow sets wins over the policy file, and the file over the default. */
  settings(policy: PolicySettings | undefined): Readonly<ActionSettings> {
    const tables = this.#reading.complete(policy);
    const shared: SharedSettings = {
      ...runSettingsOf(
        tables.run as ParsedInputs<typeof RUN_INPUTS>,
        this.#origin,
        this.#reading.sources(policy),
      ),
      ...(tables.shared as ParsedInputs<typeof SHARED_INPUTS>),
    };
    const own = FEATURE_MANIFESTS.map((feature) => {
      const parsed = tables[feature.name] as ParsedInputs<InputTable<RunOrigin>>;
      return feature.settle ? feature.settle(parsed, shared) : parsed;
    });
    this.#reading.addProblems(checkTogether(shared, this.#reading.problems.length, policy?.file));
    this.#reading.throwIfInvalid();
    return Object.freeze(Object.assign({}, shared, ...own) as ActionSettings);
  }
}

/** The action's settings from an input getter: what the main step does, in one call (for tests and tools). */
export function parseActionSettings(
  getInput: (name: string) => string,
  origin: RunOrigin,
  policy?: PolicySettings,
): Readonly<ActionSettings> {
  return new ActionInputs(readInputRecord(getInput), origin).settings(policy);
}

/** A feature's own settings, picked from the action's (settled as its manifest settles them). */
export function ownSettings<I extends InputTable<RunOrigin>, S>(
  settings: Readonly<ActionSettings>,
  feature: FeatureManifest<I, S>,
): S {
  const all = settings as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(feature.inputs).map((field) => [field, all[field]])) as S;
}

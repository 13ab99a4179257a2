/**
 * The policy file's JSON schema (svc-scan.schema.json), built rather than kept by hand: each setting the policy may
 * set is its input's fragment (the descriptor's `schema`), and every bound is read from LIMITS. What only the
 * file has (its version, the suppressions) is written here.
 */
import { SEVERITIES } from '../src/domain/severity.ts';
import { NAME_PATTERN, type InputDescriptor } from '../src/run/input-descriptor.ts';
import { LIMITS } from '../src/run/settings.ts';

type Described = Pick<InputDescriptor<unknown>, 'name' | 'schema'>;

/** A glob of more `*` between two slashes than the bound allows: that many stars with no slash between them. */
function tooManyStars(allowed: number): string {
  return Array.from({ length: allowed + 1 }, () => '\\*').join('[^/]*');
}

function globsDefinition(): object {
  const stars = LIMITS.policyGlobStars.max;
  const characters = LIMITS.policyGlobCharacters;
  return {
    type: 'array',
    items: {
      description: `A glob, read as a workflow's paths: reads one. At most ${stars} * between two slashes (** counts 2), and at most ${characters.max} characters.`,
      type: 'string',
      minLength: characters.min,
      maxLength: characters.max,
      not: { type: 'string', pattern: tooManyStars(stars) },
    },
  };
}

const SUPPRESSION = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  anyOf: [{ required: ['fingerprint'] }, { required: ['cwe'] }, { required: ['title'] }],
  properties: {
    fingerprint: {
      description:
        "The finding's stable fingerprint, as the SARIF file's partialFingerprints, the check run's annotation details and svc scan --json give it.",
      type: 'string',
      pattern: '^[0-9a-fA-F]{32}$',
    },
    cwe: {
      description: 'The CWE of the findings to suppress (CWE-79, or 79).',
      type: ['string', 'integer'],
      pattern: '^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$',
      minimum: 1,
    },
    title: {
      description: "The findings' title, compared without regard to case.",
      type: 'string',
      minLength: 1,
    },
    paths: {
      description: 'Narrows the suppression to files matching these globs.',
      $ref: '#/definitions/globs',
    },
    reason: {
      description: 'Why the findings are suppressed: shown wherever they are.',
      type: 'string',
      pattern: '\\S',
    },
    expires: {
      description: 'The date (YYYY-MM-DD, UTC) after which the suppression no longer applies.',
      type: 'string',
      format: 'date',
    },
  },
};

/** The schema of the policy file whose settings are those of `inputs` that carry a fragment. */
export function policySchema(inputs: readonly Described[]): object {
  const settings = inputs.flatMap((input) => (input.schema ? [[input.name, input.schema] as const] : []));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/svc-scan/svc-scan-action/blob/main/svc-scan.schema.json',
    title: 'svc-scan policy',
    description:
      "The repository's policy for svc-scan-action (.github/svc-scan.yml): gate settings, the paths the gate judges, and suppressions with reasons. An input the workflow sets wins over this file; this file wins over the built-in defaults.",
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    properties: {
      version: { description: "The policy format's version.", const: 1 },
      ...Object.fromEntries(settings),
      ignore: {
        description: 'Suppressions: findings they match do not fail the gate, and are shown with the reason.',
        type: 'array',
        items: { $ref: '#/definitions/suppression' },
      },
    },
    definitions: {
      severity: { enum: [...SEVERITIES] },
      names: { type: 'array', items: { type: 'string', pattern: NAME_PATTERN.source } },
      globs: globsDefinition(),
      suppression: SUPPRESSION,
    },
  };
}

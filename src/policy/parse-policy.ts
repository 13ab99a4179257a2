import type { ErrorObject } from 'ajv';
import {
  isDocument,
  isPair,
  isScalar,
  visit,
  type Document,
  type LineCounter,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { matchedBySegments } from './glob-segments.ts';
import { readPolicyYaml } from './policy-yaml.ts';
import { validate } from './policy-validator.generated.ts';
import { parseCwe } from '../domain/identity/rule-identity.ts';
import {
  PolicyError,
  type Policy,
  type PolicyBounds,
  type PolicySettingValue,
  type Suppression,
} from '../domain/policy.ts';

/**
 * The keys of the file that are not settings of an input's name (`paths` and `paths-ignore` are both: the inputs of
 * those names win over them, as over every setting).
 */
const OWN_KEYS = new Set(['version', 'ignore']);

/** A key longer than this is cut in messages: a refusal is read, and a file may hold a key of any length. */
const SHOWN_KEY_CHARACTERS = 60;

/** The schema's validator, compiled at build time (scripts/generate-policy-validator.ts). */
const validatePolicy = validate as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Reads a policy file: YAML, checked against svc-scan.schema.json (the schema published for editors is the one
 * that checks it here). A file that is not valid is a PolicyError naming the file, the key, its line and what
 * the key expects, up to `bounds.problems` problems at once; an empty file is no policy and is refused too (it
 * says nothing). A mapping or a list over its bound is one problem, found before any key is checked. Each step
 * takes time in proportion to the file.
 */
export function parsePolicy(text: string, file: string, bounds: PolicyBounds): Policy {
  // yaml's own duplicate check compares each key with every key before it: shapeProblems does it in one pass.
  const { document, lines, problems } = readPolicyYaml(text, bounds);
  if (document === undefined || problems.length > 0) throw policyError(file, problems, bounds);
  const shape = shapeProblems(document, lines, bounds);
  if (shape.length > 0) throw policyError(file, shape, bounds);
  const content = contentOf(document, file, bounds);
  if (!validatePolicy(content)) {
    const errors = validatePolicy.errors ?? [];
    throw policyError(file, describeErrors(errors, document, lines, content, bounds), bounds);
  }
  const policy = content as PolicyContent;
  const slowGlobs = wholeGlobProblems(policy, document, lines, bounds);
  if (slowGlobs.length > 0) throw policyError(file, slowGlobs, bounds);
  return policyOf(policy, document, lines, file);
}

/**
 * The schema bounds the `*` between two slashes; a glob that cannot be matched folder by folder (a `/` inside
 * brackets or parentheses) is matched whole, and there the bound holds over the whole glob.
 */
function wholeGlobProblems(
  content: PolicyContent,
  document: Document,
  lines: LineCounter,
  bounds: PolicyBounds,
): string[] {
  const lists: [(string | number)[], readonly string[]][] = [
    [['paths'], content.paths ?? []],
    [['paths-ignore'], content['paths-ignore'] ?? []],
    ...(content.ignore ?? []).map((entry, index): [(string | number)[], readonly string[]] => [
      ['ignore', index, 'paths'],
      entry.paths ?? [],
    ]),
  ];
  return lists.flatMap(([key, globs]) =>
    globs.flatMap((glob, index) => {
      if ((glob.match(/\*/g)?.length ?? 0) <= bounds.globStars || matchedBySegments(glob)) return [];
      const line = lineOf(document, lines, [...key, index]);
      return [
        `${line === undefined ? '' : `line ${line}: `}${keyName([...key, index])} holds a / inside brackets or ` +
          `parentheses, so it is matched whole, and has more than ${bounds.globStars} \`*\`: write it as globs of fewer`,
      ];
    }),
  );
}

/** The file's content; aliases that would expand it past yaml's bound (100) are the file's one problem. */
function contentOf(document: Document, file: string, bounds: PolicyBounds): unknown {
  try {
    return document.toJS();
  } catch (error) {
    throw policyError(file, [error instanceof Error ? error.message : String(error)], bounds);
  }
}

/** The first problem a refusal shows, and how many more there are: a few dozen lines whatever the file. */
function policyError(file: string, problems: readonly string[], bounds: PolicyBounds): PolicyError {
  const unique = [...new Set(problems)];
  if (unique.length === 1) return new PolicyError(`The policy file ${file} is invalid: ${unique[0] ?? ''}`);
  const shown = unique.slice(0, bounds.problems).map((problem) => `- ${problem}`);
  const more = unique.length - bounds.problems;
  if (more > 0) shown.push(`- and ${more} more problem${more === 1 ? '' : 's'}`);
  return new PolicyError(`The policy file ${file} is invalid:\n${shown.join('\n')}`);
}

/**
 * A mapping of more keys or a list of more entries than the bounds allow, as the one problem of the file (its
 * keys are then not checked one by one); else each key given twice in one mapping.
 */
function shapeProblems(document: Document, lines: LineCounter, bounds: PolicyBounds): string[] {
  let overBound: string | undefined;
  const duplicates: string[] = [];
  const lineOfNode = (node: Node | null | undefined): string => {
    const range = node?.range;
    return range ? `line ${lines.linePos(range[0]).line}: ` : '';
  };
  const over = (collection: YAMLMap | YAMLSeq, path: readonly unknown[], what: string, bound: number) => {
    overBound =
      `${lineOfNode(collection)}${collectionName(path)} has ${collection.items.length} ${what}; ` +
      `a policy file holds at most ${bound} ${what} in one ${what === 'keys' ? 'mapping' : 'list'}`;
    return visit.BREAK;
  };
  visit(document, {
    Map(_key, map, path) {
      if (map.items.length > bounds.keys) return over(map, path, 'keys', bounds.keys);
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        // Keys are the same as yaml's uniqueKeys compares them: the same node, or scalars of the same value.
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) duplicates.push(`${lineOfNode(pair.key as Node)}Map keys must be unique`);
        seen.add(key);
      }
      return undefined;
    },
    Seq(_key, seq, path) {
      return seq.items.length > bounds.entries ? over(seq, path, 'entries', bounds.entries) : undefined;
    },
  });
  return overBound === undefined ? duplicates : [overBound];
}

/** A mapping or list by the key that holds it: `ignore`, `the file`, `an entry of ignore`. */
function collectionName(path: readonly unknown[]): string {
  const parent = path[path.length - 1];
  if (isDocument(parent)) return 'the file';
  if (isPair(parent)) return shortened(String(isScalar(parent.key) ? parent.key.value : parent.key));
  const holder = path[path.length - 2];
  return isPair(holder) && isScalar(holder.key)
    ? `an entry of ${shortened(String(holder.key.value))}`
    : 'a list entry';
}

function shortened(name: string): string {
  return name.length > SHOWN_KEY_CHARACTERS ? `${name.slice(0, SHOWN_KEY_CHARACTERS)}…` : name;
}

interface PolicyContent {
  version: 1;
  paths?: string[];
  'paths-ignore'?: string[];
  ignore?: {
    fingerprint?: string;
    cwe?: string | number;
    title?: string;
    paths?: string[];
    reason: string;
    expires?: string;
  }[];
  [setting: string]: unknown;
}

function policyOf(content: PolicyContent, document: Document, lines: LineCounter, file: string): Policy {
  const settings: Record<string, PolicySettingValue> = {};
  for (const [key, value] of Object.entries(content)) {
    if (!OWN_KEYS.has(key)) settings[key] = value as PolicySettingValue;
  }
  const ignore = (content.ignore ?? []).map((entry, index): Suppression => ({
    index,
    line: lineOf(document, lines, ['ignore', index]),
    fingerprint: entry.fingerprint?.toLowerCase(),
    cwe: entry.cwe === undefined ? undefined : parseCwe(String(entry.cwe)),
    title: entry.title?.trim(),
    paths: entry.paths ?? [],
    reason: entry.reason.trim(),
    expires: entry.expires,
  }));
  return { file, settings, paths: content.paths ?? [], pathsIgnore: content['paths-ignore'] ?? [], ignore };
}

/** ajv's errors in the user's words: the key as a path (`ignore[2].reason`), its line, what is expected. */
function describeErrors(
  errors: readonly ErrorObject[],
  document: Document,
  lines: LineCounter,
  content: unknown,
  bounds: PolicyBounds,
): string[] {
  // An anyOf's own message says it all; the failed branches under it only repeat it. The schema has few anyOfs:
  // each error is compared with those, never with every other error.
  const anyOfBranches = [
    ...new Set(
      errors
        .filter((error) => error.keyword === 'anyOf')
        .map((error) => `${error.schemaPath.replace(/\/anyOf$/, '')}/anyOf/`),
    ),
  ];
  const shown = errors.filter(
    (error) => !anyOfBranches.some((branch) => error.schemaPath.startsWith(branch)),
  );
  return shown.map((error) => {
    const path = pathOf(error);
    const line = lineOf(document, lines, path);
    const where = `${line === undefined ? '' : `line ${line}: `}${keyName(path)}`;
    return `${where}${expectation(error, content === null, bounds)}`;
  });
}

function pathOf(error: ErrorObject): (string | number)[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const extra = error.params as { additionalProperty?: string; missingProperty?: string };
  if (error.keyword === 'additionalProperties' && extra.additionalProperty)
    path.push(extra.additionalProperty);
  return path;
}

function keyName(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'the file';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${shortened(part)}`,
    )
    .join('');
}

function expectation(error: ErrorObject, empty: boolean, bounds: PolicyBounds): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return empty ? ' is empty: it needs at least `version: 1`' : ` must be ${article(String(params.type))}`;
    case 'required':
      return ` needs ${String(params.missingProperty)}${params.missingProperty === 'reason' ? ' (why the findings are suppressed)' : ''}`;
    case 'additionalProperties':
      return ' is not a key the policy knows (check its spelling against svc-scan.schema.json)';
    case 'enum':
      return ` must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return ` must be ${String(params.allowedValue)}`;
    case 'format':
      return ' must be a date, YYYY-MM-DD';
    case 'anyOf':
      return ' needs a fingerprint, a cwe or a title to say which findings it covers';
    case 'pattern':
      return patternExpectation(error.schemaPath);
    case 'minLength':
      return ' must not be empty';
    case 'not':
      // The globs' bound: each `*` more in a segment multiplies the work of matching it by the path's length.
      return ` has more than ${bounds.globStars} \`*\` between two slashes (\`**\` counts 2): write it as globs of fewer`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
      return ` ${error.message ?? 'is out of its range'}`;
    default:
      return ` ${error.message ?? 'is invalid'}`;
  }
}

function patternExpectation(schemaPath: string): string {
  if (schemaPath.includes('fingerprint'))
    return ' must be 32 hexadecimal characters, as the SARIF file gives it';
  if (schemaPath.includes('cwe')) return ' must be a CWE, such as CWE-79 or 79';
  if (schemaPath.includes('reason')) return ' must say why, not be blank';
  return ' must be names of letters, digits, -, _, . and :';
}

function article(type: string): string {
  const words = type
    .split(',')
    .map((word) => (word === 'array' ? 'a list' : word === 'object' ? 'a mapping' : `a ${word}`));
  return words.join(' or ');
}

/** The line of a key in the file, from the YAML parser's positions. */
function lineOf(
  document: Document,
  lines: LineCounter,
  path: readonly (string | number)[],
): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) return lines.linePos(range[0]).line;
    const key = depth > 0 ? keyNodeOf(document, path.slice(0, depth)) : undefined;
    if (key !== undefined) return lines.linePos(key).line;
  }
  return undefined;
}

/** The offset of a mapping key, for a key whose value is null (`reason:` with nothing after it). */
function keyNodeOf(document: Document, path: readonly (string | number)[]): number | undefined {
  const parent = path.length === 1 ? document.contents : document.getIn(path.slice(0, -1), true);
  const items = (
    parent as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | null
  )?.items;
  const pair = items?.find((item) => item.key?.value === path[path.length - 1]);
  return pair?.key?.range?.[0];
}

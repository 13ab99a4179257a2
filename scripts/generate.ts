/**
 * Writes what the repository derives from the inputs' and outputs' descriptors rather than keeps by hand:
 * - action.yml's `inputs:` and `outputs:`, between its generated-block comments (the rest is hand-written);
 * - the README's inputs and outputs tables, between `<!-- inputs:start -->` … `<!-- inputs:end -->` and
 *   `<!-- outputs:start -->` … `<!-- outputs:end -->`;
 * - docs/policy-file.md's list of the keys the policy may set, between `<!-- policy-keys:start -->` … `end`;
 * - docs/cli.md's list of every `svc` command (scripts/cli-commands.ts), between `<!-- commands:start -->` … `end`;
 * - svc-scan.schema.json, the policy file's schema (scripts/policy-schema.ts), and the validator compiled from it
 *   (scripts/generate-policy-validator.ts).
 *
 *   npm run generate              writes them
 *   npm run generate -- --check   writes nothing; names each file that differs and exits 1
 *
 * The source is `actionInterface()`: every input the action reads (src/action/action-settings.ts INPUTS, from the
 * run's, the shared, the policy's, the fleet mode's and each reporter's descriptors) and every output a reporter
 * declares (src/action/reporters/registry.ts), then fleet mode's (src/action/fleet-inputs.ts, from the fleet's manifest, src/fleet/fleet-manifest.ts). test/unit/generated-docs.test.ts fails when a committed file is not what
 * this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { INPUTS } from '../src/action/action-settings.ts';
import { FLEET_OUTPUTS, fleetDefaultOf } from '../src/action/fleet-inputs.ts';
import { FEATURE_MANIFESTS } from '../src/action/reporters/registry.ts';
import { readmePermissionsTable } from '../src/action/permissions-table.ts';
import { commandsTable } from './cli-commands.ts';
import { VALIDATOR_PATH, policyValidatorSource } from './generate-policy-validator.ts';
import { policySchema } from './policy-schema.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
export const README_PATH = `${root}README.md`;
const ACTION_PATH = `${root}action.yml`;
const SCHEMA_PATH = `${root}svc-scan.schema.json`;
export const POLICY_DOC_PATH = `${root}docs/policy-file.md`;
const CLI_DOC_PATH = `${root}docs/cli.md`;

export interface DocumentedInput {
  name: string;
  /** The default the code applies: '' when the input has none. */
  default: string;
  /** The runner expression action.yml declares as the default, when the code's falls back to it. */
  declaredDefault?: string | undefined;
  /** What the input means, without its default. */
  description: string;
  /** The default in fleet mode, where it differs (wait-timeout); undefined elsewhere. */
  fleetDefault?: string | undefined;
}

export interface DocumentedOutput {
  name: string;
  description: string;
}

/** What a user of the action sets and reads: the source of everything generated. */
export interface ActionInterface {
  inputs: readonly DocumentedInput[];
  outputs: readonly DocumentedOutput[];
}

/** The interface as the descriptors declare it, in their order. */
export function actionInterface(): ActionInterface {
  return {
    inputs: INPUTS.map((input) => ({
      name: input.name,
      default: input.default,
      declaredDefault: input.declaredDefault,
      description: input.description,
      fleetDefault: fleetDefaultOf(input),
    })),
    outputs: [
      ...FEATURE_MANIFESTS.flatMap((feature) =>
        Object.entries(feature.outputs).map(([name, description]) => ({ name, description })),
      ),
      ...Object.entries(FLEET_OUTPUTS).map(([name, description]) => ({ name, description })),
    ],
  };
}

/** The default as a reader sees it: the runner expression action.yml declares, else the code's. */
const shownDefault = (input: DocumentedInput): string => input.declaredDefault ?? input.default;

/** Text for a table cell: a `|` would end the cell, `<name>` would be taken for HTML, `*` for emphasis. */
const cell = (text: string): string =>
  text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('*', '\\*');
const code = (text: string): string => `\`${text === '' ? "''" : text}\``;

/** The default's cell: the fleet's too, where it differs. */
const defaultCell = (input: DocumentedInput): string =>
  input.fleetDefault === undefined
    ? code(shownDefault(input))
    : `${code(shownDefault(input))}; fleet mode: ${code(input.fleetDefault)}`;

function inputsTable(inputs: readonly DocumentedInput[]): string[] {
  return [
    '| input | default | description |',
    '| --- | --- | --- |',
    ...inputs.map((input) => `| ${code(input.name)} | ${defaultCell(input)} | ${cell(input.description)} |`),
  ];
}

function outputsTable(outputs: readonly DocumentedOutput[]): string[] {
  return [
    '| output | description |',
    '| --- | --- |',
    ...outputs.map((output) => `| ${code(output.name)} | ${cell(output.description)} |`),
  ];
}

/** `text` with what is between the `start` line and the `end` marker replaced by `lines`. */
function between(text: string, file: string, markers: { start: string; end: string }, lines: string): string {
  const from = text.indexOf(`${markers.start}\n`);
  const to = text.indexOf(markers.end, from);
  if (from === -1 || to === -1) throw new Error(`${file} has no ${markers.start} … ${markers.end} markers`);
  return `${text.slice(0, from + markers.start.length + 1)}${lines}${text.slice(to)}`;
}

const readmeMarkers = (name: string) => ({ start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` });

/** Prettier's output for `text`, with the repository's settings, as `npm run format` leaves it. */
async function formatted(text: string, parser: string, path: string): Promise<string> {
  return format(text, { ...(await resolveConfig(path)), parser });
}

/** The README with its generated tables as `source` gives them, formatted as Prettier formats the rest. */
export async function withGeneratedTables(readme: string, source: ActionInterface): Promise<string> {
  const table = async (lines: string[]): Promise<string> =>
    `\n${await formatted(lines.join('\n'), 'markdown', README_PATH)}\n`;
  const inputs = await table(inputsTable(source.inputs));
  const outputs = await table(outputsTable(source.outputs));
  const permissions = await table(readmePermissionsTable());
  const sections: [string, string][] = [
    ['inputs', inputs],
    ['outputs', outputs],
    ['permissions', permissions],
  ];
  return sections.reduce(
    (text, [name, rows]) => between(text, 'README.md', readmeMarkers(name), rows),
    readme,
  );
}

/** The comments around action.yml's generated block: everything between them is written from the descriptors. */
export const ACTION_MARKERS = {
  start:
    "# Generated from the inputs' and outputs' descriptors by `npm run generate`: edit those, not these lines.",
  end: '# End of the generated inputs and outputs.',
};

/** A YAML scalar in double quotes (Prettier then picks the quotes the repository uses). */
const quoted = (text: string): string => JSON.stringify(text);

/** action.yml's declaration of one input: the runner applies no default of the code's, so the description says it. */
function declaredInput(input: DocumentedInput): string[] {
  const named = input.declaredDefault === undefined && input.default !== '';
  const fleet =
    input.fleetDefault === undefined ? '' : `; in fleet mode (repositories set), ${input.fleetDefault}`;
  const description = named ? `${input.description} Default: ${input.default}${fleet}.` : input.description;
  return [
    `  ${input.name}:`,
    `    description: ${quoted(description)}`,
    '    required: false',
    ...(input.declaredDefault === undefined ? [] : [`    default: ${input.declaredDefault}`]),
  ];
}

/** action.yml with its inputs and outputs as `source` gives them. */
export async function withGeneratedDeclarations(actionYml: string, source: ActionInterface): Promise<string> {
  const block = [
    'inputs:',
    ...source.inputs.flatMap(declaredInput),
    '',
    'outputs:',
    ...source.outputs.flatMap((output) => [
      `  ${output.name}:`,
      `    description: ${quoted(output.description)}`,
    ]),
    '',
  ].join('\n');
  return formatted(between(actionYml, 'action.yml', ACTION_MARKERS, block), 'yaml', ACTION_PATH);
}

/** docs/policy-file.md with its list of the keys the policy may set: the inputs that carry a schema fragment. */
export async function withPolicyKeys(
  page: string,
  inputs: readonly { name: string; schema?: unknown }[],
): Promise<string> {
  const keys = inputs.filter((input) => input.schema !== undefined).map((input) => code(input.name));
  const sentence = `${keys.slice(0, -1).join(', ')} and ${keys.at(-1) ?? ''}.`;
  const text = `\n${await formatted(sentence, 'markdown', POLICY_DOC_PATH)}\n`;
  return between(page, 'docs/policy-file.md', readmeMarkers('policy-keys'), text);
}

/** docs/cli.md with its list of every `svc` command, from the commands' declarations. */
async function withCommands(page: string): Promise<string> {
  const table = `\n${await formatted(commandsTable().join('\n'), 'markdown', CLI_DOC_PATH)}\n`;
  return between(page, 'docs/cli.md', readmeMarkers('commands'), table);
}

/** The policy file's schema, as Prettier formats the repository's JSON. */
async function schemaText(): Promise<string> {
  return formatted(JSON.stringify(policySchema(INPUTS)), 'json', SCHEMA_PATH);
}

/** Every generated file, by path, with the text it should hold now. */
export async function generatedFiles(source = actionInterface()): Promise<Map<string, string>> {
  const schema = await schemaText();
  return new Map([
    [ACTION_PATH, await withGeneratedDeclarations(readFileSync(ACTION_PATH, 'utf8'), source)],
    [README_PATH, await withGeneratedTables(readFileSync(README_PATH, 'utf8'), source)],
    [SCHEMA_PATH, schema],
    [CLI_DOC_PATH, await withCommands(readFileSync(CLI_DOC_PATH, 'utf8'))],
    [POLICY_DOC_PATH, await withPolicyKeys(readFileSync(POLICY_DOC_PATH, 'utf8'), INPUTS)],
    [VALIDATOR_PATH, policyValidatorSource(JSON.parse(schema) as object)],
  ]);
}

/** The generated files whose committed text differs from what they should hold. */
export async function staleFiles(): Promise<string[]> {
  const files = await generatedFiles();
  return [...files].filter(([path, text]) => readFileSync(path, 'utf8') !== text).map(([path]) => path);
}

async function main(check: boolean): Promise<number> {
  if (check) {
    const stale = await staleFiles();
    for (const path of stale) process.stderr.write(`${path} is not what npm run generate writes.\n`);
    return stale.length === 0 ? 0 : 1;
  }
  for (const [path, text] of await generatedFiles()) {
    writeFileSync(path, text);
    process.stdout.write(`${path} written.\n`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.includes('--check'));

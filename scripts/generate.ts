/**
 * Writes what the repository derives from the action's declared interface rather than keeps by hand: the README's
 * inputs and outputs tables, between `<!-- inputs:start -->` … `<!-- inputs:end -->` and `<!-- outputs:start -->` …
 * `<!-- outputs:end -->`. test/unit/generated-docs.test.ts fails when the committed README is not what this writes.
 *
 *   npm run generate
 *
 * The tables are read from one source, `actionInterface()`: today action.yml (each input's default is its
 * declared one, else the `Default: …` its description names), so that the source can change without the tables,
 * the markers or this command changing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { parse as parseYaml } from 'yaml';

const root = fileURLToPath(new URL('../', import.meta.url));
export const README_PATH = `${root}README.md`;

export interface DocumentedInput {
  name: string;
  /** The default as the table shows it: '' when the input has none. */
  default: string;
  description: string;
}

export interface DocumentedOutput {
  name: string;
  description: string;
}

/** What a user of the action sets and reads: the source of the generated tables. */
export interface ActionInterface {
  inputs: readonly DocumentedInput[];
  outputs: readonly DocumentedOutput[];
}

interface ActionYml {
  inputs: Record<string, { default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
}

/** A description's closing `Default: X.` sentence, which action.yml writes since it declares no default. */
const DEFAULT_SENTENCE = /\s*Default: (.+?)\.$/;

/** The interface as action.yml declares it. */
export function actionInterfaceFromActionYml(text: string): ActionInterface {
  const action = parseYaml(text) as ActionYml;
  return {
    inputs: Object.entries(action.inputs).map(([name, input]) => {
      const named = DEFAULT_SENTENCE.exec(input.description);
      return {
        name,
        default: input.default ?? named?.[1] ?? '',
        description: input.description.replace(DEFAULT_SENTENCE, ''),
      };
    }),
    outputs: Object.entries(action.outputs).map(([name, output]) => ({ name, ...output })),
  };
}

/** The source the tables are generated from. */
export function actionInterface(): ActionInterface {
  return actionInterfaceFromActionYml(readFileSync(`${root}action.yml`, 'utf8'));
}

/** Text for a table cell: a `|` would end the cell, `<name>` would be taken for HTML, `*` for emphasis. */
const cell = (text: string): string =>
  text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('*', '\\*');
const code = (text: string): string => `\`${text === '' ? "''" : text}\``;

function inputsTable(inputs: readonly DocumentedInput[]): string[] {
  return [
    '| input | default | description |',
    '| --- | --- | --- |',
    ...inputs.map((input) => `| ${code(input.name)} | ${code(input.default)} | ${cell(input.description)} |`),
  ];
}

function outputsTable(outputs: readonly DocumentedOutput[]): string[] {
  return [
    '| output | description |',
    '| --- | --- |',
    ...outputs.map((output) => `| ${code(output.name)} | ${cell(output.description)} |`),
  ];
}

/** `markdown` with what is between `<!-- name:start -->` and `<!-- name:end -->` replaced by `lines`, set apart by blank lines as Prettier sets them. */
function between(markdown: string, name: string, lines: string): string {
  const start = `<!-- ${name}:start -->\n`;
  const end = `<!-- ${name}:end -->`;
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end, from);
  if (from === -1 || to === -1) throw new Error(`README.md has no ${start.trim()} … ${end} markers`);
  return `${markdown.slice(0, from + start.length)}\n${lines}\n${markdown.slice(to)}`;
}

/** The README with its generated tables as `source` gives them, formatted as Prettier formats the rest. */
export async function withGeneratedTables(readme: string, source: ActionInterface): Promise<string> {
  const formatted = async (lines: string[]): Promise<string> =>
    format(lines.join('\n'), { parser: 'markdown', printWidth: 110 });
  const inputs = await formatted(inputsTable(source.inputs));
  const outputs = await formatted(outputsTable(source.outputs));
  return between(between(readme, 'inputs', inputs), 'outputs', outputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(README_PATH, 'utf8');
  writeFileSync(README_PATH, await withGeneratedTables(readme, actionInterface()));
  process.stdout.write(`${README_PATH}: the inputs and outputs tables written.\n`);
}

import { didYouMean } from '../text/did-you-mean.ts';

/** Words that may name inputs: each face names an input its own way (the action `input 'fail-on'`, svc `--fail-on`). */
export type Phrase = readonly (string | { readonly input: string })[];

/**
 * A value that cannot be used, as data: the input (as action.yml names it), what was given and what is expected.
 * Each face words it in its own terms (ProblemWords); nothing rewords a message after the fact.
 */
export interface InputProblem {
  readonly input: string;
  readonly given: string;
  /** What would be taken instead, naming other inputs where it depends on them. */
  readonly expected: Phrase;
  /** The policy file that set the value; undefined when the input (svc: its flag or argument) did. */
  readonly file?: string | undefined;
  /** The values allowed, when they are a closed list: the closest one is suggested. */
  readonly known?: readonly string[] | undefined;
}

/** How a face names an input: as the subject of a problem, and within a sentence. */
export interface ProblemWords {
  /** `Input 'fail-on'`, `--fail-on`. */
  subject(input: string): string;
  /** `input 'fail-on'`, `--fail-on`. */
  reference(input: string): string;
}

/** The action's words, which the run's errors are written in by default. */
export const ACTION_WORDS: ProblemWords = {
  subject: (input) => `Input '${input}'`,
  reference: (input) => `input '${input}'`,
};

/** The phrase in a face's words. */
export function phraseText(phrase: Phrase, words: ProblemWords): string {
  return phrase.map((part) => (typeof part === 'string' ? part : words.reference(part.input))).join('');
}

/**
 * `Input 'x' is invalid: got '…'; expected ….` in a face's words (`'x' in <policy file>` when the file set it,
 * whatever the face: the file names it so), with a "did you mean" when an allowed value is close to the given one.
 */
export function problemText(problem: InputProblem, words: ProblemWords): string {
  const subject =
    problem.file === undefined ? words.subject(problem.input) : `'${problem.input}' in ${problem.file}`;
  const expected = phraseText(problem.expected, words);
  const suggestion = didYouMean(problem.given.toLowerCase(), problem.known ?? []);
  return `${subject} is invalid: got '${problem.given}'; expected ${expected}.${suggestion}`;
}

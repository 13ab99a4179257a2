/**
 * Every string from the service passes through here before it reaches the SARIF file: secrets scrubbed, control
 * and invisible characters made inert, cut to a budget. Code scanning renders these strings in the browser and
 * in pull requests, so nothing may hide in them (bidirectional overrides, zero-width characters) and none may be
 * large enough to push the file over GitHub's size limit.
 */

/** Removes secrets (the API key in every encoding) from a text. The action passes its SecretScrubber's. */
export type Scrub = (text: string) => string;

const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/gu;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * One line of visible text: line breaks and tabs become a space, every other control, format or default-ignorable
 * character becomes U+FFFD (visible and inert; deleting it could join the halves of a secret), lone surrogates too.
 * Secrets are scrubbed after that and before the cut, so that a cut never leaves a piece of one behind.
 */
export function cleanText(text: string, budget: number, scrub: Scrub): string {
  const visible = text.toWellFormed().replace(LINE_BREAKS_AND_TABS, ' ').replace(INVISIBLE, '\uFFFD').trim();
  return cutText(scrub(visible), budget);
}

/** Cuts to `budget` UTF-16 units, ellipsis included, never between the two halves of a surrogate pair. */
export function cutText(text: string, budget: number): string {
  if (text.length <= budget) return text;
  let end = Math.max(0, budget - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * Escaping for every place a string from the server (or a user) can reach. Each function is for one
 * destination; none of them is safe for another.
 */

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * Characters a reader cannot see, which the runner may skip or treat as white space when it looks for a
 * command: control characters other than tab and line breaks (NEL, U+0085, among them), format characters
 * (soft hyphen, zero-width and direction marks), line and paragraph separators, and every other default
 * ignorable code point (variation selectors, the combining grapheme joiner, Mongolian selectors...).
 * They carry nothing a log or a summary needs, so they become U+FFFD, which is visible and inert.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;

function replaceInvisible(text: string): string {
  return text.replace(INVISIBLE, (character) => (/[\t\r\n]/.test(character) ? character : '\uFFFD'));
}

/**
 * The legacy command form `##[name]` is honoured anywhere in a log line, and the runner finds it with a
 * culture-sensitive search that skips invisible characters: those are replaced first, and the break is a
 * visible one.
 */
function breakLegacyCommands(text: string): string {
  return replaceInvisible(text).replaceAll('##[', '## [');
}

/**
 * No line the action logs is longer: a 1 MB title from the service would otherwise become a 1 MB log line.
 * Each line of a multi-line text is cut on its own.
 */
const LOG_LINE_LIMIT = 2_000;

/**
 * For text written raw to the log (core.info). Each line of it is made unable to run a workflow command:
 * a line that starts with `::` (after any white space) is one, and `##[` anywhere is one. Each line is cut to
 * LOG_LINE_LIMIT.
 */
export function escapeLogLine(text: string): string {
  return breakLegacyCommands(text)
    .split(LINE_BREAK)
    .map((line) => truncate(line.replace(/^(\s*):(?=:)/u, '$1: '), LOG_LINE_LIMIT))
    .join('\n');
}

/**
 * For the message of an annotation or of setFailed. `@actions/core` already escapes `%`, CR and LF in the
 * message (so the command stays one line), which leaves the legacy form to break. Messages longer than GitHub
 * keeps are cut here, where the cut can be marked.
 */
export function escapeAnnotationMessage(text: string, maxLength = ANNOTATION_MESSAGE_LIMIT): string {
  return truncate(breakLegacyCommands(text), maxLength);
}

/** GitHub keeps the first 4,096 characters of an annotation's message. */
const ANNOTATION_MESSAGE_LIMIT = 4096;
/** GitHub's annotation titles hold 255 characters. */
const ANNOTATION_TITLE_LIMIT = 255;

/**
 * For an annotation property (title, file). `@actions/core` escapes `%`, CR, LF, `:` and `,` in properties;
 * line breaks would make a title unreadable, so they become spaces first. Cut to `maxLength`.
 */
export function escapeAnnotationProperty(text: string, maxLength = ANNOTATION_TITLE_LIMIT): string {
  return truncate(breakLegacyCommands(text.replace(/[\r\n]+/g, ' ')), maxLength);
}

export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  return `${text.slice(0, Math.max(0, maxLength - 1))}…`;
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

/**
 * For inline text in the job summary, table cells included: one line, no HTML, no markdown syntax, no table
 * break, no @mention (a zero-width space after `@` keeps GitHub from linking or notifying anyone). Characters
 * that only mean something at the start of a line (headings, lists, quotes) are escaped only there.
 */
export function escapeMarkdownInline(text: string): string {
  const oneLine = replaceInvisible(text).replace(/[\r\n]+/g, ' ');
  return escapeHtml(oneLine)
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/^(\s*)([#+=-])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2')
    .replace(/@/g, '@&#8203;');
}

/**
 * For inline code in the job summary: a code span whose fence is longer than any run of backticks inside.
 * Code spans interpret neither HTML nor mentions, but `|` still ends a table cell; GFM takes `\|` as a pipe
 * inside a cell, code spans included.
 */
export function markdownCode(text: string): string {
  const oneLine = replaceInvisible(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${oneLine}${pad}${fence}`;
}

/** A link only for an http(s) URL; anything else is shown as text, never as a link or HTML. */
export function markdownLink(label: string, url: string): string {
  return markdownCodeLink(escapeMarkdownInline(label), url);
}

/** A link whose label is already-rendered inline markdown (a code span), for an http(s) URL only. */
export function markdownCodeLink(renderedLabel: string, url: string): string {
  const href = safeHref(url);
  return href === undefined ? renderedLabel : `[${renderedLabel}](${href})`;
}

/** The URL as a markdown link target, or undefined when it is not http(s). */
function safeHref(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return parsed.href.replace(/[()<>\s|]/g, (character) => percentEncode(character));
}

function percentEncode(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

import { escapeLogLine } from '../text/escape.ts';

/**
 * Text from the service on its way to a terminal or a CI log. Control characters (an ESC that would drive the
 * terminal among them) become U+FFFD, and a line cannot start a GitHub workflow command, since svc also runs
 * inside workflows (the organization-wide scan lists its repositories with it).
 */
export function terminalText(text: string): string {
  return escapeLogLine(text);
}

/** One table cell or inline value: one line. */
export function terminalInline(text: string): string {
  return terminalText(text.replace(/[\r\n\t]+/g, ' '));
}

/**
 * JSON for stdout. Inside JSON `#` appears only in strings, where `\u0023` means the same character: the
 * legacy workflow command form `##[` cannot appear in the text, and the data is unchanged.
 */
export function jsonText(value: unknown, pretty = true): string {
  return `${JSON.stringify(value, null, pretty ? 2 : undefined).replaceAll('##[', '#\\u0023[')}\n`;
}

/** A table with a header row; every cell is made inline-safe and the columns are padded to their widest. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(terminalInline));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

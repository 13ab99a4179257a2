/** A table as plain text (aligned columns, for the terminal) or as Markdown. */

export type TableFormat = 'text' | 'markdown';

export interface Table {
  headers: string[];
  rows: string[][];
  /** Columns aligned to the right (numbers); the others to the left. */
  numeric?: boolean[];
}

export function renderTable(table: Table, format: TableFormat): string {
  const { headers, rows } = table;
  const numeric = table.numeric ?? headers.map((_, i) => i > 0);
  if (format === 'markdown') {
    const line = (cells: string[]): string =>
      `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
    const rule = `|${headers.map((_, i) => (numeric[i] ? '---:' : ':---')).join('|')}|`;
    return [line(headers), rule, ...rows.map(line)].join('\n');
  }
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * Policy files of one long line that yaml found hard: a node of many tags or anchors, a list of many tags,
 * anchors or aliases, a list of many problems, and aliases of lists that hold aliases. Each is `bytes` long.
 */

export interface HostileYamlShape {
  /** What the line holds, as the benchmark's table names it. */
  name: string;
  text: (bytes: number) => string;
}

/** `paths:` of one line: `unit(0) unit(1) …` up to `bytes`, in a flow list when `list`. */
function oneLine(bytes: number, unit: (index: number) => string, list: boolean, head = ''): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index++) {
    const part = unit(index);
    parts.push(part);
    length += part.length;
  }
  const body = `${head}${parts.join('')}x`;
  return `version: 1\npaths: ${list ? `[${body}]` : body}\n`;
}

/** 50 anchors, 49 lists nested in each other that hold aliases of them, and an alias of each list. */
function nestedAliases(bytes: number): string {
  const anchors = Array.from({ length: 50 }, (_, index) => `&y${index} a`).join(', ');
  let nested = `[${Array.from({ length: 50 }, (_, index) => `*y${index}`).join(', ')}]`;
  for (let depth = 48; depth >= 0; depth--) nested = `&n${depth} [${nested}]`;
  const aliases = Array.from({ length: 49 }, (_, depth) => `*n${depth}`).join(', ');
  const head = `version: 1\nx: [${anchors}]\nn: ${nested}\nr: [${aliases}]\n`;
  // The rest of the file is plain words, so each of yaml's walks of the document is long.
  const words = Math.max(0, Math.floor((bytes - head.length) / 26));
  const lists: string[] = [];
  for (let start = 0; start < words; start += 5_000) {
    const list = Array.from({ length: Math.min(5_000, words - start) }, () => 'abcdefghijklmnopqrstuvwx');
    lists.push(`[${list.join(', ')}]`);
  }
  return `${head}pad: [${lists.join(', ')}]\n`;
}

export const HOSTILE_YAML_SHAPES: readonly HostileYamlShape[] = [
  { name: 'tags on one node', text: (bytes) => oneLine(bytes, () => '!t ', false) },
  { name: 'anchors on one node', text: (bytes) => oneLine(bytes, (index) => `&a${index} `, false) },
  {
    name: 'a list of tagged values',
    text: (bytes) => oneLine(bytes, (index) => `!t${index % 10} a, `, true),
  },
  { name: 'a list of anchored values', text: (bytes) => oneLine(bytes, (index) => `&a${index} a, `, true) },
  { name: 'a list of aliases', text: (bytes) => oneLine(bytes, () => '*a, ', true, '&a a, ') },
  { name: 'a list of problems', text: (bytes) => oneLine(bytes, () => 'a: b: c, ', true) },
  { name: 'aliases of lists of aliases', text: nestedAliases },
];

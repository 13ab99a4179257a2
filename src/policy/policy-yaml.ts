import {
  CST,
  Composer,
  Lexer,
  LineCounter,
  Parser,
  isAlias,
  isNode,
  visit,
  type Document,
  type Node,
} from 'yaml';
import type { PolicyBounds } from '../domain/policy.ts';

/** The bounds of the YAML itself: the parse stops where one is crossed (PolicyBounds says why). */
type YamlBounds = Pick<PolicyBounds, 'tokens' | 'properties'>;

/** The file's one document, its lines, and its problems: yaml's, each at its line and column, or a bound crossed. */
export interface PolicyYaml {
  document: Document.Parsed | undefined;
  lines: LineCounter;
  problems: string[];
}

/** A yaml message is shown as yaml gives it, cut: it may quote a tag or an alias of any length. */
const SHOWN_CHARACTERS = 200;

function cut(text: string): string {
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
}

const PROPERTIES: Readonly<Record<string, { name: string; example: string }>> = {
  '!': { name: 'tags', example: '!x' },
  '&': { name: 'anchors', example: '&x' },
  '*': { name: 'aliases', example: '*x' },
};

/** Thrown from inside the parse, which has no other way out, and caught around it. */
class OverBound extends Error {
  readonly problem: string;
  constructor(problem: string) {
    super(problem);
    this.problem = problem;
  }
}

/**
 * Parses the YAML of a policy file. The file's problems are placed by one LineCounter (a binary search over the
 * line starts), not by yaml's pretty errors, which copy the line around each error: on one long line that is the
 * line's length for every error.
 */
export function readPolicyYaml(text: string, bounds: YamlBounds): PolicyYaml {
  const lines = new LineCounter();
  const document = composeOne(text, lines, bounds);
  if (typeof document === 'string') return { document: undefined, lines, problems: [document] };
  const problems = document.errors.map((error) => {
    const shown = cut(error.message.split('\n')[0] ?? '');
    if (error.pos[0] < 0) return shown;
    const { line, col } = lines.linePos(error.pos[0]);
    return `line ${line}, column ${col}: ${shown}`;
  });
  return { document, lines, problems: problems.length > 0 ? problems : nestedAliases(document, lines) };
}

/** The file's one document, or the one problem that stopped it: a bound crossed, a second document. */
function composeOne(text: string, lines: LineCounter, bounds: YamlBounds): Document.Parsed | string {
  const composer = new Composer({ uniqueKeys: false });
  let document: Document.Parsed | undefined;
  // yaml makes an Error of each problem, and capturing its stack costs tens of microseconds: seconds for a file of
  // tens of thousands of problems, whose stacks nobody reads. The parse is synchronous: nothing else runs meanwhile.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    for (const next of composer.compose(boundedTokens(text, lines, bounds), true, text.length)) {
      if (document !== undefined)
        return `line ${lines.linePos(next.range[0]).line}: a policy file is one YAML document, not several`;
      document = next;
    }
  } catch (error) {
    if (error instanceof OverBound) return error.problem;
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  // compose(…, true) gives a document even for an empty file.
  return document ?? 'the file holds no YAML document';
}

/**
 * Each alias to a mapping or list that holds aliases itself. yaml counts what such an alias expands to by
 * resolving every alias under it, each by walking the whole document: with a hundred of them, seconds.
 */
function nestedAliases(document: Document.Parsed, lines: LineCounter): string[] {
  const anchored = new Map<string, Node>();
  const holdingAliases = new Set<unknown>();
  const problems: string[] = [];
  visit(document, {
    Node(_key, node, path) {
      if (!isAlias(node)) {
        if (node.anchor !== undefined) anchored.set(node.anchor, node);
        return;
      }
      const target = anchored.get(node.source);
      if (target !== undefined && holdingAliases.has(target)) {
        const { line, col } = lines.linePos(node.range?.[0] ?? 0);
        problems.push(
          `line ${line}, column ${col}: the alias *${cut(node.source)} names a mapping or list that holds aliases ` +
            'itself; a policy file nests no aliases: write the values out instead',
        );
      }
      // The file holds at most `properties` aliases (100): each marks the anchors above it.
      for (const ancestor of path)
        if (isNode(ancestor) && ancestor.anchor !== undefined) holdingAliases.add(ancestor);
    },
  });
  return problems;
}

/** The parser's tokens, counting the lexer's on the way: an OverBound at the first token over a bound. */
function* boundedTokens(text: string, lines: LineCounter, bounds: YamlBounds): Generator<CST.Token> {
  const parser = new Parser(lines.addNewLine);
  const properties = new Map<string, number>();
  let tokens = 0;
  let scalarNext = false;
  lines.addNewLine(0);
  for (const lexeme of new Lexer().lex(text)) {
    const where = (): string => `line ${lines.linePos(parser.offset).line}: `;
    if (++tokens > bounds.tokens)
      throw new OverBound(
        `${where()}the file has more than ${bounds.tokens} YAML tokens (keys, values, punctuation, spaces); ` +
          'a policy file holds at most that many: write fewer entries',
      );
    // A scalar's text follows the scalar mark; anything else that starts with !, & or * is a node's property.
    const property = scalarNext ? undefined : PROPERTIES[lexeme.charAt(0)];
    scalarNext = lexeme === CST.SCALAR;
    const count = property === undefined ? 0 : (properties.get(property.name) ?? 0) + 1;
    if (property !== undefined) properties.set(property.name, count);
    if (property !== undefined && count > bounds.properties)
      throw new OverBound(
        `${where()}the file has more than ${bounds.properties} YAML ${property.name} (\`${property.example}\`); ` +
          `a policy file holds at most that many: write the values out instead`,
      );
    yield* parser.next(lexeme);
  }
  yield* parser.end();
}

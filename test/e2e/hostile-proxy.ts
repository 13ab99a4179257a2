import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/**
 * A service that lies: a proxy in front of the emulator that rewrites what passes through it, the way a broken
 * or hostile deployment would (another scan's id, pages that ignore filters, the key echoed in odd encodings,
 * answers that never come). Each rule matches a request by method and path and changes one thing.
 */
interface HostileRule {
  method?: string;
  /** Matched against the path without the query, e.g. /^\/api\/v1\/scans\/[^/]+$/. */
  path: RegExp;
  /** Changes the query sent on to the emulator. */
  query?: (params: URLSearchParams) => void;
  /** Holds the answer back this long (the client's deadline should cut it). */
  delayMs?: number;
  /** Rewrites a JSON answer; `n` counts the requests this rule matched, from 1; `url` is the one asked for. */
  json?: (body: unknown, n: number, url: URL) => unknown;
  /** Rewrites the answer's text last, for what JSON.stringify cannot write (an own `__proto__` key). */
  rawText?: (text: string) => string;
  /** Answers with this text instead of the emulator's (status 200 unless given). */
  text?: (n: number) => { status?: number; body: string } | undefined;
}

export interface HostileProxy {
  baseUrl: string;
  setRules(rules: HostileRule[]): void;
  /** Every request seen, as `METHOD /path?query`. */
  readonly seen: string[];
  stop(): Promise<void>;
}

export async function startHostileProxy(targetBaseUrl: string): Promise<HostileProxy> {
  const target = new URL(targetBaseUrl);
  let rules: HostileRule[] = [];
  const counts = new Map<HostileRule, number>();
  const seen: string[] = [];
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', target.origin);
    seen.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`);
    const rule = rules.find((r) => (r.method ?? req.method) === req.method && r.path.test(url.pathname));
    const n = rule ? (counts.get(rule) ?? 0) + 1 : 0;
    if (rule) counts.set(rule, n);
    const body = await readBody(req);
    if (rule?.delayMs) {
      const closed = new Promise<void>((resolve) => res.once('close', resolve));
      await Promise.race([new Promise((resolve) => setTimeout(resolve, rule.delayMs)), closed]);
      if (res.destroyed || res.writableEnded) return;
    }
    const replaced = rule?.text?.(n);
    if (replaced) {
      res.writeHead(replaced.status ?? 200, { 'content-type': 'application/json' });
      res.end(replaced.body);
      return;
    }
    const asked = new URL(url);
    rule?.query?.(url.searchParams);
    const upstream = await request(url.toString(), {
      method: (req.method ?? 'GET') as 'GET',
      headers: { ...pick(req.headers, ['authorization', 'accept', 'content-type', 'user-agent']) },
      body: body.length > 0 ? body : null,
    });
    let text = await upstream.body.text();
    if (rule?.json && text.trim() !== '')
      text = JSON.stringify(rule.json(JSON.parse(text) as unknown, n, asked));
    if (rule?.rawText) text = rule.rawText(text);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const retryAfter = upstream.headers['retry-after'];
    if (typeof retryAfter === 'string') headers['retry-after'] = retryAfter;
    res.writeHead(upstream.statusCode, headers);
    res.end(text);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    setRules: (next) => {
      rules = next;
      counts.clear();
    },
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

function pick(headers: IncomingMessage['headers'], names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

/** Applies `change` to every finding of a findings page. */
export function eachFinding(change: (finding: Record<string, unknown>, index: number) => void) {
  return (body: unknown): unknown => {
    const page = body as { items?: Record<string, unknown>[] };
    page.items?.forEach(change);
    return page;
  };
}

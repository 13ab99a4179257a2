import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A forward proxy on loopback, as a corporate proxy is to a runner: it relays absolute-URI requests
 * (`GET http://host:port/path`, what a client sends for an http target) and tunnels CONNECT (what it sends for
 * https), and records each one so a test can tell which requests went through it and to where. A request in
 * origin form (`GET /path`) is refused with 400: a client that sends one took the proxy for the server.
 */
export interface ForwardProxy {
  /** `http://127.0.0.1:PORT`, for HTTP_PROXY and HTTPS_PROXY. */
  readonly url: string;
  /** Everything relayed, in order. */
  readonly relayed: readonly RelayedRequest[];
  /** How many requests (and tunnels) went to `host:port`, the target's origin without its scheme. */
  countFor(target: string | URL): number;
  close(): Promise<void>;
}

interface RelayedRequest {
  /** `forward` for an absolute-URI request, `tunnel` for CONNECT. */
  kind: 'forward' | 'tunnel';
  method: string;
  /** `host:port` of the target. */
  target: string;
  /** The path and query asked for; empty for a tunnel, whose content the proxy does not read. */
  path: string;
}

/** Headers for one hop only (RFC 9110 7.6.1), and the proxy's own: never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export async function startForwardProxy(): Promise<ForwardProxy> {
  const relayed: RelayedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    forward(req, res, relayed);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnel(req, client, head, relayed, sockets);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    relayed,
    countFor: (target) => {
      const host = typeof target === 'string' ? target : target.host;
      return relayed.filter((request) => request.target === host).length;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function forward(req: IncomingMessage, res: ServerResponse, relayed: RelayedRequest[]): void {
  const method = req.method ?? 'GET';
  const raw = req.url ?? '';
  if (!/^http:\/\//i.test(raw)) {
    res
      .writeHead(400, { 'content-type': 'text/plain' })
      .end('a forward proxy takes absolute-form requests\n');
    return;
  }
  const url = new URL(raw);
  relayed.push({ kind: 'forward', method, target: url.host, path: `${url.pathname}${url.search}` });
  const upstream = httpRequest(
    {
      host: url.hostname,
      port: url.port || 80,
      method,
      path: `${url.pathname}${url.search}`,
      headers: endToEnd(req.headers),
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end();
  });
  req.pipe(upstream);
}

function tunnel(
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
  relayed: RelayedRequest[],
  sockets: Set<Socket>,
): void {
  const target = req.url ?? '';
  const at = target.lastIndexOf(':');
  const host = target.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.slice(at + 1));
  relayed.push({ kind: 'tunnel', method: 'CONNECT', target, path: '' });
  const upstream = connect(port, host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  sockets.add(upstream);
  upstream.once('close', () => sockets.delete(upstream));
  upstream.on('error', () => {
    client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  client.on('error', () => upstream.destroy());
}

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

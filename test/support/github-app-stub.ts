import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An RSA key pair as GitHub hands an App's key out (PKCS#1) and as it may be converted (PKCS#8). */
export function appKeyPair(): { publicKey: KeyObject; pkcs1: string; pkcs8: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    pkcs1: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export const STUB_APP_ID = '4242';
export const STUB_TOKEN = 'github_pat_stub_0123456789abcdef';

/** The installation token the stub mints: an App's night reads each repository with it. */
const STUB_INSTALLATION_TOKEN = 'ghs_stubInstallation0123456789abcdef';
/** Every repository's default branch head, as the stub answers it. */
const STUB_HEAD_SHA = 'a'.repeat(40);

/**
 * As much of GitHub as checking the fleet's credentials, and a night without policy files, ask: `GET /app`
 * answers a JWT signed by the App's key (RS256, issued for STUB_APP_ID) and refuses any other with 401, as do the
 * installation look-up and the token's minting; `GET /rate_limit` answers STUB_TOKEN, with the
 * `github-authentication-token-expiration` header `tokenExpiration` gives. With the installation's token (or
 * STUB_TOKEN), every repository is on `main` at STUB_HEAD_SHA and holds no policy file. Every request and every
 * credential it was sent are recorded.
 */
export class GitHubAppStub {
  readonly calls: string[] = [];
  /** The Authorization headers' credentials (JWTs, tokens), for the check that none reached an output. */
  readonly credentials: string[] = [];
  tokenExpiration = '';
  readonly #publicKey: KeyObject;
  readonly #server: Server;
  url = '';

  constructor(publicKey: KeyObject) {
    this.#publicKey = publicKey;
    this.#server = createServer((request, response) => {
      this.#answer(request, response);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<unknown> {
    return new Promise((resolve) => this.#server.close(resolve));
  }

  #answer(request: IncomingMessage, response: ServerResponse): void {
    const call = `${request.method ?? ''} ${new URL(request.url ?? '/', this.url).pathname}`;
    this.calls.push(call);
    const [, credential = ''] = (request.headers.authorization ?? '').split(' ');
    this.credentials.push(credential);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    };
    if (call === 'GET /app')
      return this.#jwtValid(credential)
        ? send(200, { id: Number(STUB_APP_ID), slug: 'svc-night' })
        : send(401, { message: 'A JSON web token could not be decoded' });
    const repository = /^GET \/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(call);
    if (call.startsWith('POST /app/installations/') && call.endsWith('/access_tokens'))
      return this.#jwtValid(credential)
        ? send(201, {
            token: STUB_INSTALLATION_TOKEN,
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          })
        : send(401, { message: 'A JSON web token could not be decoded' });
    if (repository?.[3] === '/installation')
      return this.#jwtValid(credential)
        ? send(200, { id: 7, account: { login: repository[1] } })
        : send(401, { message: 'A JSON web token could not be decoded' });
    if (repository !== null && [STUB_INSTALLATION_TOKEN, STUB_TOKEN].includes(credential))
      return this.#repositoryAnswer(repository[3] ?? '', send);
    if (call === 'GET /rate_limit' && credential === STUB_TOKEN)
      return send(
        200,
        { resources: {} },
        this.tokenExpiration === '' ? {} : { 'github-authentication-token-expiration': this.tokenExpiration },
      );
    return send(401, { message: 'Bad credentials' });
  }

  /** A repository on `main` at STUB_HEAD_SHA, with no policy file. */
  #repositoryAnswer(rest: string, send: (status: number, body: unknown) => void): void {
    if (rest === '') return send(200, { default_branch: 'main' });
    if (rest.startsWith('/git/ref/'))
      return send(200, { ref: 'refs/heads/main', object: { sha: STUB_HEAD_SHA, type: 'commit' } });
    return send(404, { message: 'Not Found' });
  }

  #jwtValid(jwt: string): boolean {
    const [header = '', payload = '', signature = ''] = jwt.split('.');
    if (signature === '') return false;
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      this.#publicKey,
      Buffer.from(signature, 'base64url'),
    );
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: unknown };
    return signed && String(claims.iss) === STUB_APP_ID;
  }
}

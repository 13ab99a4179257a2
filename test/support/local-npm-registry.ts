import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A registry on loopback that holds one package, the packed tarball, as npm's registry would serve it: the packument
 * at `/<name>` and the tarball under `/<name>/-/`. Anything else is a 404, so an install that needed another package
 * fails. Lets the README's `npm install -g svc-scan-action` and `npx --yes svc-scan-action@<version>` run as written.
 */
export interface LocalRegistry {
  url: string;
  close: () => Promise<void>;
}

interface Manifest {
  name: string;
  version: string;
  [field: string]: unknown;
}

export async function serveOnePackage(tarball: string, manifest: Manifest): Promise<LocalRegistry> {
  const bytes = readFileSync(tarball);
  const file = `${manifest.name}-${manifest.version}.tgz`;
  const server = createServer((request, response) => {
    const url = `http://${request.headers.host ?? ''}`;
    if (request.url === `/${manifest.name}`) {
      const dist = {
        tarball: `${url}/${manifest.name}/-/${file}`,
        integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
        shasum: createHash('sha1').update(bytes).digest('hex'),
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          name: manifest.name,
          'dist-tags': { latest: manifest.version },
          versions: { [manifest.version]: { ...manifest, dist } },
        }),
      );
    } else if (request.url === `/${manifest.name}/-/${file}`) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(bytes);
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

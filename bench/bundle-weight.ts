import { readFile } from 'node:fs/promises';
import type { BundleWeight } from './results.ts';

/**
 * What a bundle holds, read from its source map (`<entry>.map`): esbuild does not minify, so each source's text is
 * about what it adds to the bundle. GitHub's client is `@octokit/core` and the packages it brings
 * (`@octokit/*`, `before-after-hook`, `universal-user-agent`, and `@octokit/request`'s `json-with-bigint` and
 * `content-type`); the project's own `src/github/` is counted apart.
 */

const GITHUB_CLIENT_PACKAGES =
  /^(?:@octokit\/[^/]+|before-after-hook|universal-user-agent|json-with-bigint|content-type)$/;

interface SourceMap {
  sources?: string[];
  sourcesContent?: (string | null)[];
}

export async function weighBundle(entry: string): Promise<BundleWeight | undefined> {
  let map: SourceMap;
  try {
    map = JSON.parse(await readFile(`${entry}.map`, 'utf8')) as SourceMap;
  } catch {
    return undefined;
  }
  const weight: BundleWeight = {
    sourcesBytes: 0,
    githubClientBytes: 0,
    githubClientPackages: [],
    githubModulesBytes: 0,
  };
  const packages = new Set<string>();
  (map.sources ?? []).forEach((source, i) => {
    const bytes = Buffer.byteLength(map.sourcesContent?.[i] ?? '');
    weight.sourcesBytes += bytes;
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
    if (name !== undefined && GITHUB_CLIENT_PACKAGES.test(name)) {
      weight.githubClientBytes += bytes;
      packages.add(name);
    } else if (name === undefined && /(?:^|\/)src\/github\//.test(source)) {
      weight.githubModulesBytes += bytes;
    }
  });
  weight.githubClientPackages = [...packages].sort();
  return weight;
}

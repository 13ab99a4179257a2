/**
 * Matches a method and path against route templates such as `/scans/{id}/cancel`. Literal segments win over
 * parameters because routes are tried in the order given. A path that matches a template under another method
 * is a 405 with the allowed methods; a path that matches nothing is a 404.
 */

export interface RouteShape {
  readonly method: string;
  readonly template: string;
}

export type RouteMatch<R extends RouteShape> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Record<string, string> }
  | { readonly kind: 'method_not_allowed'; readonly template: string; readonly allowed: readonly string[] }
  | { readonly kind: 'not_found' };

interface Compiled<R> {
  readonly route: R;
  readonly segments: readonly Segment[];
}

type Segment = { readonly literal: string } | { readonly param: string };

export class Router<R extends RouteShape> {
  readonly #routes: readonly Compiled<R>[];

  constructor(routes: readonly R[]) {
    this.#routes = routes.map((route) => ({ route, segments: compile(route.template) }));
  }

  match(method: string, path: string): RouteMatch<R> {
    const segments = split(path);
    if (segments === undefined) return { kind: 'not_found' };
    let template: string | undefined;
    const allowed: string[] = [];
    for (const { route, segments: pattern } of this.#routes) {
      const params = matchSegments(pattern, segments);
      if (params === undefined) continue;
      if (route.method === method) return { kind: 'found', route, params };
      template ??= route.template;
      if (route.template === template && !allowed.includes(route.method)) allowed.push(route.method);
    }
    return template === undefined ? { kind: 'not_found' } : { kind: 'method_not_allowed', template, allowed };
  }
}

function compile(template: string): Segment[] {
  return template
    .split('/')
    .slice(1)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part)?.[1];
      return param === undefined ? { literal: part } : { param };
    });
}

function split(path: string): string[] | undefined {
  try {
    return path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function matchSegments(
  pattern: readonly Segment[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as Segment;
    const actual = segments[i] as string;
    if ('literal' in expected) {
      if (expected.literal !== actual) return undefined;
    } else {
      if (actual === '') return undefined;
      params[expected.param] = actual;
    }
  }
  return params;
}

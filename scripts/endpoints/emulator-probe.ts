import type { Handler, Reply, RequestContext } from '../../emulator/request-context.ts';

/**
 * What an emulator handler reads of a request: the query parameters and body fields it asks for, and its answer
 * to a request without them. The handler runs in-process against stand-ins: the query and the body record every
 * name read, and the store, the principal and the stats answer every question with themselves, so a handler gets
 * as far as its reads whatever its data would be.
 *
 * A body field read as `undefined` may stop the handler (a required field is a 422) before it reads the next one:
 * the field read last before a throw is given the next value of VALUES and the handler runs again, until it runs
 * through or no value is left. The names read in every run count.
 */

interface HandlerReads {
  readonly query: ReadonlySet<string>;
  readonly body: ReadonlySet<string>;
  /** The answer of the run that went through, when one did. */
  readonly reply: Reply | undefined;
}

const VALUES: readonly unknown[] = [undefined, 'probe', true, 1, ['probe'], {}];
const MAX_RUNS = 40;

export function readsOf(handler: Handler, template: string): HandlerReads {
  const query = new Set<string>();
  const body = new Set<string>();
  const chosen = new Map<string, number>();
  for (let run = 0; run < MAX_RUNS; run++) {
    const last: { key?: string } = {};
    try {
      const reply = handler(contextOf(template, recordingQuery(query), recordingBody(body, chosen, last)));
      return { query, body, reply };
    } catch {
      const key = last.key;
      const next = key === undefined ? VALUES.length : (chosen.get(key) ?? 0) + 1;
      if (key === undefined || next >= VALUES.length) break;
      chosen.set(key, next);
    }
  }
  return { query, body, reply: undefined };
}

function contextOf(template: string, query: URLSearchParams, body: unknown): RequestContext {
  const params = Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map((match) => [match[1], 'probe']));
  const anything = absorbing() as never;
  return {
    principal: anything,
    params,
    query,
    body,
    store: anything,
    now: 0,
    stats: anything,
    faults: { neverFinish: false, totalDelta: 0, ignoreFilter: false, bareScans: false },
    pollRetryAfterSeconds: undefined,
  };
}

function recordingQuery(read: Set<string>): URLSearchParams {
  return new (class extends URLSearchParams {
    override get(name: string): string | null {
      read.add(name);
      return super.get(name);
    }
    override getAll(name: string): string[] {
      read.add(name);
      return super.getAll(name);
    }
    override has(name: string): boolean {
      read.add(name);
      return super.has(name);
    }
  })();
}

function recordingBody(read: Set<string>, chosen: Map<string, number>, last: { key?: string }): object {
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key !== 'string') return undefined;
        read.add(key);
        last.key = key;
        return VALUES[chosen.get(key) ?? 0];
      },
    },
  );
}

/** A value every property, call and conversion of which is the value again: it iterates as empty, adds as 0. */
function absorbing(): unknown {
  const proxy: unknown = new Proxy(() => undefined, {
    get(_target, key) {
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === Symbol.iterator) return function* empty() {};
      if (key === 'then') return undefined;
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
  });
  return proxy;
}

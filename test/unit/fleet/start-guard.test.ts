import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ServerError, type Logger, type RequestOptions } from '../../../src/client/index.ts';
import type { ListScansParams, Page, Repository, Scan } from '../../../src/client/types.ts';
import { Ledger } from '../../../src/fleet/ledger.ts';
import { StartGuard } from '../../../src/fleet/start-guard.ts';

const REPOSITORY: Repository = { id: 'repo_1', full_name: 'acme/api', default_branch: 'main' };
const QUIET: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  startGroup: () => undefined,
  endGroup: () => undefined,
};

function scanOf(id: string): Scan {
  return { id, status: 'completed', modules: [], repository_id: REPOSITORY.id, ref: 'main' };
}

/**
 * A service that lists a repository's scans oldest first (the spec gives GET /scans no order), in pages of at
 * most 100, and whose next start answers `startAnswer` after creating `startsAs` (if given).
 */
function oldestFirstService(earlier: number) {
  const scans = Array.from({ length: earlier }, (_, i) => scanOf(`scan_${String(i + 1).padStart(4, '0')}`));
  const client = {
    listScans: vi.fn((params: ListScansParams = {}): Promise<Page<Scan>> => {
      const limit = Math.min(params.limit ?? 20, 100);
      const offset = params.offset ?? 0;
      return Promise.resolve({
        items: scans.slice(offset, offset + limit),
        total: scans.length,
        limit,
        offset,
      });
    }),
    getScan: vi.fn((id: string) => Promise.resolve(scans.find((scan) => scan.id === id) ?? scanOf(id))),
    createScan: vi.fn((_params: unknown, _options?: RequestOptions): Promise<Scan> => {
      const scan = scanOf(`scan_${String(scans.length + 1).padStart(4, '0')}`);
      scans.push(scan);
      return Promise.resolve(scan);
    }),
  };
  return { client, scans };
}

function ledgerAt(text: string): Ledger {
  const path = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'ledger.jsonl');
  writeFileSync(path, text);
  return Ledger.open(path);
}

function guardOf(
  client: ReturnType<typeof oldestFirstService>['client'],
  ledger: Ledger | undefined,
  refusal: () => string | undefined = () => undefined,
) {
  return new StartGuard(
    {
      client,
      ledger,
      log: QUIET,
      stopSignal: new AbortController().signal,
      onKeyRefused: () => undefined,
      refusal,
    },
    REPOSITORY,
  );
}

describe('a start guarded against a second start', () => {
  it('after a crash between a start and its record, adopts the scan listed beyond the first page: no second start', async () => {
    const { client, scans } = oldestFirstService(150);
    const listed = scans.map((scan) => scan.id);
    const ledger = ledgerAt(
      `${JSON.stringify({ event: 'starting', repository_id: 'repo_1', repository: 'acme/api', listed, at: 'x' })}\n`,
    );
    scans.push(scanOf('scan_ours'));
    const adopted = await guardOf(client, ledger).createScan({ repository_id: 'repo_1', ref: 'main' });
    ledger.close();
    expect(client.createScan).not.toHaveBeenCalled();
    expect(adopted.id).toBe('scan_ours');
  });

  it('after a 5xx whose scan did start, finds it beyond the first page and adopts it', async () => {
    const { client, scans } = oldestFirstService(150);
    client.createScan.mockImplementationOnce(() => {
      scans.push(scanOf('scan_ours'));
      return Promise.reject(new ServerError('Bad gateway', { statusCode: 502 }));
    });
    const adopted = await guardOf(client, undefined).createScan({ repository_id: 'repo_1', ref: 'main' });
    expect(client.createScan).toHaveBeenCalledTimes(1);
    expect(adopted.id).toBe('scan_ours');
  });

  it('never adopts when two scans appeared since the listing: one is not ours, and which cannot be told', async () => {
    const { client, scans } = oldestFirstService(3);
    client.createScan.mockImplementationOnce(() => {
      scans.push(scanOf('scan_theirs'), scanOf('scan_ours'));
      return Promise.reject(new ServerError('Bad gateway', { statusCode: 502 }));
    });
    await expect(
      guardOf(client, undefined).createScan({ repository_id: 'repo_1', ref: 'main' }),
    ).rejects.toThrow(/2 new scans of acme\/api are listed/);
    expect(client.createScan).toHaveBeenCalledTimes(1);
  });

  it('sends no start once the fleet may start no more (a refused key, Ctrl-C, the deadline) while it looked up the scans', async () => {
    const { client } = oldestFirstService(2);
    let refused: string | undefined;
    const listScans = client.listScans.getMockImplementation();
    client.listScans.mockImplementation((params) => {
      refused = 'not started: the service refused the API key (401)';
      return listScans?.(params) ?? Promise.reject(new Error('no listing'));
    });
    await expect(
      guardOf(client, undefined, () => refused).createScan({ repository_id: 'repo_1', ref: 'main' }),
    ).rejects.toThrow('not started: the service refused the API key (401)');
    expect(client.createScan).not.toHaveBeenCalled();
  });

  it('lets a start sent before the deadline be answered after it, so its scan can be cancelled, not orphaned', async () => {
    const { client, scans } = oldestFirstService(0);
    const deadline = new AbortController();
    client.createScan.mockImplementationOnce((_params, options) => {
      deadline.abort(new Error('wait-timeout'));
      // The service answers a moment later; a request its signal cut by then gets no answer.
      return new Promise((resolve, reject) => {
        setImmediate(() => {
          scans.push(scanOf('scan_ours'));
          if (options?.signal?.aborted === true) reject(new Error('POST /scans was aborted'));
          else resolve(scanOf('scan_ours'));
        });
      });
    });
    const started = await guardOf(client, undefined).createScan(
      { repository_id: 'repo_1', ref: 'main' },
      { signal: deadline.signal },
    );
    expect(started.id).toBe('scan_ours');
  });
});

/** A ledger whose run recorded `scanId` as the scan it started for acme/api (repo_1). */
function ledgerNaming(scanId: string): Ledger {
  const line = (event: Record<string, unknown>) => `${JSON.stringify({ ...event, at: 'x' })}\n`;
  return ledgerAt(
    line({ event: 'starting', repository_id: 'repo_1', repository: 'acme/api', listed: [] }) +
      line({ event: 'started', repository_id: 'repo_1', scan_id: scanId }),
  );
}

describe('a scan adopted only when the service confirms it is this repository’s', () => {
  it('adopts a recorded scan the service lists among the repository’s, of its ref, and says it adopted it', async () => {
    const { client, scans } = oldestFirstService(2);
    scans.push(scanOf('scan_ours'));
    const guard = guardOf(client, ledgerNaming('scan_ours'));
    const adopted = await guard.createScan({ repository_id: 'repo_1', ref: 'main' });
    expect(adopted.id).toBe('scan_ours');
    expect(guard.adopted('scan_ours')).toBe(true);
    expect(client.createScan).not.toHaveBeenCalled();
  });

  it('refuses a recorded scan of another repository (the service says so), and starts none', async () => {
    const { client, scans } = oldestFirstService(1);
    const theirs = { ...scanOf('scan_theirs'), repository_id: 'repo_2' };
    client.getScan.mockResolvedValue(theirs);
    const guard = guardOf(client, ledgerNaming('scan_theirs'));
    await expect(guard.createScan({ repository_id: 'repo_1', ref: 'main' })).rejects.toThrow(
      /records scan scan_theirs for acme\/api, but the service does not list it among the scans of acme\/api/,
    );
    expect(scans.map((scan) => scan.id)).not.toContain('scan_theirs');
    expect(client.createScan).not.toHaveBeenCalled();
  });

  it('refuses a recorded scan the service does not list for the repository, even one that carries no repository_id', async () => {
    const { client } = oldestFirstService(1);
    client.getScan.mockResolvedValue({ id: 'scan_elsewhere', status: 'completed', modules: [] });
    await expect(
      guardOf(client, ledgerNaming('scan_elsewhere')).createScan({ repository_id: 'repo_1', ref: 'main' }),
    ).rejects.toThrow(/does not list it among the scans of acme\/api: it was not adopted/);
    expect(client.createScan).not.toHaveBeenCalled();
  });

  it('refuses a recorded scan of another ref', async () => {
    const { client, scans } = oldestFirstService(0);
    scans.push({ ...scanOf('scan_old'), ref: 'release' });
    await expect(
      guardOf(client, ledgerNaming('scan_old')).createScan({ repository_id: 'repo_1', ref: 'main' }),
    ).rejects.toThrow(/lists it at ref release, not at main/);
  });

  it('adopts nothing and starts nothing from a listing that holds another repository’s scan', async () => {
    const { client, scans } = oldestFirstService(2);
    scans.push({ ...scanOf('scan_other'), repository_id: 'repo_2' });
    await expect(
      guardOf(client, undefined).createScan({ repository_id: 'repo_1', ref: 'main' }),
    ).rejects.toThrow(/holds scan scan_other of repository_id repo_2: it is no list of acme\/api's scans/);
    expect(client.createScan).not.toHaveBeenCalled();
  });

  it('after a lost start, adopts nothing from a listing that now holds another repository’s scan', async () => {
    const { client, scans } = oldestFirstService(2);
    client.createScan.mockImplementationOnce(() => {
      scans.push({ ...scanOf('scan_other'), repository_id: 'repo_2' });
      return Promise.reject(new ServerError('Bad gateway', { statusCode: 502 }));
    });
    await expect(
      guardOf(client, undefined).createScan({ repository_id: 'repo_1', ref: 'main' }),
    ).rejects.toThrow(/no list of acme\/api's scans/);
  });

  it('says a scan it started was not adopted', async () => {
    const { client } = oldestFirstService(0);
    const guard = guardOf(client, undefined);
    const started = await guard.createScan({ repository_id: 'repo_1', ref: 'main' });
    expect(guard.adopted(started.id)).toBe(false);
  });
});

import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FindingExclusion, FindingFilter } from '../domain/finding-filter.ts';
import { resolveSarifPath } from './sarif-path.ts';
import {
  writeSarif,
  type SarifFinding,
  type SarifRunMetadata,
  type SarifSink,
  type SarifWriteOptions,
  type SarifWriteSummary,
} from '../sarif/sarif-writer.ts';

/**
 * The findings as the policy has them: those outside its paths are left out (neither reported nor gated), those a
 * suppression covers are written with it, so code scanning shows them dismissed by the policy. `kept` hears of each
 * finding handed on (the very object), with its suppression (the upload's triage keeps their places).
 */
export async function* throughPolicy(
  findings: AsyncIterable<SarifFinding>,
  filter: FindingFilter,
  kept: (
    finding: SarifFinding,
    suppression: Extract<FindingExclusion, { kind: 'suppressed' }> | undefined,
  ) => void = () => undefined,
): AsyncGenerator<SarifFinding> {
  const classify = filter.classifier();
  for await (const finding of findings) {
    const exclusion = classify(finding);
    if (exclusion?.kind === 'out-of-scope') continue;
    const handedOn =
      exclusion === undefined
        ? finding
        : { ...finding, suppression: { justification: `${exclusion.label}: ${exclusion.reason}` } };
    kept(handedOn, exclusion);
    yield handedOn;
  }
}

/**
 * The SARIF file on disk: the path resolved as the `sarif-file` input documents it (relative to GITHUB_WORKSPACE),
 * the log streamed into a temporary file beside it, then renamed over the target, so that a reader (the
 * upload-sarif step, a retried job) sees either the previous file or the complete new one, never half of one.
 */

export interface SarifFileRequest {
  /** The `sarif-file` input: absolute, or relative to `workspace`. */
  path: string;
  /** GITHUB_WORKSPACE (absolute). */
  workspace: string;
  findings: AsyncIterable<SarifFinding> | Iterable<SarifFinding>;
  metadata: SarifRunMetadata;
  options: SarifWriteOptions;
}

export interface SarifFileWritten {
  /** Absolute path of the file written. */
  path: string;
  summary: SarifWriteSummary;
}

export async function writeSarifFile(request: SarifFileRequest): Promise<SarifFileWritten> {
  const target = resolveSarifPath(request.path, request.workspace);
  const summary = await writeFileAtomically(target, (sink) =>
    writeSarif(request.findings, request.metadata, request.options, sink),
  );
  return { path: target, summary };
}

/** Where a file's content goes, chunk by chunk: text (as UTF-8) or bytes; each write is awaited before the next. */
export interface FileSink extends SarifSink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/** Streams `produce`'s output to a temporary file in the target's folder, then renames it over `target`. */
export async function writeFileAtomically<T>(
  target: string,
  produce: (sink: FileSink) => Promise<T>,
): Promise<T> {
  await mkdir(dirname(target), { recursive: true });
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}.tmp`,
  );
  const stream = createWriteStream(temporary, { flags: 'wx', mode: 0o644 });
  const opened = new Promise<void>((resolveOpen, rejectOpen) => {
    stream.once('open', () => {
      resolveOpen();
    });
    stream.once('error', rejectOpen);
  });
  try {
    await opened;
    const produced = await produce({
      write: (chunk) =>
        new Promise((resolveWrite, rejectWrite) => {
          stream.write(chunk, 'utf8', (error) => {
            if (error) rejectWrite(error);
            else resolveWrite();
          });
        }),
    });
    await new Promise<void>((resolveEnd, rejectEnd) => {
      stream.once('error', rejectEnd);
      stream.end(() => {
        resolveEnd();
      });
    });
    await rename(temporary, target);
    return produced;
  } catch (error) {
    stream.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  writeSarif,
  type SarifFinding,
  type SarifRunMetadata,
  type SarifSink,
  type SarifWriteOptions,
  type SarifWriteSummary,
} from '../core/sarif/sarif-writer.ts';

/** Where code scanning links the tool's name, whichever face wrote the log. */
export const ACTION_INFORMATION_URI = 'https://github.com/svc-scan/svc-scan-action';

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

/** The path cannot be used: says which and why. */
export class SarifPathError extends Error {
  override name = 'SarifPathError';
}

/**
 * The `sarif-file` input as an absolute path. An absolute path is taken as given (`${{ runner.temp }}/x.sarif`
 * keeps the file out of the checkout). A relative one is resolved against the workspace and must stay inside it:
 * relative paths are documented as the workspace's, so one that climbs out with `..` is a mistake, not a wish;
 * an absolute path says where else to write. A path that names a folder (ending in `/`, or the workspace itself)
 * or holds a control character is refused too. Each message names the input and how to fix it.
 */
export function resolveSarifPath(path: string, workspace: string): string {
  const refuse = (why: string): SarifPathError =>
    new SarifPathError(`Input 'sarif-file' is invalid: got '${path}'; ${why}`);
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (path.trim() === '' || /[\u0000-\u001f\u007f]/.test(path))
    throw refuse('expected a file path on one line, such as results/svc-scan.sarif.');
  if (/[\\/]$/.test(path))
    throw refuse('it names a folder: expected a file path, such as results/svc-scan.sarif.');
  if (isAbsolute(path)) return resolve(path);
  if (!isAbsolute(workspace))
    throw refuse(
      `the path is relative, and GITHUB_WORKSPACE ('${workspace}') is not an absolute path to resolve it against: give an absolute path.`,
    );
  const target = resolve(workspace, path);
  const inside = relative(resolve(workspace), target);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw refuse(
      'a relative path must stay inside the workspace (GITHUB_WORKSPACE); to write elsewhere give an absolute path, such as ${{ runner.temp }}/svc-scan.sarif.',
    );
  return target;
}

export async function writeSarifFile(request: SarifFileRequest): Promise<SarifFileWritten> {
  const target = resolveSarifPath(request.path, request.workspace);
  const summary = await writeFileAtomically(target, (sink) =>
    writeSarif(request.findings, request.metadata, request.options, sink),
  );
  return { path: target, summary };
}

/** Streams `produce`'s output to a temporary file in the target's folder, then renames it over `target`. */
export async function writeFileAtomically<T>(
  target: string,
  produce: (sink: SarifSink) => Promise<T>,
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

import type { Gzip } from 'node:zlib';

/**
 * Counts what the text written so far weighs gzip-compressed, as upload-sarif compresses it (zlib, default level),
 * without keeping either. The compressed count lags the input by what deflate holds back (at most its window of
 * pending symbols); callers add PENDING_GZIP_RESERVE for that when they need an upper bound.
 */
export const PENDING_GZIP_RESERVE = 256 * 1024;

export class GzipMeter {
  // node:zlib is looked up when a SARIF file is written, not imported: a run without one never loads it.
  readonly #gzip: Gzip = process.getBuiltinModule('node:zlib').createGzip();
  #compressedBytes = 0;
  readonly #ended: Promise<void>;

  constructor() {
    this.#gzip.on('data', (chunk: Buffer) => {
      this.#compressedBytes += chunk.length;
    });
    this.#ended = new Promise((resolve, reject) => {
      this.#gzip.once('end', resolve);
      this.#gzip.once('error', reject);
    });
    // A failure is reported by the write or end that meets it; this keeps it from being unhandled meanwhile.
    this.#ended.catch(() => undefined);
  }

  /** Compressed bytes produced so far. */
  get compressedBytes(): number {
    return this.#compressedBytes;
  }

  /** Resolves once zlib has consumed `text`. */
  write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#gzip.write(text, (error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /** The compressed size of everything written. */
  async end(): Promise<number> {
    this.#gzip.end();
    await this.#ended;
    return this.#compressedBytes;
  }

  /** Frees zlib's memory when the writing stops early. */
  destroy(): void {
    this.#gzip.destroy();
  }
}

import type { FileHandle } from 'node:fs/promises';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a value lies in the spill file. */
export interface Spilled {
  at: number;
  length: number;
}

interface OpenSpill {
  directory: string;
  handle: FileHandle;
}

/**
 * Values written as JSON, one after another, to one temporary file, and read back by where they lie: nothing is
 * removed on read, so any number of readers can read a value again. The file is made on the first write, in a
 * directory of its own under the system's temporary one (the runner's, on GitHub), and removed by `close`.
 */
export class SpillFile {
  readonly #parent: string;
  #opened: Promise<OpenSpill> | undefined;
  /** The end of what is written or being written: each write takes its place before it waits. */
  #end = 0;

  constructor(parent: string = tmpdir()) {
    this.#parent = parent;
  }

  async write(value: unknown): Promise<Spilled> {
    const bytes = Buffer.from(JSON.stringify(value), 'utf8');
    const spilled = { at: this.#end, length: bytes.length };
    this.#end += bytes.length;
    const { handle } = await this.#open();
    await handle.write(bytes, 0, bytes.length, spilled.at);
    return spilled;
  }

  async read(spilled: Spilled): Promise<unknown> {
    const { handle } = await this.#open();
    const bytes = Buffer.alloc(spilled.length);
    await handle.read(bytes, 0, spilled.length, spilled.at);
    return JSON.parse(bytes.toString('utf8')) as unknown;
  }

  /** The file's path once something was written (for the tests); undefined before, and after `close`. */
  async path(): Promise<string | undefined> {
    return this.#opened && join((await this.#opened).directory, 'pages.json');
  }

  /** Removes the file and its directory; a later write makes a new one. */
  async close(): Promise<void> {
    const opened = this.#opened;
    if (opened === undefined) return;
    this.#opened = undefined;
    this.#end = 0;
    const { directory, handle } = await opened;
    await handle.close();
    await rm(directory, { recursive: true, force: true });
  }

  #open(): Promise<OpenSpill> {
    this.#opened ??= (async () => {
      const directory = await mkdtemp(join(this.#parent, 'svc-findings-'));
      return { directory, handle: await open(join(directory, 'pages.json'), 'w+', 0o600) };
    })();
    return this.#opened;
  }
}

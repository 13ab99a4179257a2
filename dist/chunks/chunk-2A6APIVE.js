import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/run/spill-file.ts
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
var SpillFile = class {
  #parent;
  #opened;
  /** The end of what is written or being written: each write takes its place before it waits. */
  #end = 0;
  constructor(parent = tmpdir()) {
    this.#parent = parent;
  }
  async write(value) {
    const bytes = Buffer.from(JSON.stringify(value), "utf8");
    const spilled = { at: this.#end, length: bytes.length };
    this.#end += bytes.length;
    const { handle } = await this.#open();
    await handle.write(bytes, 0, bytes.length, spilled.at);
    return spilled;
  }
  async read(spilled) {
    const { handle } = await this.#open();
    const bytes = Buffer.alloc(spilled.length);
    await handle.read(bytes, 0, spilled.length, spilled.at);
    return JSON.parse(bytes.toString("utf8"));
  }
  /** The file's path once something was written (for the tests); undefined before, and after `close`. */
  async path() {
    return this.#opened && join((await this.#opened).directory, "pages.json");
  }
  /** Removes the file and its directory; a later write makes a new one. */
  async close() {
    const opened = this.#opened;
    if (opened === void 0) return;
    this.#opened = void 0;
    this.#end = 0;
    const { directory, handle } = await opened;
    await handle.close();
    await rm(directory, { recursive: true, force: true });
  }
  #open() {
    this.#opened ??= (async () => {
      const directory = await mkdtemp(join(this.#parent, "svc-findings-"));
      return { directory, handle: await open(join(directory, "pages.json"), "w+", 384) };
    })();
    return this.#opened;
  }
};

// src/run/finding-set.ts
var FINDINGS_KEPT_IN_MEMORY = 1e4;
var FindingSet = class {
  #client;
  #keep;
  #pages = /* @__PURE__ */ new Map();
  #memoryBound;
  #spill;
  #inMemory = 0;
  constructor(client, keep, options = {}) {
    this.#client = client;
    this.#keep = keep;
    this.#memoryBound = options.memoryBound ?? FINDINGS_KEPT_IN_MEMORY;
    this.#spill = options.spill ?? new SpillFile();
  }
  async listFindings(params = {}, options) {
    const key = keyOf(params);
    const kept = key === void 0 ? void 0 : this.#pages.get(key);
    if (kept !== void 0 && params.limit !== void 0 && kept.asked >= params.limit) {
      const page2 = await this.#pageOf(kept);
      return { ...page2, items: page2.items.slice(0, params.limit) };
    }
    const page = await this.#client.listFindings(params, options);
    if (key !== void 0 && params.limit !== void 0 && this.#keep)
      this.#pages.set(key, { asked: params.limit, page: await this.#placed(page) });
    return page;
  }
  /** Removes the spill file, when there is one: the run calls it once its reporters are done. */
  close() {
    return this.#spill.close();
  }
  /** In memory while the bound allows; past it, in the spill file. */
  async #placed(page) {
    if (this.#inMemory + page.items.length <= this.#memoryBound) {
      this.#inMemory += page.items.length;
      return page;
    }
    return this.#spill.write(page);
  }
  async #pageOf(kept) {
    if ("items" in kept.page) return kept.page;
    return await this.#spill.read(kept.page);
  }
};
function keyOf(params) {
  if (params.scan_id === void 0 || params.severity === void 0) return void 0;
  return `${params.scan_id}
${params.severity}
${params.offset ?? 0}`;
}

// src/run/checked-out-commit.ts
import { readFile } from "node:fs/promises";
import { isAbsolute, join as join2, resolve } from "node:path";
var FULL_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
async function checkedOutCommit(workspace) {
  try {
    const gitDir = await gitDirOf(workspace);
    const head = (await readFile(join2(gitDir, "HEAD"), "utf8")).trim();
    if (FULL_SHA.test(head)) return head.toLowerCase();
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    return ref === void 0 ? void 0 : await resolveRef(gitDir, ref);
  } catch {
    return void 0;
  }
}
async function gitDirOf(workspace) {
  const dotGit = join2(workspace, ".git");
  const pointer = await readFile(dotGit, "utf8").catch(() => void 0);
  if (pointer === void 0) return dotGit;
  const target = /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  if (!target) throw new Error(".git names no gitdir");
  return isAbsolute(target) ? target : resolve(workspace, target);
}
async function resolveRef(gitDir, ref) {
  const common = await readFile(join2(gitDir, "commondir"), "utf8").then((text) => resolve(gitDir, text.trim())).catch(() => gitDir);
  for (const folder of /* @__PURE__ */ new Set([gitDir, common])) {
    const loose = await readFile(join2(folder, ref), "utf8").catch(() => void 0);
    if (loose !== void 0 && FULL_SHA.test(loose.trim())) return loose.trim().toLowerCase();
  }
  const packed = await readFile(join2(common, "packed-refs"), "utf8").catch(() => "");
  for (const line of packed.split("\n")) {
    const [sha, name] = line.trim().split(" ");
    if (name === ref && sha !== void 0 && FULL_SHA.test(sha)) return sha.toLowerCase();
  }
  return void 0;
}

export {
  checkedOutCommit,
  SpillFile,
  FindingSet
};
//# sourceMappingURL=chunk-2A6APIVE.js.map

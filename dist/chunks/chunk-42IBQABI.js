import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/run/checked-out-commit.ts
import { readFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
var FULL_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
async function checkedOutCommit(workspace) {
  try {
    const gitDir = await gitDirOf(workspace);
    const head = (await readFile(join(gitDir, "HEAD"), "utf8")).trim();
    if (FULL_SHA.test(head)) return head.toLowerCase();
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    return ref === void 0 ? void 0 : await resolveRef(gitDir, ref);
  } catch {
    return void 0;
  }
}
async function gitDirOf(workspace) {
  const dotGit = join(workspace, ".git");
  const pointer = await readFile(dotGit, "utf8").catch(() => void 0);
  if (pointer === void 0) return dotGit;
  const target = /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  if (!target) throw new Error(".git names no gitdir");
  return isAbsolute(target) ? target : resolve(workspace, target);
}
async function resolveRef(gitDir, ref) {
  const common = await readFile(join(gitDir, "commondir"), "utf8").then((text) => resolve(gitDir, text.trim())).catch(() => gitDir);
  for (const folder of /* @__PURE__ */ new Set([gitDir, common])) {
    const loose = await readFile(join(folder, ref), "utf8").catch(() => void 0);
    if (loose !== void 0 && FULL_SHA.test(loose.trim())) return loose.trim().toLowerCase();
  }
  const packed = await readFile(join(common, "packed-refs"), "utf8").catch(() => "");
  for (const line of packed.split("\n")) {
    const [sha, name] = line.trim().split(" ");
    if (name === ref && sha !== void 0 && FULL_SHA.test(sha)) return sha.toLowerCase();
  }
  return void 0;
}

export {
  checkedOutCommit
};
//# sourceMappingURL=chunk-42IBQABI.js.map

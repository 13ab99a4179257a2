import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// node_modules/diff/libesm/patch/parse.js
function parsePatch(uniDiff) {
  const diffstr = uniDiff.split(/\n/), list = [];
  let i = 0;
  function isGitDiffHeader(line) {
    return /^diff --git /.test(line);
  }
  function isDiffHeader(line) {
    return isGitDiffHeader(line) || /^Index:\s/.test(line) || /^diff(?: -r \w+)+\s/.test(line);
  }
  function isFileHeader(line) {
    return /^(---|\+\+\+)\s/.test(line);
  }
  function isHunkHeader(line) {
    return /^@@\s/.test(line);
  }
  function parseIndex() {
    var _a;
    const index = {};
    index.hunks = [];
    list.push(index);
    let seenDiffHeader = false;
    while (i < diffstr.length) {
      const line = diffstr[i];
      if (isFileHeader(line) || isHunkHeader(line)) {
        break;
      }
      if (isGitDiffHeader(line)) {
        if (seenDiffHeader) {
          return;
        }
        seenDiffHeader = true;
        index.isGit = true;
        const paths = parseGitDiffHeader(line);
        if (paths) {
          index.oldFileName = paths.oldFileName;
          index.newFileName = paths.newFileName;
        }
        i++;
        while (i < diffstr.length) {
          const extLine = diffstr[i];
          if (isFileHeader(extLine) || isHunkHeader(extLine) || isDiffHeader(extLine)) {
            break;
          }
          const renameFromMatch = /^rename from (.*)/.exec(extLine);
          if (renameFromMatch) {
            index.oldFileName = "a/" + unquoteIfQuoted(renameFromMatch[1]);
            index.isRename = true;
          }
          const renameToMatch = /^rename to (.*)/.exec(extLine);
          if (renameToMatch) {
            index.newFileName = "b/" + unquoteIfQuoted(renameToMatch[1]);
            index.isRename = true;
          }
          const copyFromMatch = /^copy from (.*)/.exec(extLine);
          if (copyFromMatch) {
            index.oldFileName = "a/" + unquoteIfQuoted(copyFromMatch[1]);
            index.isCopy = true;
          }
          const copyToMatch = /^copy to (.*)/.exec(extLine);
          if (copyToMatch) {
            index.newFileName = "b/" + unquoteIfQuoted(copyToMatch[1]);
            index.isCopy = true;
          }
          const newFileModeMatch = /^new file mode (\d+)/.exec(extLine);
          if (newFileModeMatch) {
            index.isCreate = true;
            index.newMode = newFileModeMatch[1];
          }
          const deletedFileModeMatch = /^deleted file mode (\d+)/.exec(extLine);
          if (deletedFileModeMatch) {
            index.isDelete = true;
            index.oldMode = deletedFileModeMatch[1];
          }
          const oldModeMatch = /^old mode (\d+)/.exec(extLine);
          if (oldModeMatch) {
            index.oldMode = oldModeMatch[1];
          }
          const newModeMatch = /^new mode (\d+)/.exec(extLine);
          if (newModeMatch) {
            index.newMode = newModeMatch[1];
          }
          if (/^Binary files /.test(extLine)) {
            index.isBinary = true;
          }
          i++;
        }
        continue;
      } else if (isDiffHeader(line)) {
        if (seenDiffHeader) {
          return;
        }
        seenDiffHeader = true;
        const headerMatch = /^(?:Index:|diff(?: -r \w+)+)\s+/.exec(line);
        if (headerMatch) {
          index.index = line.substring(headerMatch[0].length).trim();
        }
      }
      i++;
    }
    parseFileHeader(index);
    parseFileHeader(index);
    if (index.oldFileName === void 0 !== (index.newFileName === void 0)) {
      throw new Error("Missing " + (index.oldFileName !== void 0 ? '"+++ ..."' : '"--- ..."') + " file header for " + ((_a = index.oldFileName) !== null && _a !== void 0 ? _a : index.newFileName));
    }
    while (i < diffstr.length) {
      const line = diffstr[i];
      if (isDiffHeader(line) || isFileHeader(line) || /^===================================================================/.test(line)) {
        break;
      } else if (isHunkHeader(line)) {
        index.hunks.push(parseHunk());
      } else {
        i++;
      }
    }
  }
  function parseGitDiffHeader(line) {
    const rest = line.substring("diff --git ".length);
    if (rest.startsWith('"')) {
      const oldPath = parseQuotedFileName(rest);
      if (oldPath === null) {
        return null;
      }
      const afterOld = rest.substring(oldPath.rawLength + 1);
      let newFileName;
      if (afterOld.startsWith('"')) {
        const newPath = parseQuotedFileName(afterOld);
        if (newPath === null) {
          return null;
        }
        newFileName = newPath.fileName;
      } else {
        newFileName = afterOld;
      }
      return {
        oldFileName: oldPath.fileName,
        newFileName
      };
    }
    const quoteIdx = rest.indexOf('"');
    if (quoteIdx > 0) {
      const oldFileName = rest.substring(0, quoteIdx - 1);
      const newPath = parseQuotedFileName(rest.substring(quoteIdx));
      if (newPath === null) {
        return null;
      }
      return {
        oldFileName,
        newFileName: newPath.fileName
      };
    }
    if (rest.startsWith("a/")) {
      const splits = [];
      let idx = 0;
      while (true) {
        idx = rest.indexOf(" b/", idx + 1);
        if (idx === -1) {
          break;
        }
        splits.push(idx);
      }
      if (splits.length > 0) {
        const mid = splits[Math.floor(splits.length / 2)];
        return {
          oldFileName: rest.substring(0, mid),
          newFileName: rest.substring(mid + 1)
        };
      }
    }
    return null;
  }
  function unquoteIfQuoted(s) {
    if (s.startsWith('"')) {
      const parsed = parseQuotedFileName(s);
      if (parsed) {
        return parsed.fileName;
      }
    }
    return s;
  }
  function parseQuotedFileName(s) {
    if (!s.startsWith('"')) {
      return null;
    }
    let result = "";
    let j = 1;
    while (j < s.length) {
      if (s[j] === '"') {
        return { fileName: result, rawLength: j + 1 };
      }
      if (s[j] === "\\" && j + 1 < s.length) {
        j++;
        switch (s[j]) {
          case "a":
            result += "\x07";
            break;
          case "b":
            result += "\b";
            break;
          case "f":
            result += "\f";
            break;
          case "n":
            result += "\n";
            break;
          case "r":
            result += "\r";
            break;
          case "t":
            result += "	";
            break;
          case "v":
            result += "\v";
            break;
          case "\\":
            result += "\\";
            break;
          case '"':
            result += '"';
            break;
          case "0":
          case "1":
          case "2":
          case "3":
          case "4":
          case "5":
          case "6":
          case "7": {
            if (j + 2 >= s.length || s[j + 1] < "0" || s[j + 1] > "7" || s[j + 2] < "0" || s[j + 2] > "7") {
              return null;
            }
            const bytes = [parseInt(s.substring(j, j + 3), 8)];
            j += 3;
            while (s[j] === "\\" && s[j + 1] >= "0" && s[j + 1] <= "7") {
              if (j + 3 >= s.length || s[j + 2] < "0" || s[j + 2] > "7" || s[j + 3] < "0" || s[j + 3] > "7") {
                return null;
              }
              bytes.push(parseInt(s.substring(j + 1, j + 4), 8));
              j += 4;
            }
            result += new TextDecoder("utf-8").decode(new Uint8Array(bytes));
            continue;
          }
          // Note that in C, there are also three kinds of hex escape sequences:
          // - \xhh
          // - \uhhhh
          // - \Uhhhhhhhh
          // We do not bother to parse them here because, so far as we know,
          // they are never emitted by any tools that generate unified diff
          // format diffs, and so for now jsdiff does not consider them legal.
          default:
            return null;
        }
      } else {
        result += s[j];
      }
      j++;
    }
    return null;
  }
  function parseFileHeader(index) {
    const fileHeaderMatch = /^(---|\+\+\+)\s+/.exec(diffstr[i]);
    if (fileHeaderMatch) {
      const prefix = fileHeaderMatch[1], data = diffstr[i].substring(3).trim().split("	", 2), header = (data[1] || "").trim();
      let fileName = data[0];
      if (fileName.startsWith('"')) {
        fileName = unquoteIfQuoted(fileName);
      } else {
        fileName = fileName.replace(/\\\\/g, "\\");
      }
      if (prefix === "---") {
        index.oldFileName = fileName;
        index.oldHeader = header;
      } else {
        index.newFileName = fileName;
        index.newHeader = header;
      }
      i++;
    }
  }
  function parseHunk() {
    var _a;
    const chunkHeaderIndex = i, chunkHeaderLine = diffstr[i++], chunkHeader = chunkHeaderLine.split(/@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/);
    const hunk = {
      oldStart: +chunkHeader[1],
      oldLines: typeof chunkHeader[2] === "undefined" ? 1 : +chunkHeader[2],
      newStart: +chunkHeader[3],
      newLines: typeof chunkHeader[4] === "undefined" ? 1 : +chunkHeader[4],
      lines: []
    };
    if (hunk.oldLines === 0) {
      hunk.oldStart += 1;
    }
    if (hunk.newLines === 0) {
      hunk.newStart += 1;
    }
    let addCount = 0, removeCount = 0;
    for (; i < diffstr.length && (removeCount < hunk.oldLines || addCount < hunk.newLines || ((_a = diffstr[i]) === null || _a === void 0 ? void 0 : _a.startsWith("\\"))); i++) {
      const operation = diffstr[i].length == 0 && i != diffstr.length - 1 ? " " : diffstr[i][0];
      if (operation === "+" || operation === "-" || operation === " " || operation === "\\") {
        hunk.lines.push(diffstr[i]);
        if (operation === "+") {
          addCount++;
        } else if (operation === "-") {
          removeCount++;
        } else if (operation === " ") {
          addCount++;
          removeCount++;
        }
      } else {
        throw new Error(`Hunk at line ${chunkHeaderIndex + 1} contained invalid line ${diffstr[i]}`);
      }
    }
    if (!addCount && hunk.newLines === 1) {
      hunk.newLines = 0;
    }
    if (!removeCount && hunk.oldLines === 1) {
      hunk.oldLines = 0;
    }
    if (addCount !== hunk.newLines) {
      throw new Error("Added line count did not match for hunk at line " + (chunkHeaderIndex + 1));
    }
    if (removeCount !== hunk.oldLines) {
      throw new Error("Removed line count did not match for hunk at line " + (chunkHeaderIndex + 1));
    }
    if (i < diffstr.length && diffstr[i] && /^[+ -]/.test(diffstr[i]) && !isFileHeader(diffstr[i])) {
      throw new Error("Hunk at line " + (chunkHeaderIndex + 1) + " has more lines than expected (expected " + hunk.oldLines + " old lines and " + hunk.newLines + " new lines)");
    }
    return hunk;
  }
  while (i < diffstr.length) {
    parseIndex();
  }
  return list;
}

// src/new-findings/pr-diff.ts
var FileLines = class {
  diff;
  #hunks;
  constructor(diff) {
    this.diff = diff;
    const { mapping } = diff;
    this.#hunks = mapping.kind === "hunks" || mapping.kind === "created" ? mapping.hunks.map(indexHunk) : [];
  }
  /** True when the lines of this file cannot be followed: matching falls back to kind and file. */
  get coarse() {
    return this.diff.mapping.kind === "unknown";
  }
  /**
   * The head line that a base line became: its new number when the pull request left it unchanged, null when
   * it removed or rewrote it (or removed the file), undefined when the file's lines cannot be followed.
   */
  headLineOf(baseLine) {
    const { mapping } = this.diff;
    if (this.diff.headPath === null || mapping.kind === "created") return null;
    if (mapping.kind === "unknown") return void 0;
    if (mapping.kind === "identity") return baseLine;
    const hunks = this.#hunks;
    let low = 0;
    let high = hunks.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = low + high >>> 1;
      if (hunks[middle].hunk.baseStart <= baseLine) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) return baseLine;
    const indexed = hunks[found];
    if (baseLine >= indexed.baseEnd) return baseLine + indexed.headEnd - indexed.baseEnd;
    const head = indexed.headOfBase[baseLine - indexed.hunk.baseStart] ?? 0;
    return head === 0 ? null : head;
  }
  /** True when the pull request wrote this head line (a `+` line, or any line of a created file). */
  isAddedLine(headLine) {
    const { mapping } = this.diff;
    if (mapping.kind === "created" && mapping.hunks.length === 0) return true;
    const hunks = this.#hunks;
    let low = 0;
    let high = hunks.length - 1;
    while (low <= high) {
      const middle = low + high >>> 1;
      const indexed = hunks[middle];
      if (headLine < indexed.hunk.headStart) high = middle - 1;
      else if (headLine >= indexed.headEnd) low = middle + 1;
      else return indexed.addedAtHead[headLine - indexed.hunk.headStart] === 1;
    }
    return mapping.kind === "created";
  }
  /** The hunks of the patch, in order; empty when there was none. */
  get hunks() {
    return this.#hunks.map((indexed) => indexed.hunk);
  }
};
function indexHunk(hunk) {
  const headOfBase = new Int32Array(hunk.baseCount);
  const addedAtHead = new Uint8Array(hunk.headCount);
  for (const line of hunk.lines) {
    if (line.kind === "context" && line.baseLine !== null && line.headLine !== null)
      headOfBase[line.baseLine - hunk.baseStart] = line.headLine;
    else if (line.kind === "added" && line.headLine !== null) addedAtHead[line.headLine - hunk.headStart] = 1;
  }
  return {
    hunk,
    baseEnd: hunk.baseStart + hunk.baseCount,
    headEnd: hunk.headStart + hunk.headCount,
    headOfBase,
    addedAtHead
  };
}
var PullRequestDiff = class _PullRequestDiff {
  files;
  complete;
  /** Why nothing is known of any file's lines, when there was no files list at all. */
  unavailable;
  #byBase = /* @__PURE__ */ new Map();
  #byHead = /* @__PURE__ */ new Map();
  #unlisted = /* @__PURE__ */ new Map();
  constructor(files, complete, unavailable) {
    this.files = files;
    this.complete = complete;
    this.unavailable = unavailable;
    for (const file of files) {
      const lines = new FileLines(file);
      if (file.basePath !== null && !this.#byBase.has(file.basePath)) this.#byBase.set(file.basePath, lines);
      if (file.headPath !== null && !this.#byHead.has(file.headPath)) this.#byHead.set(file.headPath, lines);
    }
  }
  /** Reads GitHub's files list. Entries that are not well formed are left out, and the list is then incomplete. */
  static fromFiles(files, options = {}) {
    const diffs = [];
    let complete = options.complete ?? true;
    for (const entry of files) {
      const diff = fileDiffOf(entry);
      if (diff) diffs.push(diff);
      else complete = false;
    }
    return new _PullRequestDiff(diffs, complete, void 0);
  }
  /** No files list (the token cannot read it): every file's lines are unknown. */
  static unavailable(reason) {
    return new _PullRequestDiff([], false, reason);
  }
  /** The lines of the base file at `basePath`: where they went in the head commit. */
  base(basePath) {
    return this.#byBase.get(basePath) ?? this.#unlistedFile(basePath);
  }
  /** The lines of the head file at `headPath`: which of them the pull request wrote. */
  head(headPath) {
    return this.#byHead.get(headPath) ?? this.#unlistedFile(headPath);
  }
  #unlistedFile(path) {
    let lines = this.#unlisted.get(path);
    if (!lines) {
      const reason = this.unavailable ?? "the files list of the pull request is incomplete and does not list it";
      lines = new FileLines({
        headPath: path,
        basePath: path,
        status: "unlisted",
        mapping: this.complete ? { kind: "identity" } : { kind: "unknown", reason }
      });
      this.#unlisted.set(path, lines);
    }
    return lines;
  }
};
function fileDiffOf(entry) {
  if (typeof entry !== "object" || entry === null) return void 0;
  const file = entry;
  if (typeof file.filename !== "string" || file.filename === "") return void 0;
  const status = typeof file.status === "string" ? file.status : "modified";
  const patch = typeof file.patch === "string" && file.patch !== "" ? file.patch : void 0;
  const previous = typeof file.previous_filename === "string" && file.previous_filename !== "" ? file.previous_filename : void 0;
  const changes = typeof file.changes === "number" ? file.changes : void 0;
  const path = file.filename;
  if (status === "removed") return { headPath: null, basePath: path, status, mapping: { kind: "identity" } };
  if (status === "added" || status === "copied") {
    const hunks = patch === void 0 ? [] : readHunks(patch);
    return {
      headPath: path,
      basePath: null,
      status,
      mapping: { kind: "created", hunks: Array.isArray(hunks) ? hunks : [] }
    };
  }
  const basePath = status === "renamed" && previous !== void 0 ? previous : path;
  let mapping;
  if (patch !== void 0) {
    const hunks = readHunks(patch);
    mapping = Array.isArray(hunks) ? { kind: "hunks", hunks } : { kind: "unknown", reason: hunks };
  } else if (status === "unchanged" || changes === 0 || status === "renamed" && changes === void 0) {
    mapping = { kind: "identity" };
  } else {
    mapping = { kind: "unknown", reason: "GitHub sent no patch for it (binary, or too large to show)" };
  }
  return { headPath: path, basePath, status, mapping };
}
function readHunks(patch) {
  let parsed;
  try {
    parsed = parsePatch(patch);
  } catch (error) {
    return `its patch cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  const [only, ...others] = parsed;
  if (!only || others.length > 0 || only.oldFileName !== void 0 || only.newFileName !== void 0)
    return "its patch is not the hunks of one file";
  if (only.hunks.length === 0) return "its patch has no hunks";
  const hunks = [];
  let offset = 0;
  let previousBaseEnd = 1;
  for (const raw of only.hunks) {
    const { oldStart, oldLines, newStart, newLines } = raw;
    if (![oldStart, oldLines, newStart, newLines].every((n) => Number.isSafeInteger(n) && n >= 0))
      return "its patch has a hunk header without line numbers";
    if (oldStart < previousBaseEnd || newStart - oldStart !== offset)
      return "its hunks overlap or disagree on line numbers";
    hunks.push(hunkOf(oldStart, oldLines, newStart, newLines, raw.lines));
    previousBaseEnd = oldStart + oldLines;
    offset = newStart + newLines - previousBaseEnd;
  }
  return hunks;
}
function hunkOf(baseStart, baseCount, headStart, headCount, rawLines) {
  const lines = [];
  let base = baseStart;
  let head = headStart;
  for (const raw of rawLines) {
    const marker = raw[0];
    if (marker === "\\") {
      const last = lines.at(-1);
      if (last) last.noNewlineAtEnd = true;
      continue;
    }
    const text = raw.slice(1);
    if (marker === "+")
      lines.push({ kind: "added", baseLine: null, headLine: head++, text, noNewlineAtEnd: false });
    else if (marker === "-")
      lines.push({ kind: "removed", baseLine: base++, headLine: null, text, noNewlineAtEnd: false });
    else lines.push({ kind: "context", baseLine: base++, headLine: head++, text, noNewlineAtEnd: false });
  }
  return { baseStart, baseCount, headStart, headCount, lines };
}

export {
  PullRequestDiff,
  readHunks
};
//# sourceMappingURL=chunk-QDGJAFNT.js.map

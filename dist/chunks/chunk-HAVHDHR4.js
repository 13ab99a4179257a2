import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/domain/identity/finding-identity.ts
var { createHash } = process.getBuiltinModule("node:crypto");
var SEPARATOR = "\0";
function normalise(text) {
  return text.replace(/\s+/gu, " ").trim().toLowerCase();
}
function kindOf(title, cwe) {
  return `${normalise(title.replaceAll(SEPARATOR, " "))}${SEPARATOR}${normalise((cwe ?? "").replaceAll(SEPARATOR, " "))}`;
}
var KindNumbers = class {
  #byTitle = /* @__PURE__ */ new Map();
  #byKind = /* @__PURE__ */ new Map();
  #kinds = [];
  numberOf(finding) {
    const cwe = finding.cwe ?? "";
    let byCwe = this.#byTitle.get(finding.title);
    if (!byCwe) {
      byCwe = /* @__PURE__ */ new Map();
      this.#byTitle.set(finding.title, byCwe);
    }
    let number = byCwe.get(cwe);
    if (number === void 0) {
      const kind = kindOf(finding.title, cwe);
      number = this.#byKind.get(kind);
      if (number === void 0) {
        number = this.#kinds.length;
        this.#kinds.push(kind);
        this.#byKind.set(kind, number);
      }
      byCwe.set(cwe, number);
    }
    return number;
  }
  /** The normalised kind of a number given out. */
  kind(number) {
    return this.#kinds[number] ?? "";
  }
};
function findingIdentities(findings) {
  const kinds = new KindNumbers();
  const groups = /* @__PURE__ */ new Map();
  const kindOfIndex = [];
  findings.forEach((finding, index) => {
    const kind = kinds.kind(kinds.numberOf(finding));
    kindOfIndex.push(kind);
    const group = `${kind}${SEPARATOR}${finding.file_path}`;
    const members = groups.get(group);
    if (members) members.push(index);
    else groups.set(group, [index]);
  });
  const occurrences = new Int32Array(findings.length);
  for (const members of groups.values()) {
    members.sort(
      (a, b) => findings[a].line - findings[b].line
    );
    members.forEach((index, occurrence) => occurrences[index] = occurrence);
  }
  return findings.map((finding, index) => {
    const kind = kindOfIndex[index];
    const occurrence = occurrences[index];
    return {
      kind,
      file: finding.file_path,
      occurrence,
      key: identityKey(kind, finding.file_path, occurrence)
    };
  });
}
function identityKey(kind, file, occurrence) {
  return createHash("sha256").update(JSON.stringify([kind, file, occurrence])).digest("hex").slice(0, 32);
}

export {
  KindNumbers,
  findingIdentities,
  identityKey
};
//# sourceMappingURL=chunk-HAVHDHR4.js.map

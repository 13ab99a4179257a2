import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/text/file-links.ts
function fileLink(base, finding) {
  if (base === void 0) return void 0;
  const path = finding.filePath.replace(/^\.\//, "");
  if (path === "" || path.startsWith("/") || /^[a-z]+:/i.test(path) || path.includes("\\")) return void 0;
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".." || segment === "." || segment === "")) return void 0;
  const encoded = segments.map((segment) => encodeURIComponent(segment)).join("/");
  const anchor = Number.isInteger(finding.line) && finding.line > 0 ? `#L${finding.line}` : "";
  return `${base.serverUrl}/${encodeURIComponent(base.owner)}/${encodeURIComponent(base.repo)}/blob/${encodeURIComponent(base.sha)}/${encoded}${anchor}`;
}

export {
  fileLink
};
//# sourceMappingURL=chunk-SERTICK7.js.map

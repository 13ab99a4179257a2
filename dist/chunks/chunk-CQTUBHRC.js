import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/text/escape.ts
var LINE_BREAK = /\r\n|\r|\n/;
var INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
function replaceInvisible(text) {
  return text.replace(INVISIBLE, (character) => /[\t\r\n]/.test(character) ? character : "\uFFFD");
}
function breakLegacyCommands(text) {
  return replaceInvisible(text).replaceAll("##[", "## [");
}
var LOG_LINE_LIMIT = 2e3;
function escapeLogLine(text) {
  return breakLegacyCommands(text).split(LINE_BREAK).map((line) => truncate(line.replace(/^(\s*):(?=:)/u, "$1: "), LOG_LINE_LIMIT)).join("\n");
}
function escapeAnnotationMessage(text, maxLength = ANNOTATION_MESSAGE_LIMIT) {
  return truncate(breakLegacyCommands(text), maxLength);
}
var ANNOTATION_MESSAGE_LIMIT = 4096;
var ANNOTATION_TITLE_LIMIT = 255;
function escapeAnnotationProperty(text, maxLength = ANNOTATION_TITLE_LIMIT) {
  return truncate(breakLegacyCommands(text.replace(/[\r\n]+/g, " ")), maxLength);
}
function truncate(text, maxLength) {
  if (text.length <= maxLength) return text;
  return `${text.slice(0, Math.max(0, maxLength - 1))}\u2026`;
}
var HTML_ENTITIES = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;"
};
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
function escapeMarkdownInline(text) {
  const oneLine = replaceInvisible(text).replace(/[\r\n]+/g, " ");
  return escapeHtml(oneLine).replace(/[\\`*_[\]|~]/g, "\\$&").replace(/^(\s*)([#+=-])/, "$1\\$2").replace(/^(\s*\d+)([.)])/, "$1\\$2").replace(/@/g, "@&#8203;");
}
function markdownCode(text) {
  const oneLine = replaceInvisible(text).replace(/[\r\n]+/g, " ").replace(/\|/g, "\\|");
  const longestRun = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(longestRun + 1);
  const pad = oneLine.startsWith("`") || oneLine.endsWith("`") ? " " : "";
  return `${fence}${pad}${oneLine}${pad}${fence}`;
}
function markdownLink(label, url) {
  return markdownCodeLink(escapeMarkdownInline(label), url);
}
function markdownCodeLink(renderedLabel, url) {
  const href = safeHref(url);
  return href === void 0 ? renderedLabel : `[${renderedLabel}](${href})`;
}
function safeHref(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return void 0;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return void 0;
  return parsed.href.replace(/[()<>\s|]/g, (character) => percentEncode(character));
}
function percentEncode(character) {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
}

export {
  escapeLogLine,
  escapeAnnotationMessage,
  escapeAnnotationProperty,
  truncate,
  escapeHtml,
  escapeMarkdownInline,
  markdownCode,
  markdownLink,
  markdownCodeLink
};
//# sourceMappingURL=chunk-CQTUBHRC.js.map

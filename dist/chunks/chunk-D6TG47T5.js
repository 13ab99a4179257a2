import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/text/not-counted.ts
function notCountedNote(policy) {
  const suppressed = policy?.suppressedCount ?? 0;
  const outside = policy?.outOfScopeCount ?? 0;
  const parts = [];
  if (suppressed > 0) parts.push(`${suppressed} suppressed by the policy`);
  if (outside > 0) parts.push(`${outside} outside ${suppressed > 0 ? "its" : "the policy's"} paths`);
  return parts.length === 0 ? "" : `(and ${parts.join(" and ")}, not counted)`;
}
function withNotCounted(text, policy) {
  const note = notCountedNote(policy);
  return note ? `${text} ${note}` : text;
}

export {
  withNotCounted
};
//# sourceMappingURL=chunk-D6TG47T5.js.map

import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/github/token-permissions.ts
function permissionPlanOf(features) {
  const scopes = {};
  for (const { scope, access } of features.flatMap((feature) => feature.needs))
    if (scopes[scope] !== "write") scopes[scope] = access;
  return Object.freeze({ features: Object.freeze([...features]), scopes: Object.freeze(scopes) });
}
function scopesText(plan) {
  const scopes = Object.entries(plan.scopes).map(([scope, access]) => `\`${scope}: ${access}\``);
  return scopes.length > 0 ? scopes.join(", ") : "none";
}
function grantOf(feature) {
  return needsText(feature.needs, " and ");
}
function needsText(needs, separator) {
  return needs.map((need, index) => {
    const sameScope = index > 0 && needs[index - 1]?.scope === need.scope;
    const named = sameScope ? `\`${need.access}\`` : `\`${need.scope}: ${need.access}\``;
    const text = [named, need.only, need.for].filter((part) => part !== void 0).join(" ");
    return index === 0 ? text : `${sameScope ? ", " : separator}${text}`;
  }).join("");
}

// src/report/reporter.ts
function deliveryKey(name, empty) {
  return Object.freeze({ name, empty });
}
function delivered(key, value) {
  return { key, value };
}
var Delivery = class _Delivery {
  #values;
  outputs;
  notes;
  constructor(values, outputs, notes) {
    this.#values = values;
    this.outputs = Object.freeze({ ...outputs });
    this.notes = Object.freeze([...notes]);
    Object.freeze(this);
  }
  /** What was delivered under `key` last, or its empty value. */
  of(key) {
    return this.#values.has(key) ? this.#values.get(key) : key.empty;
  }
  /** A new delivery with the parts merged in order, the outputs and notes of each kept: this one is left as it is. */
  with(parts) {
    const values = new Map(this.#values);
    let outputs = this.outputs;
    let notes = this.notes;
    for (const part of parts) {
      if (part === void 0) continue;
      for (const { key, value } of part.delivered ?? []) values.set(key, value);
      outputs = { ...outputs, ...part.outputs };
      notes = [...notes, ...part.notes ?? []];
    }
    return new _Delivery(values, outputs, notes);
  }
};
function permissionsAdvice(feature, context) {
  const writes = feature.needs.some((need) => need.access === "write");
  const fork = writes ? " (a pull request from a fork never gets it)" : "";
  const own = `add ${grantOf(feature)} to the job's \`permissions:\`${fork}`;
  const plan = context.permissions;
  const all = plan && scopesText(plan);
  if (all === void 0 || all === scopesText(permissionPlanOf([feature]))) return own;
  return `${own}; this run's settings need ${all} in all`;
}
var STAGES = ["sink", "view", "outputs"];
function describeFeature(manifest) {
  return Object.freeze(manifest);
}
var NOTHING_DELIVERED = new Delivery(/* @__PURE__ */ new Map(), {}, []);
function mergeDeliveries(base, parts) {
  return base.with(parts);
}

export {
  permissionPlanOf,
  scopesText,
  grantOf,
  deliveryKey,
  delivered,
  permissionsAdvice,
  STAGES,
  describeFeature,
  NOTHING_DELIVERED,
  mergeDeliveries
};
//# sourceMappingURL=chunk-JTBHCSTL.js.map

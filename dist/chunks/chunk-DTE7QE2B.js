import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  SEVERITIES,
  isSeverity
} from "./chunk-QTPT64TT.js";

// src/run/input-descriptor.ts
function flagOf(descriptor) {
  return descriptor.cli?.flag ?? `--${descriptor.name}`;
}
function rangeText(bounds) {
  return `${bounds.min} to ${bounds.max}`;
}
function inputNamesOfFace(manifests, face, reads = true) {
  return manifests.flatMap(
    (manifest) => Object.values(manifest.inputs).filter((input) => (input.faces ?? manifest.faces).includes(face) === reads).map((input) => input.name)
  );
}
function parseInputs(table, source, context, problems, parsedBefore = /* @__PURE__ */ new Map()) {
  const parsed = {};
  for (const [field, descriptor] of Object.entries(table)) {
    const { value, source: from, file } = source.value(descriptor.name);
    const key = from === "policy" ? void 0 : `${from} ${descriptor.name}`;
    if (key !== void 0 && parsedBefore.has(key)) parsed[field] = parsedBefore.get(key);
    else {
      parsed[field] = descriptor.parse(value, problemsFor(descriptor.name, file, problems), context);
      if (key !== void 0) parsedBefore.set(key, parsed[field]);
    }
  }
  return parsed;
}
function problemsFor(input, file, problems) {
  return {
    invalid: (given, expected, known) => problems.push({
      input,
      given,
      expected: typeof expected === "string" ? [expected] : expected,
      file,
      known
    })
  };
}
function textOf(value) {
  return (typeof value === "object" ? value.join("\n") : String(value)).trim();
}
var TRUE_VALUES = ["true", "True", "TRUE"];
var FALSE_VALUES = ["false", "False", "FALSE"];
var NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
function textInput(described) {
  return { ...described, parse: (value) => textOf(value) };
}
function optionalTextInput(described) {
  return { ...described, parse: (value) => textOf(value) || void 0 };
}
function booleanInput(described) {
  return {
    ...described,
    parse: (value, problems) => {
      if (typeof value === "boolean") return value;
      const text = textOf(value);
      if (TRUE_VALUES.includes(text)) return true;
      if (FALSE_VALUES.includes(text)) return false;
      problems.invalid(text, "true or false");
      return false;
    }
  };
}
function severityInput(described) {
  return {
    ...described,
    choices: SEVERITIES,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      if (isSeverity(text)) return text;
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(", ")}`, SEVERITIES);
      return "critical";
    }
  };
}
var FAIL_ON_VALUES = [...SEVERITIES, "none"];
function failOnInput(described) {
  return {
    ...described,
    choices: FAIL_ON_VALUES,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      if (text === "none" || isSeverity(text)) return text;
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(", ")}, or none`, FAIL_ON_VALUES);
      return "critical";
    }
  };
}
function choiceInput(described, allowed) {
  return {
    ...described,
    choices: allowed,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      const found = allowed.find((option) => option === text);
      if (found !== void 0) return found;
      problems.invalid(textOf(value), `one of ${allowed.join(", ")}`, allowed);
      return allowed[0];
    }
  };
}
var schemaOf = {
  number: (description, bounds, integer) => ({
    description,
    type: integer ? "integer" : "number",
    minimum: bounds.min,
    maximum: bounds.max
  }),
  boolean: (description) => ({ description, type: "boolean" }),
  oneOf: (description, values) => ({
    description,
    enum: [...values]
  }),
  /** A shared definition of the schema: `severity`, `names`, `globs`. */
  defined: (description, definition) => ({
    description,
    $ref: `#/definitions/${definition}`
  })
};
function parseNumber(value, problems, bounds, integer) {
  const text = textOf(value);
  const parsed = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ok = Number.isFinite(parsed) && (!integer || Number.isInteger(parsed));
  if (ok && parsed >= bounds.min && parsed <= bounds.max) return parsed;
  const kind = `${integer ? "a whole number" : "a number"}${bounds.unit === void 0 ? "" : ` of ${bounds.unit}`}`;
  problems.invalid(text, `${kind} from ${bounds.min} to ${bounds.max}`);
  return bounds.min;
}
function numberInput(described, bounds, integer) {
  return { ...described, parse: (value, problems) => parseNumber(value, problems, bounds, integer) };
}
function optionalNumberInput(described, bounds, integer) {
  return {
    ...described,
    parse: (value, problems) => textOf(value) === "" ? void 0 : parseNumber(value, problems, bounds, integer)
  };
}
function namesInput(described) {
  return {
    ...described,
    parse: (value, problems) => {
      const items = (typeof value === "object" ? value : textOf(value).split(/[,\n]/)).map((item) => item.trim()).filter((item) => item.length > 0);
      const bad = items.filter((item) => !NAME_PATTERN.test(item));
      if (bad.length > 0)
        problems.invalid(
          bad.join(", "),
          "names of letters, digits, -, _, . and :, separated by commas or new lines"
        );
      return [...new Set(items)];
    }
  };
}
function globsInput(described) {
  return {
    ...described,
    parse: (value) => typeof value === "object" ? value.map((glob) => glob.trim()).filter((g) => g !== "") : globs(textOf(value))
  };
}
function globs(text) {
  const found = [];
  let current = "";
  let depth = 0;
  for (const char of text) {
    if (char === "{") depth += 1;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "\n" || char === "," && depth === 0) {
      found.push(current);
      current = "";
    } else current += char;
  }
  found.push(current);
  return found.map((glob) => glob.trim()).filter((glob) => glob !== "");
}

export {
  flagOf,
  rangeText,
  inputNamesOfFace,
  parseInputs,
  problemsFor,
  textOf,
  textInput,
  optionalTextInput,
  booleanInput,
  severityInput,
  FAIL_ON_VALUES,
  failOnInput,
  choiceInput,
  schemaOf,
  numberInput,
  optionalNumberInput,
  namesInput,
  globsInput
};
//# sourceMappingURL=chunk-DTE7QE2B.js.map

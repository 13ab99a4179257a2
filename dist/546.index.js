export const id = 546;
export const ids = [546];
export const modules = {

/***/ 546:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  parsePolicy: () => (/* binding */ parsePolicy)
});

// EXTERNAL MODULE: ./node_modules/ajv/dist/ajv.js
var dist_ajv = __webpack_require__(2463);
// EXTERNAL MODULE: ./node_modules/ajv-formats/dist/index.js
var dist = __webpack_require__(2815);
var dist_default = /*#__PURE__*/__webpack_require__.n(dist);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var yaml_dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./svc-scan.schema.json
const svc_scan_schema_namespaceObject = /*#__PURE__*/JSON.parse('{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://github.com/svc-scan/svc-scan-action/blob/main/svc-scan.schema.json","title":"svc-scan policy","description":"The repository\'s policy for svc-scan-action (.github/svc-scan.yml): gate settings, the paths the gate judges, and suppressions with reasons. An input the workflow sets wins over this file; this file wins over the built-in defaults.","type":"object","additionalProperties":false,"required":["version"],"properties":{"version":{"description":"The policy format\'s version.","const":1},"fail-on":{"description":"Lowest severity that fails the gate, or none to never fail on findings.","enum":["critical","high","medium","low","info","none"]},"severity-threshold":{"description":"Lowest severity reported in annotations and the summary.","$ref":"#/definitions/severity"},"gate":{"description":"What fails the gate: new (what a pull request introduces), all, or auto (new on pull requests and merge groups).","enum":["auto","new","all"]},"modules":{"description":"Scan modules.","$ref":"#/definitions/names"},"frameworks":{"description":"Compliance frameworks.","$ref":"#/definitions/names"},"incremental":{"description":"Incremental scan.","type":"boolean"},"min-compliance-score":{"description":"Fail when the compliance overall score of the frameworks is below this.","type":"number","minimum":0,"maximum":100},"max-annotations":{"description":"Most findings annotated through the check run.","type":"integer","minimum":0,"maximum":10000},"annotations":{"description":"Where findings are annotated.","enum":["check-run","workflow-commands","none"]},"pr-comment":{"description":"The sticky pull request comment.","enum":["always","on-failure","never"]},"baseline-scan":{"description":"When no completed scan of the baseline commit exists: auto starts one, never gates on all findings.","enum":["auto","never"]},"reuse-scan":{"description":"Reuse a recent scan of the same commit.","type":"boolean"},"remediate":{"description":"Start remediation jobs.","type":"boolean"},"remediate-severity":{"description":"Lowest severity remediated.","$ref":"#/definitions/severity"},"max-remediations":{"description":"Most remediation jobs in one run.","type":"integer","minimum":0,"maximum":50},"suggest-fixes":{"description":"Post fixes as suggested changes on the pull request.","type":"boolean"},"max-suggestions":{"description":"Most suggestions posted in one run.","type":"integer","minimum":0,"maximum":100},"ai-analysis":{"description":"Start the scan\'s AI analysis and wait for it.","type":"boolean"},"wait-timeout":{"description":"Seconds the whole run may take.","type":"number","exclusiveMinimum":0,"maximum":21600},"paths":{"description":"Globs of the part of the repository the gate judges.","$ref":"#/definitions/globs"},"paths-ignore":{"description":"Globs of paths the gate never judges.","$ref":"#/definitions/globs"},"ignore":{"description":"Suppressions: findings they match do not fail the gate, and are shown with the reason.","type":"array","items":{"$ref":"#/definitions/suppression"}}},"definitions":{"severity":{"enum":["critical","high","medium","low","info"]},"names":{"type":"array","items":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"}},"globs":{"type":"array","items":{"type":"string","minLength":1}},"suppression":{"type":"object","additionalProperties":false,"required":["reason"],"anyOf":[{"required":["fingerprint"]},{"required":["cwe"]},{"required":["title"]}],"properties":{"fingerprint":{"description":"The finding\'s stable fingerprint, as the SARIF file\'s partialFingerprints, the check run\'s annotation details and svc scan --json give it.","type":"string","pattern":"^[0-9a-fA-F]{32}$"},"cwe":{"description":"The CWE of the findings to suppress (CWE-79, or 79).","type":["string","integer"],"pattern":"^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$","minimum":1},"title":{"description":"The findings\' title, compared without regard to case.","type":"string","minLength":1},"paths":{"description":"Narrows the suppression to files matching these globs.","$ref":"#/definitions/globs"},"reason":{"description":"Why the findings are suppressed: shown wherever they are.","type":"string","pattern":"\\\\S"},"expires":{"description":"The date (YYYY-MM-DD, UTC) after which the suppression no longer applies.","type":"string","format":"date"}}}}}');
// EXTERNAL MODULE: ./src/core/sarif/rule-identity.ts
var rule_identity = __webpack_require__(5814);
;// CONCATENATED MODULE: ./src/core/policy/policy.ts
/** The policy file is not valid: the message names the file, the key, its line, and what is expected. */
class PolicyError extends Error {
    name = 'PolicyError';
}

;// CONCATENATED MODULE: ./src/core/policy/parse-policy.ts






/**
 * The keys of the file that are not settings of an input's name (`paths` and `paths-ignore` are both: the inputs of
 * those names win over them, as over every setting).
 */
const OWN_KEYS = new Set(['version', 'ignore']);
let validator;
/** The schema's validator, compiled once, on the first policy file a run reads (never for a run without one). */
function validate() {
    if (validator === undefined) {
        const ajv = new dist_ajv.Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
        dist_default()["default"](ajv, ['date']);
        validator = ajv.compile(svc_scan_schema_namespaceObject);
    }
    return validator;
}
/**
 * Reads a policy file: YAML, checked against svc-scan.schema.json (the schema published for editors is the one
 * that checks it here). A file that is not valid is a PolicyError naming the file, the key, its line and what
 * the key expects, every problem at once; an empty file is no policy and is refused too (it says nothing).
 */
function parsePolicy(text, file) {
    const lines = new yaml_dist/* LineCounter */.HN();
    const document = (0,yaml_dist/* parseDocument */.Tp)(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
    if (document.errors.length > 0) {
        const problems = document.errors.map((error) => {
            const line = error.linePos?.[0].line;
            return `${line === undefined ? '' : `line ${line}: `}${error.message.split('\n')[0] ?? ''}`;
        });
        throw policyError(file, problems);
    }
    const content = document.toJS();
    const check = validate();
    if (!check(content)) {
        throw policyError(file, describeErrors(check.errors ?? [], document, lines, content));
    }
    return policyOf(content, document, lines, file);
}
function policyError(file, problems) {
    const unique = [...new Set(problems)];
    return new PolicyError(unique.length === 1
        ? `The policy file ${file} is invalid: ${unique[0] ?? ''}`
        : `The policy file ${file} is invalid:\n${unique.map((problem) => `- ${problem}`).join('\n')}`);
}
function policyOf(content, document, lines, file) {
    const settings = {};
    for (const [key, value] of Object.entries(content)) {
        if (!OWN_KEYS.has(key))
            settings[key] = Array.isArray(value) ? value.join('\n') : String(value);
    }
    const ignore = (content.ignore ?? []).map((entry, index) => ({
        index,
        line: lineOf(document, lines, ['ignore', index]),
        fingerprint: entry.fingerprint?.toLowerCase(),
        cwe: entry.cwe === undefined ? undefined : (0,rule_identity/* parseCwe */.dq)(String(entry.cwe)),
        title: entry.title?.trim(),
        paths: entry.paths ?? [],
        reason: entry.reason.trim(),
        expires: entry.expires,
    }));
    return { file, settings, paths: content.paths ?? [], pathsIgnore: content['paths-ignore'] ?? [], ignore };
}
/** ajv's errors in the user's words: the key as a path (`ignore[2].reason`), its line, what is expected. */
function describeErrors(errors, document, lines, content) {
    // An anyOf's own message says it all; the failed branches under it only repeat it.
    const shown = errors.filter((error) => !errors.some((other) => other.keyword === 'anyOf' &&
        error.schemaPath.startsWith(`${other.schemaPath.replace(/\/anyOf$/, '')}/anyOf/`)));
    return shown.map((error) => {
        const path = pathOf(error);
        const line = lineOf(document, lines, path);
        const where = `${line === undefined ? '' : `line ${line}: `}${keyName(path)}`;
        return `${where}${expectation(error, content === null)}`;
    });
}
function pathOf(error) {
    const path = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const extra = error.params;
    if (error.keyword === 'additionalProperties' && extra.additionalProperty)
        path.push(extra.additionalProperty);
    return path;
}
function keyName(path) {
    if (path.length === 0)
        return 'the file';
    return path
        .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
        .join('');
}
function expectation(error, empty) {
    const params = error.params;
    switch (error.keyword) {
        case 'type':
            return empty ? ' is empty: it needs at least `version: 1`' : ` must be ${article(String(params.type))}`;
        case 'required':
            return ` needs ${String(params.missingProperty)}${params.missingProperty === 'reason' ? ' (why the findings are suppressed)' : ''}`;
        case 'additionalProperties':
            return ' is not a key the policy knows (check its spelling against svc-scan.schema.json)';
        case 'enum':
            return ` must be one of ${params.allowedValues.map(String).join(', ')}`;
        case 'const':
            return ` must be ${String(params.allowedValue)}`;
        case 'format':
            return ' must be a date, YYYY-MM-DD';
        case 'anyOf':
            return ' needs a fingerprint, a cwe or a title to say which findings it covers';
        case 'pattern':
            return patternExpectation(error.schemaPath);
        case 'minLength':
            return ' must not be empty';
        case 'minimum':
        case 'maximum':
        case 'exclusiveMinimum':
            return ` ${error.message ?? 'is out of its range'}`;
        default:
            return ` ${error.message ?? 'is invalid'}`;
    }
}
function patternExpectation(schemaPath) {
    if (schemaPath.includes('fingerprint'))
        return ' must be 32 hexadecimal characters, as the SARIF file gives it';
    if (schemaPath.includes('cwe'))
        return ' must be a CWE, such as CWE-79 or 79';
    if (schemaPath.includes('reason'))
        return ' must say why, not be blank';
    return ' must be names of letters, digits, -, _, . and :';
}
function article(type) {
    const words = type
        .split(',')
        .map((word) => (word === 'array' ? 'a list' : word === 'object' ? 'a mapping' : `a ${word}`));
    return words.join(' or ');
}
/** The line of a key in the file, from the YAML parser's positions. */
function lineOf(document, lines, path) {
    for (let depth = path.length; depth >= 0; depth--) {
        const node = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
        const range = node?.range;
        if (range)
            return lines.linePos(range[0]).line;
        const key = depth > 0 ? keyNodeOf(document, path.slice(0, depth)) : undefined;
        if (key !== undefined)
            return lines.linePos(key).line;
    }
    return undefined;
}
/** The offset of a mapping key, for a key whose value is null (`reason:` with nothing after it). */
function keyNodeOf(document, path) {
    const parent = path.length === 1 ? document.contents : document.getIn(path.slice(0, -1), true);
    const items = parent?.items;
    const pair = items?.find((item) => item.key?.value === path[path.length - 1]);
    return pair?.key?.range?.[0];
}


/***/ })

};

//# sourceMappingURL=546.index.js.map
/* eslint-disable */
// @ts-nocheck
// Generated from svc-scan.schema.json by scripts/generate-policy-validator.ts: do not edit.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
const ucs2length = typeof ucs2lengthModule.default === 'function' ? ucs2lengthModule.default : ucs2lengthModule.default.default;
"use strict";
export const validate = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://github.com/svc-scan/svc-scan-action/blob/main/svc-scan.schema.json","title":"svc-scan policy","description":"The repository's policy for svc-scan-action (.github/svc-scan.yml): gate settings, the paths the gate judges, and suppressions with reasons. An input the workflow sets wins over this file; this file wins over the built-in defaults.","type":"object","additionalProperties":false,"required":["version"],"properties":{"version":{"description":"The policy format's version.","const":1},"modules":{"description":"Scan modules.","$ref":"#/definitions/names"},"frameworks":{"description":"Compliance frameworks.","$ref":"#/definitions/names"},"incremental":{"description":"Incremental scan.","type":"boolean"},"severity-threshold":{"description":"Lowest severity reported in annotations and the summary.","$ref":"#/definitions/severity"},"fail-on":{"description":"Lowest severity that fails the gate, or none to never fail on findings.","enum":["critical","high","medium","low","info","none"]},"remediate":{"description":"Start remediation jobs.","type":"boolean"},"remediate-severity":{"description":"Lowest severity remediated.","$ref":"#/definitions/severity"},"max-remediations":{"description":"Most remediation jobs in one run.","type":"integer","minimum":0,"maximum":50},"wait-timeout":{"description":"Seconds the whole run may take.","type":"number","minimum":1,"maximum":21600},"gate":{"description":"What fails the gate: new (what a pull request introduces), all, or auto (new on pull requests and merge groups).","enum":["auto","new","all"]},"baseline-scan":{"description":"When no completed scan of the baseline commit exists: auto starts one, never gates on all findings.","enum":["auto","never"]},"reuse-scan":{"description":"Reuse a recent scan of the same commit.","type":"boolean"},"ai-analysis":{"description":"Start the scan's AI analysis and wait for it.","type":"boolean"},"min-compliance-score":{"description":"Fail when the compliance overall score of the frameworks is below this.","type":"number","minimum":0,"maximum":100},"paths":{"description":"Globs of the part of the repository the gate judges.","$ref":"#/definitions/globs"},"paths-ignore":{"description":"Globs of paths the gate never judges.","$ref":"#/definitions/globs"},"annotations":{"description":"Where findings are annotated.","enum":["check-run","workflow-commands","none"]},"max-annotations":{"description":"Most findings annotated through the check run.","type":"integer","minimum":0,"maximum":10000},"suggest-fixes":{"description":"Post fixes as suggested changes on the pull request.","type":"boolean"},"max-suggestions":{"description":"Most suggestions posted in one run.","type":"integer","minimum":0,"maximum":100},"pr-comment":{"description":"The sticky pull request comment.","enum":["always","on-failure","never"]},"ignore":{"description":"Suppressions: findings they match do not fail the gate, and are shown with the reason.","type":"array","items":{"$ref":"#/definitions/suppression"}}},"definitions":{"severity":{"enum":["critical","high","medium","low","info"]},"names":{"type":"array","items":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"}},"globs":{"type":"array","items":{"description":"A glob, read as a workflow's paths: reads one. At most 2 * between two slashes (** counts 2), and at most 1000 characters.","type":"string","minLength":1,"maxLength":1000,"not":{"type":"string","pattern":"\\*[^/]*\\*[^/]*\\*"}}},"suppression":{"type":"object","additionalProperties":false,"required":["reason"],"anyOf":[{"required":["fingerprint"]},{"required":["cwe"]},{"required":["title"]}],"properties":{"fingerprint":{"description":"The finding's stable fingerprint, as the SARIF file's partialFingerprints, the check run's annotation details and svc scan --json give it.","type":"string","pattern":"^[0-9a-fA-F]{32}$"},"cwe":{"description":"The CWE of the findings to suppress (CWE-79, or 79).","type":["string","integer"],"pattern":"^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$","minimum":1},"title":{"description":"The findings' title, compared without regard to case.","type":"string","minLength":1},"paths":{"description":"Narrows the suppression to files matching these globs.","$ref":"#/definitions/globs"},"reason":{"description":"Why the findings are suppressed: shown wherever they are.","type":"string","pattern":"\\S"},"expires":{"description":"The date (YYYY-MM-DD, UTC) after which the suppression no longer applies.","type":"string","format":"date"}}}}};
const schema12 = {"type":"array","items":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"}};
const schema14 = {"enum":["critical","high","medium","low","info"]};
const schema16 = {"type":"array","items":{"description":"A glob, read as a workflow's paths: reads one. At most 2 * between two slashes (** counts 2), and at most 1000 characters.","type":"string","minLength":1,"maxLength":1000,"not":{"type":"string","pattern":"\\*[^/]*\\*[^/]*\\*"}}};
const func2 = Object.prototype.hasOwnProperty;
const func3 = ucs2length;
const pattern0 = new RegExp("^[A-Za-z0-9][A-Za-z0-9_.:-]*$", "u");
const pattern2 = new RegExp("\\*[^/]*\\*[^/]*\\*", "u");
const schema18 = {"type":"object","additionalProperties":false,"required":["reason"],"anyOf":[{"required":["fingerprint"]},{"required":["cwe"]},{"required":["title"]}],"properties":{"fingerprint":{"description":"The finding's stable fingerprint, as the SARIF file's partialFingerprints, the check run's annotation details and svc scan --json give it.","type":"string","pattern":"^[0-9a-fA-F]{32}$"},"cwe":{"description":"The CWE of the findings to suppress (CWE-79, or 79).","type":["string","integer"],"pattern":"^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$","minimum":1},"title":{"description":"The findings' title, compared without regard to case.","type":"string","minLength":1},"paths":{"description":"Narrows the suppression to files matching these globs.","$ref":"#/definitions/globs"},"reason":{"description":"Why the findings are suppressed: shown wherever they are.","type":"string","pattern":"\\S"},"expires":{"description":"The date (YYYY-MM-DD, UTC) after which the suppression no longer applies.","type":"string","format":"date"}}};
const pattern4 = new RegExp("^[0-9a-fA-F]{32}$", "u");
const pattern5 = new RegExp("^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$", "u");
const pattern7 = new RegExp("\\S", "u");
const formats0 = fullFormats.date;

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fingerprint === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "fingerprint"},message:"must have required property '"+"fingerprint"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cwe === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "cwe"},message:"must have required property '"+"cwe"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.title === undefined){
const err2 = {instancePath,schemaPath:"#/anyOf/2/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid0 = valid0 || _valid0;
}
}
if(!valid0){
const err3 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reason === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "fingerprint") || (key0 === "cwe")) || (key0 === "title")) || (key0 === "paths")) || (key0 === "reason")) || (key0 === "expires"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.fingerprint !== undefined){
let data0 = data.fingerprint;
if(typeof data0 === "string"){
if(!pattern4.test(data0)){
const err6 = {instancePath:instancePath+"/fingerprint",schemaPath:"#/properties/fingerprint/pattern",keyword:"pattern",params:{pattern: "^[0-9a-fA-F]{32}$"},message:"must match pattern \""+"^[0-9a-fA-F]{32}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/fingerprint",schemaPath:"#/properties/fingerprint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.cwe !== undefined){
let data1 = data.cwe;
if((typeof data1 !== "string") && (!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1))))){
const err8 = {instancePath:instancePath+"/cwe",schemaPath:"#/properties/cwe/type",keyword:"type",params:{type: schema18.properties.cwe.type},message:"must be string,integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/cwe",schemaPath:"#/properties/cwe/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(typeof data1 === "string"){
if(!pattern5.test(data1)){
const err10 = {instancePath:instancePath+"/cwe",schemaPath:"#/properties/cwe/pattern",keyword:"pattern",params:{pattern: "^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$"},message:"must match pattern \""+"^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.title !== undefined){
let data2 = data.title;
if(typeof data2 === "string"){
if(func3(data2) < 1){
const err11 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.paths !== undefined){
let data3 = data.paths;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
const _errs17 = errors;
const _errs18 = errors;
if(errors === _errs18){
if(typeof data4 === "string"){
if(!pattern2.test(data4)){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid5 = _errs18 === errors;
if(valid5){
const err15 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/definitions/globs/items/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
if(typeof data4 === "string"){
if(func3(data4) > 1000){
const err16 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/definitions/globs/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func3(data4) < 1){
const err17 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/definitions/globs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/definitions/globs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/paths",schemaPath:"#/definitions/globs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.reason !== undefined){
let data5 = data.reason;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err20 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.expires !== undefined){
let data6 = data.expires;
if(typeof data6 === "string"){
if(!(formats0.validate(data6))){
const err22 = {instancePath:instancePath+"/expires",schemaPath:"#/properties/expires/format",keyword:"format",params:{format: "date"},message:"must match format \""+"date"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/expires",schemaPath:"#/properties/expires/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}


function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://github.com/svc-scan/svc-scan-action/blob/main/svc-scan.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.version !== undefined){
if(1 !== data.version){
const err2 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.modules !== undefined){
let data1 = data.modules;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err3 = {instancePath:instancePath+"/modules/" + i0,schemaPath:"#/definitions/names/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]*$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/modules/" + i0,schemaPath:"#/definitions/names/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/modules",schemaPath:"#/definitions/names/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.frameworks !== undefined){
let data3 = data.frameworks;
if(Array.isArray(data3)){
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
let data4 = data3[i1];
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err6 = {instancePath:instancePath+"/frameworks/" + i1,schemaPath:"#/definitions/names/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]*$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/frameworks/" + i1,schemaPath:"#/definitions/names/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/frameworks",schemaPath:"#/definitions/names/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.incremental !== undefined){
if(typeof data.incremental !== "boolean"){
const err9 = {instancePath:instancePath+"/incremental",schemaPath:"#/properties/incremental/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data["severity-threshold"] !== undefined){
let data6 = data["severity-threshold"];
if(!(((((data6 === "critical") || (data6 === "high")) || (data6 === "medium")) || (data6 === "low")) || (data6 === "info"))){
const err10 = {instancePath:instancePath+"/severity-threshold",schemaPath:"#/definitions/severity/enum",keyword:"enum",params:{allowedValues: schema14.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data["fail-on"] !== undefined){
let data7 = data["fail-on"];
if(!((((((data7 === "critical") || (data7 === "high")) || (data7 === "medium")) || (data7 === "low")) || (data7 === "info")) || (data7 === "none"))){
const err11 = {instancePath:instancePath+"/fail-on",schemaPath:"#/properties/fail-on/enum",keyword:"enum",params:{allowedValues: schema11.properties["fail-on"].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.remediate !== undefined){
if(typeof data.remediate !== "boolean"){
const err12 = {instancePath:instancePath+"/remediate",schemaPath:"#/properties/remediate/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data["remediate-severity"] !== undefined){
let data9 = data["remediate-severity"];
if(!(((((data9 === "critical") || (data9 === "high")) || (data9 === "medium")) || (data9 === "low")) || (data9 === "info"))){
const err13 = {instancePath:instancePath+"/remediate-severity",schemaPath:"#/definitions/severity/enum",keyword:"enum",params:{allowedValues: schema14.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data["max-remediations"] !== undefined){
let data10 = data["max-remediations"];
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err14 = {instancePath:instancePath+"/max-remediations",schemaPath:"#/properties/max-remediations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 50 || isNaN(data10)){
const err15 = {instancePath:instancePath+"/max-remediations",schemaPath:"#/properties/max-remediations/maximum",keyword:"maximum",params:{comparison: "<=", limit: 50},message:"must be <= 50"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data10 < 0 || isNaN(data10)){
const err16 = {instancePath:instancePath+"/max-remediations",schemaPath:"#/properties/max-remediations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data["wait-timeout"] !== undefined){
let data11 = data["wait-timeout"];
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 21600 || isNaN(data11)){
const err17 = {instancePath:instancePath+"/wait-timeout",schemaPath:"#/properties/wait-timeout/maximum",keyword:"maximum",params:{comparison: "<=", limit: 21600},message:"must be <= 21600"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data11 < 1 || isNaN(data11)){
const err18 = {instancePath:instancePath+"/wait-timeout",schemaPath:"#/properties/wait-timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/wait-timeout",schemaPath:"#/properties/wait-timeout/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.gate !== undefined){
let data12 = data.gate;
if(!(((data12 === "auto") || (data12 === "new")) || (data12 === "all"))){
const err20 = {instancePath:instancePath+"/gate",schemaPath:"#/properties/gate/enum",keyword:"enum",params:{allowedValues: schema11.properties.gate.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data["baseline-scan"] !== undefined){
let data13 = data["baseline-scan"];
if(!((data13 === "auto") || (data13 === "never"))){
const err21 = {instancePath:instancePath+"/baseline-scan",schemaPath:"#/properties/baseline-scan/enum",keyword:"enum",params:{allowedValues: schema11.properties["baseline-scan"].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data["reuse-scan"] !== undefined){
if(typeof data["reuse-scan"] !== "boolean"){
const err22 = {instancePath:instancePath+"/reuse-scan",schemaPath:"#/properties/reuse-scan/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data["ai-analysis"] !== undefined){
if(typeof data["ai-analysis"] !== "boolean"){
const err23 = {instancePath:instancePath+"/ai-analysis",schemaPath:"#/properties/ai-analysis/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data["min-compliance-score"] !== undefined){
let data16 = data["min-compliance-score"];
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 > 100 || isNaN(data16)){
const err24 = {instancePath:instancePath+"/min-compliance-score",schemaPath:"#/properties/min-compliance-score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data16 < 0 || isNaN(data16)){
const err25 = {instancePath:instancePath+"/min-compliance-score",schemaPath:"#/properties/min-compliance-score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/min-compliance-score",schemaPath:"#/properties/min-compliance-score/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.paths !== undefined){
let data17 = data.paths;
if(Array.isArray(data17)){
const len2 = data17.length;
for(let i2=0; i2<len2; i2++){
let data18 = data17[i2];
const _errs39 = errors;
const _errs40 = errors;
if(errors === _errs40){
if(typeof data18 === "string"){
if(!pattern2.test(data18)){
const err27 = {};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
var valid12 = _errs40 === errors;
if(valid12){
const err29 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
else {
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
}
if(typeof data18 === "string"){
if(func3(data18) > 1000){
const err30 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(func3(data18) < 1){
const err31 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/paths",schemaPath:"#/definitions/globs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data["paths-ignore"] !== undefined){
let data19 = data["paths-ignore"];
if(Array.isArray(data19)){
const len3 = data19.length;
for(let i3=0; i3<len3; i3++){
let data20 = data19[i3];
const _errs47 = errors;
const _errs48 = errors;
if(errors === _errs48){
if(typeof data20 === "string"){
if(!pattern2.test(data20)){
const err34 = {};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
var valid16 = _errs48 === errors;
if(valid16){
const err36 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
errors = _errs47;
if(vErrors !== null){
if(_errs47){
vErrors.length = _errs47;
}
else {
vErrors = null;
}
}
}
if(typeof data20 === "string"){
if(func3(data20) > 1000){
const err37 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(func3(data20) < 1){
const err38 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/paths-ignore",schemaPath:"#/definitions/globs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.annotations !== undefined){
let data21 = data.annotations;
if(!(((data21 === "check-run") || (data21 === "workflow-commands")) || (data21 === "none"))){
const err41 = {instancePath:instancePath+"/annotations",schemaPath:"#/properties/annotations/enum",keyword:"enum",params:{allowedValues: schema11.properties.annotations.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data["max-annotations"] !== undefined){
let data22 = data["max-annotations"];
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err42 = {instancePath:instancePath+"/max-annotations",schemaPath:"#/properties/max-annotations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 > 10000 || isNaN(data22)){
const err43 = {instancePath:instancePath+"/max-annotations",schemaPath:"#/properties/max-annotations/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data22 < 0 || isNaN(data22)){
const err44 = {instancePath:instancePath+"/max-annotations",schemaPath:"#/properties/max-annotations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
if(data["suggest-fixes"] !== undefined){
if(typeof data["suggest-fixes"] !== "boolean"){
const err45 = {instancePath:instancePath+"/suggest-fixes",schemaPath:"#/properties/suggest-fixes/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data["max-suggestions"] !== undefined){
let data24 = data["max-suggestions"];
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err46 = {instancePath:instancePath+"/max-suggestions",schemaPath:"#/properties/max-suggestions/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 > 100 || isNaN(data24)){
const err47 = {instancePath:instancePath+"/max-suggestions",schemaPath:"#/properties/max-suggestions/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data24 < 0 || isNaN(data24)){
const err48 = {instancePath:instancePath+"/max-suggestions",schemaPath:"#/properties/max-suggestions/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
if(data["pr-comment"] !== undefined){
let data25 = data["pr-comment"];
if(!(((data25 === "always") || (data25 === "on-failure")) || (data25 === "never"))){
const err49 = {instancePath:instancePath+"/pr-comment",schemaPath:"#/properties/pr-comment/enum",keyword:"enum",params:{allowedValues: schema11.properties["pr-comment"].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.ignore !== undefined){
let data26 = data.ignore;
if(Array.isArray(data26)){
const len4 = data26.length;
for(let i4=0; i4<len4; i4++){
if(!(validate11(data26[i4], {instancePath:instancePath+"/ignore/" + i4,parentData:data26,parentDataProperty:i4,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
else {
const err50 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}


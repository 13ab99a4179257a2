/* eslint-disable */
// @ts-nocheck
// Generated from svc-scan.schema.json by scripts/generate-policy-validator.ts: do not edit.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
const ucs2length = typeof ucs2lengthModule.default === 'function' ? ucs2lengthModule.default : ucs2lengthModule.default.default;
"use strict";
export const validate = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://github.com/svc-scan/svc-scan-action/blob/main/svc-scan.schema.json","title":"svc-scan policy","description":"The repository's policy for svc-scan-action (.github/svc-scan.yml): gate settings, the paths the gate judges, and suppressions with reasons. An input the workflow sets wins over this file; this file wins over the built-in defaults.","type":"object","additionalProperties":false,"required":["version"],"properties":{"version":{"description":"The policy format's version.","const":1},"fail-on":{"description":"Lowest severity that fails the gate, or none to never fail on findings.","enum":["critical","high","medium","low","info","none"]},"severity-threshold":{"description":"Lowest severity reported in annotations and the summary.","$ref":"#/definitions/severity"},"gate":{"description":"What fails the gate: new (what a pull request introduces), all, or auto (new on pull requests and merge groups).","enum":["auto","new","all"]},"modules":{"description":"Scan modules.","$ref":"#/definitions/names"},"frameworks":{"description":"Compliance frameworks.","$ref":"#/definitions/names"},"incremental":{"description":"Incremental scan.","type":"boolean"},"min-compliance-score":{"description":"Fail when the compliance overall score of the frameworks is below this.","type":"number","minimum":0,"maximum":100},"max-annotations":{"description":"Most findings annotated through the check run.","type":"integer","minimum":0,"maximum":10000},"annotations":{"description":"Where findings are annotated.","enum":["check-run","workflow-commands","none"]},"pr-comment":{"description":"The sticky pull request comment.","enum":["always","on-failure","never"]},"baseline-scan":{"description":"When no completed scan of the baseline commit exists: auto starts one, never gates on all findings.","enum":["auto","never"]},"reuse-scan":{"description":"Reuse a recent scan of the same commit.","type":"boolean"},"remediate":{"description":"Start remediation jobs.","type":"boolean"},"remediate-severity":{"description":"Lowest severity remediated.","$ref":"#/definitions/severity"},"max-remediations":{"description":"Most remediation jobs in one run.","type":"integer","minimum":0,"maximum":50},"suggest-fixes":{"description":"Post fixes as suggested changes on the pull request.","type":"boolean"},"max-suggestions":{"description":"Most suggestions posted in one run.","type":"integer","minimum":0,"maximum":100},"ai-analysis":{"description":"Start the scan's AI analysis and wait for it.","type":"boolean"},"wait-timeout":{"description":"Seconds the whole run may take.","type":"number","minimum":1,"maximum":21600},"paths":{"description":"Globs of the part of the repository the gate judges.","$ref":"#/definitions/globs"},"paths-ignore":{"description":"Globs of paths the gate never judges.","$ref":"#/definitions/globs"},"ignore":{"description":"Suppressions: findings they match do not fail the gate, and are shown with the reason.","type":"array","items":{"$ref":"#/definitions/suppression"}}},"definitions":{"severity":{"enum":["critical","high","medium","low","info"]},"names":{"type":"array","items":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"}},"globs":{"type":"array","items":{"description":"A glob, read as a workflow's paths: reads one. At most 2 * between two slashes (** counts 2), and at most 1000 characters.","type":"string","minLength":1,"maxLength":1000,"not":{"type":"string","pattern":"\\*[^/]*\\*[^/]*\\*"}}},"suppression":{"type":"object","additionalProperties":false,"required":["reason"],"anyOf":[{"required":["fingerprint"]},{"required":["cwe"]},{"required":["title"]}],"properties":{"fingerprint":{"description":"The finding's stable fingerprint, as the SARIF file's partialFingerprints, the check run's annotation details and svc scan --json give it.","type":"string","pattern":"^[0-9a-fA-F]{32}$"},"cwe":{"description":"The CWE of the findings to suppress (CWE-79, or 79).","type":["string","integer"],"pattern":"^(?:[Cc][Ww][Ee]-?)?[0-9]{1,6}$","minimum":1},"title":{"description":"The findings' title, compared without regard to case.","type":"string","minLength":1},"paths":{"description":"Narrows the suppression to files matching these globs.","$ref":"#/definitions/globs"},"reason":{"description":"Why the findings are suppressed: shown wherever they are.","type":"string","pattern":"\\S"},"expires":{"description":"The date (YYYY-MM-DD, UTC) after which the suppression no longer applies.","type":"string","format":"date"}}}}};
const schema12 = {"enum":["critical","high","medium","low","info"]};
const schema13 = {"type":"array","items":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"}};
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
if(data["fail-on"] !== undefined){
let data1 = data["fail-on"];
if(!((((((data1 === "critical") || (data1 === "high")) || (data1 === "medium")) || (data1 === "low")) || (data1 === "info")) || (data1 === "none"))){
const err3 = {instancePath:instancePath+"/fail-on",schemaPath:"#/properties/fail-on/enum",keyword:"enum",params:{allowedValues: schema11.properties["fail-on"].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data["severity-threshold"] !== undefined){
let data2 = data["severity-threshold"];
if(!(((((data2 === "critical") || (data2 === "high")) || (data2 === "medium")) || (data2 === "low")) || (data2 === "info"))){
const err4 = {instancePath:instancePath+"/severity-threshold",schemaPath:"#/definitions/severity/enum",keyword:"enum",params:{allowedValues: schema12.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.gate !== undefined){
let data3 = data.gate;
if(!(((data3 === "auto") || (data3 === "new")) || (data3 === "all"))){
const err5 = {instancePath:instancePath+"/gate",schemaPath:"#/properties/gate/enum",keyword:"enum",params:{allowedValues: schema11.properties.gate.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.modules !== undefined){
let data4 = data.modules;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err6 = {instancePath:instancePath+"/modules/" + i0,schemaPath:"#/definitions/names/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]*$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"+"\""};
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
const err7 = {instancePath:instancePath+"/modules/" + i0,schemaPath:"#/definitions/names/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err8 = {instancePath:instancePath+"/modules",schemaPath:"#/definitions/names/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.frameworks !== undefined){
let data6 = data.frameworks;
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err9 = {instancePath:instancePath+"/frameworks/" + i1,schemaPath:"#/definitions/names/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]*$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/frameworks/" + i1,schemaPath:"#/definitions/names/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err11 = {instancePath:instancePath+"/frameworks",schemaPath:"#/definitions/names/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.incremental !== undefined){
if(typeof data.incremental !== "boolean"){
const err12 = {instancePath:instancePath+"/incremental",schemaPath:"#/properties/incremental/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data["min-compliance-score"] !== undefined){
let data9 = data["min-compliance-score"];
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 100 || isNaN(data9)){
const err13 = {instancePath:instancePath+"/min-compliance-score",schemaPath:"#/properties/min-compliance-score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data9 < 0 || isNaN(data9)){
const err14 = {instancePath:instancePath+"/min-compliance-score",schemaPath:"#/properties/min-compliance-score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/min-compliance-score",schemaPath:"#/properties/min-compliance-score/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data["max-annotations"] !== undefined){
let data10 = data["max-annotations"];
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err16 = {instancePath:instancePath+"/max-annotations",schemaPath:"#/properties/max-annotations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 10000 || isNaN(data10)){
const err17 = {instancePath:instancePath+"/max-annotations",schemaPath:"#/properties/max-annotations/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data10 < 0 || isNaN(data10)){
const err18 = {instancePath:instancePath+"/max-annotations",schemaPath:"#/properties/max-annotations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.annotations !== undefined){
let data11 = data.annotations;
if(!(((data11 === "check-run") || (data11 === "workflow-commands")) || (data11 === "none"))){
const err19 = {instancePath:instancePath+"/annotations",schemaPath:"#/properties/annotations/enum",keyword:"enum",params:{allowedValues: schema11.properties.annotations.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data["pr-comment"] !== undefined){
let data12 = data["pr-comment"];
if(!(((data12 === "always") || (data12 === "on-failure")) || (data12 === "never"))){
const err20 = {instancePath:instancePath+"/pr-comment",schemaPath:"#/properties/pr-comment/enum",keyword:"enum",params:{allowedValues: schema11.properties["pr-comment"].enum},message:"must be equal to one of the allowed values"};
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
if(data.remediate !== undefined){
if(typeof data.remediate !== "boolean"){
const err23 = {instancePath:instancePath+"/remediate",schemaPath:"#/properties/remediate/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data["remediate-severity"] !== undefined){
let data16 = data["remediate-severity"];
if(!(((((data16 === "critical") || (data16 === "high")) || (data16 === "medium")) || (data16 === "low")) || (data16 === "info"))){
const err24 = {instancePath:instancePath+"/remediate-severity",schemaPath:"#/definitions/severity/enum",keyword:"enum",params:{allowedValues: schema12.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data["max-remediations"] !== undefined){
let data17 = data["max-remediations"];
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err25 = {instancePath:instancePath+"/max-remediations",schemaPath:"#/properties/max-remediations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 > 50 || isNaN(data17)){
const err26 = {instancePath:instancePath+"/max-remediations",schemaPath:"#/properties/max-remediations/maximum",keyword:"maximum",params:{comparison: "<=", limit: 50},message:"must be <= 50"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data17 < 0 || isNaN(data17)){
const err27 = {instancePath:instancePath+"/max-remediations",schemaPath:"#/properties/max-remediations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data["suggest-fixes"] !== undefined){
if(typeof data["suggest-fixes"] !== "boolean"){
const err28 = {instancePath:instancePath+"/suggest-fixes",schemaPath:"#/properties/suggest-fixes/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data["max-suggestions"] !== undefined){
let data19 = data["max-suggestions"];
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err29 = {instancePath:instancePath+"/max-suggestions",schemaPath:"#/properties/max-suggestions/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 > 100 || isNaN(data19)){
const err30 = {instancePath:instancePath+"/max-suggestions",schemaPath:"#/properties/max-suggestions/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data19 < 0 || isNaN(data19)){
const err31 = {instancePath:instancePath+"/max-suggestions",schemaPath:"#/properties/max-suggestions/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data["ai-analysis"] !== undefined){
if(typeof data["ai-analysis"] !== "boolean"){
const err32 = {instancePath:instancePath+"/ai-analysis",schemaPath:"#/properties/ai-analysis/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data["wait-timeout"] !== undefined){
let data21 = data["wait-timeout"];
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 > 21600 || isNaN(data21)){
const err33 = {instancePath:instancePath+"/wait-timeout",schemaPath:"#/properties/wait-timeout/maximum",keyword:"maximum",params:{comparison: "<=", limit: 21600},message:"must be <= 21600"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data21 < 1 || isNaN(data21)){
const err34 = {instancePath:instancePath+"/wait-timeout",schemaPath:"#/properties/wait-timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
const err35 = {instancePath:instancePath+"/wait-timeout",schemaPath:"#/properties/wait-timeout/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.paths !== undefined){
let data22 = data.paths;
if(Array.isArray(data22)){
const len2 = data22.length;
for(let i2=0; i2<len2; i2++){
let data23 = data22[i2];
const _errs47 = errors;
const _errs48 = errors;
if(errors === _errs48){
if(typeof data23 === "string"){
if(!pattern2.test(data23)){
const err36 = {};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
var valid12 = _errs48 === errors;
if(valid12){
const err38 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
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
if(typeof data23 === "string"){
if(func3(data23) > 1000){
const err39 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(func3(data23) < 1){
const err40 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/paths/" + i2,schemaPath:"#/definitions/globs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/paths",schemaPath:"#/definitions/globs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data["paths-ignore"] !== undefined){
let data24 = data["paths-ignore"];
if(Array.isArray(data24)){
const len3 = data24.length;
for(let i3=0; i3<len3; i3++){
let data25 = data24[i3];
const _errs55 = errors;
const _errs56 = errors;
if(errors === _errs56){
if(typeof data25 === "string"){
if(!pattern2.test(data25)){
const err43 = {};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var valid16 = _errs56 === errors;
if(valid16){
const err45 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
else {
errors = _errs55;
if(vErrors !== null){
if(_errs55){
vErrors.length = _errs55;
}
else {
vErrors = null;
}
}
}
if(typeof data25 === "string"){
if(func3(data25) > 1000){
const err46 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(func3(data25) < 1){
const err47 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/paths-ignore/" + i3,schemaPath:"#/definitions/globs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err49 = {instancePath:instancePath+"/paths-ignore",schemaPath:"#/definitions/globs/type",keyword:"type",params:{type: "array"},message:"must be array"};
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


import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { generatedSarifFindings } from '../../../bench/sarif-findings.ts';
import { GITHUB_UPLOAD_LIMITS } from '../../../src/code-scanning/github-upload-limits.ts';
import { aFinding } from '../support/findings.ts';
import {
  writeSarif,
  type SarifFinding,
  type SarifRunMetadata,
  type SarifWriteOptions,
  type SarifWriteSummary,
} from '../../../src/sarif/sarif-writer.ts';

/** Builders and checks shared by the SARIF tests. */

const require = createRequire(import.meta.url);

let schemaValidator: ValidateFunction | undefined;

/** Errors of `log` against the SARIF 2.1.0 schema (SchemaStore's copy), formats (uri, uri-reference) included. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (!schemaValidator) {
    const schema = JSON.parse(
      readFileSync(require.resolve('schemastore/schemas/json/sarif-2.1.0.json'), 'utf8'),
    ) as object;
    // One of the schema's patterns is not valid with the `u` flag.
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats.default(ajv);
    schemaValidator = ajv.compile(schema);
  }
  if (schemaValidator(log)) return [];
  return (schemaValidator.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

export const METADATA: SarifRunMetadata = {
  toolName: 'svc-scan',
  toolVersion: '0.1.0',
  informationUri: 'https://github.com/svc-scan/svc-scan-action',
  category: 'svc-scan/acme/web',
  repository: 'acme/web',
  commitSha: 'a'.repeat(40),
  repositoryUrl: 'https://github.com/acme/web',
};

export const OPTIONS: SarifWriteOptions = {
  severityFloor: 'info',
  scrub: (text) => text,
  limits: GITHUB_UPLOAD_LIMITS,
};

/** A finding of one kind (SQL injection, CWE-89), medium, on line 10 of a file of its own. */
export function aSarifFinding(overrides: Partial<SarifFinding> = {}): SarifFinding {
  return aFinding({
    title: 'SQL injection through string concatenation',
    line: 10,
    cwe: 'CWE-89',
    owasp: 'A03:2021-Injection',
    ...overrides,
  });
}

/** The emulator's generated findings as the client lists them, most severe first. */
export function generatedFindings(count: number, seed = 7): SarifFinding[] {
  return [...generatedSarifFindings(count, seed)];
}

export interface WrittenSarif {
  text: string;
  chunks: number;
  summary: SarifWriteSummary;
  log: SarifLog;
}

/** Writes to memory: the text, how many chunks the sink got, the summary and the parsed log. */
export async function writeToMemory(
  findings: Iterable<SarifFinding> | AsyncIterable<SarifFinding>,
  options: Partial<SarifWriteOptions> = {},
  metadata: Partial<SarifRunMetadata> = {},
): Promise<WrittenSarif> {
  const chunks: string[] = [];
  const summary = await writeSarif(
    findings,
    { ...METADATA, ...metadata },
    { ...OPTIONS, ...options },
    {
      write: (chunk) => {
        chunks.push(chunk);
        return Promise.resolve();
      },
    },
  );
  const text = chunks.join('');
  return { text, chunks: chunks.length, summary, log: JSON.parse(text) as SarifLog };
}

/** The parts of a SARIF log the tests read. */
export interface SarifLog {
  version: string;
  runs: {
    automationDetails: { id: string };
    results: SarifResult[];
    tool: { driver: { name: string; version?: string; rules: SarifRule[] } };
    invocations: {
      executionSuccessful: boolean;
      toolExecutionNotifications?: { descriptor: { id: string }; message: { text: string } }[];
    }[];
    properties: Record<string, unknown>;
  }[];
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations?: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string };
      region?: { startLine: number };
    };
  }[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  helpUri?: string;
  defaultConfiguration: { level: string };
  properties: { tags: string[]; 'security-severity'?: string };
}

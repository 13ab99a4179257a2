import type { FindingTemplate, ScanRecord } from './records.ts';
import { findingIdOf } from './finding-ids.ts';

/**
 * The list form of a finding, serialized. Most of a findings page is the same text on every request (title,
 * path, CWE...), so each template's fields are serialized once, on first use, and a page is then a
 * concatenation: serving 200 findings of a 100,000-finding scan costs no JSON.stringify of 200 objects.
 */

const tails = new WeakMap<readonly FindingTemplate[], (string | undefined)[]>();

export function findingListItem(scan: ScanRecord, index: number): Record<string, unknown> {
  const template = scan.findings.templates[index] as FindingTemplate;
  return {
    id: findingIdOf(scan, index),
    scan_id: scan.id,
    severity: template.severity,
    title: template.title,
    file_path: template.filePath,
    line: template.line,
    cwe: template.cwe,
    owasp: template.owasp,
    module: template.module,
  };
}

/** The same object as `findingListItem`, as JSON text. */
export function findingListItemJson(scan: ScanRecord, index: number): string {
  const { templates } = scan.findings;
  let cache = tails.get(templates);
  if (!cache) {
    cache = new Array<string | undefined>(templates.length);
    tails.set(templates, cache);
  }
  let tail = cache[index];
  if (tail === undefined) {
    const { id: _id, scan_id: _scanId, ...fields } = findingListItem(scan, index);
    tail = JSON.stringify(fields).slice(1);
    cache[index] = tail;
  }
  return `{"id":"${findingIdOf(scan, index)}","scan_id":${JSON.stringify(scan.id)},${tail}`;
}

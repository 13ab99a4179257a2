import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FleetUsageError
} from "./chunk-6JNELK4N.js";

// src/fleet/ledger.ts
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
var Ledger = class _Ledger {
  path;
  #records;
  #fd;
  #scrub;
  constructor(path, records, append, scrub) {
    this.path = path;
    this.#scrub = scrub;
    this.#records = records;
    this.#fd = openSync(path, append ? "a" : "w");
  }
  /**
   * Opens the ledger at `path` for the run `run` names (its selection, shard and ref): a crashed run's is taken
   * over, a finished one (or none) is begun afresh, one left unfinished by another run is refused. Each line is
   * written through `scrub` (the face's secret scrubber).
   */
  static open(path, run, scrub = (text) => text) {
    const events = _Ledger.check(path, run);
    const unfinished = isUnfinished(events);
    const records = unfinished ? recordsOf(events) : /* @__PURE__ */ new Map();
    const ledger = new _Ledger(path, records, unfinished, scrub);
    if (run !== void 0) ledger.#append({ event: "begun", run });
    return ledger;
  }
  /** The events of the ledger at `path`, refused (a usage error) when another run left it unfinished. */
  static check(path, run) {
    const events = existsSync(path) ? readEvents(readFileSync(path, "utf8")) : [];
    const theirs = events.findLast((event) => event.event === "begun")?.run;
    if (run !== void 0 && theirs !== void 0 && theirs !== run && isUnfinished(events))
      throw new FleetUsageError(
        `--ledger ${path} was left unfinished by another run (${theirs}), not by this one (${run}): re-run that one with it, or give each selection and shard a ledger of its own.`
      );
    return events;
  }
  recorded(repositoryId) {
    return this.#records.get(repositoryId);
  }
  starting(repositoryId, repository, listed) {
    this.#records.set(repositoryId, { listed: [...listed], scanId: void 0, ended: false });
    this.#append({ event: "starting", repository_id: repositoryId, repository, listed: [...listed] });
  }
  started(repositoryId, scanId) {
    const record = this.#records.get(repositoryId);
    if (record?.scanId === scanId) return;
    this.#records.set(repositoryId, { listed: record?.listed, scanId, ended: false });
    this.#append({ event: "started", repository_id: repositoryId, scan_id: scanId });
  }
  ended(repositoryId, scanId) {
    const record = this.#records.get(repositoryId);
    if (record !== void 0) record.ended = true;
    this.#append({ event: "ended", repository_id: repositoryId, scan_id: scanId });
  }
  finished() {
    this.#append({ event: "finished" });
  }
  close() {
    closeSync(this.#fd);
  }
  /** One line, written through at once: the kernel keeps it even if the process is killed the next moment. */
  #append(event) {
    writeSync(this.#fd, `${this.#scrub(JSON.stringify({ ...event, at: (/* @__PURE__ */ new Date()).toISOString() }))}
`);
  }
};
function openScansOf(ledgerPath) {
  if (!existsSync(ledgerPath)) return [];
  const open = /* @__PURE__ */ new Set();
  for (const event of readEvents(readFileSync(ledgerPath, "utf8"))) {
    if (event.event === "started") open.add(event.scan_id);
    else if (event.event === "ended") open.delete(event.scan_id);
  }
  return [...open];
}
function isUnfinished(events) {
  return events.length > 0 && events.at(-1)?.event !== "finished";
}
function readEvents(text) {
  const events = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const event = JSON.parse(line);
      if (isLedgerEvent(event)) events.push(event);
    } catch {
    }
  }
  return events;
}
function isLedgerEvent(value) {
  if (typeof value !== "object" || value === null) return false;
  const event = value;
  switch (event.event) {
    case "begun":
      return typeof event.run === "string";
    case "starting":
      return typeof event.repository_id === "string" && Array.isArray(event.listed);
    case "started":
    case "ended":
      return typeof event.repository_id === "string" && typeof event.scan_id === "string";
    case "finished":
      return true;
    default:
      return false;
  }
}
function recordsOf(events) {
  const records = /* @__PURE__ */ new Map();
  for (const event of events) {
    if (event.event === "starting") {
      const listed = event.listed.filter((id) => typeof id === "string");
      records.set(event.repository_id, { listed, scanId: void 0, ended: false });
    } else if (event.event === "started") {
      const listed = records.get(event.repository_id)?.listed;
      records.set(event.repository_id, { listed, scanId: event.scan_id, ended: false });
    } else if (event.event === "ended") {
      const record = records.get(event.repository_id);
      if (record?.scanId === event.scan_id) record.ended = true;
    }
  }
  return records;
}

export {
  Ledger,
  openScansOf
};
//# sourceMappingURL=chunk-YF7BHBB6.js.map

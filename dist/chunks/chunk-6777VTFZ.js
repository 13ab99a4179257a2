import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FleetUsageError
} from "./chunk-ERRIPKIX.js";

// src/fleet/ledger.ts
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
var Ledger = class _Ledger {
  path;
  #records;
  #fd;
  #scrub;
  /** Seals each `started` line for the action's post step (StartSeal); none for svc. */
  #seal;
  /** How this run took the ledger it was given. */
  take;
  constructor(path, records, take, scrub) {
    this.path = path;
    this.take = take;
    this.#scrub = scrub;
    this.#records = records;
    this.#fd = openSync(path, take === "begin" ? "w" : "a");
  }
  /**
   * Opens the ledger at `path` for `run`, as ledgerTake decides: begun afresh (the file written anew), taken over
   * or replayed (appended to, its records kept). Each line is written through `scrub` (the face's secret scrubber).
   */
  static open(path, run, scrub = (text) => text, seal) {
    const events = existsSync(path) ? readEvents(readFileSync(path, "utf8")) : [];
    const take = ledgerTake(events, run, path);
    const records = take === "begin" ? /* @__PURE__ */ new Map() : recordsOf(events);
    const ledger = new _Ledger(path, records, take, scrub);
    ledger.#seal = seal;
    if (run !== void 0) ledger.#append({ event: "begun", run: run.run, run_id: run.runId });
    return ledger;
  }
  /** Refuses (a usage error) a ledger at `path` that another run left unfinished, before any request. */
  static check(path, run) {
    ledgerTake(existsSync(path) ? readEvents(readFileSync(path, "utf8")) : [], run, path);
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
    const mac = this.#seal?.of(scanId);
    this.#append({ event: "started", repository_id: repositoryId, scan_id: scanId, ...mac ? { mac } : {} });
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
function openScansOf(ledgerPath, seal) {
  if (!existsSync(ledgerPath)) return { open: [], ignored: [] };
  const open = /* @__PURE__ */ new Set();
  const ignored = [];
  for (const event of readEvents(readFileSync(ledgerPath, "utf8"))) {
    if (event.event === "started" && seal.holds(event.scan_id, event.mac)) open.add(event.scan_id);
    else if (event.event === "started") ignored.push(event.scan_id);
    else if (event.event === "ended") open.delete(event.scan_id);
  }
  return { open: [...open], ignored };
}
function isUnfinished(events) {
  return events.length > 0 && events.at(-1)?.event !== "finished";
}
function ledgerTake(events, run, path) {
  const theirs = events.findLast((event) => event.event === "begun");
  if (!isUnfinished(events))
    return run !== void 0 && run.runId !== null && theirs?.run_id === run.runId && theirs.run === run.run ? "replay" : "begin";
  if (run === void 0 || theirs === void 0) return "take-over";
  if (theirs.run !== run.run)
    throw new FleetUsageError(
      `--ledger ${path} was left unfinished by another run (${theirs.run}), not by this one (${run.run}): re-run that one with it, or give each selection and shard a ledger of its own.`
    );
  if (theirs.run_id !== null && theirs.run_id !== run.runId)
    throw new FleetUsageError(
      `--ledger ${path} was left unfinished by run ${theirs.run_id}, not by this run (${run.runId ?? "no run id"}): finish that run with it (--run-id), or give this run a ledger of its own.`
    );
  return "take-over";
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
      if (event.run_id === void 0) event.run_id = null;
      return typeof event.run === "string" && (event.run_id === null || typeof event.run_id === "string");
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
//# sourceMappingURL=chunk-6777VTFZ.js.map

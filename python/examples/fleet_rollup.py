"""Scan every repository of an organization (or of one project), a few at a time, and print the roll-up in the
JSON shape of `svc fleet scan --json`: `shard`, `repositories` (one entry each: `repository`, `scan_id`,
`status`, `gate`, `findings`, `error`) and `totals`. Exit 0 when all passed, 1 when one failed the gate, 4 when
none failed but one could not be judged, and 2 when the selection holds no repository, as `svc fleet scan` does.

    SVC_API_KEY=svc_sk_... SVC_API_URL=https://<host>/api/v1 python fleet_rollup.py --project-id prj_web
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from svc_scan import SEVERITIES, AsyncClient, PollTimeoutError, Repository, SvcError, is_at_or_above

Entry = dict[str, Any]


def zero_counts() -> dict[str, int]:
    return dict.fromkeys(SEVERITIES, 0)


async def judge(client: AsyncClient, repository: Repository, args: argparse.Namespace) -> Entry:
    entry: Entry = {
        "repository": repository.full_name,
        "scan_id": None,
        "status": "not-started",
        "gate": None,
        "findings": zero_counts(),
        "error": None,
    }
    try:
        scan = await client.create_scan(repository.id, ref=repository.default_branch or "HEAD")
        entry["scan_id"], entry["status"] = scan.id, scan.status
        done = await client.wait_for_scan(
            scan.id, interval=args.poll_interval, timeout=args.wait_timeout, cancel_on_timeout=True
        )
        entry["status"] = done.status
        report = await client.get_scan_report(done.id)
    except PollTimeoutError as error:
        entry["status"], entry["error"] = error.last_status, str(error)
        return entry
    except SvcError as error:
        entry["error"] = str(error)
        return entry
    counts = {**zero_counts(), **(report.severity_breakdown or {})}
    entry["findings"] = counts
    failing = args.fail_on != "none" and any(
        count and is_at_or_above(severity, args.fail_on) for severity, count in counts.items()
    )
    entry["gate"] = "failed" if failing or done.status != "completed" else "passed"
    return entry


def totals(entries: list[Entry]) -> dict[str, Any]:
    findings = zero_counts()
    for entry in entries:
        for severity, count in entry["findings"].items():
            findings[severity] = findings.get(severity, 0) + count
    return {
        "repositories": len(entries),
        "passed": sum(entry["gate"] == "passed" for entry in entries),
        "failed": sum(entry["gate"] == "failed" for entry in entries),
        "not_judged": sum(entry["gate"] is None for entry in entries),
        "findings": findings,
    }


def nothing_selected(project_id: str | None) -> str:
    """What `svc fleet scan` says of a selection of no repository, before its exit 2."""
    if project_id is None:
        return "The key sees no repository: there is nothing to scan."
    return f"Project {project_id} has no repository the key sees."


async def roll_up(args: argparse.Namespace) -> dict[str, Any] | None:
    """The roll-up; None when the selection holds no repository (a mistyped project id lists none)."""
    async with AsyncClient() as client:
        repositories = [repo async for repo in client.iter_repositories(project_id=args.project_id)]
        if not repositories:
            return None
        slots = asyncio.Semaphore(args.concurrency)

        async def one(repository: Repository) -> Entry:
            async with slots:
                return await judge(client, repository, args)

        entries = await asyncio.gather(*(one(repository) for repository in repositories))
    return {"shard": None, "repositories": entries, "totals": totals(entries)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--project-id")
    parser.add_argument("--fail-on", choices=[*SEVERITIES, "none"], default="high")
    parser.add_argument("--concurrency", type=int, default=10, help="scans in flight at once")
    parser.add_argument("--wait-timeout", type=float, default=600.0)
    parser.add_argument("--poll-interval", type=float, default=2.0)
    args = parser.parse_args()
    rollup = asyncio.run(roll_up(args))
    if rollup is None:
        print(nothing_selected(args.project_id), file=sys.stderr)
        return 2
    print(json.dumps(rollup, indent=2))
    summary = rollup["totals"]
    if summary["failed"]:
        return 1
    return 4 if summary["not_judged"] else 0


if __name__ == "__main__":
    sys.exit(main())

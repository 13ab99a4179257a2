"""Scan one repository at its default branch and gate on the report, as `svc scan` does: exit 0 when no finding
is at or above --fail-on (default high) and the scan completed, 1 when the gate failed, 2 on an error.

    SVC_API_KEY=svc_sk_... SVC_API_URL=https://<host>/api/v1 python scan_and_gate.py octo-org/webapp --fail-on high
"""

from __future__ import annotations

import argparse
import sys

from svc_scan import SEVERITIES, Client, PollTimeoutError, SvcError, is_at_or_above


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository", help="owner/name")
    parser.add_argument("--fail-on", choices=[*SEVERITIES, "none"], default="high")
    parser.add_argument("--wait-timeout", type=float, default=600.0, help="seconds; the scan is cancelled after")
    parser.add_argument("--poll-interval", type=float, default=2.0)
    args = parser.parse_args()
    try:
        with Client() as client:
            repository = client.get_repository(args.repository)
            scan = client.create_scan(repository.id, ref=repository.default_branch or "HEAD")
            print(f"scan {scan.id} of {repository.full_name} started", file=sys.stderr)
            done = client.wait_for_scan(
                scan.id, interval=args.poll_interval, timeout=args.wait_timeout, cancel_on_timeout=True
            )
            report = client.get_scan_report(done.id)
    except PollTimeoutError as error:
        print(f"not judged: {error}", file=sys.stderr)
        return 2
    except SvcError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    counts = report.severity_breakdown or {}
    failing = {
        severity: count
        for severity, count in counts.items()
        if count and args.fail_on != "none" and is_at_or_above(severity, args.fail_on)
    }
    print(f"{repository.full_name}: scan {done.id} {done.status}; findings {counts}")
    if done.status != "completed" or failing:
        print(f"gate failed: {failing or 'the scan did not complete'}")
        return 1
    print("gate passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Read every finding of one scan with the async client, pages in flight at once, and print them most severe
first with a count by severity. Exit 0, or 2 on an error (a scan the key does not see, among others).

    SVC_API_KEY=svc_sk_... SVC_API_URL=https://<host>/api/v1 python read_findings_async.py scan_webapp_nightly
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter

from svc_scan import AsyncClient, Finding, SvcError, severity_rank


async def read_all(scan_id: str, concurrency: int) -> list[Finding]:
    async with AsyncClient() as client:
        return [finding async for finding in client.iter_findings(scan_id=scan_id, concurrency=concurrency)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scan_id")
    parser.add_argument("--concurrency", type=int, default=16, help="pages in flight at once")
    args = parser.parse_args()
    try:
        findings = asyncio.run(read_all(args.scan_id, args.concurrency))
    except SvcError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for finding in sorted(findings, key=lambda item: severity_rank(item.severity)):
        place = f"{finding.file_path}:{finding.line}" if finding.file_path else "-"
        title = " ".join(finding.title.split())  # a title may hold line breaks: one finding, one line
        print(f"{finding.severity:<8} {place:<40} {title}")
    counts = Counter(finding.severity for finding in findings)
    print(f"{len(findings)} findings: " + ", ".join(f"{name} {count}" for name, count in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

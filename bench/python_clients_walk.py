"""`python bench/python_clients_walk.py sync|async|pages|raw BASE_URL API_KEY SCAN_ID [CONCURRENCY]`: reads every
finding of one scan with the Python client named, and prints one JSON line: findings read, distinct ids, wall and
CPU time of the walk (the import excluded) and the process's peak RSS. `pages` and `raw` read the same pages one
by one with the sync client's `list_findings`, plain and through `with_raw_response` (then `.parse()`), so that
the cost of a raw response is their difference. Run by bench/python-clients.ts, one process per client, so that
each one's peak RSS is its own."""

from __future__ import annotations

import asyncio
import json
import re
import resource
import sys
import time

from svc_scan import AsyncClient, Client

ID = re.compile(r"^fnd_\d+_(\d+)$")


class DistinctIds:
    """Counts distinct finding ids in a bitmap of their index (the emulator's ids are fnd_<scan>_<index>), so that
    the accounting adds a few KiB, not a set of 100,000 strings, to the peak RSS the walk is measured by."""

    def __init__(self) -> None:
        self.bits = bytearray(1 << 12)
        self.count = 0
        self.others: set[str] = set()

    def add(self, finding_id: str | None) -> None:
        match = ID.match(finding_id or "")
        if match is None:
            self.others.add(finding_id or "")
            return
        index = int(match.group(1))
        while index >> 3 >= len(self.bits):
            self.bits.extend(bytes(len(self.bits)))
        mask = 1 << (index & 7)
        if not self.bits[index >> 3] & mask:
            self.bits[index >> 3] |= mask
            self.count += 1

    def __len__(self) -> int:
        return self.count + len(self.others)


def walk_sync(base_url: str, api_key: str, scan_id: str) -> tuple[int, int]:
    read, ids = 0, DistinctIds()
    with Client(api_key=api_key, base_url=base_url) as client:
        for finding in client.iter_findings(scan_id=scan_id):
            read += 1
            ids.add(finding.id)
    return read, len(ids)


def walk_pages(base_url: str, api_key: str, scan_id: str, raw: bool) -> tuple[int, int]:
    read, ids, offset = 0, DistinctIds(), 0
    with Client(api_key=api_key, base_url=base_url) as client:
        while True:
            if raw:
                page = client.with_raw_response.list_findings(scan_id=scan_id, limit=50, offset=offset).parse()
            else:
                page = client.list_findings(scan_id=scan_id, limit=50, offset=offset)
            for finding in page.items:
                read += 1
                ids.add(finding.id)
            offset += page.limit
            if not page.items or offset >= page.total:
                return read, len(ids)


async def walk_async(base_url: str, api_key: str, scan_id: str, concurrency: int) -> tuple[int, int]:
    read, ids = 0, DistinctIds()
    async with AsyncClient(api_key=api_key, base_url=base_url) as client:
        async for finding in client.iter_findings(scan_id=scan_id, concurrency=concurrency):
            read += 1
            ids.add(finding.id)
    return read, len(ids)


def peak_rss_bytes() -> int:
    """This process's own peak RSS: VmHWM, which starts afresh at exec. Linux's ru_maxrss does not: it keeps the
    peak of the process that forked it (here, the bench's Node process), which would hide the walk's own."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main() -> None:
    kind, base_url, api_key, scan_id = sys.argv[1:5]
    concurrency = int(sys.argv[5]) if len(sys.argv) > 5 else 16
    cpu_start = time.process_time()
    started = time.perf_counter()
    if kind == "sync":
        read, distinct = walk_sync(base_url, api_key, scan_id)
    elif kind in ("pages", "raw"):
        read, distinct = walk_pages(base_url, api_key, scan_id, raw=kind == "raw")
    else:
        read, distinct = asyncio.run(walk_async(base_url, api_key, scan_id, concurrency))
    wall_ms = (time.perf_counter() - started) * 1000
    cpu_ms = (time.process_time() - cpu_start) * 1000
    peak = peak_rss_bytes()
    print(
        json.dumps({"findings": read, "distinct": distinct, "wallMs": wall_ms, "cpuMs": cpu_ms, "peakRssBytes": peak})
    )


main()

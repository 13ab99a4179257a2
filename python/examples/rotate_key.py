"""Rotate an API key: create a new one with the same role, check that it works, write it to a file only its
owner can read, then revoke the old one (by id). The secret is never printed.

    SVC_API_KEY=<an admin key> SVC_API_URL=https://<host>/api/v1 python rotate_key.py key_demo_ci ci-2 new-key.txt
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from svc_scan import Client, Role, SvcError


def write_secret(path: Path, secret: str) -> None:
    """Created with mode 0600, never readable by others, even for a moment."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(secret + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old_key_id", help="the id of the key to revoke (svc keys list), not its secret")
    parser.add_argument("new_name")
    parser.add_argument("secret_file", type=Path, help="where the new secret goes (must not exist)")
    parser.add_argument("--role", choices=["member", "admin"], default="member")
    args = parser.parse_args()
    role: Role = "admin" if args.role == "admin" else "member"
    try:
        with Client() as admin:
            created = admin.create_api_key(args.new_name, role=role)
            with Client(api_key=created.token, base_url=admin.base_url) as fresh:
                fresh.me()  # the new key works before the old one goes
            write_secret(args.secret_file, created.token)
            admin.revoke_api_key(args.old_key_id)
    except (SvcError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"created {created.id} ({created.role}, ...{created.last_four}); revoked {args.old_key_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""SVC_LOG=debug or SVC_LOG=info: the `svc_scan` logger writes to stderr at that level, as OPENAI_LOG does for
openai-python. Without it the library only logs to whatever handlers the application set up."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO}


class _SvcLogHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler SVC_LOG adds (marked by its class, so a second call adds none)."""


def setup_from_environment(env: Mapping[str, str] | None = None) -> None:
    value = (os.environ if env is None else env).get("SVC_LOG", "").strip().lower()
    level = LEVELS.get(value)
    if level is None:
        return
    logger = logging.getLogger("svc_scan")
    logger.setLevel(level)
    if not any(isinstance(handler, _SvcLogHandler) for handler in logger.handlers):
        handler = _SvcLogHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("[%(asctime)s %(name)s %(levelname)s] %(message)s"))
        logger.addHandler(handler)

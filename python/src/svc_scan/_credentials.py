"""Credentials, resolved exactly as the svc command-line tool and the TypeScript client resolve them
(src/client/credentials.ts): each of the key and the base URL comes from the first source that supplies it,
explicit argument, then SVC_API_KEY / SVC_API_URL, then ~/.svc/config.toml (api_key, base_url), then, for the
URL only, the built-in default. Values are trimmed; an empty one supplies nothing. The config file is read only
when a value is still missing."""

from __future__ import annotations

import ipaddress
import logging
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ._errors import ConfigError
from ._redact import Redactor, make_redactor

DEFAULT_BASE_URL = "https://api.svc-scan.example/api/v1"
VERSION_PREFIX = "/api/v1"
CONFIG_FILE_IN_HOME = Path(".svc") / "config.toml"

logger = logging.getLogger("svc_scan")


@dataclass(frozen=True)
class Credentials:
    api_key: str
    base_url: str
    api_key_source: str
    base_url_source: str

    def __repr__(self) -> str:
        return f"Credentials(base_url={self.base_url!r}, api_key_source={self.api_key_source!r})"


def config_path(env: Mapping[str, str]) -> Path:
    """~/.svc/config.toml, the home directory taken from the environment (HOME) as Node's os.homedir() does."""
    home = env.get("HOME") or os.path.expanduser("~")
    return Path(home) / CONFIG_FILE_IN_HOME


def resolve_credentials(api_key: str | None, base_url: str | None, env: Mapping[str, str] | None = None) -> Credentials:
    environment = os.environ if env is None else env
    path = config_path(environment)
    cache: dict[str, str] = {}
    loaded = False

    def from_config(name: str) -> Callable[[], str | None]:
        def read() -> str | None:
            nonlocal loaded
            if not loaded:
                cache.update(read_config_file(path))
                loaded = True
            return cache.get(name)

        return read

    key = _first_supplied(
        [
            ("argument", lambda: api_key),
            ("environment", lambda: environment.get("SVC_API_KEY")),
            ("config-file", from_config("api_key")),
        ]
    )
    if key is None:
        raise ConfigError(
            "No API key found. Pass api_key=..., set the SVC_API_KEY environment variable, "
            f"or log in with the svc command-line tool (svc login), which writes {path}."
        )
    url = _first_supplied(
        [
            ("argument", lambda: base_url),
            ("environment", lambda: environment.get("SVC_API_URL")),
            ("config-file", from_config("base_url")),
            ("default", lambda: DEFAULT_BASE_URL),
        ]
    )
    raw_url, url_source = url if url is not None else (DEFAULT_BASE_URL, "default")
    label = {
        "argument": "from the argument",
        "environment": "from SVC_API_URL",
        "config-file": f"from {path}",
        "default": "the built-in default",
    }[url_source]
    key_value = check_api_key(key[0])
    redact = make_redactor(key_value)
    normalized = normalize_base_url(raw_url, label, redact)
    if not has_version_prefix(normalized):
        logger.warning(
            "The service URL %s does not end with %s; request paths such as /scans are appended to it as given",
            redact(normalized),
            VERSION_PREFIX,
        )
    return Credentials(key_value, normalized, key[1], url_source)


def _first_supplied(sources: list[tuple[str, Callable[[], str | None]]]) -> tuple[str, str] | None:
    for source, read in sources:
        value = read()
        if value is not None and value.strip():
            return value.strip(), source
    return None


def check_api_key(api_key: str) -> str:
    """A header value cannot carry a space, a line break or non-ASCII: a pasted key with one is a mistake."""
    if any(not ("\x21" <= char <= "\x7e") for char in api_key):
        raise ConfigError(
            "The API key contains a space, a line break or a character outside printable ASCII; "
            "copy the key again, whole and alone."
        )
    return api_key


def read_config_file(path: Path) -> dict[str, str]:
    """api_key and base_url of the shared config file; empty when there is no file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise ConfigError(f"Could not read the config file {path}: {error.strerror or error}") from None
    _warn_if_shared(path)
    document = _parse_toml(text, path)
    values: dict[str, str] = {}
    for name in ("api_key", "base_url"):
        value = document.get(name)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ConfigError(f"The config file {path}: {name} must be a string")
        values[name] = value
    return values


def _parse_toml(text: str, path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - 3.10 only
        import tomli as tomllib
    try:
        document: dict[str, Any] = tomllib.loads(text)
        return document
    except tomllib.TOMLDecodeError as error:
        # The parser's message may quote the line it stopped at, which may be the key's: say only where.
        where = f" (line {error.lineno}, column {error.colno})" if hasattr(error, "lineno") else ""
        raise ConfigError(
            f"The config file {path} is not valid TOML{where}. Fix it, or log in again with svc login to rewrite it."
        ) from None


def _warn_if_shared(path: Path) -> None:
    if os.name == "nt":
        return
    mode = path.stat().st_mode & 0o777
    if mode & 0o077:
        logger.warning(
            "The config file %s holds the API key and is readable by other users (mode %04o); "
            "restrict it with: chmod 600 %s",
            path,
            mode,
            path,
        )


def normalize_base_url(raw: str, source: str, redact: Redactor) -> str:
    """Checks a base URL as the TypeScript client does and returns it without trailing slashes: http or https,
    plain http only to this machine (the key travels in every request), no user name, query or fragment."""
    shown = redact(raw)
    try:
        parts = urlsplit(raw)
        hostname = parts.hostname or ""
        _ = parts.port
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or not hostname:
        if parts is not None and parts.scheme and parts.netloc and parts.scheme not in ("http", "https"):
            raise ConfigError(
                f'The service URL "{shown}" ({source}) must start with https:// (or http:// for a local server)'
            )
        raise ConfigError(
            f'The service URL "{shown}" ({source}) is not a valid URL; expected one like '
            f"https://api.example.com{VERSION_PREFIX}"
        )
    if parts.username or parts.password:
        raise ConfigError(
            f"The service URL ({source}) contains a user name or password; remove them, the API key is sent as a header"
        )
    if parts.query or parts.fragment:
        raise ConfigError(f'The service URL "{shown}" ({source}) must not have a query or fragment')
    if parts.scheme == "http" and not is_loopback_host(hostname):
        raise ConfigError(
            f'The service URL "{shown}" ({source}) uses plain http to {hostname}, which would send the API '
            "key unencrypted. Use https, or plain http only with a loopback address (127.0.0.1, ::1 or "
            "localhost), e.g. for a local emulator."
        )
    return f"{parts.scheme}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def is_loopback_host(hostname: str) -> bool:
    """127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine.

    "localhost." keeps its dot: as a fully qualified name it is looked up in DNS, not in /etc/hosts.
    """
    host = hostname.lower().strip("[]")
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback


def has_version_prefix(base_url: str) -> bool:
    return urlsplit(base_url).path.rstrip("/").endswith(VERSION_PREFIX)


__all__ = ["DEFAULT_BASE_URL", "Credentials", "config_path", "resolve_credentials"]

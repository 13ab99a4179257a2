"""Credentials resolved as svc resolves them, a config written by the real `svc login` read unchanged, proxies
from the environment, and the package itself (version, light import, typed)."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import MOCK_KEY, NODE, ROOT, Emulator, Runner
from svc_scan import Client, ConfigError, __version__
from svc_scan._credentials import DEFAULT_BASE_URL, resolve_credentials


def write_config(home: Path, text: str, mode: int = 0o600) -> Path:
    path = home / ".svc" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(mode)
    return path


def test_the_credential_order_is_argument_environment_config_default(isolated_environment: Path) -> None:
    write_config(isolated_environment, 'api_key = "svc_sk_from_file"\nbase_url = "https://file.example/api/v1"\n')
    env = {"HOME": str(isolated_environment)}
    from_file = resolve_credentials(None, None, env)
    assert (from_file.api_key, from_file.base_url) == ("svc_sk_from_file", "https://file.example/api/v1")
    env |= {"SVC_API_KEY": "svc_sk_from_env", "SVC_API_URL": "https://env.example/api/v1/"}
    from_env = resolve_credentials(None, None, env)
    assert (from_env.api_key, from_env.base_url) == ("svc_sk_from_env", "https://env.example/api/v1")
    explicit = resolve_credentials("svc_sk_arg", "https://arg.example/api/v1", env)
    assert (explicit.api_key, explicit.base_url) == ("svc_sk_arg", "https://arg.example/api/v1")
    assert (explicit.api_key_source, explicit.base_url_source) == ("argument", "argument")


def test_each_value_comes_from_its_own_first_source(isolated_environment: Path) -> None:
    write_config(isolated_environment, 'base_url = "https://file.example/api/v1"\n')
    env = {"HOME": str(isolated_environment), "SVC_API_KEY": "  svc_sk_env  ", "SVC_API_URL": "  "}
    credentials = resolve_credentials("", None, env)
    assert credentials.api_key == "svc_sk_env"  # trimmed; the empty argument supplied nothing
    assert credentials.base_url == "https://file.example/api/v1"  # the blank variable supplied nothing
    assert credentials.base_url_source == "config-file"


def test_the_default_url(isolated_environment: Path) -> None:
    credentials = resolve_credentials("svc_sk_x", None, {"HOME": str(isolated_environment)})
    assert credentials.base_url == DEFAULT_BASE_URL == "https://api.svc-scan.example/api/v1"
    assert credentials.base_url_source == "default"


def test_the_placeholder_url_is_refused_naming_it_and_how_to_give_one() -> None:
    with pytest.raises(ConfigError) as caught:
        Client(api_key="svc_sk_x")
    assert DEFAULT_BASE_URL in str(caught.value)
    assert "placeholder" in str(caught.value)
    assert "SVC_API_URL" in str(caught.value)


def test_no_key_anywhere_is_a_config_error_saying_how_to_log_in(isolated_environment: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        Client()
    assert "svc login" in str(caught.value)
    assert "SVC_API_KEY" in str(caught.value)
    assert str(isolated_environment / ".svc" / "config.toml") in str(caught.value)


@pytest.mark.parametrize(
    ("url", "complaint"),
    [
        ("http://api.example.com/api/v1", "plain http"),
        ("ftp://api.example.com/api/v1", "https://"),
        ("https://user:pw@api.example.com/api/v1", "user name or password"),
        ("https://api.example.com/api/v1?x=1", "query or fragment"),
        ("not a url", "not a valid URL"),
    ],
)
def test_a_bad_base_url_is_refused(url: str, complaint: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(complaint)):
        Client(api_key="svc_sk_x", base_url=url)


def test_plain_http_is_allowed_to_loopback_only() -> None:
    for url in ("http://127.0.0.1:8080/api/v1", "http://localhost/api/v1", "http://[::1]:9/api/v1"):
        assert Client(api_key="svc_sk_x", base_url=url).base_url == url


def test_localhost_with_a_trailing_dot_is_not_loopback() -> None:
    # "localhost." is a fully qualified name that /etc/hosts does not hold: resolvers send it to DNS.
    with pytest.raises(ConfigError, match=re.escape("plain http to localhost.")):
        Client(api_key="svc_sk_x", base_url="http://localhost.:8080/api/v1")


def test_a_key_with_a_line_break_is_refused_without_showing_it() -> None:
    with pytest.raises(ConfigError) as caught:
        Client(api_key="svc_sk_abc\ndef")
    assert "svc_sk_abc" not in str(caught.value)


def test_a_broken_config_file_names_where_but_never_the_line(isolated_environment: Path) -> None:
    write_config(isolated_environment, f'api_key = "{MOCK_KEY}\n')
    with pytest.raises(ConfigError) as caught:
        Client()
    assert "not valid TOML" in str(caught.value)
    assert MOCK_KEY not in str(caught.value)
    write_config(isolated_environment, "api_key = 42\n")
    with pytest.raises(ConfigError, match="api_key must be a string"):
        Client()


def test_a_config_file_others_can_read_is_warned_about(
    isolated_environment: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_config(isolated_environment, 'api_key = "svc_sk_x"\nbase_url = "https://svc.test/api/v1"\n', mode=0o644)
    Client().close()
    assert "chmod 600" in caplog.text
    assert "svc_sk_x" not in caplog.text


def test_a_config_written_by_svc_login_is_read_unchanged(
    isolated_environment: Path, emulator: Emulator, kind: str
) -> None:
    cli = ROOT / "dist" / "cli.js"
    env = {name: value for name, value in os.environ.items() if not name.startswith("SVC_")}
    result = subprocess.run(
        [str(NODE), str(cli), "--api-url", emulator.base_url, "login", "--with-token"],
        input=f"{emulator.api_key}\n",
        capture_output=True,
        text=True,
        env=env | {"HOME": str(isolated_environment)},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    path = isolated_environment / ".svc" / "config.toml"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    runner = Runner(kind)  # no argument, no environment: the file only
    assert runner("me").user_id == "usr_ci"
    with Client() as client:
        assert client.base_url == emulator.base_url


def test_the_version_is_package_json_s() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    assert __version__ == package["version"]
    from importlib.metadata import version

    assert version("svc-scan") == package["version"]


def test_importing_the_package_loads_neither_httpx_nor_asyncio() -> None:
    code = "import sys, svc_scan; print(sorted(m for m in ('httpx', 'asyncio', 'httpcore') if m in sys.modules))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_the_package_is_typed() -> None:
    import svc_scan

    assert (Path(svc_scan.__file__).parent / "py.typed").exists()


def test_the_package_names_its_license_urls_and_the_pythons_ci_runs() -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - 3.10 only
        import tomli as tomllib

    project = tomllib.loads((ROOT / "python" / "pyproject.toml").read_text())["project"]
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "python" / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    assert set(project["urls"]) >= {"Homepage", "Source", "Issues"}
    named = sorted(c.rsplit(" ", 1)[1] for c in project["classifiers"] if re.fullmatch(r".* :: 3\.\d+", c))
    script = (ROOT / "scripts" / "test-python.sh").read_text()
    ci = re.search(r"\$\{CI:\+([\d. ]+)\}", script)
    assert ci is not None
    assert set(ci.group(1).split()) <= set(named)
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in named


def test_the_two_clients_methods_are_the_table_s() -> None:
    """Both shells' API methods (and their raw views) are generated from one table: hand edits that make them
    drift fail here."""
    script = ROOT / "python" / "scripts" / "generate_methods.py"
    result = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr

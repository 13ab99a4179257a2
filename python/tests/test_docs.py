"""The Python the docs show, run as a reader runs it: against the demo scenario, which `npm run emulator` starts
and docs/python.md tells the reader to start, with the key and URL the docs say to export."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import DEMO_MEMBER_KEY, ROOT, Emulator, running_emulator

FENCED_PYTHON = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def programs(path: Path) -> list[pytest.ParameterSet]:
    """The file's ```python blocks that are whole programs (they import what they use), each with its line."""
    text = path.read_text()
    found: list[pytest.ParameterSet] = []
    for match in FENCED_PYTHON.finditer(text):
        code = match.group(1)
        if code.startswith(("from ", "import ")):
            line = text.count("\n", 0, match.start()) + 1
            found.append(pytest.param(code, id=f"{path.relative_to(ROOT)}:{line}"))
    return found


DOCUMENTED = programs(ROOT / "docs" / "python.md") + programs(ROOT / "python" / "README.md")


@pytest.fixture(scope="module")
def demo() -> Iterator[Emulator]:
    with running_emulator("demo") as emulator:
        yield emulator


def test_every_example_of_docs_python_md_is_a_whole_program() -> None:
    """So that every one of them is run below, none skipped as a fragment."""
    page = ROOT / "docs" / "python.md"
    assert len(programs(page)) == len(FENCED_PYTHON.findall(page.read_text())) > 0


@pytest.mark.parametrize("code", DOCUMENTED)
def test_documented_program_runs(demo: Emulator, isolated_environment: Path, code: str) -> None:
    env = {name: value for name, value in os.environ.items() if not name.startswith(("SVC_", "HTTP"))}
    env |= {"SVC_API_KEY": DEMO_MEMBER_KEY, "SVC_API_URL": demo.base_url, "HOME": str(isolated_environment)}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip(), "the program printed nothing"

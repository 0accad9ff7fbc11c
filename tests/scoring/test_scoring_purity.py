"""The scoring engine stands alone: it imports nothing from the web stack."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "scoring"
WEB = ("flask", "flask_sqlalchemy", "flask_wtf", "sqlalchemy", "wtforms", "werkzeug")


def imported(path: Path) -> set[str]:
    """Return the top-level names of every module a file imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_the_engine_imports_nothing_from_flask_sqlalchemy_or_wtforms(path):
    assert not imported(path) & set(WEB)
    assert "scorekeeper" not in imported(path)

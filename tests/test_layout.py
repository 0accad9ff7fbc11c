"""The package's shape: layers point one way, folders and files stay small."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from api_helpers import Api

from scorekeeper.db.models import Game, db

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MODULES = sorted(PACKAGE.rglob("*.py"))
# The layers, lowest first: a module imports only from its own layer or below.
# The foundation (errors, text, config) and the engine sit under everything.
LAYERS = {"scoring": 0, "errors": 0, "text": 0, "config": 0, "db": 1, "results": 2}
LAYERS |= {"web": 3, "api": 3, "language": 3, "__init__": 5, "cli": 5, "serve": 5}
FEATURE = 4  # games, house_rules, history, players, seasons, nights


def name(path: Path) -> str:
    """Return a module's dotted name inside the package (db.store, cli)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


def imports(path: Path) -> set[str]:
    """Return the package's modules a file imports, as dotted names (db.store)."""
    package = name(path).split(".") if path.name == "__init__.py" else []
    if path.name != "__init__.py":
        package = name(path).split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            module = [*base, *(node.module or "").split(".")]
            module = [part for part in module if part]
            for alias in node.names:
                full = ".".join([*module, alias.name])
                as_module = (PACKAGE / full.replace(".", "/")).with_suffix(".py")
                is_package = PACKAGE / full.replace(".", "/") / "__init__.py"
                if as_module.exists() or is_package.exists():
                    found.add(full)
                elif module:
                    found.add(".".join(module))
    return found


def layer(module: str) -> int:
    """Return the layer a module belongs to."""
    return LAYERS.get(module.split(".")[0], FEATURE)


def feature(module: str) -> str | None:
    """Return the feature a module belongs to, if it is in one."""
    top = module.split(".")[0]
    return top if "." in module and layer(module) == FEATURE else None


def is_blueprint(module: str) -> bool:
    """Return whether a module holds routes: a feature's pages or API."""
    path = (PACKAGE / module.replace(".", "/")).with_suffix(".py")
    return path.exists() and "Blueprint(" in path.read_text()


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_no_module_is_longer_than_about_300_lines(path):
    if name(path).startswith("scoring."):
        pytest.skip("the engine may stay as it is")
    assert len(path.read_text().splitlines()) <= 300


def test_the_top_of_the_package_holds_at_most_eight_modules():
    assert len(list(PACKAGE.glob("*.py"))) <= 8


def test_no_folder_holds_more_than_a_dozen_modules():
    for folder in {path.parent for path in MODULES}:
        if folder != PACKAGE:
            assert len(list(folder.glob("*.py"))) <= 12, folder.name


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_layers_point_one_way(path):
    here = name(path)
    for imported in imports(path):
        assert layer(imported) <= layer(here), (here, imported)


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_no_feature_imports_another_features_pages_or_api(path):
    here = name(path)
    for imported in imports(path):
        other = feature(imported)
        if other and feature(here) and other != feature(here):
            assert not is_blueprint(imported), (here, imported)


def test_no_modules_import_each_other_in_a_circle():
    graph = {name(path): imports(path) for path in MODULES}
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, " -> ".join((*trail, module))
        if module in done:
            return
        for imported in graph.get(module, ()):
            if imported != module and not module.startswith(imported + "."):
                visit(imported, (*trail, module))
        done.add(module)

    for module in graph:
        visit(module, ())


# The services, the tables and what is derived from them: no web framework.
WEB_STACK = {"flask", "werkzeug", "flask_wtf", "wtforms"}
NO_FLASK = [
    path
    for path in MODULES
    if name(path).split(".")[0] in {"scoring", "results", "db"}
    or path.name in {"service.py", "exports.py", "merging.py", "table.py", "text.py"}
]


@pytest.mark.parametrize("path", NO_FLASK, ids=name)
def test_the_services_import_nothing_from_flask_or_werkzeug(path):
    if name(path) == "db.migration":
        pytest.skip("Flask-Migrate runs the migrations when the app starts")
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [alias.name for alias in node.names]
            for module in names:
                assert module.split(".")[0] not in WEB_STACK, (path, module)


ROUTES = [path for path in MODULES if is_blueprint(name(path))]


@pytest.mark.parametrize("path", ROUTES, ids=name)
def test_the_pages_and_the_api_import_no_model(path):
    for imported in imports(path):
        assert not imported.endswith(".models"), (name(path), imported)


def test_rescore_rebuilds_every_stored_ending_from_the_hands(app, client, runner):
    api = Api(client)
    won = api.create()
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    playing = api.create()
    with app.app_context():
        for game in db.session.execute(db.select(Game)).scalars():
            game.ending = {won["id"]: None, playing["id"]: "back_door"}[game.id]
        db.session.commit()
    result = runner.invoke(args=["rescore"])
    assert result.exit_code == 0 and "Rescored 2 games." in result.output
    with app.app_context():
        endings = {
            g.id: g.ending for g in db.session.execute(db.select(Game)).scalars()
        }
    assert endings == {won["id"]: "front_door", playing["id"]: None}


def test_no_two_test_modules_share_a_name():
    # pytest imports test modules by their name alone (the folders are on its
    # path): two of one name stop the whole run at collection.
    names = [path.name for path in (PACKAGE.parent / "tests").rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []

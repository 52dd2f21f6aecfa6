"""The house's shape, read from its source: no import circles in companion/, no import from a
higher layer, no module over 400 lines without a reason, no comment carrying a date or a
benchmark figure.

Imports counted: every ``import`` and ``from … import`` statement, at module level and inside
functions alike (an import put off into a function still makes the two modules need each other;
putting it off hides a circle, it does not break it). Not counted: imports under
``if TYPE_CHECKING:`` (never run: they let a type annotation name a class), and a package
imported because one of its modules is (Python does that for every module alike)."""
import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "companion"
LINES_LIMIT = 400
REASON = "Over 400 lines because"


def modules_of(folder: Path) -> dict[str, tuple[Path, bool]]:
    """Each module's dotted name: its file and whether it is a package's ``__init__``."""
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the import statements under ``if TYPE_CHECKING:``."""
    hidden = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return hidden


def imports_of(name: str, modules: dict[str, tuple[Path, bool]]) -> dict[str, int]:
    """The modules of ``modules`` that module ``name`` imports, each with a line importing it."""
    path, is_package = modules[name]
    package = name if is_package else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = _type_checking_only(tree)
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name: node.lineno for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                target = target if target in modules else base
                if target in modules:
                    found[target] = node.lineno
    return found


def circles(modules: dict[str, tuple[Path, bool]]) -> list[list[str]]:
    """The import circles: each group of two or more modules that import one another, directly or
    through others (the graph's strongly connected components, Tarjan's)."""
    graph = {m: imports_of(m, modules) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_modules_of_companion_import_each_other_in_a_circle():
    modules = modules_of(APP)
    assert len(modules) > 100 and "companion.groups.plays" in modules
    assert circles(modules) == []


def test_the_circle_finder_sees_circles_through_function_imports_and_packages(tmp_path):
    pkg = tmp_path / "town"
    (pkg / "rooms").mkdir(parents=True)
    (pkg / "__init__.py").write_text("def make():\n    from . import hall\n")
    (pkg / "hall.py").write_text("from .rooms import kitchen\n")
    (pkg / "rooms" / "__init__.py").write_text("")
    (pkg / "rooms" / "kitchen.py").write_text("from .. import make\n")  # back up to the package
    (pkg / "rooms" / "attic.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..hall import x\n")
    (pkg / "cellar.py").write_text("import town.rooms.attic\n")
    modules = modules_of(pkg)
    assert imports_of("town.cellar", modules) == {"town.rooms.attic": 1}
    assert imports_of("town.rooms.attic", modules) == {}
    assert circles(modules) == [["town", "town.hall", "town.rooms.kitchen"]]


#: The layers of companion/, lowest first: a module imports from its own layer or lower ones,
#: never from a higher one. The rules library knows nothing of storage; the store nothing of
#: groups or pages; the web helpers nothing of the views that use them; the views nothing of the
#: package that registers them; the app factory nothing of the process that serves it. A module
#: is in the layer of the longest prefix that names it; ``companion.web`` itself (the package
#: that registers every view) is the app's.
LAYERS = (
    ("rules", ("companion.games", "companion.reference")),
    ("store", ("companion.store",)),
    ("groups", ("companion.groups",)),
    ("web helpers", ("companion.web",)),
    ("views", ("companion.web.views", "companion.web.extras")),
    ("app", ("companion", "=companion.web")),
    ("serving", ("companion.serving",)),
)


def layer_of(name: str, layers=LAYERS) -> int:
    """The index of the layer ``name`` is in (a prefix ``=x`` names module ``x`` alone)."""
    best = (-1, -1)
    for i, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            exact = prefix.startswith("=")
            prefix = prefix.lstrip("=")
            if name == prefix or (not exact and name.startswith(prefix + ".")):
                best = max(best, (len(prefix) + exact, i))
    assert best[1] >= 0, f"{name} is in no layer"
    return best[1]


def upward_imports(modules: dict[str, tuple[Path, bool]], layers=LAYERS) -> list[str]:
    """Each import of a module from a higher layer than its own, as "module:line -> imported"."""
    return [f"{m}:{line} -> {target}" for m in sorted(modules)
            for target, line in imports_of(m, modules).items()
            if layer_of(target, layers) > layer_of(m, layers)]


def test_no_module_of_companion_imports_from_a_higher_layer():
    modules = modules_of(APP)
    assert {"companion.store.db", "companion.web.views.play", "companion.serving.serve"} <= \
        set(modules)
    assert upward_imports(modules) == []


def test_the_layer_check_sees_an_import_from_a_higher_layer(tmp_path):
    pkg = tmp_path / "town"
    (pkg / "cellar").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .cellar import wine\n")  # the top may import down
    (pkg / "cellar" / "__init__.py").write_text("")
    (pkg / "cellar" / "wine.py").write_text("def pour():\n    from ..roof import tiles\n")
    (pkg / "roof.py").write_text("from .cellar import wine\n")
    layers = (("cellar", ("town.cellar",)), ("roof", ("town.roof",)), ("top", ("town",)))
    assert upward_imports(modules_of(pkg), layers) == ["town.cellar.wine:2 -> town.roof"]


def long_modules_without_reason(folder: Path) -> list[str]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n")
        if lines > LINES_LIMIT and REASON not in (ast.get_docstring(ast.parse(text)) or ""):
            out.append(f"{path.relative_to(folder.parent)}: {lines} lines")
    return out


def test_no_module_of_companion_is_over_400_lines_without_a_reason_in_its_docstring():
    assert long_modules_without_reason(APP) == []


def test_a_long_module_needs_the_reason_in_its_docstring_not_just_anywhere(tmp_path):
    (tmp_path / "app").mkdir()
    body = "x = 1\n" * LINES_LIMIT
    (tmp_path / "app" / "short.py").write_text('"""Short."""\n' + "x = 1\n" * 10)
    (tmp_path / "app" / "long.py").write_text(f'"""Long."""\n# {REASON} nothing\n' + body)
    (tmp_path / "app" / "said.py").write_text(f'"""Long.\n\n{REASON} it must."""\n' + body)
    found = long_modules_without_reason(tmp_path / "app")
    assert found == [f"app/long.py: {LINES_LIMIT + 2} lines"]


#: What a comment must not carry: a date, or a figure of a measurement (a time, a share of the
#: CPU, a count of simulated tables, a percentile). Their place is BENCHMARKS.md, the README's
#: "Production" or a commit message; a comment says why in a line.
FIGURES = re.compile(
    r"\b(19|20)\d\d-\d\d-\d\d\b"  # a date
    r"|\d\s*(ms|µs|us|ns)\b|\bmilli(second)?s?\b|\bmicroseconds?\b"  # a time measured
    r"|\d\s*%"  # a share (of a core, of a page's time)
    r"|\b\d[\d,]*(-\d+)?\s+tables\b"  # a load simulated
    r"|\bp9[059]\b",  # a percentile
    re.IGNORECASE)


def comments_with_figures(path: Path) -> list[str]:
    """The comments and docstrings of a module that carry a date or a benchmark figure."""
    out = []
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in tokens:
        quotes = tok.string.lstrip("rbuRBU")[:3]
        docstring = tok.type == tokenize.STRING and quotes in ('"""', "'''")
        if (tok.type == tokenize.COMMENT or docstring) and FIGURES.search(tok.string):
            out.append(f"{path.name}:{tok.start[0]}: {FIGURES.search(tok.string).group(0)}")
    return out


def test_no_comment_in_companion_carries_a_date_or_a_benchmark_figure():
    found = [hit for path in sorted(APP.rglob("*.py")) for hit in comments_with_figures(path)]
    assert found == []


@pytest.mark.parametrize("comment", [
    "# measured on 2026-11-26", "# at 250 tables it failed", "# 5 ms instead of 35",
    "# 123 % of a core", "# the page's p95", '"""Babel is slow (~40 µs)."""',
    '"""about half a millisecond"""'])
def test_the_figure_check_sees_dates_and_measurements(tmp_path, comment):
    (tmp_path / "m.py").write_text(f"{comment}\nx = 1\n")
    assert comments_with_figures(tmp_path / "m.py") != []


def test_the_figure_check_reads_comments_and_docstrings_not_code(tmp_path):
    (tmp_path / "m.py").write_text('"""Two processes per core, at most 8."""\n'
                                   'WAIT = "5 ms"  # a string, not a comment\n# 3 tables\n')
    assert comments_with_figures(tmp_path / "m.py") == ["m.py:3: 3 tables"]

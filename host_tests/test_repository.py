"""The repository itself: no merge leftovers in the files a user or the board reads."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKERS = ("<<<<<<< ", ">>>>>>> ")


def test_no_file_holds_a_merge_conflict_marker():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in files:
        if not name.endswith((".py", ".md", ".json", ".js", ".html", ".css", ".txt", ".fish", "Makefile", ".toml")):
            continue
        path = os.path.join(ROOT, name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                if line.startswith(MARKERS) or line.rstrip("\n") == "=======":
                    found.append("%s:%d" % (name, number))
    assert found == []


def firmware_imports():
    """{module: the fishtable modules it imports (at the top or inside a function)} of firmware/,
    leaving out a submodule's imports of its own package (a package's constants)."""
    import ast

    firmware = os.path.join(ROOT, "firmware")
    graph = {}
    for folder, _, files in os.walk(os.path.join(firmware, "fishtable")):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            module = os.path.relpath(path, firmware)[:-3].replace(os.sep, ".")
            module = module[: -len(".__init__")] if module.endswith(".__init__") else module
            found = set()
            with open(path) as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module + "." + a.name for a in node.names] + [node.module]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                for full in names:  # modules and packages (a name imported from a module is neither)
                    where = os.path.join(firmware, *full.split("."))
                    if full.startswith("fishtable") and (os.path.exists(where + ".py") or os.path.isdir(where)):
                        found.add(full)
            graph[module] = set(m for m in found if m != module and not module.startswith(m + "."))
    return graph


def test_the_firmware_has_no_import_circle():
    """ui/app -> ui/menu -> ui/players -> ui/app was the last one: a module reached again from
    itself is loaded half-made on the board, and its RAM cannot be dropped."""
    graph = firmware_imports()
    circles = []

    def walk(start, module, path):
        for nxt in sorted(graph.get(module, ())):
            if nxt == start:
                circles.append(" -> ".join(path + [nxt]))
            elif nxt not in path and len(path) < 8:
                walk(start, nxt, path + [nxt])

    for module in sorted(graph):
        walk(module, module, [module])
    # left to the store's own issue: journal imports played at the end of a game, played imports
    # journal's check inside a function (both loaded only then)
    known = {"fishtable.store.journal", "fishtable.store.played"}
    circles = [c for c in circles if not set(c.split(" -> ")) <= known]
    assert "fishtable.ui.menu" in graph["fishtable.ui.app"] and "fishtable.ui.widgets" in graph["fishtable.ui.players"]
    assert not circles, "\n".join(circles)


def test_the_host_tools_take_their_paths_from_tools_bootstrap_alone():
    """No module under tools/ changes sys.path itself (code it writes for another interpreter is
    text, not counted), but tools/bootstrap.py and the three programs that also run under
    `python3 -I` (they put tools/ on the path to find the bootstrap)."""
    import ast

    allowed = {"bootstrap.py", "replay.py", "history.py", "scanlink.py"}
    found = []
    for folder, _, files in os.walk(os.path.join(ROOT, "tools")):
        for name in files:
            path = os.path.join(folder, name)
            if not name.endswith(".py") or (name in allowed and folder == os.path.join(ROOT, "tools")):
                continue
            with open(path) as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                target = node.func.value if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else (
                    node.targets[0].value if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript)
                    else None)
                if (isinstance(target, ast.Attribute) and target.attr == "path" and isinstance(target.value, ast.Name)
                        and target.value.id == "sys"):
                    found.append("%s:%d" % (os.path.relpath(path, ROOT), node.lineno))
    assert not found, found

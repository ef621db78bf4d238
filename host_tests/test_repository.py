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

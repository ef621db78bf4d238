"""A fresh clone anywhere: the MicroPython tests pass at a 200-character path, and each command
installs only what it needs.

The unix port keeps module file names as strings on its heap, so a long checkout path once tipped
a test whose harness ran close to a small heap (MemoryError in CI).  The harnesses now have a
generous heap (mprun.HARNESS_HEAP); this proves it on every run: the tests that run the firmware
under MicroPython, and the replay tool in its Pico-sized heap, pass from a copy of the checkout
at a path of 200 characters.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LONG = 200  # characters of the checkout's path
# What the chosen tests read below the checkout (.venv and node_modules are linked: the unix port,
# the WebAssembly VM).
COPIED = ("firmware", "tools", "host_tests", "records", "boards", "web", "pyproject.toml", "package.json")
# The MicroPython runs that hold the most beside the firmware, and the replay tool (192K heap).
TESTS = (
    "host_tests/test_stats.py::test_the_board_folds_the_same_figures_under_micropython",
    "host_tests/test_store_powercut.py::test_micropython_sweeps_one_record",
    "host_tests/test_stats_powercut.py::test_the_sweep_under_micropython",
    "host_tests/test_replay_mutations.py::test_the_command_line_answers_with_the_exit_status",
    "host_tests/test_runners.py",
)


def long_checkout(base):
    """A copy of the checkout's tested parts at a path exactly LONG characters long, below `base`."""
    pad = LONG - len(os.path.join(os.path.abspath(base), ""))
    assert pad > 0, base
    root = os.path.join(os.path.abspath(base), ("fishtable-" * LONG)[:pad])
    os.makedirs(root)
    skip = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".hypothesis")
    for name in COPIED:
        source = os.path.join(ROOT, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(root, name), ignore=skip)
        else:
            shutil.copy(source, root)
    for name in (".venv", "node_modules"):
        if os.path.isdir(os.path.join(ROOT, name)):
            os.symlink(os.path.join(ROOT, name), os.path.join(root, name))
    return root


def test_the_micropython_tests_pass_from_a_200_character_path(tmp_path):
    root = long_checkout(str(tmp_path))
    assert len(root) == LONG
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    argv = [sys.executable, "-m", "pytest", "-n", "0", "-o", "addopts=--timeout=900", "-q", "-p", "no:cacheprovider"]
    proc = subprocess.run(argv + list(TESTS),
                          capture_output=True, text=True, cwd=root, env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    summary = proc.stdout.strip().split("\n")[-1]
    assert " passed" in summary and "skipped" not in summary and "deselected" not in summary, summary


def dry_run(folder, target):
    """What `make TARGET` would run in a fresh clone (`make -n`: nothing is run)."""
    proc = subprocess.run(["make", "-n", target], capture_output=True, text=True, cwd=folder)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_each_command_installs_only_what_it_needs(tmp_path):
    """A player's first `make sim` installs requirements.txt, not the development set; the
    development set (which includes it) comes with `make test`; both files are pinned."""
    for name in ("Makefile", "requirements.txt", "requirements-dev.txt", "package.json", "package-lock.json"):
        shutil.copy(os.path.join(ROOT, name), str(tmp_path))
    for target in ("sim", "flash", "uf2", "history", "players", "pull", "web"):
        out = dry_run(str(tmp_path), target)
        assert "-m venv .venv" in out and "-r requirements.txt" in out and "requirements-dev" not in out, target
        assert ("npm ci" in out) == (target == "web"), target
    out = dry_run(str(tmp_path), "test")
    assert "-r requirements-dev.txt" in out and "npm ci" in out and "pytest" in out
    for name in ("requirements.txt", "requirements-dev.txt"):
        with open(os.path.join(ROOT, name)) as f:
            lines = [line.split("#")[0].strip() for line in f]
        lines = [line for line in lines if line]
        assert all("==" in line for line in lines if not line.startswith("-r ")), name
    with open(os.path.join(ROOT, "requirements-dev.txt")) as f:
        assert "-r requirements.txt" in f.read().split("\n")

"""tools/history.py: a folder of records (the board's history) summarised as text and a PNG chart."""

import os
import subprocess
import sys

import pytest

from fishtable.core.match import Match
from fishtable.store import OsFs, Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "history.py")
for _path in (os.path.join(ROOT, "tools", "devices"), os.path.join(ROOT, "host_tests"), os.path.join(ROOT, "tools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import history  # noqa: E402
from test_store_sweep import random_game  # noqa: E402


def run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True, cwd=ROOT)


def save(store, match):
    """Journal `match` through the store the way the board does, then finish it into the history."""
    statements = list(match.statements)
    fresh = Match(match.name, match.players, match.start, match.options)
    store.begin(fresh)
    for stmt in statements:
        store.append(fresh, stmt)
        fresh.submit(stmt)
    return store.finish(fresh) if fresh.game.over else None


@pytest.fixture
def folder(tmp_path):
    """A board's /data/history with finished games of all three games, one unfinished and one broken record."""
    store = Store(OsFs(), str(tmp_path / "data"))
    games = []
    for seed in range(6):
        for name, players in (("hecht", 3 + seed % 4), ("hifisch", 2 + seed % 3), ("yofish", 3 + seed % 2)):
            match = random_game(name, players, seed)
            if not match.game.over:
                pytest.skip("the %s core cannot play a whole game yet" % name)
            save(store, match)
            games.append(match)
    hist = tmp_path / "data" / "history"
    (hist / "0100-yofish.fish").write_text("\n".join(random_game("yofish", 3, 1, limit=5).lines()) + "\n")
    (hist / "0101-hecht.fish").write_text("fishtable 1\ngame hecht\nplayers 9\n")
    (hist / "notes.txt").write_text("not a record\n")
    return str(hist), games


def expected(games, name):
    seats = max(m.players for m in games if m.name == name)
    wins = [0] * seats
    sums = [0] * seats
    counts = [0] * seats
    for m in games:
        if m.name != name:
            continue
        for p in m.game.winners():
            wins[p - 1] += 1
        for i, score in enumerate(m.game.scores()):
            sums[i] += score
            counts[i] += 1
    labels = [history.label(name, p) for p in range(1, seats + 1)]
    return (
        "  wins:          " + ", ".join("%s: %d" % (labels[i], wins[i]) for i in range(seats)),
        "  average score: " + ", ".join("%s: %.1f" % (labels[i], sums[i] / counts[i]) for i in range(seats)),
        wins,
    )


def test_labels_are_pike_colours_in_hecht_only():
    assert [history.label("hecht", p) for p in range(1, 7)] == ["red", "yellow", "blue", "green", "orange", "white"]
    assert history.label("hifisch", 2) == "player 2" and history.label("yofish", 4) == "player 4"


def test_text_summary_counts_games_wins_and_average_scores(folder):
    path, games = folder
    out = run(path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0] == "18 finished games"
    for name, title in (("hifisch", "Hi Fisch!"), ("hecht", "Hecht"), ("yofish", "Yo Fish!")):
        extra = ", 1 unfinished" if name == "yofish" else ""
        at = lines.index("%s: 6 played%s" % (title, extra))
        wins, scores, _ = expected(games, name)
        assert lines[at + 1 : at + 3] == [wins, scores]
    assert "1 record skipped:" in lines
    assert any(line.startswith("  0101-hecht.fish: line 3") for line in lines)
    assert "red: " in out.stdout and "player 3: " in out.stdout


def test_png_chart_draws_the_wins(folder, tmp_path):
    from PIL import Image

    path, games = folder
    png = str(tmp_path / "wins.png")
    out = run(path, "--png", png)
    assert out.returncode == 0, out.stderr
    image = Image.open(png).convert("RGB")
    assert image.size == (640, 36 + 190 * 3)
    colours = set(colour for _, colour in image.getcolors(maxcolors=1 << 20))
    hecht_wins = expected(games, "hecht")[2]
    for player, colour in enumerate(("red", "yellow", "blue", "green", "orange")):
        assert (history.RGB[colour] in colours) == (hecht_wins[player] > 0), colour
    assert history.SEAT_RGB[0] in colours  # the other games' bars


def test_empty_folder_and_usage(tmp_path):
    out = run(str(tmp_path), "--png", str(tmp_path / "x.png"))
    assert out.returncode == 0 and out.stdout == "0 finished games\n"
    assert os.path.exists(str(tmp_path / "x.png"))
    assert run().returncode == 2
    assert run(str(tmp_path / "missing")).returncode == 2
    assert run(str(tmp_path), "--png").returncode == 2


def test_bare_python_missing_folder_and_bad_files_are_told_briefly(tmp_path):
    bad = tmp_path / "0001-yofish.fish"
    bad.write_bytes(b"fishtable 1\ngame yofish\nplayers 3\nplace " + b"7" * 100000 + b"\n")
    (tmp_path / "0002-hecht.fish").write_bytes(b"\xff\xfe\n" * 1000)
    out = subprocess.run([sys.executable, "-I", TOOL, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and len(out.stdout) < 400, out.stdout
    assert "0001-yofish.fish: line 4: longer than 200 bytes" in out.stdout
    assert "0002-hecht.fish: line 1: byte 1: not ASCII outside a comment" in out.stdout
    missing = run(str(tmp_path / "gone"))
    assert missing.returncode == 2 and "gone not found" in missing.stderr and len(missing.stderr) < 200

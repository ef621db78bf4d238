"""tools/history.py: a folder of records (the board's history) as per-player tables, exports and charts;
its tables are the board's own statistics files."""

import csv
import glob
import io
import json
import os
import subprocess
import sys

import history
import pytest
from fw import named_games
from fw.helpers import player_line
from fw.store_sweep import random_game

from fishtable.core.stats import Table
from fishtable.store import OsFs, Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "history.py")

RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
GAMES = ("hifisch", "hecht", "yofish")


def run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True, cwd=ROOT)


def texts():
    found = []
    for path in RECORDS:
        with open(path) as handle:
            found.append(handle.read())
    return found


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """A board's /data after 30 named games (guests among them) finished through its store."""
    data = tmp_path_factory.mktemp("board") / "data"
    store = Store(OsFs(), str(data))
    matches = named_games.games(texts(), 3)
    for match in matches:
        named_games.play(store, match)
    return store, matches


def device_table(store, game):
    """The board's stats file of `game`, read as it is on flash."""
    table = Table(game)
    with open(os.path.join(store.root, "stats", game + ".txt"), "rb") as handle:
        for line in handle.read().split(b"\n"):
            if line and not line.startswith(b"check="):
                table.take(line, 0, len(line))
    return table


def test_the_tables_are_the_boards_stats_files(board):
    store, matches = board
    out = run(store.history_dir)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0] == "30 finished games"
    plays, unfinished, problems = history.collect(store.history_dir)
    hosts = history.tables(plays)
    for game in GAMES:
        device = device_table(store, game)
        assert device.same(hosts[game]) and device.games == sum(1 for m in matches if m.name == game)
        at = lines.index("%s: %d games, average winning score %s, average length %s turns" % (
            history.TITLES[game], device.games, device.average_win(), device.average_turns()))
        assert lines[at + 1].split() == ["player", "games", "wins", "win", "%", "best", "average", "last"]
        shown = [line.split() for line in lines[at + 2 : at + 2 + len(device.names)]]
        # the board's Stats pages come in device.order(): make history ranks the same way
        assert shown == [player_line(device, i).split() for i in device.order()]
        wins = [int(line[2]) for line in shown]
        assert wins == sorted(wins, reverse=True)  # most wins first, then win rate, then games, then name
        for a, b in zip(shown, shown[1:]):
            if a[2] == b[2]:
                assert (int(a[3][:-1]), int(a[1]), b[0].lower()) >= (int(b[3][:-1]), int(b[1]), a[0].lower()), (a, b)
        assert "Guest" not in lines[at + 2 : at + 2 + len(device.names)]


def test_exports_have_one_row_per_player_per_game(board, tmp_path):
    store, matches = board
    out = run(store.history_dir, "--csv", str(tmp_path / "plays.csv"), "--json", str(tmp_path / "plays.json"))
    assert out.returncode == 0, out.stderr
    with open(tmp_path / "plays.csv", newline="") as handle:
        table = list(csv.reader(handle))
    with open(tmp_path / "plays.json") as handle:
        rows = json.load(handle)
    assert table[0] == list(history.COLUMNS)
    assert len(rows) == len(table) - 1 == sum(m.players for m in matches)
    at = 0
    for number, match in enumerate(matches, 1):
        scores = match.game.scores()
        for seat in range(match.players):
            row = rows[at]
            assert row == {
                "date": None, "play": number, "game": match.name, "title": history.TITLES[match.name], "minutes": None,
                "player": match.names[seat], "seat": seat + 1,
                "colour": match.colours[seat], "score": scores[seat], "rank": row["rank"],
                "winner": seat + 1 in match.game.winners(),
            }
            assert (row["rank"] == 1) == row["winner"]
            for other in rows:  # more points, a better rank
                if other["play"] == number and other["score"] > row["score"]:
                    assert other["rank"] < row["rank"]
            assert table[at + 1] == ["", str(number), match.name, history.TITLES[match.name], "", match.names[seat],
                                     str(seat + 1),
                                     match.colours[seat], str(scores[seat]), str(row["rank"]),
                                     "1" if row["winner"] else "0"]
            at += 1
    assert any(r["player"] == "Guest" for r in rows)
    stdout = run(store.history_dir, "--csv", "-")
    assert stdout.returncode == 0 and stdout.stdout.split("\n")[0] == ",".join(history.COLUMNS)
    assert list(csv.reader(io.StringIO(stdout.stdout))) == table


def test_ranks_follow_the_games_tie_break():
    # hifisch-3p: 11, 9, 11 points, the tie broken by the highest numberfish: player 3 wins
    plays, _, _ = history.collect(os.path.join(ROOT, "records"))
    hifisch3 = [p for p in plays if p.file == "hifisch-3p.fish"][0]
    assert hifisch3.match.game.scores() == [11, 9, 11] and hifisch3.ranks() == [2, 3, 1]


def test_records_without_names_are_player_n_in_the_boards_default_colours():
    out = run(os.path.join(ROOT, "records"), "--json", "-")
    rows = json.loads(out.stdout)
    assert {r["player"] for r in rows} == {"player %d" % n for n in range(1, 7)}
    defaults = ("red", "yellow", "blue", "green", "orange", "white")
    assert all(r["colour"] == defaults[r["seat"] - 1] for r in rows)
    assert [r["play"] for r in rows if r["seat"] == 1] == list(range(1, 11))  # numbered by name
    text = run(os.path.join(ROOT, "records")).stdout
    assert "10 finished games" in text and "  player 1 " in text


def test_unfinished_and_broken_records_are_counted_apart(tmp_path):
    (tmp_path / "0001-yofish.fish").write_text("\n".join(random_game("yofish", 3, 1, limit=5).lines()) + "\n")
    (tmp_path / "0002-hecht.fish").write_text("fishtable 1\ngame hecht\nplayers 9\n")
    (tmp_path / "notes.txt").write_text("not a record\n")
    with open(RECORDS[0]) as handle:
        (tmp_path / "0003-hecht.fish").write_text(handle.read())
    out = run(str(tmp_path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0] == "1 finished game, 1 unfinished"
    assert "Yo Fish!: 0 games (1 unfinished)" in lines
    assert "1 record skipped:" in lines
    assert any(line.startswith("  0002-hecht.fish: line 3") for line in lines)


def test_png_charts_draw_wins_over_time_and_scores(board, tmp_path):
    from PIL import Image

    store, matches = board
    png = str(tmp_path / "history.png")
    out = run(store.history_dir, "--png", png)
    assert out.returncode == 0, out.stderr
    image = Image.open(png).convert("RGB")
    assert image.size == (2 * history.PANEL_W + 20, history.TOP + 3 * history.PANEL_H)
    colours = set(colour for _, colour in image.getcolors(maxcolors=1 << 20))
    assert history.LINE_COLOURS[0] in colours and history.LINE_COLOURS[5] in colours  # six players' lines
    assert (30, 60, 150) in colours and (150, 180, 225) in colours  # winners' and others' scores
    # the wins panel of Hecht (second row): the leader's line reaches the top of the panel
    y_top = history.TOP + history.PANEL_H + 24
    left = [image.getpixel((x, y)) for x in range(40, history.PANEL_W - 100) for y in range(y_top, y_top + 16)]
    assert history.LINE_COLOURS[0] in left


def test_empty_folder_and_usage(tmp_path):
    out = run(str(tmp_path), "--png", str(tmp_path / "x.png"))
    assert out.returncode == 0 and out.stdout == "0 finished games\n"
    assert os.path.exists(str(tmp_path / "x.png"))
    assert run(str(tmp_path), str(tmp_path)).returncode == 2  # one folder at most
    assert run(str(tmp_path / "missing")).returncode == 2
    assert run(str(tmp_path), "--png").returncode == 2
    assert run(str(tmp_path), "--csv").returncode == 2
    for flag in ("-h", "--help"):  # asked for, the usage is no error: stdout, exit 0
        asked = run(flag)
        assert asked.returncode == 0 and asked.stderr == "" and "--csv / --json FILE" in asked.stdout
    wrong = run("--bogus")
    assert wrong.returncode == 2 and wrong.stdout == "" and "--csv / --json FILE" in wrong.stderr


def test_without_a_folder_the_pulled_history_else_the_simulators_games(tmp_path, monkeypatch, capsys):
    """`make history` (no DIR) after playing in the simulator: its games, and the folder read is said;
    once the board's history is pulled (build/history), that one."""
    monkeypatch.setattr(history, "REPOSITORY", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert history.main([]) == 2
    said = capsys.readouterr().err
    assert "build/history (the board's: make pull)" in said and "build/sim/flash/data/history" in said
    sim = tmp_path / "build" / "sim" / "flash" / "data" / "history"
    sim.mkdir(parents=True)
    with open(RECORDS[0]) as src:
        (sim / "0001-game.fish").write_text(src.read())
    assert history.main([]) == 0
    out = capsys.readouterr()
    assert out.err == "history: reading build/sim/flash/data/history\n" and "1 finished game" in out.out
    (tmp_path / "build" / "history").mkdir()
    assert history.main([]) == 0
    out = capsys.readouterr()
    assert out.err == "history: reading build/history\n" and out.out.startswith("0 finished games")


def test_bare_python_missing_folder_and_bad_files_are_told_briefly(tmp_path):
    bad = tmp_path / "0001-yofish.fish"
    bad.write_bytes(b"fishtable 1\ngame yofish\nplayers 3\nplace " + b"7" * 100000 + b"\n")
    (tmp_path / "0002-hecht.fish").write_bytes(b"\xff\xfe\n" * 1000)
    out = subprocess.run([sys.executable, "-I", TOOL, str(tmp_path), "--csv", str(tmp_path / "x.csv")],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and len(out.stdout) < 400, out.stdout
    assert "0001-yofish.fish: line 4: longer than 200 bytes" in out.stdout
    assert "0002-hecht.fish: line 1: byte 1: not ASCII outside a comment" in out.stdout
    assert (tmp_path / "x.csv").read_text() == ",".join(history.COLUMNS) + "\n"
    missing = run(str(tmp_path / "gone"))
    assert missing.returncode == 2 and "gone not found" in missing.stderr and len(missing.stderr) < 200


def test_a_flipped_bit_in_a_history_file_is_reported_not_counted(board, tmp_path):
    """A changed digit that still reads as a valid game (`place 5` for `place 4`): the board's line
    check catches it, the tool names the file and the line and leaves the game out."""
    store, matches = board
    names = []
    for name, data in history.packed(store.history_dir):  # the games as loose files (the old form)
        (tmp_path / name).write_bytes(data)
        names.append(name)
    victim = tmp_path / next(n for n in names if n.endswith("-yofish.fish"))
    lines = bytearray(victim.read_bytes()).split(b"\n")
    at = next(i for i, line in enumerate(lines) if line[:6] == b"place " and 50 <= line[6] <= 57 and line[7] == 32)
    lines[at][6] ^= 1  # place 4 <-> place 5, 6 <-> 7, ...: the line still reads, and so does the game
    victim.write_bytes(b"\n".join(lines))
    from fishtable.core.record import read_text

    read_text(bytes(b"\n".join(lines)))  # as a plain record the changed file is valid
    out = subprocess.run([sys.executable, "-I", TOOL, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    report = out.stdout.split("\n")
    assert report[0] == "29 finished games"
    assert "1 record skipped:" in report
    assert "  %s: line %d: damaged (the board's line check fails): not counted" % (victim.name, at + 1) in report


def test_no_single_bit_flip_of_a_history_file_changes_a_game_silently(tmp_path):
    """Every single-bit flip of one shipped record's history file, as the board wrote it, through
    the tool: each is reported as damaged, none counts as a (changed) game."""
    store = Store(OsFs(), str(tmp_path / "data"))
    with open(os.path.join(ROOT, "records", "yofish-3p-basic.fish"), "rb") as handle:
        want = named_games.named(handle.read().decode(), 0)
    name = named_games.play(store, want)
    data = dict(history.packed(store.history_dir))[name]
    folder = tmp_path / "flips"
    folder.mkdir()
    path = folder / name
    plays, _, problems = history.collect(store.history_dir)
    assert problems == [] and [p.match.statements for p in plays] == [want.statements]
    tried = reported = silent = 0
    for at in range(len(data)):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[at] ^= 1 << bit
            path.write_bytes(bytes(flipped))
            plays, unfinished, problems = history.collect(str(folder))
            tried += 1
            if problems and problems[0].startswith(name + ": line ") and not plays and not sum(unfinished.values()):
                reported += 1
            else:
                silent += 1
    assert tried == 8 * len(data) > 4000
    assert (reported, silent) == (tried, 0)


def test_a_file_instead_of_a_folder_says_what_to_give():
    out = run(RECORDS[0])
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "history: %s is a file: give the folder that holds the .fish files (%s)\n" % (
        RECORDS[0], os.path.dirname(RECORDS[0]))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_histories_rank_as_the_boards_stats(tmp_path, seed):
    """Generated games of a few named players folded by the board's store: the order of its Stats
    pages (its stats file's Table.order) is the order make history prints."""
    import random

    from gamegen import random_match

    from fishtable.core.match import Match

    rng = random.Random(seed)
    store = Store(OsFs(), str(tmp_path / "data"))
    for _ in range(12):
        game = rng.choice(GAMES)
        done = random_match(rng, game)
        names = tuple(rng.sample(["Anna", "Ben", "Cleo", "Dora", "Eve", "Guest"], done.players))
        match = Match(done.name, done.players, done.start, done.options, names)
        for stmt in done.statements:
            match.submit(stmt)
        named_games.play(store, match)
    out = run(store.history_dir)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    for game in GAMES:
        device = store.stats(game)
        if not device.names:
            continue
        at = [i for i, line in enumerate(lines) if line.startswith(history.TITLES[game] + ":")][0]
        shown = [line.split()[0] for line in lines[at + 2 : at + 2 + len(device.names)]]
        assert shown == [device.names[i] for i in device.order()], (game, shown)


def test_the_chart_writes_hi_fisch_with_an_exclamation_mark():
    """Pillow's own default font draws "!" as an "l" ("Hi Fischl"): the chart takes DejaVu Sans."""
    from PIL import ImageFont

    try:
        ImageFont.truetype("DejaVuSans.ttf", 13)
    except OSError:
        pytest.skip("no DejaVu Sans on this machine (Debian: fonts-dejavu-core)")
    font = history._font(ImageFont, 13)
    assert font.getname()[0] == "DejaVu Sans"
    assert font.getmask("!").getbbox() != font.getmask("l").getbbox()

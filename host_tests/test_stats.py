"""Statistics: the core fold (fishtable.core.stats) and the board's stats files (fishtable.store.stats)."""

import glob
import os

import pytest
from devices.faultfs import FaultFs
from fw import named_games
from fw.helpers import player_line

from fishtable.core import stats as core
from fishtable.core.record import read_text
from fishtable.store import Store
from fishtable.store import stats as store_stats

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
GAMES = ("hifisch", "hecht", "yofish")


def texts():
    found = []
    for path in RECORDS:
        with open(path) as handle:
            found.append(handle.read())
    return found


def expected_tables(matches, numbers):
    """The tables the core folds from `matches` numbered `numbers`, by game."""
    tables = {g: core.Table(g) for g in GAMES}
    for match, number in zip(matches, numbers):
        tables[match.name].add_match(match, number)
    return tables


# -- the core -----------------------------------------------------------------------------
def test_a_table_counts_games_wins_best_and_average_by_name():
    table = core.Table("yofish")
    table.add(1, ["Anna", "Bob", None], [30, 41, 50], [3], 39)
    table.add(2, ["Bob", "Anna", "Cy"], [44, 44, 10], [1, 2], 39)  # a shared win counts for both
    table.add(5, ["Cy", None, "Anna"], [12, 60, 20], [2], 40)  # the guest won
    assert (table.games, table.win_total, table.turn_total, table.last) == (3, 50 + 44 + 60, 118, 5)
    anna = table.row("Anna")
    assert [table.figure(anna, f) for f in range(core.FIELDS)] == [3, 1, 44, 94, 5]
    assert table.win_rate(anna) == 33 and table.average(anna) == "31.3"
    assert table.average_win() == "51.3" and table.average_turns() == "39.3"
    assert [table.names[i] for i in table.order()] == ["Bob", "Anna", "Cy"]  # 1 of 2, 1 of 3, 0
    assert player_line(table, table.row("Bob")) == "Bob 2 1 50% 44 42.5 #2"
    assert table.row("Guest") < 0 and len(table.names) == 3
    assert list(table.lines()) == [
        "stats 1 yofish",
        "games 3 154 118 5",
        "p Anna 3 1 44 94 5",
        "p Bob 2 1 44 85 2",
        "p Cy 2 0 12 22 5",
    ]


def test_the_text_form_reads_back_and_refuses_what_is_not_one():
    table = core.Table("hecht")
    table.add(3, ["Anna", "Bob"], [7, 9], [2], 50)
    again = core.Table("hecht")
    for line in table.lines():
        data = line.encode()
        again.take(data, 0, len(data))
    assert again.same(table)
    for bad in (b"stats 1 yofish", b"stats 2 hecht", b"games 1 2 3", b"p Anna 1 2 3 4", b"p Anna 1 2 3 4 -5",
                b"p Anna 1 2 3 4 x", b"q", b""):
        with pytest.raises(ValueError):
            core.Table("hecht").take(bad, 0, len(bad))
    doubled = core.Table("hecht")
    doubled.take(b"p Anna 1 0 3 3 1", 0, 16)
    with pytest.raises(ValueError):
        doubled.take(b"p Anna 1 0 3 3 1", 0, 16)


def test_integer_rates_round_half_up():
    assert [core.percent(p, w) for p, w in ((1, 3), (2, 3), (1, 8), (0, 0), (5, 5))] == [33, 67, 13, 0, 100]
    assert [core.tenths(t, n) for t, n in ((94, 3), (1, 20), (0, 0), (7, 1), (2, 3))] == [
        "31.3", "0.1", "-", "7.0", "0.7"]


def test_a_full_table_makes_room_by_the_player_seen_longest_ago():
    table = core.Table("hifisch")
    for i in range(core.MAX_ROWS):
        table.add(i + 1, ["N%d" % i, "Old" if i == 0 else "M%d" % i], [1, 0], [1], 10)
    assert len(table.names) == core.MAX_ROWS and table.row("Old") < 0 and table.row("M1") < 0
    table.add(40, ["New", "N5"], [3, 1], [1], 10)
    assert len(table.names) == core.MAX_ROWS and table.row("New") >= 0 and table.row("N0") < 0
    assert table.figure(table.row("New"), core.PLAYED) == 1


@pytest.mark.parametrize("path", RECORDS, ids=[os.path.basename(p) for p in RECORDS])
def test_game_length_counts_turns(path):
    with open(path) as handle:
        text = handle.read()
    lines = [line.split("#")[0].split() for line in text.split("\n")]
    ends = {"hifisch": [["fish"]], "hecht": [["end"], ["action", "skip"]], "yofish": [["place"], ["cover"]]}
    match = read_text(text)
    want = sum(1 for w in lines if any(w[: len(e)] == e for e in ends[match.name]) and
               (match.name != "hecht" or w == ["end"] or w == ["action", "skip"]))
    assert core.turns_of(match.statements) == want
    if match.name == "yofish":
        assert want == (39 if match.players == 3 else 40)


# -- the board's stats files -----------------------------------------------------------------
class CountingFs(FaultFs):
    """A FaultFs that counts the files opened for reading."""

    def __init__(self, *args, **kw):
        FaultFs.__init__(self, *args, **kw)
        self.reads = []

    def open(self, path, mode="r"):
        if "r" in mode:
            self.reads.append(path)
        return FaultFs.open(self, path, mode)


def played_store(rounds=2):
    store = Store(CountingFs(), "/data")
    matches = named_games.games(texts(), rounds)
    names = [named_games.play(store, m) for m in matches]
    return store, matches, names


def test_finishing_games_keeps_the_stats_files_up_to_date_and_opening_reads_one_file():
    store, matches, names = played_store()
    assert names == ["%04d-%s.fish" % (i + 1, m.name) for i, m in enumerate(matches)]
    kept = store.history_game(names[2])  # the names and colours are in the history
    assert (kept.names, kept.colours) == (matches[2].names, matches[2].colours) and "Guest" in kept.names
    want = expected_tables(matches, range(1, len(matches) + 1))
    for game in GAMES:
        store.fs.reads = []
        got = store.stats(game)
        assert store.fs.reads == ["/data/stats/%s.txt" % game, "/data/history/index.bin"]  # no game read
        assert got.same(want[game]), game
        assert got.games == sum(1 for m in matches if m.name == game)
    hecht = want["hecht"]
    assert hecht.row("Guest") < 0 and len(hecht.names) == 6
    text = store.fs.files["/data/stats/hecht.txt"].decode().split("\n")
    assert text[:2] == ["stats 1 hecht", "games 10 %d %d %d" % (hecht.win_total, hecht.turn_total, hecht.last)]
    assert text[-2].startswith("check=") and text[-1] == ""


def test_a_lost_or_damaged_stats_file_is_rebuilt_from_the_history():
    store, matches, names = played_store(1)
    want = expected_tables(matches, range(1, len(matches) + 1))
    files = store.fs.files
    good = files["/data/stats/hecht.txt"]
    for at in range(0, len(good), 3):
        damaged = bytearray(good)
        damaged[at] ^= 0x10
        files["/data/stats/hecht.txt"] = bytes(damaged)
        files.pop("/data/stats/hecht.bak", None)
        assert store.stats("hecht").same(want["hecht"]), at
        assert files["/data/stats/hecht.txt"] == good  # written again, the same
    del files["/data/stats/hecht.txt"]
    del files["/data/stats/hecht.bak"]
    store.fs.reads = []
    assert store.stats("hecht").same(want["hecht"])
    assert sum(1 for p in store.fs.reads if p.endswith(".seg")) == 5  # the five Hecht games, once
    store_stats.forget_file(store, "yofish")
    assert "/data/stats/yofish.txt" not in files
    assert store.stats("yofish").same(want["yofish"])


def test_a_game_moved_to_the_history_but_not_counted_is_counted_at_the_next_open():
    store, matches, names = played_store(1)
    files = store.fs.files
    before = files["/data/stats/hifisch.txt"]
    extra = named_games.named(texts()[5], 7)  # hifisch-2p with other names
    named_games.play(store, extra)
    files["/data/stats/hifisch.txt"] = before  # as if the power failed before the stats were written
    want = expected_tables(matches + [extra], list(range(1, len(matches) + 1)) + [len(matches) + 1])
    store.fs.reads = []
    assert store.stats("hifisch").same(want["hifisch"])
    assert store.fs.reads.count("/data/history/S0001.seg") == 1  # that game only
    store.fs.reads = []
    assert store.stats("hifisch").same(want["hifisch"]) and len(store.fs.reads) == 2  # caught up: its file, the index


def test_deleted_games_stay_counted_and_their_numbers_are_not_given_again():
    store, matches, names = played_store(1)
    want = expected_tables(matches, range(1, len(matches) + 1))
    newest = names[-1]
    store.delete_history(newest)
    store.delete_history(names[0])
    assert store.stats(matches[-1].name).same(want[matches[-1].name])
    again = named_games.play(store, matches[-1])
    assert again == "%04d-%s" % (len(matches) + 1, newest[5:])
    want[matches[-1].name].add_match(matches[-1], len(matches) + 1)
    assert store.stats(matches[-1].name).same(want[matches[-1].name])


def test_a_history_emptied_of_its_newest_games_numbers_on_above_every_games_last():
    """The newest history game deleted (by Delete, or by make_room on a full flash) and the next
    game finished is of another game: its number is above every game's statistics, not above its
    own game's only (which would hand the deleted game's number on)."""
    store, matches, names = played_store(1)
    newest = names[-1]
    other = next(m for m in matches if m.name != newest[5:-5])
    assert int(newest[:4]) == len(matches)
    for name in names:
        store.delete_history(name)
    assert store.history() == []
    again = named_games.play(store, other)
    assert again == "%04d-%s.fish" % (len(matches) + 1, other.name)


def test_last_number_reads_every_games_file_and_passes_over_a_damaged_one():
    from fishtable.store.stats import last_number, path_of

    store, matches, names = played_store(1)
    last = {m.name: i + 1 for i, m in enumerate(matches)}  # the newest number of each game
    assert last_number(store) == len(matches)
    newest = matches[-1].name
    assert last_number(store, newest) == max(n for g, n in last.items() if g != newest)
    for suffix in (".txt", ".bak"):  # both copies of the newest game's table damaged
        path = path_of(store.root, newest)[:-4] + suffix
        if store.fs.exists(path):
            data = bytearray(store.fs.files[path])
            data[-10] ^= 1
            store.fs.files[path] = bytes(data)
    assert last_number(store) == max(n for g, n in last.items() if g != newest)


def test_a_history_file_that_cannot_be_read_is_passed_over():
    store, matches, names = played_store(1)
    for game in GAMES:
        store_stats.forget_file(store, game)
    from fw.packed import flip

    flip(store.fs, names[0], 60)
    want = expected_tables(matches[1:], range(2, len(matches) + 1))
    got = store.stats(matches[0].name)
    assert got.same(want[matches[0].name]) and got.last == want[matches[0].name].last


def test_the_board_folds_the_same_figures_under_micropython(run_fw, tmp_path):
    store, matches, names = played_store(1)
    os.mkdir(str(tmp_path / "data"))
    # compiled first: a less torn heap
    first = ("fw.named_games", "fishtable.core.samename", "fishtable.core.names", "fishtable.core.stats",
             "fishtable.core.hecht", "fishtable.core.hifisch", "fishtable.core.yofish", "fishtable.store.journal",
             "fishtable.store.recover", "fishtable.store.roster", "fishtable.store.stats")
    got = run_fw.call("named_games.fold_records", str(tmp_path / "data"), RECORDS, preload=first)
    assert got == ["|".join(store.stats(g).lines()) for g in GAMES]


def test_store_stats_module_paths():
    assert store_stats.path_of("/data", "hecht") == "/data/stats/hecht.txt"


def test_names_that_differ_only_in_case_are_one_player():
    """Ann of one game and ann of another are one row (the first spelling kept), as in the roster;
    a stats file with both is not one the board wrote (it is rebuilt from the history)."""
    table = core.Table("yofish")
    table.add(1, ["Ann", "Bob", None], [30, 41, 50], [3], 39)
    table.add(2, ["BOB", "ann", "Cy"], [44, 20, 10], [1], 39)
    assert table.names == ["Ann", "Bob", "Cy"]
    assert table.row("ANN") == table.row("Ann") == 0
    assert [table.figure(1, f) for f in range(core.FIELDS)] == [2, 1, 44, 85, 2]
    other = core.Table("yofish")
    text = b"p Ann 1 0 30 30 1\np ann 1 0 20 20 2\n"
    other.take(text, 0, 17)
    with pytest.raises(ValueError):
        other.take(text, 18, 35)

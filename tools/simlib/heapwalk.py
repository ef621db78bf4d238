"""The heap test's sequences (issue 34): what a family presses, on a HeapBoard (tools/simlib/
heapboard.py), every late screen opened in a heap cut up as the chip's was after a long game.

    failures, marks = walk(SAMPLE)        # host_tests/test_heap.py: the chip's failing case
    failures, marks = walk(EVERYTHING)    # make soak (tools/soak.py)
    failures, marks = walk(LONG, LONG_GAMES, packed=True)   # 10,000 games in the history

A late screen: the heap is cut up (plenty free, no free run over the Pico's 4 KB, scaled), the
screen is opened through the buttons, the board must say no MemoryError (nor any other error),
the heap's figures are taken with the screen open (`marks[tag]`), then the heap is whole again.
Whole games are played through the buttons (tools/autoplay.py's player: it reads the screen) with
the records in records/ and 8-letter names typed into the roster; the History holds hundreds of
finished games (written onto the flash before the board starts), a game is cut off half-way by a
restart and resumed.
"""

import os

import autoplay
import bootstrap
from texts import Translator, install

from fishtable.core.match import Match
from fishtable.core.record import read
from simlib.heapboard import HeapBoard

RECORDS = os.path.join(bootstrap.ROOT, "records")
NAMES = ("Adelheid", "Bernhard", "Cordelia", "Dietrich", "Eberhard", "Fridolin", "Gottlieb", "Hiltrude")
LARGEST = ("hecht-6p", "hifisch-4p", "yofish-4p-advanced")  # each title at its largest player count
HISTORY_GAMES = 300

# (record, names typed in, the screens): the chip's failing case, and everything
TR = [Translator("en")]  # the board's language in this walk (walk's `lang`)
SAMPLE = [("hecht-6p", False, ("scan_end", "history_scan"))]
# A game played and filed, History, Scan from History and Stats with 10,000 games in the history,
# packed as the board keeps them (the DEVELOPERS.md memory budget holds there too): a short game
# in `make test`, every title at its largest in `make soak`.
LONG_GAMES = 10000
LONG = [("yofish-3p-basic", False, ("history", "history_scan", "stats"))]
LONG_EVERYTHING = [(name, True, ("history", "history_scan", "stats")) for name in LARGEST]
EVERYTHING = [(name, True, ("players", "setup", "help", "scan_end", "history", "history_scan", "stats", "settings"))
              for name in LARGEST] + [("hecht-6p", True, ("resume", "scan_end"))]


def record(name, names=False):
    """records/NAME.fish as a Match, with 8-letter names for its seats when `names`."""
    with open(os.path.join(RECORDS, name + ".fish")) as f:
        match = read(f)
    if not names:
        return match
    named = Match(match.name, match.players, match.start, match.options, NAMES[: match.players], match.colours)
    for stmt in match.statements:
        named.submit(stmt)
    return named


def fill_history(folder, games=HISTORY_GAMES):
    """`games` finished games in the board's history (data/history), of all three titles, named."""
    history = os.path.join(folder, "data", "history")
    os.makedirs(history, exist_ok=True)
    texts = ["\n".join(record(name, True).lines()) + "\n" for name in LARGEST]
    for number in range(1, games + 1):
        game = LARGEST[number % 3].split("-")[0]
        with open(os.path.join(history, "%04d-%s.fish" % (number, game)), "w") as f:
            f.write(texts[number % 3])


def fill_packed(folder, games):
    """`games` finished games in the board's history, packed into segments with their index and
    each title's statistics up to date, as the board keeps them (tools/benchlib/histbench.build)."""
    from benchlib import histbench

    texts = [("\n".join(record(name, True).lines()) + "\n").encode() for name in LARGEST]
    histbench.build(os.path.join(folder, "data"), games, texts)


class Walk:
    """One board through a sequence; `failures` lists what went wrong (screen, what the board said)."""

    def __init__(self, board):
        self.board = board
        self.failures = []

    def late(self, tag, action):
        """Open a late screen (`action(tag)`, which takes the heap's figures with it open:
        board.marks[tag]) in the cut-up heap; then the heap is made whole again."""
        board = self.board
        board.fragment()
        board.output = []
        try:
            action(tag)
        except autoplay.AutoplayError as err:
            self.failures.append((tag, " / ".join(str(err).split("\n")), list(board.output)))
        said = [line for line in board.output if "Error" in line or "error" in line]
        if said and not any(f[0] == tag for f in self.failures):
            self.failures.append((tag, said[0], list(board.output)))
        if tag not in board.marks:
            board.mem(tag)
        board.release()

    def home(self):
        """Back to the main menu (BACK until it shows)."""
        for _ in range(8):
            if self.board.screen.contains(TR[0]("New Hecht")):
                return
            self.board.press("back")

    # -- the screens -------------------------------------------------------------------------
    def scan(self, tag):
        autoplay.open_scan(self.board, TR[0])
        self.board.mem(tag)
        self.board.press("ok")  # back from Scan

    def history(self, tag=None):
        self.home()
        player = _player(self.board)
        player.select("History")
        player.expect("History")
        for _ in range(5):
            self.board.press("next")
        if tag:
            self.board.mem(tag)

    def history_scan(self, tag):
        """History, its newest game, PREV to "OK: Scan", OK: the code."""
        self.history()
        for _ in range(5):
            self.board.press("prev")
        self.board.press("ok")
        player = _player(self.board)
        player.expect("OK: back")
        self.board.press("prev")
        player.expect("OK: Scan")
        self.board.press("ok")
        for _ in range(40):
            if self.board.screen.contains(TR[0]("10 cm")):
                break
            self.board.wait(100)
        else:
            raise autoplay.AutoplayError("Scan from History shows no code:\n" + self.board.text())
        self.board.mem(tag)
        self.board.press("ok")
        self.home()

    def stats(self, tag):
        self.home()
        player = _player(self.board)
        player.select("Stats")
        for _ in range(4):
            self.board.press("ok")
            self.board.press("next")
        self.board.mem(tag)
        self.home()

    def settings(self, tag):
        self.home()
        player = _player(self.board)
        player.select("Settings")
        for _ in range(12):
            self.board.press("next")
        self.board.mem(tag)
        self.home()

    def help(self, tag):
        """The game menu (BACK on a turn), Help, every page, OK back, Play on."""
        board = self.board
        board.press("back")
        for _ in range(4):
            if board.screen.contains(TR[0]("Help")):
                break
            board.press("next")
        board.press("ok")
        first = board.text()
        for _ in range(40):
            board.press("next")
            if board.text() == first:
                break
        board.mem(tag)
        board.press("ok")  # back to the game menu, on Help
        for _ in range(4):
            if board.screen.contains(TR[0]("Play on")):
                break
            board.press("prev")
        board.press("ok")


def play(walk, match, screens):
    """Set up and play `match` through the buttons, the late screens of `screens` on the way."""
    board = walk.board
    player = autoplay.Autoplayer(board, match, lang=TR[0].lang)
    if "players" in screens and match.names:
        walk.late("players", lambda tag: player.add_players(list(match.names)))
    if "setup" in screens:
        walk.late("setup", lambda tag: player.setup())
    else:
        player.setup()
    half = len(match.statements) // 2
    for i, stmt in enumerate(match.statements):
        if i == half and "help" in screens:
            walk.late("help", walk.help)
        if i == half and "resume" in screens:
            board.restart()
            walk.late("resume", lambda tag: _resume(board))
        player.play(stmt)
    player.finish()
    board.mem("end")


def _player(board):
    """The autoplayer's way of finding a label on the screen, without a game to play."""
    player = autoplay.Autoplayer.__new__(autoplay.Autoplayer)
    player.dev = board
    player.tr = TR[0]
    return player


def _resume(board):
    player = _player(board)
    player.select("Resume")


def walk(sequences, history=HISTORY_GAMES, packed=False, lang="en"):
    """Run `sequences` ((record, names, screens) each, on a fresh board) with `history` games in the
    history (`packed`: in segments, else a file each, taken over at boot); (failures, marks by record).
    `lang` "de": on boards set to German (the catalog on the flash, the setting chosen)."""
    failures = []
    marks = {}
    TR[0] = Translator(lang)
    for number, (name, names, screens) in enumerate(sequences):
        fill = fill_packed if packed else fill_history

        def prepare(folder, fill=fill):
            fill(folder, history)
            if lang != "en":
                install(folder, lang)

        board = HeapBoard(prepare_data=prepare)
        try:
            one = Walk(board)
            board.mem("idle")
            try:
                play(one, record(name, names), screens)
            except autoplay.AutoplayError as err:
                one.failures.append(("game", str(err).split("\n")[0], list(board.output)))
            else:
                if "scan_end" in screens:
                    one.late("scan_end", one.scan)
                for tag in ("history", "history_scan", "stats", "settings"):
                    if tag in screens:
                        one.late(tag, getattr(one, tag))
            failures += [(name,) + f for f in one.failures]
            for mark in board.marks.values():
                if "used" in mark:  # (the heap held only where nothing is pinned: the pins' share of
                    # what the firmware freed meanwhile is not known)
                    mark["chip_heap"] = board.chip_heap(mark) if not mark["pinned"] else None
                    mark["chip_names"] = board.chip_names(mark)
                    mark["chip_largest_free"] = board.largest_free(mark)[1]
            marks[name if name not in marks else "%s#%d" % (name, number)] = board.marks
        finally:
            board.close()
    return failures, marks

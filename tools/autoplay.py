#!/usr/bin/env python3
"""Play a game record on the simulated device through its buttons, like a person would.

    python3 tools/autoplay.py RECORD [--micropython] [--seed N] [--keep DIR] [--scan PNG [--page URL]]
                              [--board NAME] [--lang de]

The firmware starts on a simulated board with an empty flash (tools/simlib/device.py: its
own main.py, boards/pico.json, the device models).  The autoplayer sets up a new game with
the record's header (the game, players, start player, options; a Settings visit first when
the record needs Hecht chips or Yo Fish! values the defaults do not offer; the record's `names`
first typed into the roster on the Players screen, then chosen seat by seat with the record's
`colours`) and plays every
statement by reading the screen (tools/screenreader.py) and pressing PREV / NEXT / OK / BACK:
find the wanted label, move until it is highlighted, press OK.  It never looks inside the
firmware to choose; it only keeps its own copy of the game (the rules core on the host) to
know what the table expects to see next (a Hi Fisch! intermediate scoring, the end).

At the end it compares the device's record (the history file when the game ended, else the
journal) with the input, statement by statement, and prints the device's record's replay line
(the same JSON as tools/replay.py).  Exit 0 when they match; exit 1 with the first difference
(statement number, wanted, what the device recorded, the screen at that moment); exit 2 for a
record that cannot be read.

With --scan PNG, once the game is over it opens Scan on the end screen (NEXT to "OK: Scan", OK)
and saves the panel's frame as a 128x64 PNG (lit pixels white); --page URL puts `PAGE=URL` into
the simulated board's config.txt first, so the code holds the page link.  --board NAME plays on
boards/NAME.json instead of pico (pico_sh1106, pico_ssd1309: that panel chip's driver and model).
--lang de plays on a board set to German (the catalog of lang/de/ on its flash), finding every
label by its German text (the English one through the catalog: tools/texts.py's Translator).
"""

import argparse
import os
import shutil
import struct
import sys
import tempfile
import zlib

import bootstrap  # noqa: F401 - tools/ and firmware/ on sys.path
from simlib.device import Device
from texts import Translator

from fishtable.core import games
from fishtable.core.errors import Invalid, RecordError
from fishtable.core.match import Match, is_guest
from fishtable.core.record import read
from fishtable.core.summary import summary_line
from fishtable.ui.hecht_nests import pair_label
from fishtable.ui.play_hecht import chip_label

TITLES = {game.name: game.title for game in games.GAMES}
DEFAULTS = {s[0]: s[1] for game in games.GAMES for s in game.settings}  # the settings of a new board
DEFAULT_CHIPS = tuple(DEFAULTS[games.CHIPS_SETTING].split())
DEFAULT_YO_MAX = DEFAULTS["yo_max"]
LIMIT = 120  # presses to find one label or value before giving up
COLOUR_TITLES = {"red": "Red", "yellow": "Yellow", "blue": "Blue", "green": "Green", "orange": "Orange",
                 "white": "White", "purple": "Purple", "cyan": "Cyan"}
# The letter picker's entries, in the order PREV / NEXT go through them (wrapping round)
PICKER = ["Done"] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-") + ["Del"]
HECHT_LABELS = {
    ("eat", False): "Eat a carp",
    ("eat", True): "Eat sated carp",
    ("graze",): "Carp grazes",
    ("emigrate", False): "Emigrate",
    ("emigrate", True): "Emigrate sated",
    ("end",): "End turn",
}


class AutoplayError(Exception):
    """The device did not show what a player needs to go on (the message says what and where)."""


class Autoplayer:
    """Plays one record on a Device through its buttons."""

    habit = False  # (a player made without __init__, as tools/simlib/heapwalk.py does, has none)
    tr = Translator("en")  # what the device shows for an English text: its language's (tools/texts.py)

    def __init__(self, dev, match, habit=False, lang="en"):
        self.dev = dev
        self.tr = Translator(lang)
        self.habit = habit  # a player who presses OK on every first offer: each one must be safe
        self.want = match  # the input record
        self.mirror = Match(match.name, match.players, match.start, match.options, match.names,
                            match.colours)  # what the table expects
        self.screens = []  # the screen text after each statement
        self.yo_max = DEFAULT_YO_MAX  # the highest card value the device offers (a setting)

    # -- reading and pressing --------------------------------------------------------------
    @property
    def screen(self):
        return self.dev.screen

    def press(self, word):
        return self.dev.press(word)

    def contains(self, text):
        """True when the screen shows `text` (English, as the device shows it in its language)."""
        return self.screen.contains(self.tr(text))

    def fail(self, what):
        raise AutoplayError("%s\n--- the screen ---\n%s" % (what, self.screen.text()))

    def expect(self, text, waits=30):
        """Wait (a second at most, in steps) until `text` shows; fail if it never does."""
        for _ in range(waits):
            if self.contains(text):
                return self.screen
            self.dev.wait(100)
        self.fail("expected %r on the screen" % text)

    def select(self, label):
        """Move the highlight to the list line `label`, then OK."""
        label = self.tr(label)
        seen = []
        for _ in range(LIMIT):
            lit = self.screen.highlighted()
            if label in lit:
                self.press("ok")
                return
            key = tuple(lit)
            if key in seen and len(seen) > 1 and key == seen[0]:
                break  # round the whole list once
            seen.append(key)
            self.press("next")
        self.fail("%r is not offered" % label)

    def picked(self):
        """The value a picker shows: the lowest 2x text on the screen (a value too wide for 2x, a
        translated word: the 1x text between the picker's arrows)."""
        runs = [run for run in self.screen.runs if run.big]
        if runs:
            return runs[-1].text
        for row in range(8):
            line = self.screen.row(row)
            if line.startswith("<") and line.endswith(">") and line[1:-1].strip():
                return line[1:-1].strip()
        rows = [self.screen.row(row).strip() for row in range(8)]
        rows = [row for row in rows if row]
        return rows[1] if len(rows) > 1 else None  # (too wide for the arrows: alone under the prompt)

    def pick(self, value, offered=None):
        """Move a big-value picker to `value` (its text), then OK.  `offered`: the values the picker
        is known to offer, in order (it wraps round), so the shorter way round is taken."""
        value = self.tr(str(value))
        direction = None
        labels = [self.tr(str(v)) for v in offered] if offered is not None else None
        for _ in range(LIMIT):
            shown = self.picked()
            if shown == value:
                self.press("ok")
                return
            if direction is None and labels is not None and shown in labels and value in labels:
                ahead = (labels.index(value) - labels.index(shown)) % len(labels)
                direction = "next" if ahead <= len(labels) - ahead else "prev"
            elif direction is None and _number(shown) is not None and _number(value) is not None:
                direction = self._direction(int(shown), int(value))
                continue
            self.press(direction or "next")
        self.fail("value %s is not offered" % value)

    def _direction(self, shown, want):
        """Which key reaches `want` from `shown` sooner in an ascending list that wraps."""
        toward = "next" if want > shown else "prev"
        if abs(want - shown) <= 4:
            return toward
        away = "prev" if toward == "next" else "next"
        self.press(away)  # one step the other way: does the list wrap round to the far end?
        after = _number(self.picked())
        if after is None or after == want:
            return toward if after is None else away
        wrapped = (after > shown) if away == "prev" else (after < shown)
        if wrapped and abs(after - want) < abs(want - shown) + 1:
            return away
        return toward

    # -- the way to a game -------------------------------------------------------------------
    def settings(self):
        """Visit Settings when the record needs chips or card values the defaults lack."""
        want = self.want
        chips = dict(want.options).get("chips")
        top = 0
        if want.name == "yofish":
            for stmt in want.statements:
                if stmt[0] in ("place", "cover"):
                    top = max(top, stmt[1])
        if not (chips and tuple(chips) != DEFAULT_CHIPS) and top <= DEFAULT_YO_MAX:
            return
        self.select("Settings")
        if chips and tuple(chips) != DEFAULT_CHIPS:
            self.select("Hecht chips")
            for i, kind in enumerate(chips):
                self.expect("Hecht chip %d/6" % (i + 1))
                self.pick(kind)
        if top > DEFAULT_YO_MAX:
            self.select_prefix(self.tr.prefix("Yo Fish! 1 to %s"))
            self.pick(top, range(6, 100))
            self.yo_max = top
        self.press("back")
        self.expect("New %s" % TITLES["hecht"])

    def select_prefix(self, prefix):
        for _ in range(LIMIT):
            for text in self.screen.highlighted():
                if text.startswith(prefix):
                    self.press("ok")
                    return
            self.press("next")
        self.fail("no line starting %r" % prefix)

    def setup(self):
        """From the main menu to the first turn: game, players, names, colours, who starts, options."""
        want = self.want
        self.expect("New Hecht")
        self.settings()
        if want.names:
            self.add_players([n for n in want.names if not is_guest(n)])
        self.select("New " + TITLES[want.name])
        if self.contains("Same as last?"):
            if self.same_as_last():
                self.press("ok")
                self.start_and_options()
                return
            self.press("back")
        self.expect("Players")
        self.pick(want.players)
        for seat in range(1, want.players + 1):
            name = want.names[seat - 1] if want.names else None
            if self.contains("Seat %d: who?" % seat):
                self.select("Guest" if is_guest(name) else name)
            self.expect("%s colour" % self.label(seat))
            if want.colours:
                self.pick(COLOUR_TITLES[want.colours[seat - 1]])
            else:
                self.press("ok")  # the colour offered
        self.start_and_options()

    def start_and_options(self):
        want = self.want
        self.expect("Who starts?")
        if self.habit:  # the rulebook's way first: Hecht draws lots, the others name a player
            self.first_offer("By lot" if want.name == "hecht" else self.label(1), self.picked())
        self.pick(self.label(want.start))  # the whole name, big (8 letters fill the screen)
        if want.name == "yofish":
            self.expect("Advanced game?")
            self.pick("Yes" if dict(want.options).get("advanced") is not None else "No")
        elif want.name == "hecht":
            self.expect("OK: start")
            self.press("ok")
        self.checklist(self.habit)

    def first_offer(self, safe, shown):
        """A habit player's check: the offer a screen opens on is the safe one."""
        safe = self.tr(safe)
        if shown != safe:
            self.fail("the first offer is %r, not the safe %r" % (shown, safe))

    def checklist(self, tick=False):
        """The rulebook's set-up checklist: ticked item by item (OK), or skipped (BACK)."""
        self.expect("Set-up 1/")
        if not tick:
            self.press("back")
        else:
            for _ in range(LIMIT):
                if not self.contains("Set-up "):
                    break
                if self.contains("starts") or self.contains(" lot"):
                    self.fail("the checklist asks again who starts")
                self.press("ok")
        if self.contains("Set-up "):
            self.fail("the set-up checklist did not end")

    def label(self, player):
        """What the device calls `player`: the record's name, or P<n> for a guest or no names."""
        names = self.want.names
        if names and not is_guest(names[player - 1]):
            return names[player - 1]
        return self.tr("P%d" % player)

    def same_as_last(self):
        """True when the "Same as last?" screen shows the record's seats (names and colours)."""
        want = self.want
        rows = [" ".join(self.screen.row(1 + i).split()) for i in range(want.players)]
        if not want.names or self.screen.row(1 + want.players).strip() not in ("", self.tr("OK:yes hold:new")):
            return False
        for seat in range(want.players):
            name = self.tr("Guest") if is_guest(want.names[seat]) else want.names[seat]
            words = rows[seat].split()
            if not words or words[0] != name:
                return False
            if want.colours and words[-1] != self.tr(COLOUR_TITLES[want.colours[seat]]):
                return False
        return True

    # -- the roster ---------------------------------------------------------------------------
    def add_players(self, names):
        """Type the `names` the roster lacks into it on the Players screen, then back to the main menu."""
        self.select("Players")
        self.expect("Players")
        for name in names:
            if name in self.screen_list():
                continue
            self.select("Add player")
            self.expect("New player")
            self.type_name(name)
            self.expect("Players")
        self.press("back")
        self.expect("New Hecht")

    def screen_list(self):
        """The Players list's names (every line, scrolled through once)."""
        seen = []
        for _ in range(LIMIT):
            lit = self.screen.highlighted()
            if not lit or lit[0] in seen:
                break
            seen.append(lit[0])
            self.press("next")
        return seen

    def entry(self):
        """The letter picker's entry lit now (a letter, Done or Del)."""
        lit = self.screen.highlighted()
        return lit[0] if lit else None

    def type_name(self, name):
        """Type `name` with the letter picker, then Done."""
        picker = [self.tr(entry) for entry in PICKER]
        for want in list(name) + [picker[0]]:
            for _ in range(LIMIT):
                shown = self.entry()
                if shown == want:
                    break
                if shown not in picker:
                    self.fail("the letter picker shows no entry")
                ahead = (picker.index(want) - picker.index(shown)) % len(picker)
                self.press("next" if ahead <= len(picker) - ahead else "prev")
            else:
                self.fail("%r is not offered" % want)
            self.press("ok")

    # -- statements ---------------------------------------------------------------------------
    def play(self, stmt):
        """Enter one statement through the play screen."""
        getattr(self, "_" + self.want.name)(stmt)
        before = self.mirror.game
        scorings = getattr(before, "scorings", 0)
        self.mirror.submit(stmt)
        game = self.mirror.game
        if self.want.name == "hifisch" and game.scorings != scorings:
            self._scoring_pages()
        elif self.want.name == "hifisch" and self.contains("Scoring"):
            self.fail("a scoring shows after a flip that ended no round")
        self.screens.append(self.screen.text())

    def _hifisch(self, stmt):
        self.expect("Face-down")
        shell = stmt[-1]
        if stmt[0] == "shark":
            self.select("Shark + shell" if shell else "Shark")
            return
        self.select("Fish + shell" if shell else "Fish")
        mirror = self.mirror
        self.pick(stmt[1], mirror.game.fish_numbers(shell))  # the picker offers what the core says

    def _scoring_pages(self):
        steps = len(self.mirror.game.last_scoring)
        for page in range(1, steps + 1):
            self.expect("Scoring %d/%d" % (page, steps))
            self.press("ok")
        if self.contains("Scoring"):
            self.fail("the scoring pages did not end after %d" % steps)

    def _hecht(self, stmt):
        game = self.mirror.game
        if self.habit:  # the turn's list opens on "End turn" once a chip is used, else on a chip
            lit = self.screen.highlighted()
            shown = lit[0] if lit else None
            if game.acted:
                self.first_offer("End turn", shown)
            elif shown not in [chip_label(k) for k in set(game.chips)]:
                self.fail("the turn's first offer %r is not a chip" % shown)
        if stmt[0] != "action":
            self.select(HECHT_LABELS[stmt])
            return
        kind = stmt[1]
        self.select(chip_label(kind))
        if kind not in ("carp", "pike"):
            return
        tokens = stmt[2]
        most = game.carp_nests_possible() if kind == "carp" else game.pike_nests_possible()
        if most == 0:
            return
        self.expect("Nests with pairs")
        if self.habit:
            self.first_offer("0", self.picked())
        self.pick(len(tokens))
        if not tokens:
            return
        if kind == "carp":
            self.expect("Carp dice")
            self.select("Enter dice")
            for i, roll in enumerate(tokens):
                self.expect("Carp nest %d: die" % (i + 1))
                self.pick(roll)
            if self.contains("Too few carp:"):  # the supply is short: any split the table likes
                self.press("ok")
            return
        for i, (a, b) in enumerate(tokens):
            self.expect("Nest %d owners" % (i + 1))
            self.pick(pair_label(self.mirror.label, min(a, b), max(a, b)))

    def _yofish(self, stmt):
        verb = stmt[0]
        if verb == "hidden":
            if len(self.mirror.game.awaiting_hidden()) > 1:
                self.expect("Hidden bonus of")
                self.select(self.label(stmt[1]))
            self.expect("Hidden bonus")
            last = len(self.mirror.game.awaiting_hidden()) == 1
            self.pick(stmt[2], range(100))
            if last:  # the final scores, then the game is filed
                self.expect("Final scores:")
                if self.dev.history_files():
                    self.fail("the last bonus filed the game before its final scores were shown")
                self.select("File the game")
            return
        self.expect("Play a card:")
        top = self.yo_max
        if verb == "place":
            self.select("Place")
            self.expect("Place: value")
            self.pick(stmt[1], range(1, top + 1))
            self.expect("Card %d matches" % stmt[1])
            self.pick(stmt[2], self.mirror.game.match_counts())
        else:
            self.select("Cover")
            self.expect("Cover: value")
            self.pick(stmt[1], range(2, top + 1))
            self.expect("Card %d covers" % stmt[1])
            self.pick(stmt[2], range(1, stmt[1]))

    def finish(self):
        """After the last statement: the end screen when the game is over."""
        if self.mirror.game.over:
            if not (self.contains("wins!") or self.contains("Shared win!")):
                self.fail("the game is over but the end screen does not show")


def _number(text):
    """`text` as an int when it is a whole number, else None."""
    return int(text) if text is not None and text.isdigit() else None


def canonical(match, stmt):
    """A statement's record line, with Hecht's pike pairs as low+high (the same pair either way)."""
    if match.name == "hecht" and stmt[0] == "action" and stmt[1] == "pike" and len(stmt) > 2:
        stmt = ("action", "pike", tuple((min(a, b), max(a, b)) for a, b in stmt[2]))
    return match.line_of(stmt)


def device_record(dev):
    """The game the device keeps, as a Match: the newest history file, else the game in progress
    read from its journal (as the device resumes it), else None.  Raises RecordError or OSError."""
    files = dev.history_files()
    if files:
        return read_record(files[-1])
    from fishtable.store import Store

    match, note = Store(root=dev.path("data")).resume()
    if note:
        raise OSError("the journal needed repair: %s" % note)
    return match


def options(match):
    """A match's options without those that only state the default (Hecht's default chips)."""
    return [(name, tuple(args)) for name, args in match.options if (name, tuple(args)) != ("chips", DEFAULT_CHIPS)]


def seat_names(match):
    """The match's names with every guest as Guest (the device writes a guest as Guest<seat>)."""
    if not match.names or all(is_guest(n) for n in match.names):
        return None
    return tuple("Guest" if is_guest(n) else n for n in match.names)


def compare(want, got, screens):
    """The first difference between two matches as a message, or None."""
    for what, a, b in (("game", want.name, got.name), ("players", want.players, got.players),
                       ("start", want.start, got.start), ("options", options(want), options(got)),
                       ("names", seat_names(want), seat_names(got)),
                       ("colours", want.colours, got.colours if want.colours else want.colours)):
        if a != b:
            return "header %s: wanted %r, the device recorded %r" % (what, a, b)
    for i in range(max(len(want.statements), len(got.statements))):
        a = canonical(want, want.statements[i]) if i < len(want.statements) else "(nothing)"
        b = canonical(got, got.statements[i]) if i < len(got.statements) else "(nothing)"
        if a != b:
            screen = screens[i] if i < len(screens) else "(not reached)"
            return "statement %d: wanted %r, the device recorded %r\n--- the screen then ---\n%s" % (
                i + 1, a, b, screen)
    return None


def read_record(path):
    """The Match of a record file, or of the bytes of a game packed in the board's history."""
    if isinstance(path, bytes):
        import io

        return read(io.StringIO(path.decode()))
    with open(path) as handle:
        return read(handle)


SCAN_KINDS = ("BG Stats", "Page", "Text")


def open_scan(dev, tr=Autoplayer.tr):
    """From the end screen, open Scan (NEXT to "OK: Scan", OK) and wait for the code; returns
    which payload the screen names (SCAN_KINDS).  Raises AutoplayError when it does not come.
    `tr`: the board's language (a tools/texts.Translator)."""
    for _ in range(4):
        if dev.screen.contains(tr("OK: Scan")):
            break
        dev.press("next")
    else:
        raise AutoplayError("the end screen offers no Scan\n%s" % dev.screen.text())
    dev.press("ok")
    for _ in range(60):  # the code is made on the next tick: "Making the code..." first
        for kind in SCAN_KINDS:
            if dev.screen.contains(tr(kind)) and all(dev.screen.contains(w) for w in tr("OK: back").split()):
                return kind
        dev.wait(100)
    raise AutoplayError("Scan shows no code\n%s" % dev.screen.text())


def panel_png(glass):
    """The 128x64 panel frame (1024 bytes, MONO_VLSB) as a grayscale PNG: lit pixels white."""
    rows = []
    for y in range(64):
        page = (y >> 3) * 128
        bit = 1 << (y & 7)
        rows.append(b"\x00" + bytes(255 if glass[page + x] & bit else 0 for x in range(128)))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 128, 64, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def autoplay(want, interp="cpython", seed=1, flash=None, check_reader=False, scan=None, page=None, board=None,
             seen=None, habit=False, texts=None, lang="en", firmware=None):
    """Play `want` (a Match) on a fresh simulated device; returns (device's Match or None, error or None).

    With `check_reader`, every frame's reading is compared with what the screens drew
    (tools/simlib/drawlog.py), the firmware draws strictly (fishtable.ui.draw) and every frame's
    letters must be legible (tools/simlib/layoutcheck.py); a difference or fault is an error.
    With `scan` (a PNG path), Scan is opened on the end screen and its frame saved there;
    `page`: the board's PAGE= address (config.txt) first.  `board`: the profile (default pico);
    `seen`, a dict, receives the run's `digest` and `frames` (simlib.device.Device's), every frame
    (`kept`) and the last frame's `glass`.  With `habit`, the player ticks the set-up checklist with
    OK and checks that every first offer a screen opens on is the safe one (the rulebook's way to
    start, a chip or "End turn", 0 nests, the final scores before filing).
    `texts` (a set, with `check_reader`): every frame's text is added to it.  `lang`: the board
    shows its texts in that language (its catalog on the flash, chosen in the settings), and the
    player finds its way by them (tools/texts.Translator).  `firmware`: the firmware's folder
    (default firmware/; a compiled one, tools/bench.compile_bundle: its texts are IDs, so the
    catalogs go on the flash in English too)."""
    made = None
    if lang != "en" or firmware is not None:
        import texts as catalogs

        if flash is None:
            flash = made = tempfile.mkdtemp(prefix="fishtable-flash-")
        catalogs.install(flash, lang)
    if page is not None:
        if flash is None:
            flash = made = tempfile.mkdtemp(prefix="fishtable-flash-")
        os.makedirs(flash, exist_ok=True)
        with open(os.path.join(flash, "config.txt"), "w") as f:
            f.write("BOARD=pico\nPAGE=%s\n" % page)
    try:
        return _autoplay(want, interp, seed, flash, check_reader, scan, board, seen, habit, texts, lang, firmware)
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


def _autoplay(want, interp, seed, flash, check_reader, scan, board=None, seen=None, habit=False, texts=None,
              lang="en", firmware=None):
    with Device(interp, seed, flash, draws=check_reader, board=board, keep=seen is not None,
                firmware=firmware) as dev:
        got, error = _play(dev, want, habit, lang)
        if texts is not None:
            texts.update(dev.texts)
        if error is None and scan is not None:
            try:
                open_scan(dev)
            except AutoplayError as err:
                error = str(err)
            else:
                with open(scan, "wb") as f:
                    f.write(panel_png(dev.glass))
        if error is not None and dev.output:  # the firmware's own report (a strict layout fault, say)
            error += "\n--- the board said ---\n" + "\n".join(dev.output[-6:])
        if error is None and dev.illegible:
            text, found = dev.illegible[0]
            error = "%d of %d frames are not legible (tools/simlib/layoutcheck.py); first:\n%s\n%s" % (
                len(dev.illegible), dev.checked, text, "\n".join(found[:4]))
        if error is None and dev.misread:
            text, drawn, read = dev.misread[0]
            error = "the screen reader misread %d of %d frames; first:\n%s\ndrawn %r\nread  %r" % (
                len(dev.misread), dev.checked, text, drawn, read)
        if seen is not None:
            seen.update(digest=dev.digest, frames=dev.frame_count, glass=dev.glass, kept=dev.kept)
        return got, error


def _play(dev, want, habit=False, lang="en"):
    """Set up and play `want` on `dev`; (the device's Match or None, the first difference or None)."""
    player = Autoplayer(dev, want, habit, lang)
    try:
        player.setup()
        for stmt in want.statements:
            player.play(stmt)
        player.finish()
    except (AutoplayError, Invalid) as err:
        done = len(player.mirror.statements)
        return None, "at statement %d (%s): %s" % (
            done + 1, canonical(want, want.statements[done]) if done < len(want.statements) else "end", err)
    try:
        got = device_record(dev)
    except (RecordError, OSError) as err:
        return None, "the device's record cannot be read: %s" % err
    if got is None:
        return None, "the device kept no record"
    return got, compare(want, got, player.screens)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("record")
    parser.add_argument("--micropython", action="store_true", help="run the firmware in the MicroPython unix port")
    parser.add_argument("--seed", type=int, default=1, help="the device's die seed")
    parser.add_argument("--keep", help="use this folder as the board's flash and keep it")
    parser.add_argument("--scan", metavar="PNG", help="open Scan on the end screen, save its frame as a PNG")
    parser.add_argument("--page", metavar="URL", help="with --scan: the board's PAGE= address in config.txt")
    parser.add_argument("--board", help="the board profile (boards/NAME.json; default pico)")
    parser.add_argument("--lang", default="en", help="the board's language (de: German, its catalog on the flash)")
    args = parser.parse_args(argv)
    if args.page and not args.scan:
        parser.error("--page needs --scan")
    try:
        want = read_record(args.record)
    except (RecordError, OSError) as err:
        print(str(err) if isinstance(err, RecordError) else "cannot read %s" % args.record, file=sys.stderr)
        return 2
    got, error = autoplay(want, "micropython" if args.micropython else "cpython", args.seed, args.keep,
                          scan=args.scan, page=args.page, board=args.board, lang=args.lang)
    if got is not None:
        print(summary_line(got))
    if error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

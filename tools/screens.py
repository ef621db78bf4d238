#!/usr/bin/env python3
"""Make the README's screenshots (docs/screens/*.png) with the simulator's scripted mode, and
a contact sheet of every screen of every game (docs/screens/all.png), and the same on boards set
to German (docs/screens/all-de.png).

    python3 tools/screens.py [OUT_DIR [SHOT...]]

Each picture is the final frame of a short key script run by `tools/sim.py --keys`; the
scripts are recorded by playing through the app in-process (simlib/rig.py), so they stay right
when the menus change (a shot may fill the flash on the rig first: the device then starts from
that flash and only the last steps are played in the simulator).  The contact sheet is walked
on rigs (SHEET: the device's menus, then each game under its heading), every frame drawn
strictly and checked by the pixel layout check.  `contact_sheet()` lays out any number of
frames (the panel's glass and the ring) with captions in one picture; `written()` names the
files main() writes.
"""

import os
import random
import shutil
import sys
import tempfile

import bootstrap
import sim
from simlib.rig import BACK, NEXT, OK, PREV, Rig

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT

SEED = 7


def _yofish(rig):
    rig.new_game("New Yo Fish!", 3, start=1, advanced=0)
    for v, m in ((7, 0), (4, 2), (9, 1), (3, 0)):
        rig.choose("Place")
        rig.choose(v)
        rig.choose(m)
    rig.choose("Cover")
    rig.choose(11)
    rig.press(NEXT, 0)


def _hifisch(rig):
    rig.new_game("New Hi Fisch!", 3, start=1)
    for stmt, n in ((("fish", False), 23), (("shark", True), None), (("fish", False), 18), (("fish", False), 16)):
        rig.choose(stmt)
        if n:
            rig.choose(n)
    rig.press(OK)


def _hecht(rig):
    rig.new_game("New Hecht", 3, start=2)
    for stmt in (("action", "snail"), ("end",), ("action", "snail"), ("end",), ("action", "wave")):
        rig.choose(stmt)


def _game_over(rig):
    rig.new_game("New Yo Fish!", 3, start=1, advanced=0)
    rng = random.Random(SEED)
    while rig.app.match is not None:
        rig.choose("Place")
        rig.choose(rng.randint(1, 12))
        rig.choose(rng.randint(0, 1))


def _game_menu(rig):
    _yofish(rig)
    rig.press(BACK, 3)


def _dice(rig):
    rig.menu("Dice")
    rig.press(NEXT)
    rig.press(OK)


def _add_players(rig, names):
    rig.menu("Players")
    for name in names:
        rig.add_player(name)


def _roster(rig):
    """Before the players shot: two names on the roster."""
    _add_players(rig, ("Anna", "Bob"))


def _players(rig):
    rig.menu("Players")
    rig.menu("Add player")
    rig.type_name("Cy")  # the letter picker, half way through a name


def _two_games(rig):
    """Before the stats shot: two Yo Fish! games with roster players, played to the end."""
    _add_players(rig, ("Anna", "Bob"))
    rig.press(BACK)
    for _ in range(2):
        rig.menu("New Yo Fish!")
        if type(rig.top()).__name__ == "LastSeats":
            rig.press(BACK)  # not the same players as last time: new seats
        rig.choose(3)
        for name in ("Bob", "Guest", "Anna") if _ else ("Anna", "Bob", "Guest"):
            rig.choose(name)
            rig.press(OK)
        rig.choose(1)
        rig.choose(0)
        rig.press(BACK)  # skip the set-up checklist
        rng = random.Random(SEED + _)
        while rig.app.match is not None:
            if rig.app.match.game.awaiting_hidden():
                if rig.ask().prompt == "Final scores:":
                    rig.choose(rig.offered()[0])  # file the game
                    continue
                if rig.ask().prompt == "Hidden bonus of":
                    rig.choose(rig.offered()[0])
                rig.choose(rng.randint(0, 6))
                continue
            rig.choose("Place")
            rig.choose(rng.randint(1, 12))
            rig.choose(rng.randint(0, 1))
        rig.press(OK)


def _stats(rig):
    rig.menu("Stats")
    rig.menu("Yo Fish!")
    rig.press(NEXT)


# -- the contact sheet: many frames with captions in one PNG ---------------------------------
SHEET_SCALE = 2  # OLED pixels -> sheet pixels
SHEET_COLUMNS = 4
PAD = 12
CAPTION = 16  # pixels below a frame for its caption
RING_DOT = 8  # the ring under a frame: one dot an LED
HEADING = 24
PAPER = (24, 26, 32)
INK = (220, 224, 232)
BEZEL = (70, 74, 84)


def oled_image(glass, scale=SHEET_SCALE):
    """The panel's glass (1024 bytes, MONO_VLSB) as an RGB image in the simulator's colours."""
    from PIL import Image

    pixels = bytes(255 * ((glass[(y >> 3) * sim.W + x] >> (y & 7)) & 1) for y in range(sim.H) for x in range(sim.W))
    mask = Image.frombytes("L", (sim.W, sim.H), pixels)
    image = Image.new("RGB", (sim.W, sim.H), sim.OFF)
    image.paste(sim.ON, (0, 0), mask)
    return image.resize((sim.W * scale, sim.H * scale), Image.NEAREST)


def _fit(draw, text, font, width):
    """`text` cut (with "...") to `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "...", font=font) > width:
        text = text[:-1]
    return text + "..."


def contact_sheet(cells, columns=SHEET_COLUMNS, scale=SHEET_SCALE, title=None):
    """One picture of many frames: `cells` is a list of (caption, glass) or (caption, glass, ring)
    (glass: 1024 bytes as the panel shows them; ring: 3 bytes an LED, as the board drives them,
    drawn as a person sees them), and (heading, None) to start a new row under a heading (e.g.
    a game's name).  Returns a PIL image (RGB)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default()
    frame_w, frame_h = sim.W * scale, sim.H * scale
    cell_w = frame_w + 2 * PAD
    cell_h = frame_h + RING_DOT + 4 + CAPTION + 2 * PAD
    # place every cell: a heading starts a new row (and takes a band of its own)
    placed = []
    col = 0
    y = HEADING if title else 0
    for cell in cells:
        if cell[1] is None:
            if col:
                y += cell_h
                col = 0
            placed.append((cell, 0, y))
            y += HEADING
            continue
        if col == columns:
            y += cell_h
            col = 0
        placed.append((cell, col * cell_w, y))
        col += 1
    height = y + (cell_h if col else 0)
    sheet = Image.new("RGB", (columns * cell_w, max(height, 1)), PAPER)
    pen = ImageDraw.Draw(sheet)
    if title:
        pen.text((PAD, 6), title, fill=INK, font=font)
    for cell, x, y in placed:
        if cell[1] is None:
            pen.text((PAD, y + 6), cell[0], fill=INK, font=font)
            pen.line((PAD, y + HEADING - 3, columns * cell_w - PAD, y + HEADING - 3), fill=BEZEL)
            continue
        fx, fy = x + PAD, y + PAD
        pen.rectangle((fx - 2, fy - 2, fx + frame_w + 1, fy + frame_h + 1), outline=BEZEL)
        sheet.paste(oled_image(cell[1], scale), (fx, fy))
        ring = cell[2] if len(cell) > 2 else None
        if ring:
            for i in range(len(ring) // 3):
                rgb = tuple(ring[3 * i:3 * i + 3])
                dx = fx + i * (RING_DOT + 2)
                if dx + RING_DOT > fx + frame_w:
                    break
                box = (dx, fy + frame_h + 4, dx + RING_DOT - 1, fy + frame_h + 3 + RING_DOT)
                if any(rgb):
                    pen.ellipse(box, fill=sim.perceived(*rgb))
                else:
                    pen.ellipse(box, outline=BEZEL)
        pen.text((fx, fy + frame_h + RING_DOT + 6), _fit(pen, cell[0], font, frame_w), fill=INK, font=font)
    return sheet


def write_contact_sheet(cells, path, **kw):
    """contact_sheet(cells, ...) written as a PNG to `path`; returns the path."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    contact_sheet(cells, **kw).save(path, optimize=True)
    return path


def rig_ring(rig):
    """The ring's last written colours on a Rig, 3 bytes an LED."""
    frames = rig.pixels.frames
    return bytes(c for rgb in frames[-1] for c in rgb) if frames else bytes(3 * rig.pixels.n)


def _start_rule(rig):
    rig.menu("New Hi Fisch!")
    rig.choose(3)
    rig.press(OK, 3)


def _checklist(rig):
    rig.menu("New Hecht")
    rig.choose(4)
    rig.choose(2)
    rig.press(OK)
    rig.press(OK, 3)


def _help(rig):
    _hecht(rig)
    rig.press(BACK)
    rig.press(NEXT, 2)
    rig.press(OK)
    rig.press(NEXT, 2)


# -- the contact sheet's walks: every screen of every game, under the game's heading ------------
class Album:
    """Frames taken off rigs as the walks go, with their captions, for contact_sheet().  The rigs
    draw strictly (text off the screen or over text raises) and every frame taken goes through
    the pixel layout check (tools/simlib/layoutcheck.py): `faults` lists what it found."""

    def __init__(self, folder, lang=None):
        self.folder = folder
        self.lang = lang  # the device's language (None: English, no catalog)
        self.cells = []
        self.faults = []
        self.rigs = 0
        self.drawn = []  # the glyph keys of the frames shown (drawlog), the last one last

    def rig(self, roster=()):
        """A fresh device (its own flash), with `roster` names on it."""
        from simlib import drawlog

        self.rigs += 1
        rig = Rig(os.path.join(self.folder, "sheet%d" % self.rigs), seed=SEED, lang=self.lang)
        drawlog.watch(rig.display, self.drawn.append)
        if roster:
            rig.store.save_roster(list(roster))
        return rig

    def heading(self, text):
        self.cells.append((text, None))

    def snap(self, rig, caption):
        from simlib.layoutcheck import faults

        rig.app.dirty = True
        rig.run(20)
        glass = rig.glass()
        for fault in faults(glass, self.drawn[-1]):
            self.faults.append("%s: %s" % (caption, fault))
        read = _reader().read(glass).keys()
        if read != self.drawn[-1]:
            self.faults.append("%s: the screen reader reads %r where the screen drew %r" % (
                caption, read, self.drawn[-1]))
        self.cells.append((caption, glass, rig_ring(rig)))
        del self.drawn[:-1]


def _record(name):
    from fishtable.core.record import read

    with open(os.path.join(ROOT, "records", name)) as f:
        return read(f)


def _set_up(rig, match, album=None):
    """Through the set-up screens to the first turn of `match`'s game (its players, start and
    options; the seats' offered colours); with an album, a frame of each set-up screen."""
    from fishtable.core.games import find

    title = find(match.name).title
    rig.menu("New " + title)
    if album:
        album.snap(rig, "players")
    rig.choose(match.players)
    for seat in range(match.players):
        if album and seat == 0:
            album.snap(rig, "seat colour")
        if type(rig.top()).__name__ == "Menu" and rig.ask().prompt.startswith("Seat"):
            if album and seat == 0:
                album.snap(rig, "who sits here")
            rig.choose(rig.offered()[0])
        rig.press(OK)
    if album:
        album.snap(rig, "who starts")
    if album and match.name == "hecht":  # the rulebook's rule: by lot
        rig.choose(0)  # the ring spins, then shows who
        album.snap(rig, "drawn by lot")
        rig.press(BACK)
    rig.choose(match.start)
    if match.name == "yofish":
        if album:
            album.snap(rig, "advanced game?")
        rig.choose(1 if dict(match.options).get("advanced") is not None else 0)
    elif match.name == "hecht":
        if album:
            album.snap(rig, "action chips")
        rig.press(OK)
    if album:
        album.snap(rig, "set-up checklist")
        rig.press(OK)
        album.snap(rig, "checklist: item ticked")
        rig.press(PREV)
        album.snap(rig, "checklist: done mark")
    rig.press(BACK)  # the rest of the checklist skipped


def _feed(rig, match, count):
    """Play the first `count` statements of `match` through the app's submit path (the scoring
    pages paged through)."""
    for stmt in match.statements[:count]:
        rig.app.submit(stmt)
        rig.run(20)
        while type(rig.top()).__name__ == "Scoring":
            rig.press(OK)


def _help_pages(album, rig, game):
    """Every page of the game's help, from the scoreboard's menu."""
    rig.press(BACK)  # the scoreboard
    album.snap(rig, "scoreboard")
    rig.press(NEXT)
    album.snap(rig, "scoreboard: Undo")
    rig.press(OK)
    album.snap(rig, "undo question")
    rig.press(BACK)
    rig.press(NEXT)
    rig.press(OK)  # Help
    pages = rig.top().pages
    for i, (section, _) in enumerate(pages):
        album.snap(rig, "help %d/%d: %s" % (i + 1, len(pages), section))
        rig.press(NEXT)
    rig.press(OK)  # back to the scoreboard
    rig.press(BACK)  # play on


def _end(album, rig, match, points=0):
    """The rest of `match` played; its end screen (and `points` pages after it)."""
    _feed(rig, match, len(match.statements))
    album.snap(rig, "end: ranking, winners")
    for k in range(points):
        rig.press(OK)
        album.snap(rig, "end: points %d/%d" % (k + 1, points))


def _sheet_hifisch(album):
    album.heading("Hi Fisch!")
    match = _record("hifisch-3p.fish")
    rig = album.rig()
    _set_up(rig, match, album)
    album.snap(rig, "turn: flip kinds")
    rig.choose(("fish", False))
    album.snap(rig, "turn: fish number")
    rig.press(BACK)
    rig.press(NEXT)
    rig.choose(("fish", True))
    album.snap(rig, "turn: fish with shell")
    rig.press(BACK)
    for stmt in match.statements[:4]:  # the round's first flips through the buttons
        rig.choose(stmt[:1] + stmt[-1:])
        if stmt[0] == "fish":
            rig.choose(stmt[1])
    album.snap(rig, "turn: face-up cards")
    _help_pages(album, rig, "hifisch")
    rig.choose(("fish", False))
    rig.choose(match.statements[4][1])  # the round's last flip: its scoring
    steps = len(rig.top().steps)
    for k in range(steps):
        album.snap(rig, "scoring %d/%d" % (k + 1, steps))
        rig.press(OK)
    _feed(rig, _after(match, 5), 40)
    album.snap(rig, "turn: the last round")
    _end(album, rig, _after(match, 45), match.players)


def _after(match, count):
    """`match` without its first `count` statements (what is left to play)."""
    from fishtable.core.match import Match

    rest = Match(match.name, match.players, match.start, match.options)
    rest.statements = match.statements[count:]
    return rest


def _sheet_hecht(album):
    album.heading("Hecht im Karpfenteich")
    match = _record("hecht-3p.fish")
    rig = album.rig()
    _set_up(rig, match, album)
    album.snap(rig, "turn: moves and chips")
    _feed(rig, match, 16)  # a wave: 14 moves this turn, one used
    album.snap(rig, "turn: moved, the allowance")
    _help_pages(album, rig, "hecht")
    # the short supply (the pond made full by hand, as a test does)
    short = album.rig()
    _set_up(short, _record("hecht-2p.fish"))
    g = short.app.match.game
    g.carp_supply -= 7
    g.hungry_carp += 3
    g.sated_carp += 4
    g.snail_supply -= 4
    short.top().stale = True
    short.choose(("action", "carp", ()))
    album.snap(short, "carp: nests with pairs")
    short.choose(2)
    album.snap(short, "carp: the dice")
    short.choose(False)
    album.snap(short, "carp: nest 1's die")
    short.choose(5)
    short.choose(4)
    album.snap(short, "carp: too few, each nest's share")
    short.press(BACK)
    short.choose(("action", "carp", ()))
    short.choose(2)
    short.choose(True)  # the ring spins: rolled here
    album.snap(short, "carp: rolled for the table")
    # the pike chip's owners and the new pikes (hecht-3p: the pike breeds at statement 101)
    pike = album.rig()
    _set_up(pike, match)
    at = [i for i, s in enumerate(match.statements) if s[:2] == ("action", "pike") and s[2]][0]
    _feed(pike, match, at)
    pike.choose(("action", "pike", ()))
    album.snap(pike, "pike: nests with pairs")
    pike.choose(len(match.statements[at][2]))
    album.snap(pike, "pike: owners, new pikes")
    pike.press(BACK)  # the turn's first step again
    _feed(pike, _after(match, at), 1)
    album.snap(pike, "warnings (they take turns)")
    pike.run(2100)
    album.snap(pike, "warnings: the next")
    pike.press(BACK)
    album.snap(pike, "scoreboard, last round")
    pike.press(BACK)
    _end(album, pike, _after(match, at + 1))
    six = album.rig()
    final = _record("hecht-6p.fish")
    _set_up(six, final)
    _feed(six, final, 133)
    album.snap(six, "6 players: the final turn")
    six.press(BACK)
    album.snap(six, "6 players: scoreboard")


def _sheet_yofish(album):
    album.heading("Yo Fish!")
    match = _record("yofish-4p-advanced.fish")
    rig = album.rig()
    _set_up(rig, match, album)
    album.snap(rig, "turn: place or cover")
    rig.choose("Place")
    album.snap(rig, "place: value")
    rig.choose(7)
    album.snap(rig, "place: matching, points")
    rig.press(BACK)
    rig.press(BACK)
    _feed(rig, match, 6)
    _help_pages(album, rig, "yofish")
    rig.choose("Cover")
    album.snap(rig, "cover: value, colours differ")
    rig.choose(rig.offered()[-1])
    album.snap(rig, "cover: the covered card, points")
    rig.press(BACK)
    rig.press(BACK)
    album.snap(rig, "turn: score strip")
    rest = _after(match, 6)
    hidden = [i for i, s in enumerate(rest.statements) if s[0] == "hidden"][0]
    _feed(rig, rest, hidden)
    album.snap(rig, "bonus: whose")
    rig.choose(rest.statements[hidden][1])
    album.snap(rig, "bonus: the hidden card's")
    rig.press(BACK)
    last = _after(rest, hidden)
    _feed(rig, last, len(last.statements) - 1)
    bonus = last.statements[-1][2]
    rig.choose(bonus)  # the last player's picker: then the final scores, before the game is filed
    album.snap(rig, "bonus: the final scores")
    rig.choose(bonus)  # File the game
    album.snap(rig, "end: ranking, winners")


def _sheet_device(album):
    album.heading("The device: menus, players, history, stats, settings")
    rig = album.rig()
    album.snap(rig, "main menu")
    rig.menu("Players")
    album.snap(rig, "players: empty roster")
    rig.menu("Add player")
    album.snap(rig, "letter picker")
    rig.type_name("Anna")
    album.snap(rig, "letter picker: a name")
    rig.choose("Done")
    rig.add_player("Bob")
    album.snap(rig, "players: the roster")
    rig.menu("Anna")
    album.snap(rig, "player: rename, remove")
    rig.menu("Remove")
    album.snap(rig, "remove question")
    rig.press(BACK)
    rig.press(BACK)
    rig.press(BACK)
    for label, caption in (("Dice", "dice"), ("Settings", "settings"), ("About", "about")):
        rig.menu(label)
        album.snap(rig, caption)
        if label == "Dice":
            rig.press(OK)
            rig.wait(1600)
            album.snap(rig, "dice: rolled")
        if label == "Settings":
            lines = (("Brightness %d", "brightness"), ("Yo Fish! 1 to %s", "Yo Fish! cards"),
                     ("Hecht chips", "Hecht chips"))
            if album.lang:  # (the line a board with a catalog has)
                lines += (("Language %s", "language"),)
            for prefix, name in lines:
                prefix = rig.tr.prefix(prefix)
                item = [i for i, label in enumerate(rig.labels()) if label.startswith(prefix)][0]
                step = item - rig.ask().index
                rig.press(NEXT if step > 0 else PREV, abs(step))
                rig.press(OK)
                album.snap(rig, "settings: " + name)
                rig.press(BACK)
            rig.press(PREV, rig.ask().index)
        rig.press(BACK)
    rig.menu("Stats")
    album.snap(rig, "stats: which game")
    rig.menu("Yo Fish!")
    album.snap(rig, "stats: no games yet")
    rig.press(BACK)
    rig.press(BACK)
    rig.menu("History")
    album.snap(rig, "history: empty")
    rig.press(BACK)
    # a game with names, to the end: the history and the stats have something to show
    match = _record("yofish-3p-basic.fish")
    rig.menu("New Yo Fish!")
    rig.choose(3)
    for name in ("Anna", "Guest", "Bob"):
        rig.choose(name)
        rig.press(OK)
    rig.choose(1)
    rig.choose(0)
    rig.press(BACK)
    album.snap(rig, "a turn, players by name")
    _feed(rig, match, len(match.statements))
    album.snap(rig, "end, by name")
    rig.press(OK)
    rig.menu("New Yo Fish!")
    album.snap(rig, "same players as last?")
    rig.press(BACK)
    rig.press(BACK)
    rig.menu("History")
    album.snap(rig, "history: the games")
    rig.press(OK)
    album.snap(rig, "history: a game's ranking")
    rig.press(NEXT)
    album.snap(rig, "history: Delete chosen")
    rig.press(OK)
    album.snap(rig, "history: delete question")
    rig.press(BACK)
    rig.press(BACK)
    rig.press(BACK)
    rig.menu("Stats")
    rig.menu("Yo Fish!")
    album.snap(rig, "stats: the game")
    rig.press(NEXT)
    album.snap(rig, "stats: a player")


SHEET = (_sheet_device, _sheet_hifisch, _sheet_hecht, _sheet_yofish)


def sheet_cells(folder, lang=None):
    """The contact sheet's cells: every screen of every game, under headings (walked on rigs in
    `folder`; `lang` "de": on boards set to German).  Raises when a frame fails the pixel layout
    check."""
    from fishtable.ui import draw

    album = Album(folder, lang)
    patched = draw.big, draw.icon, draw.letter  # drawlog wraps these module functions: put them back after
    try:
        for walk in SHEET:
            walk(album)
    finally:
        draw.big, draw.icon, draw.letter = patched
        if lang:  # the process goes on in English (the rigs chose German for the app's modules)
            from fishtable import text

            text.use(None)
            draw.extend(False)
    if album.faults:
        raise RuntimeError("layout faults on the contact sheet:\n" + "\n".join(album.faults))
    return album.cells


SHOTS = {
    "main_menu": lambda rig: None,
    "start_rule": _start_rule,
    "checklist": _checklist,
    "help": _help,
    "yofish_cover": _yofish,
    "hifisch_scoring": _hifisch,
    "hecht_play": _hecht,
    "scoreboard": _game_menu,
    "game_over": _game_over,
    "dice": _dice,
    "players": (_roster, _players),
    "stats": (_two_games, _stats),
}
# A shot as (before, steps): `before` fills the flash on the rig (not part of the key script), the
# device restarts from that flash, and only `steps` are played in the simulator (fewer frames).


def main(argv):
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    try:
        only = argv[1:]  # names of shots to make (default: all, and the contact sheet)
        for name in written(only):
            if name in (SHEET_FILE, SHEET_DE):
                continue
            before, steps = SHOTS[name] if isinstance(SHOTS[name], tuple) else (None, SHOTS[name])
            folder = os.path.join(tmp, name, "rig")
            flash = os.path.join(tmp, name, "flash")
            rig = Rig(folder, seed=SEED)
            if before is not None:
                before(rig)
                shutil.copytree(os.path.join(folder, "data"), os.path.join(flash, "data"))
                rig = Rig(folder, seed=SEED)  # a restart from that flash, as the simulator starts
            steps(rig)
            keys = os.path.join(tmp, name + ".keys")
            with open(keys, "w") as f:
                f.write(rig.script())
            frames = os.path.join(tmp, name, "frames")
            _, shown = sim.scripted(keys, frames, SEED, False, flash, fresh=before is None)
            if shown != _read(rig.glass()):  # the simulator did not end where the rig did
                raise RuntimeError("%s: the simulator's last frame is not the rig's:\n%s\n---\n%s"
                                   % (name, shown, _read(rig.glass())))
            shutil.copy(os.path.join(frames, "final.png"), os.path.join(out, name + ".png"))
            print(os.path.join(out, name + ".png"))
        if not only:
            cells = sheet_cells(os.path.join(tmp, "sheet"))
            print(write_contact_sheet(cells, os.path.join(out, SHEET_FILE), title="fishtable: every screen"))
            cells = sheet_cells(os.path.join(tmp, "sheet-de"), "de")
            print(write_contact_sheet(cells, os.path.join(out, SHEET_DE), title="fishtable: jeder Bildschirm"))
    finally:
        draw_strict(False)
        shutil.rmtree(tmp)
    return 0


SHEET_FILE = "all.png"
SHEET_DE = "all-de.png"  # the same walks on boards set to German
_READER = []


def _reader():
    """The screen reader (made once)."""
    if not _READER:
        from screenreader import Reader

        _READER.append(Reader())
    return _READER[0]


def _read(glass):
    """A frame's text as the screen reader reads it."""
    return _reader().read(glass).text()


def written(only=()):
    """The files main() writes (in docs/screens/): the README's shots (`only` of them, when
    given) and, making them all, the contact sheet."""
    names = [name for name in SHOTS if not only or name in only]
    return names if only else names + [SHEET_FILE, SHEET_DE]


def draw_strict(on):
    from fishtable.ui import draw

    draw.set_strict(on)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

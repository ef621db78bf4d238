#!/usr/bin/env python3
"""Per-player tables, charts and exports of a folder of game records (the board's history).

    make pull                                        # the board's history -> build/history/
    python3 tools/history.py build/history           # a table per game (a bare python3 is enough)
    python3 tools/history.py                         # build/history, else the simulator's games
    python3 tools/history.py build/history --csv plays.csv --json plays.json
    make history DIR=build/history PNG=history.png   # ... and the charts (Pillow, from .venv)

Every `*.fish` file is replayed through the firmware's rules core (read as bytes, a line at a
time: a damaged file is reported by its line number, never echoed).  A file with the board's
line checks (a history file: ` #cccc` after each line) is read as the board reads it
(fishtable.store.recover): one changed, lost or added byte, even one that leaves a valid record,
is "damaged at line N" and the game is not counted.  The table of each game
has the board's Stats figures, folded by the board's own module (fishtable.core.stats): per
player games, wins (a shared win counts for each winner), win rate, best and average score,
last game (the history number: the board keeps no date); per game the average winning score
and length in turns.  Guests count in the games but get no line; a record without names
counts its seats as "player N".  Unfinished or invalid records are counted apart.

--csv / --json FILE ("-": stdout) write one row per player per game, for a spreadsheet or
another scorekeeping app: date (empty: unknown), play (the history number), game, player,
seat, colour (the record's, else the board's default colour of the seat), score, rank (1 =
best; equal ranks on a shared win), winner.  --png FILE draws, per game, the wins over time
and the distribution of the final scores (needs Pillow).
"""

import json
import os
import sys

if sys.implementation.name != "micropython":  # the web page's MicroPython has the firmware on its path
    _TOOLS = os.path.dirname(os.path.abspath(__file__))
    if _TOOLS not in sys.path:  # `python3 -I` leaves the script's folder off the path
        sys.path.insert(0, _TOOLS)
    import bootstrap  # noqa: F401 - firmware/ on sys.path, MicroPython's const for CPython (standard library only)

from fishtable.core.games import GAMES as REGISTRY  # noqa: E402 - the registry: pure Python, like the whole core

GAMES = tuple(game.name for game in REGISTRY)  # in the registry's order (MicroPython's dicts keep none)
TITLES = dict((game.name, game.title) for game in REGISTRY)
# The board's colours (fishtable.core.match.COLOURS, in seat order by default) drawn on screen.
RGB = {
    "red": (214, 40, 40),
    "yellow": (230, 185, 20),
    "blue": (40, 90, 210),
    "green": (40, 160, 70),
    "orange": (245, 130, 20),
    "white": (150, 150, 150),
    "purple": (140, 60, 200),
    "cyan": (20, 170, 190),
}
COLUMNS = ("date", "play", "game", "title", "minutes", "player", "seat", "colour", "score", "rank", "winner")


class Play:
    """One record of the folder: its file name, history number and replayed Match."""

    def __init__(self, name, number, match):
        self.file = name
        self.number = number
        self.match = match

    def seat_labels(self):
        """Each seat's player: the record's name (Guest for a guest) or "player N"."""
        match = self.match
        if match.names:
            return list(match.names)
        return ["player %d" % (i + 1) for i in range(match.players)]

    def colours(self):
        """Each seat's colour: the record's, else the board's default for the seat."""
        from fishtable.core.match import COLOURS

        match = self.match
        return list(match.colours) if match.colours else [COLOURS[i % len(COLOURS)] for i in range(match.players)]

    def ranks(self):
        """Each seat's rank: 1 + the seats with more points (the game's tie-break deciding ties)."""
        game = self.match.game
        scores = game.scores()
        keys = [(scores[p], game.tiebreak(p)) for p in range(len(scores))]
        return [1 + sum(1 for other in keys if other > key) for key in keys]


def _checked(data, start, end):
    """True when the line data[start:end] ends in a line check (" #" and 4 lowercase hex digits)
    or is the header's end mark of a checked file ("# --- ...")."""
    if data[start : start + 6] == b"# --- ":
        return True
    if end - start < 7 or data[end - 6] != 32 or data[end - 5] != 35:
        return False
    for i in range(end - 4, end):
        if data[i] not in b"0123456789abcdef":
            return False
    return True


def _open(source):
    """A binary stream of `source`: a path, or the bytes of a packed history game."""
    if isinstance(source, (bytes, bytearray)):
        import io

        return io.BytesIO(bytes(source))
    return open(source, "rb")


def _has_checks(path):
    """True when the file at `path` (or these bytes) is one the board wrote with line checks (a
    history game)."""
    from fishtable.core.lines import Lines

    with _open(path) as handle:
        lines = Lines(handle)
        while lines.next():
            if _checked(lines.buf, lines.start, lines.raw_end):
                return True
    return False


def read_record(path):
    """The Match of the record file at `path` (or of these bytes); raises RecordError (its line and what is wrong) and
    OSError.  A file with the board's line checks is read by the board's own scanner
    (fishtable.store.recover.Scanner): a line whose check fails, a torn or lost line is
    RecordError "damaged at line N", though the bytes may still read as a valid record."""
    from fishtable.core.errors import RecordError
    from fishtable.core.lines import Lines
    from fishtable.core.record import read_stream

    if not _has_checks(path):
        with _open(path) as handle:
            return read_stream(handle)
    from fishtable.store.recover import Scanner

    scanner = Scanner()
    number = bad = 0
    with _open(path) as handle:
        lines = Lines(handle)
        while lines.next():
            number += 1
            scanner.line(lines)
            if scanner.damaged and not bad:
                bad = number
    scanner.finish()
    if bad or scanner.lost or scanner.match is None:
        raise RecordError(bad or max(number, 1), "damaged (the board's line check fails): not counted")
    return scanner.match


def packed(folder):
    """(name, bytes or None) of each game packed in the board's history folder `folder` (its
    segments and index, fishtable.store.history), oldest first; None for a damaged index record
    (its name is "?N")."""
    from fishtable.store import history
    from fishtable.store.fs import OsFs

    fs = OsFs()
    index = history.Index(fs, folder)
    try:
        for pos in range(index.count):
            found = index.get(pos)
            if found is None:
                yield "?%d" % pos, None
                continue
            name = history.name_of(found[0], found[4])
            try:
                handle = history.open_game(fs, folder, name)
                try:
                    data = handle.read()
                finally:
                    handle.close()
            except OSError:
                data = None
            yield name, data
    finally:
        index.close()


def games(folder, problems=None):
    """(name, source) of every game in `folder`, oldest first: a source is a path (a `.fish` file)
    or the bytes of a game packed in the board's segments; the history's games (numbered) first,
    then other record files by name.  A game that cannot be read is named in `problems`."""
    from fishtable.store.history import number_of

    names = sorted(n for n in os.listdir(folder) if n.endswith(".fish"))
    sources = dict((n, os.path.join(folder, n)) for n in names)
    for name, data in packed(folder):
        if data is None:
            if problems is not None:
                problems.append("%s: cannot read (damaged index record or segment)" % name)
        elif name not in sources:  # (a game also left loose after a cut is read once)
            sources[name] = data
            names.append(name)
    numbered = [n for n in names if number_of(n) >= 0]
    numbered.sort(key=number_of)
    return [(n, sources[n]) for n in numbered + [n for n in names if number_of(n) < 0]]


def collect(folder):
    """(plays, unfinished per game, problems) of the games in `folder`, plays in history order: the
    board's history in either form (games packed in segments, and `.fish` files), or any folder
    of record files.  A history file's number is its NNNN; other record files are numbered after
    them, by name."""
    from fishtable.core.errors import RecordError
    from fishtable.store.history import number_of

    found = []
    unfinished = dict((g, 0) for g in GAMES)
    problems = []
    listed = games(folder, problems)
    numbered = [n for n, _ in listed if number_of(n) >= 0]
    top = number_of(numbered[-1]) if numbered else 0
    for index, (name, source) in enumerate(listed):
        number = number_of(name) if index < len(numbered) else top + index - len(numbered) + 1
        try:
            match = read_record(source)
        except RecordError as err:
            problems.append("%s: %s" % (name, err))
            continue
        except OSError as err:
            problems.append("%s: cannot read (%s)" % (name, err.strerror or err))
            continue
        if match.game.over:
            found.append(Play(name, number, match))
        else:
            unfinished[match.name] += 1
    return found, unfinished, problems


def tables(plays):
    """{game: fishtable.core.stats.Table} folded from `plays` exactly as the board folds its games
    (records without names: each seat as "player N")."""
    from fishtable.core.stats import Table, seat_names

    found = dict((g, Table(g)) for g in GAMES)
    for play in plays:
        match = play.match
        names = seat_names(match) if match.names else play.seat_labels()
        found[match.name].add_match(match, play.number, names)
    return found


def ranking(table):
    """The table's rows, best first, by the board's own rule (fishtable.core.stats.Table.order: most
    wins, then the higher win rate, then more games, then by name), so both show one order."""
    return table.order()


def _plural(count, word):
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def report(plays, unfinished, problems):
    """The tables as text."""
    from fishtable.core.stats import BEST, LAST, PLAYED, WINS

    out = []
    head = _plural(len(plays), "finished game")
    if sum(unfinished.values()):
        head += ", %d unfinished" % sum(unfinished.values())
    out.append(head)
    found = tables(plays)
    for game in GAMES:  # in this order under MicroPython too (the web page), whose dicts keep none
        table = found[game]
        if not table.games and not unfinished[game]:
            continue
        out.append("")
        line = "%s: %s" % (TITLES[game], _plural(table.games, "game"))
        if unfinished[game]:
            line += " (%d unfinished)" % unfinished[game]
        if table.games:
            line += ", average winning score %s, average length %s turns" % (table.average_win(), table.average_turns())
        out.append(line)
        if not table.names:
            continue
        width = max(8, max(len(n) for n in table.names))
        out.append("  %-*s %5s %5s %6s %5s %8s %6s" % (width, "player", "games", "wins", "win %", "best", "average",
                                                     "last"))
        for i in ranking(table):
            out.append("  %-*s %5d %5d %5d%% %5d %8s %6s" % (
                width, table.names[i], table.figure(i, PLAYED), table.figure(i, WINS), table.win_rate(i),
                table.figure(i, BEST), table.average(i), "#%d" % table.figure(i, LAST)))
    if problems:
        out.append("")
        out.append("%s skipped:" % _plural(len(problems), "record"))
        for problem in problems:
            out.append("  " + problem)
    return "\n".join(out) + "\n"


def rows(plays):
    """One dict per player per game (the export's rows), in history then seat order."""
    found = []
    for play in plays:
        match = play.match
        scores = match.game.scores()
        winners = match.game.winners()
        ranks = play.ranks()
        colours = play.colours()
        for seat, player in enumerate(play.seat_labels()):
            found.append({
                "date": match.date,
                "play": play.number,
                "game": match.name,
                "title": TITLES[match.name],
                "minutes": match.played,
                "player": player,
                "seat": seat + 1,
                "colour": colours[seat],
                "score": scores[seat],
                "rank": ranks[seat],
                "winner": seat + 1 in winners,
            })
    return found


def write_csv(plays, out):
    """The rows as CSV (a header line; winner as 1/0, an unknown date or length empty) to the text
    stream `out`."""
    import csv  # here: the web page runs this module on MicroPython, which has no csv

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows(plays):
        writer.writerow(["" if row[c] is None else row[c] for c in COLUMNS[:-1]] + [1 if row["winner"] else 0])


def write_json(plays, out):
    """The rows as a JSON array of objects (an unknown date or length null) to the text stream `out`."""
    json.dump(rows(plays), out, indent=1)
    out.write("\n")


# -- charts (Pillow) ---------------------------------------------------------------------------
PANEL_W = 460
PANEL_H = 230
TOP = 34
LINE_COLOURS = ((214, 40, 40), (40, 90, 210), (40, 160, 70), (245, 130, 20), (140, 60, 200), (20, 170, 190),
                (120, 80, 40), (230, 185, 20))


def chart(plays, path):
    """Per game (one row each): the wins over time (each player's wins added up, game by game; the
    six players with most wins) and the distribution of the final scores (winners' scores dark)."""
    from PIL import Image, ImageDraw, ImageFont

    fonts = (_font(ImageFont, 13), _font(ImageFont, 11))
    by_game = [(g, [p for p in plays if p.match.name == g]) for g in GAMES]
    by_game = [(g, ps) for g, ps in by_game if ps]
    image = Image.new("RGB", (2 * PANEL_W + 20, TOP + PANEL_H * max(1, len(by_game))), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.text((12, 10), "Wins over time and final scores (finished games)", fill=(0, 0, 0), font=fonts[0])
    if not by_game:
        draw.text((12, TOP + 20), "no finished games", fill=(0, 0, 0), font=fonts[0])
    for row, (game, game_plays) in enumerate(by_game):
        y0 = TOP + row * PANEL_H
        _wins_panel(draw, fonts, 10, y0, game, game_plays)
        _scores_panel(draw, fonts, 10 + PANEL_W, y0, game, game_plays)
    image.save(path, "PNG")


def _font(image_font, size):
    """DejaVu Sans where the system has it (Pillow's own default font draws "!" as an "l": "Hi
    Fischl"), else Pillow's default."""
    try:
        return image_font.truetype("DejaVuSans.ttf", size)
    except OSError:
        return image_font.load_default(size=size)


def _y_scale(draw, font, left, top, base, most, what):
    """A vertical axis at `left` from `base` (0) up to `top` (`most`), round ticks (`_ticks`), and
    what it counts above it."""
    black = (0, 0, 0)
    draw.line((left, top, left, base), fill=black)
    for value in _ticks(most) if most else (0,):
        y = base - (base - top) * value // most if most else base
        draw.line((left - 3, y, left, y), fill=black)
        draw.text((left - 5, y), str(value), fill=black, font=font, anchor="rm")
    draw.text((left - 5, top - 14), what, fill=black, font=font, anchor="lm")


def _wins_panel(draw, fonts, x0, y0, game, plays):
    from fishtable.core.stats import is_guest

    if all(play.match.date for play in plays):  # games imported late are drawn where their dates fall
        plays = sorted(plays, key=lambda play: (play.match.date, play.number))
    counts = {}
    series = {}
    for step, play in enumerate(plays):
        labels = play.seat_labels()
        for seat in play.match.game.winners():
            name = labels[seat - 1]
            if play.match.names and is_guest(name):
                continue
            counts[name] = counts.get(name, 0) + 1
            series.setdefault(name, []).append((step + 1, counts[name]))
    shown = sorted(counts, key=lambda n: (-counts[n], n))[: len(LINE_COLOURS) - 2]
    draw.text((x0 + 4, y0 + 4), "%s: wins over %s" % (TITLES[game], _plural(len(plays), "game")), fill=(0, 0, 0),
              font=fonts[0])
    left, right, top, base = x0 + 30, x0 + PANEL_W - 110, y0 + 24, y0 + PANEL_H - 34
    draw.line((left, base, right, base), fill=(0, 0, 0))
    most = max([1] + list(counts.values()))
    draw.line((left, top, left, base), fill=(0, 0, 0))
    draw.text((left - 5, top - 2), "wins", fill=(0, 0, 0), font=fonts[1], anchor="lm")
    where = _time_axis(plays)  # each game's place on the x axis (0..1): by date when every game has one
    for value in _ticks(most):  # the wins' scale
        y = base - (base - top - 12) * value // most
        draw.line((left - 3, y, left, y), fill=(0, 0, 0))
        draw.text((left - 6, y), str(value), fill=(0, 0, 0), font=fonts[1], anchor="rm")
    for place, label in where[1]:  # the time's scale: dates, or game numbers
        x = left + int((right - left) * place)
        draw.line((x, base, x, base + 3), fill=(0, 0, 0))
        draw.text((x, base + 4), label, fill=(0, 0, 0), font=fonts[1], anchor="ma")
    for k, name in enumerate(shown):
        colour = LINE_COLOURS[k]
        lift = 2 * k  # lines that run together stay apart
        points = [(left, base - lift)]
        for step, total in series[name]:
            x = left + int((right - left) * where[0][step - 1])
            points.append((x, points[-1][1]))
            points.append((x, base - (base - top - 12) * total // most - lift))
        points.append((right, points[-1][1]))
        draw.line(points, fill=colour, width=2)
        draw.rectangle((right + 12, top + 14 * k + 3, right + 20, top + 14 * k + 11), fill=colour)
        draw.text((right + 24, top + 14 * k), "%s: %d" % (name, counts[name]), fill=(0, 0, 0), font=fonts[1])


def _ticks(most, count=5):
    """Round values from 0 to `most` for an axis's scale (at most about `count` + 1 of them)."""
    step = 1
    while most // step > count:
        for factor in (2, 5 / 2, 2):
            step = int(step * factor)
            if most // step <= count:
                break
    return list(range(0, most + 1, step))


def _time_axis(plays):
    """(each game's place on the x axis from 0 to 1, [(place, label)] of the scale): by date when
    every game has one (a game a day apart from the next stands a day apart), else by game."""
    import datetime

    dates = []
    for play in plays:
        try:
            dates.append(datetime.datetime.strptime(play.match.date or "", "%Y-%m-%dT%H:%M"))
        except ValueError:
            dates = None
            break
    count = len(plays)
    if dates and dates[-1] > dates[0]:
        span = (dates[-1] - dates[0]).total_seconds()
        places = [0.05 + 0.95 * (d - dates[0]).total_seconds() / span for d in dates]
        marks = [0.05 + 0.95 * i / 3 for i in range(4)]
        labels = [(dates[0] + (dates[-1] - dates[0]) * i / 3).strftime("%Y-%m-%d") for i in range(4)]
        return places, list(zip(marks, labels))
    if dates:  # one day, or one game: its date in the middle
        return [0.5] * count, [(0.5, dates[0].strftime("%Y-%m-%d"))]
    places = [(i + 1) / count for i in range(count)]
    return places, [(n / count, str(n)) for n in _ticks(count)]


def _scores_panel(draw, fonts, x0, y0, game, plays):
    scores = []
    for play in plays:
        winners = play.match.game.winners()
        for seat, score in enumerate(play.match.game.scores()):
            scores.append((score, seat + 1 in winners))
    low = min(s for s, _ in scores)
    high = max(s for s, _ in scores)
    bins = min(20, high - low + 1)
    size = -(-(high - low + 1) // bins)
    counts = [[0, 0] for _ in range(bins)]
    for score, won in scores:
        counts[(score - low) // size][1 if won else 0] += 1
    draw.text((x0 + 4, y0 + 4), "%s: final scores of %d seats (winners dark)" % (TITLES[game], len(scores)),
              fill=(0, 0, 0), font=fonts[0])
    left, right, top, base = x0 + 30, x0 + PANEL_W - 20, y0 + 24, y0 + PANEL_H - 34
    draw.line((left, base, right, base), fill=(0, 0, 0))
    most = max(a + b for a, b in counts)
    _y_scale(draw, fonts[1], left, top + 12, base, most, "seats")
    draw.text((right, base + 16), "score", fill=(0, 0, 0), font=fonts[1], anchor="ra")
    top += 12
    slot = (right - left) // bins
    for i, (lost, won) in enumerate(counts):
        x = left + i * slot
        h_lost = (base - top) * lost // most
        h_won = (base - top) * won // most
        if lost:
            draw.rectangle((x + 2, base - h_lost, x + slot - 2, base), fill=(150, 180, 225), outline=(0, 0, 0))
        if won:
            draw.rectangle((x + 2, base - h_lost - h_won, x + slot - 2, base - h_lost), fill=(30, 60, 150),
                           outline=(0, 0, 0))
        if i % max(1, bins // 8) == 0:
            at = (x + slot // 2, base + 4) if size == 1 else (x, base + 4)  # a bin's value, or its lower bound
            draw.text(at, str(low + i * size), fill=(0, 0, 0), font=fonts[1], anchor="ma")


# -- command line --------------------------------------------------------------------------------
def _option(args, flag):
    """Remove `flag VALUE` from args; returns VALUE, None when absent, or False when VALUE is missing."""
    if flag not in args:
        return None
    at = args.index(flag)
    if at + 1 >= len(args):
        return False
    value = args[at + 1]
    del args[at : at + 2]
    return value


def _write(target, writer, plays):
    if target == "-":
        writer(plays, sys.stdout)
        return
    with open(target, "w", newline="") as out:
        writer(plays, out)


# Without a folder: the board's history copied off it (make pull), else the simulator's games.
REPOSITORY = None  # the repository (None: this file's): DEFAULT_FOLDERS are below it
DEFAULT_FOLDERS = ("build/history", "build/sim/flash/data/history")


def default_folder(root):
    """The first of DEFAULT_FOLDERS (under `root`, the repository) that exists, or None."""
    for folder in DEFAULT_FOLDERS:
        if os.path.isdir(os.path.join(root, folder)):
            return os.path.join(root, *folder.split("/"))
    return None


def _shown(folder):
    """`folder` as the reader would type it: relative to here when it is below here."""
    rel = os.path.relpath(folder)
    return folder if rel.startswith("..") else rel


def damaged_note(folder):
    """A line on the journal parts a repair on the board could not use (kept in its /data/damaged/,
    copied by `make pull` into FOLDER/damaged), or nothing when there are none."""
    kept = os.path.join(folder, "damaged")
    try:
        parts = [n for n in os.listdir(kept) if n.endswith(".part")]
    except OSError:
        return ""
    if not parts:
        return ""
    return "%d journal part%s that a repair could not use: kept in %s (docs/storage.md)\n" % (
        len(parts), "" if len(parts) == 1 else "s", kept)


def main(argv):
    args = list(argv)
    if "-h" in args or "--help" in args:  # asked for: the usage on stdout, a success
        sys.stdout.write(__doc__)
        return 0
    png = _option(args, "--png")
    csv_out = _option(args, "--csv")
    json_out = _option(args, "--json")
    if False in (png, csv_out, json_out) or len(args) > 1 or (args and args[0].startswith("-")):
        sys.stderr.write(__doc__)
        return 2
    if args:
        folder = args[0]
    else:
        folder = default_folder(REPOSITORY or os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        if folder is None:
            sys.stderr.write("history: no games here yet: neither %s (the board's: make pull) nor %s "
                             "(the simulator's: make sim)\n" % DEFAULT_FOLDERS)
            return 2
        sys.stderr.write("history: reading %s\n" % _shown(folder))
    if os.path.isfile(folder):
        sys.stderr.write("history: %s is a file: give the folder that holds the .fish files (%s)\n"
                         % (folder, os.path.dirname(folder) or "."))
        return 2
    if not os.path.isdir(folder):
        sys.stderr.write("history: %s not found (copy it off the board: make pull)\n" % folder)
        return 2
    if png:
        try:
            import PIL  # noqa: F401
        except ImportError:
            sys.stderr.write("history: --png needs Pillow: run `make history DIR=%s PNG=%s`\n" % (folder, png))
            return 2
    plays, unfinished, problems = collect(folder)
    exports = [(csv_out, write_csv), (json_out, write_json)]
    if "-" not in (csv_out, json_out):
        sys.stdout.write(report(plays, unfinished, problems))
        sys.stdout.write(damaged_note(folder))
    for target, writer in exports:
        if target:
            _write(target, writer, plays)
    if png:
        chart(plays, png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

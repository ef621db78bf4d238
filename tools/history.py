#!/usr/bin/env python3
"""Summarise a folder of game records (the board's history) as text and, optionally, a bar chart.

    mpremote cp -r :/data/history .
    python3 tools/history.py history                    # text: a bare python3 is enough
    make history DIR=history PNG=history.png            # text and chart (Pillow, from .venv)

Every `*.fish` file is replayed through the firmware's rules core (read as bytes, a line at
a time: a damaged file is reported by its line number, never echoed).  Printed: the games
played per game, the wins per player (Hecht: by pike colour, red yellow blue green orange
white for players 1-6; the other games: "player N") and the average final scores.
Shared wins count for every winner.  Unfinished or invalid records are counted apart.
The text needs only the standard library; `--png` draws the wins with Pillow.
"""

import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)

GAMES = ("hifisch", "hecht", "yofish")
TITLES = {"hifisch": "Hi Fisch!", "hecht": "Hecht", "yofish": "Yo Fish!"}
HECHT_COLOURS = ("red", "yellow", "blue", "green", "orange", "white")
RGB = {
    "red": (214, 40, 40),
    "yellow": (240, 200, 30),
    "blue": (40, 90, 210),
    "green": (40, 160, 70),
    "orange": (245, 130, 20),
    "white": (235, 235, 235),
}
SEAT_RGB = ((70, 110, 160), (110, 150, 200), (150, 185, 225), (190, 215, 240), (120, 120, 120), (170, 170, 170))


def label(game, player):
    """The name of player `player` (1-based) in `game`: a pike colour in Hecht, else "player N"."""
    if game == "hecht" and 1 <= player <= len(HECHT_COLOURS):
        return HECHT_COLOURS[player - 1]
    return "player %d" % player


def _core():
    sys.path.insert(0, os.path.join(TOOLS, "host"))
    import hostshim

    hostshim.install()
    from fishtable.core.errors import RecordError
    from fishtable.core.record import read_stream

    return read_stream, RecordError


def new_stats():
    """Empty per-game counters."""
    return {
        g: {"played": 0, "unfinished": 0, "wins": {}, "score_sum": {}, "score_n": {}, "seats": 0} for g in GAMES
    }


def add_game(stats, match):
    """Count one replayed Match."""
    game = match.game
    entry = stats[match.name]
    if not game.over:
        entry["unfinished"] += 1
        return
    entry["played"] += 1
    entry["seats"] = max(entry["seats"], match.players)
    for player in game.winners():
        entry["wins"][player] = entry["wins"].get(player, 0) + 1
    for i, score in enumerate(game.scores()):
        entry["score_sum"][i + 1] = entry["score_sum"].get(i + 1, 0) + score
        entry["score_n"][i + 1] = entry["score_n"].get(i + 1, 0) + 1


def collect(folder):
    """(stats, problems) for the `.fish` files in `folder`; problems are 'file: reason' strings."""
    read, RecordError = _core()
    stats = new_stats()
    problems = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".fish"):
            continue
        try:
            with open(os.path.join(folder, name), "rb") as handle:
                match = read(handle)
        except RecordError as err:
            problems.append("%s: %s" % (name, err))
            continue
        except OSError as err:
            problems.append("%s: cannot read (%s)" % (name, err.strerror or err))
            continue
        add_game(stats, match)
    return stats, problems


def average(entry, player):
    n = entry["score_n"].get(player, 0)
    return entry["score_sum"][player] / n if n else 0.0


def report(stats, problems):
    """The summary as text."""
    out = []
    total = sum(stats[g]["played"] for g in GAMES)
    out.append("%d finished game%s" % (total, "" if total == 1 else "s"))
    for g in GAMES:
        entry = stats[g]
        if not entry["played"] and not entry["unfinished"]:
            continue
        line = "%s: %d played" % (TITLES[g], entry["played"])
        if entry["unfinished"]:
            line += ", %d unfinished" % entry["unfinished"]
        out.append("")
        out.append(line)
        seats = range(1, entry["seats"] + 1)
        if entry["played"]:
            wins = entry["wins"]
            out.append("  wins:          " + ", ".join("%s: %d" % (label(g, p), wins.get(p, 0)) for p in seats))
            out.append("  average score: " + ", ".join("%s: %.1f" % (label(g, p), average(entry, p)) for p in seats))
    if problems:
        out.append("")
        out.append("%d record%s skipped:" % (len(problems), "" if len(problems) == 1 else "s"))
        for problem in problems:
            out.append("  " + problem)
    return "\n".join(out) + "\n"


def chart(stats, path):
    """Draw the wins per player of each game as bars into a PNG at `path`."""
    from PIL import Image, ImageDraw

    games = [g for g in GAMES if stats[g]["played"]]
    width, panel, top = 640, 190, 36
    image = Image.new("RGB", (width, top + panel * max(1, len(games))), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.text((12, 10), "Wins per player (finished games)", fill=(0, 0, 0))
    if not games:
        draw.text((12, top + 20), "no finished games", fill=(0, 0, 0))
    for row, g in enumerate(games):
        entry = stats[g]
        y0 = top + row * panel
        draw.text((12, y0 + 4), "%s: %d played" % (TITLES[g], entry["played"]), fill=(0, 0, 0))
        base = y0 + panel - 30
        height = panel - 60
        seats = list(range(1, entry["seats"] + 1))
        most = max([entry["wins"].get(p, 0) for p in seats] + [1])
        slot = (width - 40) // max(1, len(seats))
        bar = min(60, slot - 16)
        draw.line((20, base, width - 20, base), fill=(0, 0, 0))
        for i, p in enumerate(seats):
            wins = entry["wins"].get(p, 0)
            x = 20 + i * slot + (slot - bar) // 2
            h = wins * height // most
            colour = RGB[label(g, p)] if g == "hecht" else SEAT_RGB[(p - 1) % len(SEAT_RGB)]
            if h:
                draw.rectangle((x, base - h, x + bar, base), fill=colour, outline=(0, 0, 0))
            draw.text((x, base - h - 14), str(wins), fill=(0, 0, 0))
            draw.text((x, base + 6), label(g, p), fill=(0, 0, 0))
    image.save(path, "PNG")


def main(argv):
    args = list(argv)
    png = None
    if "--png" in args:
        at = args.index("--png")
        if at + 1 >= len(args):
            sys.stderr.write(__doc__)
            return 2
        png = args[at + 1]
        del args[at : at + 2]
    if len(args) != 1 or args[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    if not os.path.isdir(args[0]):
        sys.stderr.write("history: %s not found (copy it off the board: mpremote cp -r :/data/history .)\n" % args[0])
        return 2
    if png:
        try:
            import PIL  # noqa: F401
        except ImportError:
            sys.stderr.write("history: --png needs Pillow: run `make history DIR=%s PNG=%s`\n" % (args[0], png))
            return 2
    stats, problems = collect(args[0])
    sys.stdout.write(report(stats, problems))
    if png:
        chart(stats, png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

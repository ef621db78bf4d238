#!/usr/bin/env python3
"""The game in a page link that Scan showed (fishtable.ui.share.page_link), read back.

    python3 tools/scanlink.py 'https://someone.github.io/fishtable/#v=1&g=hecht&...'

prints the result as one JSON object (game, title, date, played, start, names, colours, scores,
ranks, winners, id) and, when the link holds the whole record, the record as `record` (its lines,
as tools/replay.py reads them).  Runs under CPython (standard library only) and in the web page's
MicroPython VM, which builds the result card's record, Keep and Download .fish from it.
"""

import sys

if sys.implementation.name != "micropython":
    import os

    _TOOLS = os.path.dirname(os.path.abspath(__file__))
    if _TOOLS not in sys.path:
        sys.path.insert(0, _TOOLS)
    import bootstrap  # noqa: F401 - firmware/ on sys.path

from fishtable.core.match import COLOURS  # noqa: E402
from fishtable.ui.share import OPTION_WORDS, PHRASES  # noqa: E402


class LinkError(ValueError):
    """A link that holds no game, or not one this board wrote."""


def fields(link):
    """The fragment's key=value pairs of `link` (the whole link or only what follows '#'), as a dict."""
    cut = link.find("#")
    fragment = link[cut + 1:] if cut >= 0 else link
    out = {}
    for part in fragment.split("&"):
        if "=" in part:
            key, value = part.split("=", 1)
            out[key] = value
    if out.get("v") != "1" or "g" not in out or "p" not in out:
        raise LinkError("not a game from a fishtable board")
    return out


def _digits(text):
    return [int(c) for c in text]


def _tables(game):
    for name, phrases, flags in PHRASES:
        if name == game:
            return phrases, flags
    raise LinkError("unknown game %s" % game)


def result(found):
    """The result of the game in `found` (fields()): a dict of plain values."""
    from fishtable.core.games import find
    from fishtable.ui.share import bg_name

    game = found["g"]
    if find(game) is None:
        raise LinkError("unknown game %s" % game)
    scores = [int(s) for s in found["p"].split(".")]
    players = len(scores)
    date = None
    if "d" in found and len(found["d"]) == 12:
        d = found["d"]
        date = "%s-%s-%sT%s:%s" % (d[0:4], d[4:6], d[6:8], d[8:10], d[10:12])
    names = found["n"].split(".") if "n" in found else None
    colours = [COLOURS[c] for c in _digits(found["c"])] if "c" in found else None
    out = {
        "game": game,
        "title": bg_name(game),
        "date": date,
        "played": int(found["m"]) if "m" in found else None,
        "start": int(found.get("s", "1")),
        "names": names,
        "colours": colours,
        "scores": scores,
        "ranks": _digits(found["k"]) if "k" in found else None,
        "winners": _digits(found.get("w", "")),
        "id": found.get("i"),
    }
    for key in ("names", "colours", "ranks"):
        if out[key] is not None and len(out[key]) != players:
            raise LinkError("%s for %d players, not %d" % (key, len(out[key]), players))
    return out


def statements(game, text):
    """The record lines of the compact statements `text` of `game`."""
    phrases, flags = _tables(game)
    lines = []
    words = None
    number = None
    for ch in text + "\0":
        if "0" <= ch <= "9" or ch == "-":
            number = (number or "") + ("+" if ch == "-" else ch)
            continue
        if number is not None:
            if words is None:
                raise LinkError("a number before a statement")
            words.append(number)
            number = None
        if ch == ".":
            continue
        if "A" <= ch <= "Z" or ch == "\0":
            if words is not None:
                lines.append(" ".join(words))
            if ch == "\0":
                break
            words = None
            for phrase, code in phrases:
                if code == ch:
                    words = [phrase]
            if words is None:
                raise LinkError("unknown statement %s" % ch)
        elif "a" <= ch <= "z":
            flag = None
            for word, code in flags:
                if code == ch:
                    flag = word
            if flag is None or words is None:
                raise LinkError("unknown flag %s" % ch)
            words.append(flag)
        else:
            raise LinkError("unexpected %r" % ch)
    return lines


def options(text):
    """The header's option lines of the compact options `text`."""
    out = []
    for part in text.split(".") if text else ():
        words = []
        for ch in part:
            word = None
            for name, code in OPTION_WORDS:
                if code == ch:
                    word = name
            if word is None:
                raise LinkError("unknown option word %s" % ch)
            words.append(word)
        out.append("option " + " ".join(words))
    return out


def record_lines(found, dated=True):
    """The whole record of the link (its lines), or None when the link holds only the result.
    With `dated`, the `date` and `played` lines (docs/record-format.md) when the link has them."""
    if "r" not in found:
        return None
    res = result(found)
    head = ["fishtable 1", "game " + res["game"], "players %d" % len(res["scores"]), "start %d" % res["start"]]
    if res["names"]:
        head.append("names " + " ".join(res["names"]))
    if res["colours"]:
        head.append("colours " + " ".join(res["colours"]))
    if dated and res["date"]:
        head.append("date " + res["date"])
    head += options(found.get("o", ""))
    body = statements(res["game"], found["r"])
    if dated and res["played"] is not None:
        body.append("played %d" % res["played"])
    return head + body


def record(found):
    """The link's whole record as the record core reads it: (text, Match), or None without one.
    Raises LinkError when it does not replay to the link's result.  The `date` and `played`
    lines are kept when this firmware's record reader knows them."""
    from fishtable.core.errors import RecordError
    from fishtable.core.record import read_text
    from fishtable.ui.share import result as replayed

    lines = record_lines(found)
    if lines is None:
        return None
    try:
        text = "\n".join(lines) + "\n"
        match = read_text(text)
    except RecordError:
        text = "\n".join(record_lines(found, dated=False)) + "\n"  # a reader without date/played lines
        try:
            match = read_text(text)
        except RecordError as err:
            raise LinkError("the record does not replay: %s" % err)
    res = result(found)
    ranks, scores, winners = replayed(match)
    if not match.game.over or scores != res["scores"] or winners != res["winners"]:
        raise LinkError("the record does not give the link's result")
    return text, match


def main(argv=None):
    import json

    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        sys.stderr.write("usage: scanlink.py LINK\n")
        return 2
    try:
        found = fields(argv[0])
        out = result(found)
        whole = record(found)
    except (LinkError, ValueError, KeyError, IndexError) as err:
        sys.stderr.write("not a game link: %s\n" % err)
        return 2
    if whole is not None:
        out["record"] = whole[0].rstrip("\n").split("\n")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

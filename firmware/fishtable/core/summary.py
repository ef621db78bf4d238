"""The replay line: one JSON object with the fields of docs/record-format.md, in a fixed order.

Written by hand (not `json.dumps`) so that CPython and MicroPython print identical bytes.
"""


def to_json(value):
    """JSON text of None, bools, ints, strings and lists/tuples of them."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "[" + ", ".join(to_json(item) for item in value) + "]"


def fields(match):
    """The replay fields of a Match as (name, value) pairs."""
    game = match.game
    pairs = [
        ("game", match.name),
        ("over", game.over),
        ("round", game.round),
        ("scores", game.scores()),
        ("winners", game.winners()),
        ("next", game.next_player()),
    ]
    pairs.extend(game.extra_fields())
    if match.names:
        pairs.append(("names", list(match.names)))
    if match.colours:
        pairs.append(("colours", list(match.colours)))
    if match.date:
        pairs.append(("date", match.date))
    if match.played is not None:
        pairs.append(("played", match.played))
    return pairs


def summary_line(match):
    """The one-line JSON object that `tools/replay.py` prints for a Match."""
    return "{" + ", ".join(to_json(k) + ": " + to_json(v) for k, v in fields(match)) + "}"

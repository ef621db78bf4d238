"""Random valid game records, as a table could produce them (host side; tests, soak, demos).

    from gamegen import random_match
    match = random_match(random.Random(7), "hecht", players=4, complete=False)
    text = "\\n".join(match.lines())

Every statement is one the rules core accepts at that moment (Hi Fisch!: a shuffled deck and
shells on random cards; Hecht: the moves, chips, dice and pike pairs a table may enter; Yo Fish!:
cards of value 1-12 mostly, sometimes up to 99).  `complete=False` stops at a random point.
"""

from fishtable.core import games, hecht
from fishtable.core.dice import Die
from fishtable.core.errors import Invalid
from fishtable.core.match import Match

GAMES = tuple(game.name for game in games.GAMES)
PLAYERS = {game.name: (game.low, game.high) for game in games.GAMES}


def random_chips(rng):
    """Six Hecht chips with exactly one skip and at least one pike."""
    while True:
        chips = tuple(rng.choice(hecht.KINDS) for _ in range(6))
        if chips.count("skip") == 1 and "pike" in chips:
            return chips


def new_match(rng, name, players=None, options=None):
    """A match of `name` with random players (in range), start player and options (unless given)."""
    low, high = PLAYERS[name]
    players = players or rng.randint(low, high)
    match = Match(name, players, rng.randint(1, players))
    if options is None:
        options = []
        if name == "hecht" and rng.random() < 0.4:
            options.append(("chips", random_chips(rng)))
        if name == "yofish" and rng.random() < 0.5:
            options.append(("advanced", ()))
    for opt, args in options:
        match.add_option(opt, args)
    return match


def next_statement(rng, match, die):
    """One legal statement for the game's state now."""
    return _NEXT[match.name](rng, match, die)


def _hifisch(rng, match, die):
    g = match.game
    numbers = sorted(set(g.fish_numbers(False)) | set(g.fish_numbers(True)))  # every numberfish face-down
    pick = rng.randrange(len(numbers) + g.sharks_down)
    card = numbers[pick] if pick < len(numbers) else 0
    may_shell = card in g.fish_numbers(True) if card else g.shells_hidden() > 0
    shell = may_shell and rng.randrange(g.unflipped()) < g.shells_hidden()
    return ("shark", shell) if card == 0 else ("fish", card, shell)


_HECHT_WEIGHT = {"eat": 6, "graze": 4, "emigrate": 0.3, "end": 2}


def _hecht(rng, match, die):
    g = match.game
    offers = [("eat", False), ("eat", True), ("graze",), ("emigrate", False), ("emigrate", True), ("end",)]
    for kind in hecht.KINDS:
        if kind == "carp":
            n = rng.randint(0, g.carp_nests_possible())
            offers.append(("action", "carp", tuple(die.rolls(n))))
        elif kind == "pike":
            pairs = []
            for _ in range(rng.randint(0, g.pike_nests_possible())):
                possible = [p for p in g.pike_pairs_possible() if match.allows(("action", "pike", tuple(pairs) + (p,)))]
                if not possible:
                    break
                pairs.append(rng.choice(possible))
            offers.append(("action", "pike", tuple(pairs)))
        else:
            offers.append(("action", kind))
    legal = [s for s in offers if match.allows(s)]
    weights = [_HECHT_WEIGHT.get(s[0], 8 if len(s) > 2 and s[2] else 1) for s in legal]
    return rng.choices(legal, weights)[0]


def _value(rng):
    return rng.randint(1, 12) if rng.random() < 0.9 else rng.randint(13, 99)


def _yofish(rng, match, die):
    g = match.game
    if g.next_player() is None:
        return ("hidden", rng.choice(g.awaiting_hidden()), rng.randint(0, 20))
    if rng.random() < 0.6 or not g.middle:
        return ("place", _value(rng), rng.choice(g.match_counts()))
    v = max(2, _value(rng))
    return ("cover", v, rng.randint(1, v - 1))


_NEXT = {"hifisch": _hifisch, "hecht": _hecht, "yofish": _yofish}


def random_match(rng, name=None, players=None, complete=True, options=None, limit=None):
    """A random valid game of `name` (any game when None); stops early unless `complete`."""
    name = name or rng.choice(GAMES)
    match = new_match(rng, name, players, options)
    die = Die(rng.getrandbits(32))
    stop = limit if limit is not None else (None if complete else rng.randint(0, 60))
    while not match.game.over and (stop is None or len(match.statements) < stop):
        stmt = next_statement(rng, match, die)
        try:
            match.submit(stmt)
        except Invalid as err:  # a generator bug: say which statement
            raise AssertionError("generated %r refused: %s" % (stmt, err))
    return match

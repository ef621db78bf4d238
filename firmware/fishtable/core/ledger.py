"""The machinery the three games share: players, turn order, rounds, scores, winners.

A game module subclasses `Ledger` and adds only its own rules: its statements
(`parse`, `format`, `check`, `apply`), its automatic phases and its end.

The contract every game offers (the record reader, the replay and the UI use it):
- `parse(tokens)` turns a record line's tokens into a statement tuple, checking only
  its form; `format(stmt)` turns it back into the line.
- `check(stmt)` raises `Invalid` with a short message when the rules refuse the
  statement now; it never changes the state.  `apply(stmt)` applies a checked one.
- `over`, `round`, `next_player()`, `scores()`, `winners()` and `extra_fields()`
  describe the state for the replay line and the screen.
"""

from array import array

from fishtable.core.errors import Invalid


def parse_int(token, low, high, what):
    """Return `token` as an int within low..high, or raise Invalid naming `what`.

    A number is 1 to 3 ASCII digits without a leading zero (the record format's rule); the
    message for anything else names the range in plain words ("the card value must be 1 to 99,
    not x"), or "a whole number" when high is 999 (no range of its own yet: players, start)."""
    size = len(token)
    value = 0
    if size > 3 or (size > 1 and token[0] == "0"):
        size = 0
    for i in range(size):
        ch = token[i]
        if ch < "0" or ch > "9":
            size = 0
            break
        value = value * 10 + ord(ch) - 48
    if size == 0:
        if high >= 999:
            raise Invalid("%s must be a whole number, not %s" % (what, token))
        raise Invalid("%s must be %d to %d, not %s" % (what, low, high, token))
    if value < low or value > high:
        raise Invalid("%s must be %d to %d, not %d" % (what, low, high, value))
    return value


class Ledger:
    """Shared state of a game at the table; subclasses add the rules."""

    NAME = ""
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    ROUNDS = True  # the game is played in rounds (the scoreboard shows the round)

    def __init__(self, players, start=1):
        if players < self.MIN_PLAYERS or players > self.MAX_PLAYERS:
            raise Invalid(
                "%s is for %d to %d players, not %d"
                % (self.NAME, self.MIN_PLAYERS, self.MAX_PLAYERS, players)
            )
        if start < 1 or start > players:
            raise Invalid("start must be a player from 1 to %d, not %d" % (players, start))
        self.players = players
        self.start = start
        self.turn = start - 1  # whose turn, 0-based
        self.round = 1
        self.over = False
        self.scorings = 0  # scorings the table sees between turns (Hi Fisch!'s intermediate scoring)
        self.points = array("i", [0] * players)  # each player's score

    # -- options -----------------------------------------------------------
    def set_option(self, name, args):
        """Apply `option NAME ARGS` from the header; a game overrides this for its options."""
        raise Invalid("unknown option %s" % name)

    # -- turn order --------------------------------------------------------
    def advance(self, steps=1):
        """Pass the turn `steps` players on, clockwise."""
        self.turn = (self.turn + steps) % self.players

    def next_player(self):
        """The player (1-based) whose turn it is, or None when no turn is pending."""
        return None if self.over else self.turn + 1

    # -- scores ------------------------------------------------------------
    def scores(self):
        """Each player's points, as a list."""
        return list(self.points)

    def tiebreak(self, player):
        """A second key that ranks players with equal points (0-based player); 0 by default."""
        return 0

    def ranking(self):
        """Players (1-based) from best to worst by points, then tiebreak."""
        order = list(range(self.players))
        order.sort(key=lambda p: (-self.points[p], -self.tiebreak(p), p))
        return [p + 1 for p in order]

    def winners(self):
        """The winning players (1-based; several on a shared win) once over, else []."""
        if not self.over:
            return []
        best = None
        found = []
        for p in range(self.players):
            key = (self.points[p], self.tiebreak(p))
            if best is None or key > best:
                best = key
                found = [p + 1]
            elif key == best:
                found.append(p + 1)
        return found

    def extra_fields(self):
        """The game's own replay fields, as (name, value) pairs in a fixed order."""
        return ()

    # -- statements (the game's rules) -------------------------------------
    def parse(self, tokens):
        raise Invalid("unknown statement %s" % tokens[0])

    def format(self, stmt):
        return " ".join(str(part) for part in stmt)

    def check(self, stmt):
        raise Invalid("no rules for %s" % stmt[0])

    def apply(self, stmt):
        raise Invalid("no rules for %s" % stmt[0])

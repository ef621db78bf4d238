"""Yo Fish! rules (docs/record-format.md; rulings 7-8 of the README): the score track.

Statements: ("place", V, M), ("cover", V, W), ("hidden", P, K) with P 1-based.
"""

from micropython import const

from fishtable.core.errors import Invalid
from fishtable.core.ledger import Ledger, parse_int
from fishtable.text import t

DECK = const(48)
HAND = const(6)
CENTRE = const(3)
MAX_VALUE = const(99)
MATCHES = const(4)  # a card has four neighbours


class Game(Ledger):
    """A game of Yo Fish!: whose turn, hands, the draw pile and the score track."""

    NAME = "yofish"
    ROUNDS = False
    MIN_PLAYERS = 3
    MAX_PLAYERS = 4

    def __init__(self, players, start=1):
        Ledger.__init__(self, players, start)
        self.advanced = False
        self.removed = 6 if players == 3 else 5
        self.pile = DECK - self.removed - HAND * players - CENTRE
        self.hands = bytearray(players)
        for p in range(players):
            self.hands[p] = HAND
        self.turns_left = HAND * players + self.pile  # 39 with 3 players, 40 with 4
        self.hidden_in = bytearray(players)  # 1 once a player's hidden bonus is entered
        self.middle = CENTRE  # cards in the playing area: +1 a place, -1 a cover (clarification 12)

    def set_option(self, name, args):
        if name == "advanced" and not args:
            self.advanced = True
            return
        raise Invalid("unknown option %s" % " ".join((name,) + tuple(args)))

    # -- statements --------------------------------------------------------
    def parse(self, tokens):
        verb = tokens[0]
        if verb == "place" and len(tokens) == 3:
            return ("place", parse_int(tokens[1], 1, MAX_VALUE, "the card value"),
                    parse_int(tokens[2], 0, MATCHES, "the matching cards"))
        if verb == "cover" and len(tokens) == 3:
            return ("cover", parse_int(tokens[1], 1, MAX_VALUE, "the card value"),
                    parse_int(tokens[2], 1, MAX_VALUE, "the covered value"))
        if verb == "hidden" and len(tokens) == 3:
            return ("hidden", parse_int(tokens[1], 1, self.players, "the player"),
                    parse_int(tokens[2], 0, MAX_VALUE, "the bonus"))
        if verb in ("place", "cover", "hidden"):
            raise Invalid("%s takes two numbers" % verb)
        raise Invalid("unknown statement %s" % verb)

    # -- what a screen may offer (values the rules accept) ---------------------
    def place_values(self, top):
        """Card values a `place` may name, up to `top` (the table's highest card)."""
        return range(1, min(top, MAX_VALUE) + 1)

    def cover_values(self, top):
        """Card values a `cover` may play, up to `top` (a card covers a lower one: from 2)."""
        return range(2, min(top, MAX_VALUE) + 1)

    def covered_values(self, value):
        """The values a card of `value` may cover (lower ones)."""
        return range(1, value)

    def match_counts(self):
        """How many adjacent cards may match the colour of a placed card (no more than the middle holds)."""
        return range(0, min(MATCHES, self.middle) + 1)

    def bonus_values(self):
        """The hidden-card bonus values."""
        return range(0, MAX_VALUE + 1)

    def points_of(self, stmt):
        """The points `stmt` scores (the screen shows them before it is confirmed)."""
        verb = stmt[0]
        if verb == "place":
            return stmt[2] if stmt[2] > 0 else stmt[1]
        if verb == "cover":
            return stmt[1] + stmt[2]
        return stmt[2]

    def check(self, stmt):
        verb = stmt[0]
        if self.over:
            raise Invalid(t("the game is over"))
        if verb == "hidden":
            if not self.advanced:
                raise Invalid(t("hidden bonuses are for the advanced game"))
            if self.turns_left:
                raise Invalid(t("hidden bonuses come after the last turn"))
            if self.hidden_in[stmt[1] - 1]:
                raise Invalid(t("player %d's hidden bonus is already in") % stmt[1])
            return
        if not self.turns_left:
            raise Invalid(t("every hand is empty: enter the hidden bonuses"))
        if verb == "cover":
            if stmt[1] <= stmt[2]:
                raise Invalid(t("a cover needs a higher card, not %d on %d") % (stmt[1], stmt[2]))
            if not self.middle:
                raise Invalid(t("no card in the middle to cover"))
        elif stmt[2] > self.middle:
            raise Invalid(t("more matches than cards in the middle (%d)") % self.middle)

    def apply(self, stmt):
        if stmt[0] == "hidden":
            p = stmt[1] - 1
            self.points[p] += stmt[2]
            self.hidden_in[p] = 1
            if sum(self.hidden_in) == self.players:
                self.over = True
            return
        p = self.turn
        self.points[p] += self.points_of(stmt)
        self.middle += 1 if stmt[0] == "place" else -1
        self.hands[p] -= 1
        if self.pile:
            self.pile -= 1
            self.hands[p] += 1
        self.turns_left -= 1
        if self.turns_left:
            self.advance()
        elif not self.advanced:
            self.over = True

    # -- state for the screen and the replay -------------------------------
    def next_player(self):
        if self.over or not self.turns_left:
            return None
        return self.turn + 1

    def awaiting_hidden(self):
        """Players (1-based) whose hidden bonus is still to be entered (advanced game, after the last turn)."""
        if not self.advanced or self.turns_left or self.over:
            return []
        return [p + 1 for p in range(self.players) if not self.hidden_in[p]]

    def extra_fields(self):
        return (("pile", self.pile), ("hands", list(self.hands)), ("middle", self.middle))

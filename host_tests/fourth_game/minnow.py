"""A toy fourth game, Minnow (2-3 players), added to a copy of the firmware the way
docs/architecture.md says a game is added: this rules module (core/minnow.py), its play screen
(ui/play_minnow.py), its help texts (ui/helptext_minnow.py) and one registry entry.

Each player in turn catches 1 to 3 minnows (`catch N`); after two rounds the most minnows win.
"""

from fishtable.core.errors import Invalid
from fishtable.core.ledger import Ledger, parse_int

ROUNDS_PLAYED = 2


class Game(Ledger):
    """Minnow: `catch N` scores N for the player to move; the game ends after two rounds."""

    NAME = "minnow"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 3

    def parse(self, tokens):
        if tokens[0] != "catch" or len(tokens) != 2:
            raise Invalid("unknown statement %s" % tokens[0])
        return ("catch", parse_int(tokens[1], 1, 3, "a catch"))

    def format(self, stmt):
        return "catch %d" % stmt[1]

    def check(self, stmt):
        if stmt[0] != "catch" or not 1 <= stmt[1] <= 3:
            raise Invalid("catch 1 to 3 minnows")

    def apply(self, stmt):
        self.points[self.turn] += stmt[1]
        self.advance()
        if self.turn == self.start - 1:
            if self.round == ROUNDS_PLAYED:
                self.over = True
            else:
                self.round += 1

    def catches(self):
        """What `catch N` may name now."""
        return (1, 2, 3)

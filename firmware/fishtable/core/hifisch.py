"""Hi Fisch! rules: not implemented yet (placeholder until the rules core lands)."""

from fishtable.core.errors import Invalid
from fishtable.core.ledger import Ledger


class Game(Ledger):
    NAME = "hifisch"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4

    def parse(self, tokens):
        raise Invalid("the Hi Fisch! rules are not implemented yet")

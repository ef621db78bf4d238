"""Hecht im Karpfenteich rules: not implemented yet (placeholder until the rules core lands)."""

from fishtable.core.errors import Invalid
from fishtable.core.ledger import Ledger


class Game(Ledger):
    NAME = "hecht"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6

    def parse(self, tokens):
        raise Invalid("the Hecht im Karpfenteich rules are not implemented yet")

"""Hi Fisch! rules (docs/record-format.md; rulings 1-3 of the README): flips, intermediate scoring, end.

Statements: ("shark", shell) and ("fish", N, shell), `shell` a bool (the flipped card had a shell).
The 36 cards: numberfish 1-29 (species 1-5, 6-13, 14-21, 22-29) and 7 sharks; 10 shells.

State: `loc`, one byte per numberfish (index 1-29) saying where it is; sharks and shells are
counters, since they are interchangeable.  Besides the spec's invalid lines, the core refuses a
shell on a fish that went back face-down: shells only ever lie on cards never flipped.
"""

from micropython import const

from fishtable.core.errors import Invalid
from fishtable.core.ledger import Ledger, parse_int
from fishtable.text import t

NUMBERFISH = const(29)
SHARKS = const(7)
SHELLS = const(10)
CARDS = const(36)
END_BELOW = const(6)  # fewer face-down cards than this at the start of a round ends the game

# Where a numberfish is (values of `loc`); player p is 0-based.
DOWN = const(0)  # face-down, never flipped (may carry a shell)
BACK = const(1)  # face-down again after an intermediate scoring (no shell)
UP = const(2)  # UP + p: face-up this round, flipped by player p
WON = const(6)  # WON + p: won by player p
OUT = const(10)  # eaten by a shark: out of the game


def species(n):
    """The species of numberfish n: 0 small green (1-5), 1 orange-red, 2 flounder, 3 eel (22-29)."""
    if n <= 5:
        return 0
    if n <= 13:
        return 1
    if n <= 21:
        return 2
    return 3


def value(n):
    """The final-score points of numberfish n: 2 for a small green fish, else 1."""
    return 2 if n <= 5 else 1


_KINDS = (("fish", False), ("fish", True), ("shark", False), ("shark", True))  # the flips, in order

class Game(Ledger):
    """A game of Hi Fisch!: the cards on the table, the sandbank, rounds and the players' catch.

    `last_scoring` is None or the steps of the latest intermediate scoring, for the screen:
    ("eat", N) per shark meal, then ("nowinner",) or ("win", P, (N, ...), shells) and, if any
    fish went back face-down, ("back", (N, ...)).  Players are 1-based in the API.
    """

    NAME = "hifisch"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4

    def __init__(self, players, start=1):
        Ledger.__init__(self, players, start)
        self.loc = bytearray(NUMBERFISH + 1)  # index 0 unused; all DOWN
        self.down = CARDS  # face-down cards, sharks included
        self.sharks_down = SHARKS
        self.hidden = SHELLS  # shells still lying on face-down cards
        self.sandbank = 0
        self.shells = bytearray(players)  # shells won per player
        self.flips = bytearray(CARDS)  # this round's face-up cards in order: player << 5 | N (0 = shark)
        self.nflips = 0
        self.starter = start - 1  # 0-based starter of the current round
        self.turns_per_round = 4 if players == 2 else players
        self.turns_done = 0  # completed turns (numberfish flipped) this round
        # The last intermediate scoring (see `last_scoring`): its fish biggest first in `order`.
        self.order = bytearray(NUMBERFISH)
        self.scorings = 0  # intermediate scorings so far
        self.scored = -1  # numberfish that were face-up; -1 before the first scoring
        self.meals = 0  # how many of them the sharks ate
        self.winner = 0  # 1-based winner, 0 for none
        self.shells_taken = 0

    # -- statements --------------------------------------------------------
    def parse(self, tokens):
        verb = tokens[0]
        if verb == "shark":
            if len(tokens) == 1 or (len(tokens) == 2 and tokens[1] == "shell"):
                return ("shark", len(tokens) == 2)
            raise Invalid("expected 'shark' or 'shark shell'")
        if verb == "fish":
            if len(tokens) == 2 or (len(tokens) == 3 and tokens[2] == "shell"):
                return ("fish", parse_int(tokens[1], 1, NUMBERFISH, "the fish number"), len(tokens) == 3)
            raise Invalid("expected 'fish N' or 'fish N shell'")
        raise Invalid("unknown statement %s" % verb)

    def format(self, stmt):
        line = "shark" if stmt[0] == "shark" else "fish %d" % stmt[1]
        return line + " shell" if stmt[-1] else line

    def check(self, stmt):
        if self.over:
            raise Invalid(t("the game is over"))
        if stmt[0] == "shark":
            if not self.sharks_down:
                raise Invalid(t("no shark is face-down (all 7 are flipped)"))
            card = 0
        else:
            card = stmt[1]
            if card < 1 or card > NUMBERFISH:
                raise Invalid(t("the fish number must be 1 to 29, not %d") % card)
            if self.loc[card] > BACK:
                raise Invalid(t("fish %d is not face-down") % card)
        if stmt[-1]:
            if not self.hidden:
                raise Invalid(t("no shell is left on the face-down cards (all 10 are found)"))
            if card and self.loc[card] == BACK:
                raise Invalid(t("fish %d has no shell: it was face-up before") % card)
        elif (card == 0 or self.loc[card] == DOWN) and self.hidden and self.hidden >= self.unflipped():
            # as many shells hidden as cards never flipped: each of those cards has one
            card = t("shark") if card == 0 else t("fish N")
            raise Invalid(t("every card never flipped has a shell now: %s shell") % card)

    def apply(self, stmt):
        p = self.turn
        card = 0 if stmt[0] == "shark" else stmt[1]
        if card:
            self.loc[card] = UP + p
        else:
            self.sharks_down -= 1
        self.down -= 1
        if stmt[-1]:
            self.hidden -= 1
            self.sandbank += 1
        self.flips[self.nflips] = p << 5 | card
        self.nflips += 1
        if card:
            self.turns_done += 1
        if self.turns_done == self.turns_per_round or not self.down:
            self._score_round()  # clarification 2: no face-down card left ends the round at once
        elif card:
            self.turn = (self.starter + self.turns_done) % self.players

    # -- the intermediate scoring and the next round -------------------------
    def _score_round(self):
        # Allocation-free: the face-up numberfish go into the preallocated `order`, biggest
        # first; `last_scoring` rebuilds the steps from it only when the screen asks.
        order = self.order
        k = 0
        for i in range(self.nflips):
            n = self.flips[i] & 31
            if n:
                j = k
                while j and order[j - 1] < n:  # insertion sort, descending
                    order[j] = order[j - 1]
                    j -= 1
                order[j] = n
                k += 1
        meals = min(self.nflips - k, k)  # each face-up shark eats one fish
        for i in range(meals):
            self.loc[order[i]] = OUT
        self.scorings += 1
        self.scored = k
        self.meals = meals
        self.winner = 0
        self.shells_taken = 0
        if meals < k:  # some fish survive: the biggest one's flipper wins its species
            w = self.loc[order[meals]] - UP
            kind = species(order[meals])
            for i in range(meals, k):
                n = order[i]
                if species(n) == kind:
                    self.loc[n] = WON + w
                    self.points[w] += value(n)
                else:
                    self.loc[n] = BACK
                    self.down += 1
            self.winner = w + 1
            self.shells_taken = self.sandbank
            self.points[w] += self.sandbank
            self.shells[w] += self.sandbank
            self.sandbank = 0
            self.starter = w
        # else: no winner; shells stay; clarification 1: the same starter again
        self.nflips = 0
        self.turns_done = 0
        self.turn = self.starter
        if self.down < END_BELOW:
            self.over = True  # `round` stays the last round played
        else:
            self.round += 1

    @property
    def last_scoring(self):
        """None before the first intermediate scoring, else its steps for the screen:
        ("eat", N) per shark meal, then ("nowinner",) or ("win", P, (N, ...), shells) and, if any
        fish went back face-down, ("back", (N, ...))."""
        if self.scored < 0:
            return None
        order = self.order
        steps = [("eat", order[i]) for i in range(self.meals)]
        if not self.winner:
            steps.append(("nowinner",))
            return tuple(steps)
        kind = species(order[self.meals])
        alive = [order[i] for i in range(self.meals, self.scored)]
        steps.append(("win", self.winner, tuple(n for n in alive if species(n) == kind), self.shells_taken))
        back = tuple(n for n in alive if species(n) != kind)
        if back:
            steps.append(("back", back))
        return tuple(steps)

    # -- state for the screen and the replay -------------------------------
    def facedown(self):
        """How many cards (numberfish and sharks) are face-down."""
        return self.down

    def shells_hidden(self):
        """How many shells still lie on face-down cards (10 minus those found)."""
        return self.hidden

    def unflipped(self):
        """Face-down cards never flipped yet (the only ones a shell can lie on; the screen may
        preselect "shell" when `shells_hidden()` is not below this)."""
        count = self.sharks_down
        for n in range(1, NUMBERFISH + 1):
            if self.loc[n] == DOWN:
                count += 1
        return count

    def _all_shelled(self):
        """True when every card never flipped carries a shell (as many shells hidden as such cards)."""
        return self.hidden > 0 and self.hidden >= self.unflipped()

    all_shelled = _all_shelled

    def flip_kinds(self):
        """What a flip may show now, as (verb, shell) pairs, always in this order (a screen's choices
        keep their places): fish, fish + shell, shark, shark + shell; when every card never flipped
        has a shell (`all_shelled`), only returned fish come without one."""
        shelled = self._all_shelled()
        fish = shell_fish = False
        for n in range(1, NUMBERFISH + 1):
            loc = self.loc[n]
            if loc == BACK or (loc == DOWN and not shelled):
                fish = True
            if loc == DOWN and self.hidden:
                shell_fish = True
        kinds = []
        for kind in _KINDS:
            if kind[0] == "fish":
                ok = shell_fish if kind[1] else fish
            else:
                ok = self.sharks_down > 0 and (self.hidden > 0 if kind[1] else not shelled)
            if ok:
                kinds.append(kind)
        return kinds

    def fish_numbers(self, shell):
        """The numberfish a flip `fish N` (with `shell` or not) may name now, ascending."""
        shelled = self._all_shelled()
        out = []
        for n in range(1, NUMBERFISH + 1):
            loc = self.loc[n]
            if (loc == DOWN and self.hidden > 0) if shell else (loc == BACK or (loc == DOWN and not shelled)):
                out.append(n)
        return out

    def faceup(self):
        """This round's face-up cards in flip order, as (N or 0 for a shark, player)."""
        return [(f & 31, (f >> 5) + 1) for f in self.flips[: self.nflips]]

    def last_round(self, faceup):
        """True when this round is surely the last: however the round's other flips go, fewer than
        END_BELOW cards will be face-down as the next round begins.  `faceup`: `self.faceup()`.

        The most face-down then: the cards face-down now less one flip for each turn still to come
        (each flips a numberfish), plus the fish that go back face-down at the scoring: at most every
        face-up fish but those the face-up sharks eat and the one (at least) the winner takes; with
        no winner, none.  More sharks only lower it."""
        down = self.facedown()
        left = self.turns_per_round - self.turns_done  # turns still to come, each a numberfish
        fish = sharks = 0
        for n, _ in faceup:
            if n:
                fish += 1
            else:
                sharks += 1
        most = down - left  # no fish goes back
        if fish + left - sharks - 1 > 0:  # a winner, and other fish that may go back
            most += fish + left - sharks - 1
        return left > down or most < END_BELOW

    def won_cards(self, player):
        """The numberfish player (1-based) has won, ascending."""
        mark = WON + player - 1
        return [n for n in range(1, NUMBERFISH + 1) if self.loc[n] == mark]

    def tiebreak(self, player):
        """The highest numberfish the player (0-based) has won, 0 if none (clarification 3: shared win)."""
        mark = WON + player
        for n in range(NUMBERFISH, 0, -1):
            if self.loc[n] == mark:
                return n
        return 0

    def extra_fields(self):
        return (
            ("facedown", self.down),
            ("sandbank", self.sandbank),
            ("hidden", self.hidden),
            ("shells", list(self.shells)),
            ("won", [self.won_cards(p) for p in range(1, self.players + 1)]),
        )

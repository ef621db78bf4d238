"""Hecht im Karpfenteich rules (docs/record-format.md; rulings 4-6 of the README).

The record holds no single steps, so the core tracks counts, not positions: hungry and
sated pikes per player, hungry and sated carp, snails on the board, the supplies, the
emigrated pikes and the covered action chips.

Statements (short tuples; owners 1-based):
  ("eat", sated)  ("graze",)  ("emigrate", sated)  ("end",)
  ("action", "snail" | "skip" | "wave")
  ("action", "carp", (roll, ...))  ("action", "pike", ((a, b), ...))

Stones are conserved at every moment (host_tests/test_hecht.py checks it):
  14 carp   = hungry + sated carp in the pond + carp supply + sated pikes (each carries one)
  12 snails = snail supply + snails on the board + sated carp (each carries one)
  6 pikes of p = p's hungry + sated pikes + p's supply + (current player only) `pending`:
                 pikes emigrated this turn, back in the supply when it ends (clarification 6)
"""

from micropython import const

from fishtable.core.errors import Invalid
from fishtable.core.ledger import Ledger, parse_int
from fishtable.text import t

COLOURS = ("red", "yellow", "blue", "green", "orange", "white")  # player 1 .. 6
KINDS = ("snail", "skip", "wave", "carp", "pike")
DEFAULT_CHIPS = ("snail", "skip", "wave", "carp", "pike", "wave")  # clarification 4

CARP = const(14)
SNAILS = const(12)
PIKES = const(6)  # per player
START_PIKES = const(2)
START_CARP = const(3)
STEPS = const(7)  # movement points per turn; a wave doubles them
NESTS = const(3)  # nests of each kind in the pond
EAT_POND = const(5)  # pikes may eat only while more than 4 carp swim in the pond
ALL_COVERED = const(0x3F)
_NEW = const(2)  # clear_due: pike nest made this turn (1: to clear in the owner's next turn)
_END = ("end",)
_EAT = ("eat", False)
_EAT_SATED = ("eat", True)
_GRAZE = ("graze",)
_EMIGRATE = ("emigrate", False)
_EMIGRATE_SATED = ("emigrate", True)


def check_chips(chips):
    """Raise Invalid unless `chips` are six chip kinds with exactly one skip (played once a
    round) and at least one pike."""
    if len(chips) != 6:
        raise Invalid("option chips takes six chips, not %d" % len(chips))
    for kind in chips:
        if kind not in KINDS:
            raise Invalid("unknown chip %s (snail skip wave carp pike)" % kind)
    if chips.count("skip") != 1 or "pike" not in chips:
        raise Invalid("the chips need one skip and a pike")


class Game(Ledger):
    """A game of Hecht im Karpfenteich: stones, supplies, chips, rounds and the pike count.

    Read-only for the UI: `chips` (six names), `rounds`, `hungry_carp`, `sated_carp`,
    `carp_supply`, `snails_board`, `snail_supply`; per player (0-based bytearrays) `hungry`,
    `sated`, `pike_supply`, `emigrated`, `covered` (bit i: chip i); the methods below.
    """

    NAME = "hecht"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6

    def __init__(self, players, start=1):
        Ledger.__init__(self, players, start)
        self.rounds = 4 if players == 2 else 3 if players == 3 else 2
        self.chips = DEFAULT_CHIPS
        # per player, 0-based
        self.hungry = bytearray(players)  # hungry pikes on the board
        self.sated = bytearray(players)  # sated pikes on the board (each carries a carp)
        self.pike_supply = bytearray(players)
        self.emigrated = bytearray(players)  # credited emigrations
        self.covered = bytearray(players)  # bit i: chip i covered this round
        self.clear_due = bytearray(players)  # 0, 1 or _NEW: a pike nest to clear
        for p in range(players):
            self.hungry[p] = START_PIKES
            self.pike_supply[p] = PIKES - START_PIKES
        self.hungry_carp = START_CARP
        self.sated_carp = 0  # each carries a snail
        self.carp_supply = CARP - START_CARP
        self.snails_board = 0
        self.snail_supply = SNAILS
        self._new_turn()
        self._rescore()

    def _new_turn(self):
        self.lines = 0  # statements in this turn
        self.moves = 0  # eat/graze/emigrate lines: each costs at least one movement point
        self.acted = False
        self.wave = False
        self.pending = 0  # stones of pikes emigrated this turn, back to the supply at its end

    # -- options -----------------------------------------------------------
    def set_option(self, name, args):
        """`option chips C1..C6`: the six action chips (at least one skip and one pike)."""
        if name != "chips":
            raise Invalid("unknown option %s" % name)
        check_chips(args)
        self.chips = tuple(KINDS[KINDS.index(kind)] for kind in args)

    # -- statements --------------------------------------------------------
    def parse(self, tokens):
        verb = tokens[0]
        rest = tokens[1:]
        if verb == "eat" or verb == "emigrate":
            if len(rest) > 1 or (rest and rest[0] != "sated"):
                raise Invalid("%s takes only 'sated'" % verb)
            return ("eat" if verb == "eat" else "emigrate", bool(rest))
        if verb == "graze" or verb == "end":
            if rest:
                raise Invalid("%s takes nothing more" % verb)
            return ("graze",) if verb == "graze" else ("end",)
        if verb != "action":
            raise Invalid("unknown statement %s" % verb)
        if not rest:
            raise Invalid("action needs a chip: snail skip wave carp pike")
        kind = rest[0]
        if kind not in KINDS:
            raise Invalid("unknown action %s" % kind)
        kind = KINDS[KINDS.index(kind)]
        args = rest[1:]
        if kind != "carp" and kind != "pike":
            if args:
                raise Invalid("action %s takes nothing more" % kind)
            return ("action", kind)
        if len(args) > NESTS:
            raise Invalid("at most 3 %s nests, not %d" % (kind, len(args)))
        if kind == "carp":
            return ("action", kind, tuple(parse_int(t, 1, 6, "a roll") for t in args))
        return ("action", kind, tuple(self._parse_pair(t) for t in args))

    def _parse_pair(self, token):
        cut = token.find("+")
        a, b = token[:cut], token[cut + 1 :]
        if cut < 0 or not a.isdigit() or not b.isdigit():
            raise Invalid("a pike nest is A+B (owners), not %s" % token)
        return (parse_int(a, 1, self.players, "an owner"), parse_int(b, 1, self.players, "an owner"))

    def format(self, stmt):
        verb = stmt[0]
        if verb == "eat" or verb == "emigrate":
            return verb + " sated" if stmt[1] else verb
        if verb != "action":
            return verb
        words = ["action", stmt[1]]
        for arg in self._args(stmt):
            words.append("%d+%d" % arg if stmt[1] == "pike" else str(arg))
        return " ".join(words)

    @staticmethod
    def _args(stmt):
        return stmt[2] if len(stmt) > 2 else ()

    def check(self, stmt):
        """Raise Invalid (a short reason) unless `stmt` may be played now; changes nothing."""
        if self.over:
            raise Invalid(t("the game is over"))
        verb = stmt[0]
        if verb == "action":
            self._check_action(stmt)
        elif verb == "end":
            if not self.acted:
                raise Invalid(t("take an action before end"))
        elif verb == "eat" or verb == "graze" or verb == "emigrate":
            self._check_move(verb, stmt)
        else:
            raise Invalid("unknown statement %s" % verb)

    def _check_move(self, verb, stmt):
        if self.moves >= self.allowance():
            raise Invalid(t("no movement points left"))
        if not self.acted and self._only_skip_open():
            raise Invalid(t("only skip is left: skip first"))
        if verb == "graze":
            if not self.snails_board:
                raise Invalid(t("no snail on the board"))
            if not self.hungry_carp:
                raise Invalid(t("no hungry carp"))
            return
        p = self.turn
        if verb == "emigrate" and stmt[1]:
            if not self.sated[p]:
                raise Invalid(t("you have no sated pike"))
            return
        if not self.hungry[p]:
            raise Invalid(t("you have no hungry pike"))
        if verb == "emigrate":
            return
        pond = self.carp_pond()
        if pond < EAT_POND:
            raise Invalid(t("no eating: only %d carp in the pond") % pond)
        if stmt[1] and not self.sated_carp:
            raise Invalid(t("no sated carp"))
        if not stmt[1] and not self.hungry_carp:
            raise Invalid(t("no hungry carp"))

    def _check_action(self, stmt):
        if self.acted:
            raise Invalid(t("only one action per turn"))
        kind = stmt[1]
        if kind == "skip" and self.lines:
            raise Invalid(t("skip only at the start of a turn"))
        if self.open_chip(kind) < 0:
            if kind not in self.chips:
                raise Invalid(t("%s is not among the chips") % t(kind))
            raise Invalid(t("your %s chip is covered") % t(kind))
        args = self._args(stmt)
        if kind == "carp":
            most = self.carp_nests_possible()
            if len(args) > most:
                raise Invalid(t("%d sated carp: at most %d nests") % (self.sated_carp, most))
            for roll in args:
                if roll < 1 or roll > 6:
                    raise Invalid(t("a roll must be 1 to 6, not %d") % roll)
        elif kind == "pike":
            self._check_pairs(args)
        elif args:
            raise Invalid(t("action %s takes nothing more") % t(kind))

    def _check_pairs(self, pairs):
        if len(pairs) > NESTS:
            raise Invalid(t("at most 3 pike nests, not %d") % len(pairs))
        for pair in pairs:
            for owner in pair:
                if owner < 1 or owner > self.players:
                    raise Invalid(t("an owner must be 1 to %d, not %d") % (self.players, owner))
                used = 0
                for a, b in pairs:
                    used += (a == owner) + (b == owner)
                if used > self.sated[owner - 1]:
                    raise Invalid(t("player %d has %d sated pikes, not %d") % (owner, self.sated[owner - 1], used))

    def apply(self, stmt):
        """Apply a statement that `check` accepted."""
        verb = stmt[0]
        p = self.turn
        if verb == "end":
            self._end_turn()
            return
        self.lines += 1
        if verb == "action":
            self._apply_action(stmt)
        else:
            self.moves += 1
            if verb == "graze":
                self.hungry_carp -= 1
                self.sated_carp += 1
                self.snails_board -= 1
            elif verb == "eat":
                self.hungry[p] -= 1
                self.sated[p] += 1
                if stmt[1]:  # the carp's snail goes back to the supply
                    self.sated_carp -= 1
                    self.snail_supply += 1
                else:
                    self.hungry_carp -= 1
            else:  # emigrate: credited now, the stone comes back at the end of the turn
                if stmt[1]:
                    self.sated[p] -= 1
                    self.carp_supply += 1
                else:
                    self.hungry[p] -= 1
                self.emigrated[p] += 1
                self.pending += 1
        self._rescore()

    def _apply_action(self, stmt):
        kind = stmt[1]
        self.covered[self.turn] |= 1 << self.open_chip(kind)
        self.acted = True
        if kind == "snail":
            if self.snail_supply:
                self.snail_supply -= 1
                self.snails_board += 1
        elif kind == "wave":
            self.wave = True
        elif kind == "skip":
            self._end_turn(True)
        elif kind == "carp":
            rolls = self._args(stmt)
            parents = 2 * len(rolls)
            self.sated_carp -= parents
            self.hungry_carp += parents
            self.snail_supply += parents
            born = self.carp_born(rolls)
            self.carp_supply -= born
            self.hungry_carp += born
        else:
            pairs = self._args(stmt)
            for pair in pairs:
                for owner in pair:
                    self.sated[owner - 1] -= 1
                    self.hungry[owner - 1] += 1
                    self.carp_supply += 1
                    self.clear_due[owner - 1] = _NEW
            for a, b in pairs:
                self._hatch(a - 1)
                self._hatch(b - 1)  # a same-owner pair: two for that owner

    def _hatch(self, p):
        if self.pike_supply[p]:  # a shortage forfeits the new pike
            self.pike_supply[p] -= 1
            self.hungry[p] += 1

    def _end_turn(self, skipped=False):
        p = self.turn
        self.pike_supply[p] += self.pending
        if self.clear_due[p] == 1 and not skipped:  # clarification 10: the reminder ends with the
            self.clear_due[p] = 0  # owner's next turn; a skip blocks the nest one turn more
        for q in range(self.players):
            if self.clear_due[q] == _NEW:
                self.clear_due[q] = 1
        self._new_turn()
        if self.round == self.rounds and not self._pike_chip_open():
            self.over = True
            return
        for q in range(self.players):
            if self.covered[q] != ALL_COVERED:
                break
        else:  # every player covered all six: a new round, every chip open again
            for q in range(self.players):
                self.covered[q] = 0
            self.round += 1
        self.advance()

    def _only_skip_open(self):
        covered = self.covered[self.turn]
        for i in range(6):
            if self.chips[i] != "skip" and not covered & (1 << i):
                return False
        return True

    def _pike_chip_open(self):
        for q in range(self.players):
            if self.open_chip("pike", q + 1) >= 0:
                return True
        return False

    def _rescore(self):
        for p in range(self.players):
            self.points[p] = self.hungry[p] + self.sated[p] + self.emigrated[p]

    def tiebreak(self, player):
        return self.sated[player]  # sated pikes on the board rank players with equal scores

    # -- state for the screen ----------------------------------------------
    def open_chip(self, kind, player=None):
        """Index of the first open chip of `kind` of `player` (1-based; default: current), or -1."""
        p = self.turn if player is None else player - 1
        covered = self.covered[p]
        for i in range(6):
            if self.chips[i] == kind and not covered & (1 << i):
                return i
        return -1

    def open_chips(self):
        """The current player's open chips as (index, name) pairs."""
        covered = self.covered[self.turn]
        return [(i, self.chips[i]) for i in range(6) if not covered & (1 << i)]

    def allowance(self):
        """Movement points of this turn: 7, or 14 once a wave chip is covered in it."""
        return 2 * STEPS if self.wave else STEPS

    def carp_pond(self):
        """Carp swimming in the pond, hungry or sated (clarification 5)."""
        return self.hungry_carp + self.sated_carp

    def pikes(self, player):
        """Pikes of `player` (1-based) on the board, hungry and sated."""
        return self.hungry[player - 1] + self.sated[player - 1]

    def carp_nests_possible(self):
        """The most carp nests with a breeding pair now (rolls an `action carp` may take)."""
        return min(NESTS, self.sated_carp // 2)

    def pike_nests_possible(self):
        """The most pike nests with a breeding pair now (tokens an `action pike` may take)."""
        return min(NESTS, sum(self.sated) // 2)

    def pike_pairs_possible(self):
        """Owner pairs (a, b), 1-based with a <= b, that could form a breeding pair now."""
        sated = self.sated
        n = self.players
        return [
            (a + 1, b + 1) for a in range(n) for b in range(a, n) if sated[a] and sated[b] and (a != b or sated[a] > 1)
        ]

    def moves_offered(self):
        """Every statement without arguments the current player may make now, in the order a screen
        offers them: end, the moves (eat, eat sated, graze, emigrate, emigrate sated), then each open
        chip kind once (carp and pike with their tokens still to choose).  Made from the state, it is
        exactly what `check` accepts."""
        if self.over:
            return []
        out = []
        p = self.turn
        if self.acted:
            out.append(_END)
        if self.moves < self.allowance() and (self.acted or not self._only_skip_open()):
            feed = self.carp_pond() >= EAT_POND
            if self.hungry[p] and feed and self.hungry_carp:
                out.append(_EAT)
            if self.hungry[p] and feed and self.sated_carp:
                out.append(_EAT_SATED)
            if self.snails_board and self.hungry_carp:
                out.append(_GRAZE)
            if self.hungry[p]:
                out.append(_EMIGRATE)
            if self.sated[p]:
                out.append(_EMIGRATE_SATED)
        if not self.acted:
            covered = self.covered[p]
            for i in range(6):
                kind = self.chips[i]
                if covered & (1 << i) or (kind == "skip" and self.lines) or self.open_chip(kind) != i:
                    continue  # covered, a skip too late, or not the first open chip of its kind
                out.append(("action", kind, ()) if kind == "carp" or kind == "pike" else ("action", kind))
        return out

    def pike_pairs_after(self, chosen):
        """The owner pairs a further nest may hold after the nests `chosen` ((a, b), ...): those whose
        owners still have a sated pike for it."""
        if len(chosen) >= NESTS:
            return []
        out = []
        for pair in self.pike_pairs_possible():
            ok = True
            for owner in pair:
                used = (pair[0] == owner) + (pair[1] == owner)
                for a, b in chosen:
                    used += (a == owner) + (b == owner)
                if used > self.sated[owner - 1]:
                    ok = False
            if ok:
                out.append(pair)
        return out

    def carp_born(self, rolls):
        """New carp from these rolls: their sum, limited by the carp supply."""
        return min(sum(rolls), self.carp_supply)

    def carp_split_options(self, rolls):
        """The ways to place the new carp in the nests (one count per roll) under a shortage."""
        total = self.carp_born(rolls)
        if total == sum(rolls):
            return [tuple(rolls)]
        options = [()]
        for roll in rolls:
            options = [o + (k,) for o in options for k in range(roll + 1)]
        return [o for o in options if sum(o) == total]

    def pikes_born(self, pairs):
        """New pikes per player (a list) that `action pike` with these owner pairs would place."""
        want = [0] * self.players
        for a, b in pairs:
            want[a - 1] += 1
            want[b - 1] += 1
        return [min(want[p], self.pike_supply[p]) for p in range(self.players)]

    def warnings(self):
        """Short reminders for the current player (each at most 21 characters): English keys that
        the play screen turns into its own words (fishtable.ui.play_hecht.short_warning, through
        `t`), so they are not translated here."""
        if self.over:
            return ()
        out = []
        pond = self.carp_pond()
        if pond < EAT_POND:
            out.append("No eating: %d carp" % pond)
        if pond == START_CARP and self.sated_carp >= 2:
            out.append("3rd sated carp: join")
        if self.clear_due[self.turn]:
            out.append("Clear the pike nest")
        others = [str(q + 1) for q in range(self.players) if q != self.turn and self.clear_due[q] == _NEW]
        if others:
            out.append("Clear nest: " + ",".join(others))
        if self.round == self.rounds:
            out.append("Last round")
        return tuple(out)

    def extra_fields(self):
        pikes = [self.hungry[p] + self.sated[p] for p in range(self.players)]
        return (
            ("carp", self.carp_pond()),
            ("carp_supply", self.carp_supply),
            ("snail_supply", self.snail_supply),
            ("pikes", pikes),
            ("emigrated", list(self.emigrated)),
            ("sated", list(self.sated)),
            ("snails", self.snails_board),
            ("sated_carp", self.sated_carp),
            ("pike_supply", list(self.pike_supply)),
        )

"""Playing Hecht im Karpfenteich: the moves and chips that are legal now, the carp action's
dice rolled here with the ring spinning, the pike pairs picked from those possible; the
allowance, the chips, the supplies and the warnings on screen."""

from fishtable.ui import draw
from fishtable.ui.icons import ICONS
from fishtable.ui.play import Play as Base
from fishtable.ui.widgets import Ask

MOVES = (
    (("eat", False), "Eat a carp"),
    (("eat", True), "Eat sated carp"),
    (("graze",), "Carp grazes"),
    (("emigrate", False), "Emigrate"),
    (("emigrate", True), "Emigrate sated"),
)
CHIP_LABELS = {"snail": "Chip: snail", "skip": "Chip: skip", "wave": "Chip: wave", "carp": "Chip: carp",
               "pike": "Chip: pike"}
END = ("end",)
ROLL_MS = 1000
WARN_MS = 2000


class Play(Base):
    """The Hecht play screen."""

    def root(self, app):
        self.rolls = None
        game = app.match.game
        labels = []
        values = []
        if app.match.allows(END):
            labels.append("End turn")
            values.append(END)
        for stmt, label in MOVES:
            if app.match.allows(stmt):
                labels.append(label)
                values.append(stmt)
        seen = []
        for _, kind in game.open_chips():
            if kind in seen:
                continue
            seen.append(kind)
            stmt = ("action", kind, ()) if kind in ("carp", "pike") else ("action", kind)
            if app.match.allows(stmt):
                labels.append(CHIP_LABELS[kind])
                values.append(stmt)
        self.step(Ask(None, labels, values), self._chosen, None)

    def _chosen(self, app, stmt):
        if stmt[0] != "action" or stmt[1] not in ("carp", "pike"):
            self.done(app, stmt)
            return
        game = app.match.game
        most = game.carp_nests_possible() if stmt[1] == "carp" else game.pike_nests_possible()
        if most == 0:
            self.done(app, stmt)
            return
        counts = list(range(most + 1))
        ask = Ask("Nests with pairs", [str(n) for n in counts], counts, most, True)
        self.step(ask, self._carp_nests if stmt[1] == "carp" else self._pike_nests, self._back_root)

    def _back_root(self, app):
        self.root(app)

    # -- carp: the table's own die (entered nest by nest) or the device's ------
    def _carp_nests(self, app, n):
        if n == 0:
            self.done(app, ("action", "carp", ()))
            return
        self._want = n
        ask = Ask("Carp dice", ["Enter dice", "Roll for me"], [False, True])
        self.step(ask, self._dice_how, self._back_root)

    def _dice_how(self, app, roll_here):
        if roll_here:
            self.ask = None
            self.on_ok = None
            n = self._want
            app.fx.spin(app.now, (255, 255, 255), ROLL_MS, lambda: self._rolled(app, n))
            return
        self.rolls = ()
        self._ask_die(app)

    def _ask_die(self, app):
        faces = [1, 2, 3, 4, 5, 6]
        ask = Ask("Nest %d die" % (len(self.rolls) + 1), [str(f) for f in faces], faces, 0, True)
        self.step(ask, self._die, self._back_root)

    def _die(self, app, face):
        self.rolls = self.rolls + (face,)
        if len(self.rolls) < self._want:
            self._ask_die(app)
        else:
            self.done(app, ("action", "carp", self.rolls))

    def _rolled(self, app, n):
        rolls = tuple(app.die.rolls(n))
        self.rolls = rolls
        born = app.match.game.carp_born(rolls)
        ask = Ask("Rolled " + " ".join(str(r) for r in rolls), ["+%d carp" % born], [rolls], 0, True)
        self.step(ask, lambda a, r: self.done(a, ("action", "carp", r)), None)
        self.enter(app)

    # -- pike: pick the owners of each breeding pair ---------------------------
    def _pike_nests(self, app, n):
        self._pairs = ()
        self._want = n
        if n == 0:
            self.done(app, ("action", "pike", ()))
            return
        self._ask_pair(app)

    def _ask_pair(self, app):
        game = app.match.game
        chosen = self._pairs
        options = [p for p in game.pike_pairs_possible() if app.match.allows(("action", "pike", chosen + (p,)))]
        labels = ["%d+%d" % p for p in options]
        ask = Ask("Nest %d owners" % (len(chosen) + 1), labels, options, 0, True,
                  lambda p: "new: " + self._born(app, chosen + (p,)))
        self.step(ask, self._pair, self._back_root)

    @staticmethod
    def _born(app, pairs):
        born = app.match.game.pikes_born(pairs)
        return " ".join("P%d+%d" % (i + 1, born[i]) for i in range(len(born)) if born[i])[:16]

    def _pair(self, app, pair):
        self._pairs = self._pairs + (pair,)
        if len(self._pairs) < self._want:
            self._ask_pair(app)
        else:
            self.done(app, ("action", "pike", self._pairs))

    # -- drawing ---------------------------------------------------------------
    def tick(self, app, now):
        """Several warnings take turns on the last two rows, two seconds each."""
        import time

        start = getattr(self, "_warn_at", None)
        if start is None:
            self._warn_at = now
            return False
        if time.ticks_diff(now, start) < WARN_MS:
            return False
        self._warn_at = now
        self._warn = getattr(self, "_warn", 0) + 1
        return len(self.current(app)[6]) > 1

    def texts(self, app):
        """(player, "P<n>", "pk<n>", the open chips as bits (1 << index), moves/allowance, carp and
        snail counts, the warnings, each wrapped to at most two lines)."""
        game = app.match.game
        player = game.next_player()
        label = pikes = None
        if player is not None:
            label = "P%d" % player
            pikes = "pk%d" % game.pikes(player)
        open_bits = 0
        for i, _ in game.open_chips():
            open_bits |= 1 << i
        moves = "%d/%d" % (getattr(game, "moves", 0), game.allowance())
        pond = "Carp%d/%d Snl%d/%d" % (game.carp_pond(), game.carp_supply, game.snails_board, game.snail_supply)
        warnings = [draw.wrap(w)[:2] for w in game.warnings()]
        return (player, label, pikes, open_bits, moves, pond, warnings)

    def draw(self, app, fb):
        """Header: the player (big), colour, pikes; the six chips (covered ones lit) and the moves."""
        game = app.match.game
        player, label, pikes, open_bits, moves, pond, warnings = self.current(app)
        if player is not None:
            Base.draw_player(self, app, fb, player, label)
            draw.right(fb, pikes, 0)
        for i in range(6):
            x = 40 + i * 9
            if open_bits & (1 << i):
                draw.icon(fb, ICONS[game.chips[i]], x, 8)
            else:  # covered: the icon dark on a lit chip
                fb.fill_rect(x, 8, 8, 8, 1)
                draw.icon(fb, ICONS[game.chips[i]], x, 8, 0)
        draw.right(fb, moves, 1)
        if self.ask is None:
            draw.centre(fb, "Rolling...", 3)
        else:
            self.ask.draw(fb, 2, 3)
        draw.line(fb, pond, 5)
        if warnings:
            lines = warnings[getattr(self, "_warn", 0) % len(warnings)]
            for i in range(len(lines)):
                draw.line(fb, lines[i], 6 + i, 0, True)

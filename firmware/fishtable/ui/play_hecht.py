"""Playing Hecht im Karpfenteich: the moves and chips that are legal now (as the rules core offers
them), the carp action's dice and the pike pairs (fishtable.ui.hecht_nests, loaded for them);
the allowance, the chips, the supplies and the warnings on screen."""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.icons import ICONS
from fishtable.ui.play import Play as Base
from fishtable.ui.play import draw_who
from fishtable.ui.widgets import Ask

LABELS = {  # (shown through `t`)
    ("end",): n_("End turn"),
    ("eat", False): n_("Eat a carp"),
    ("eat", True): n_("Eat sated carp"),
    ("graze",): n_("Carp grazes"),
    ("emigrate", False): n_("Emigrate"),
    ("emigrate", True): n_("Emigrate sated"),
}
BREEDING = {"carp": n_("Carp breeding"), "pike": n_("Pike breeding")}  # the chips that breed, by what they do
WARN_MS = 2000


def chip_label(kind):
    """A chip as the turn's list offers it: "Chip: wave", "Carp breeding" (the kinds' own words are
    the set-up's, fishtable.ui.setup.CHIP_NAMES)."""
    breeding = BREEDING.get(kind)
    return t(breeding) if breeding else t("Chip: %s") % t(kind)


class Play(Base):
    """The Hecht play screen."""

    STEP_ROWS = 3

    def __init__(self, app):
        Base.__init__(self, app)
        self.rolls = ()  # the carp dice entered (or rolled) so far
        self.pairs = ()  # the pike nests' owner pairs chosen so far
        self.nests = 0  # how many nests the action takes
        self.warn_at = None  # when the warning shown now came up
        self.warn = 0  # which of several warnings is shown

    def first_step(self, app, game):
        from fishtable import forget_module

        forget_module("fishtable.ui.hecht_nests")
        offered = game.moves_offered()
        labels = [t(LABELS[s]) if s[0] != "action" else chip_label(s[1]) for s in offered]
        first = 0  # "End turn" once acted, else the first open chip: never a move by one habitual OK
        while not game.acted and first < len(offered) - 1 and offered[first][0] != "action":
            first += 1
        self.go(Ask(None, labels, offered, first), self._chosen, None)

    def _chosen(self, app, stmt):
        if stmt[0] != "action" or stmt[1] not in ("carp", "pike"):
            self.play(app, stmt)
            return
        game = app.match.game
        most = game.carp_nests_possible() if stmt[1] == "carp" else game.pike_nests_possible()
        if most == 0:
            self.play(app, stmt)
            return
        from fishtable.ui import hecht_nests  # (dropped again when the turn's first step is back)

        hecht_nests.ask_count(self, app, stmt[1], most)

    # -- drawing ---------------------------------------------------------------
    def tick(self, app, now):
        """Several warnings take turns on the bottom row, two seconds each."""
        import time

        if self.warn_at is None:
            self.warn_at = now
            return False
        if time.ticks_diff(now, self.warn_at) < WARN_MS:
            return False
        self.warn_at = now
        self.warn += 1
        return len(self.current(app).warnings) > 1

    def describe(self, app, game, view):
        """The round and the turn's movement points (7, 14 after a wave: the board never sees
        ordinary moves, so it counts none); the pikes of the player to move and their supply, or
        what was entered this turn once there is something; the open chips (bit i: chip i); the
        bottom row: the carp in the pond, or the warnings (one line each, in turn)."""
        moves = game.allowance()
        view.moves = (t("Round %d: %d moves") if moves < 10 else t("Round %d:%d moves")) % (game.round, moves)
        view.pikes = ""
        if view.player is not None:
            p = view.player
            view.pikes = entered_text(app.match.statements, game.lines) or pikes_text(
                game.pikes(p), game.pike_supply[p - 1])
        open_bits = 0
        for i, _ in game.open_chips():
            open_bits |= 1 << i
        view.open_chips = open_bits
        warnings = game.warnings()
        pond = t("Carp in pond %d") % game.carp_pond()
        view.warnings = (pond,)
        if warnings:
            shown = list(warnings)  # one list, filled in a loop (a comprehension would make a closure)
            for i in range(len(shown)):
                shown[i] = short_warning(warnings[i], app.match)
            if game.round == game.rounds:  # "!Last round" lasts a whole round: the pond's line takes turns with it
                shown.append(pond)
            view.warnings = shown
        if game.round == game.rounds and not game.over and not game._pike_chip_open():
            # the game ends after this turn: the one warning left, at once and kept (the others
            # took turns with it, so its first frame could show "!Last round")
            view.warnings = (t(LAST_TURN),)

    def draw_header(self, app, fb, view):
        """The player (big), colour; the six chips (covered ones lit)."""
        chips = app.match.game.chips
        if view.player is not None:
            draw_who(fb, view.label, view.colour)
        for i in range(6):
            x = 40 + i * 9
            if view.open_chips & (1 << i):
                draw.icon(fb, ICONS[chips[i]], x, 8)
            else:  # covered: the icon dark on a lit chip
                fb.fill_rect(x, 8, 8, 8, 1)
                draw.icon(fb, ICONS[chips[i]], x, 8, 0)

    def draw(self, app, fb):
        """A choice with a note under its value (the new pikes, the carp per nest) takes the
        details' rows too: the note may need three lines."""
        ask = self.ask
        if ask is None or ask.note is None:
            Base.draw(self, app, fb)
            return
        self.draw_header(app, fb, self.current(app))
        ask.draw(fb, self.STEP_ROW, draw.ROWS - self.STEP_ROW)

    def draw_details(self, app, fb, view):
        """The round and movement points, the pikes (or what was entered); the pond, or the
        warnings ("!" before each; several take turns; in the game's final turn "!Final turn"
        alone)."""
        draw.line(fb, view.moves, 5)
        draw.line(fb, view.pikes, 6)
        warnings = view.warnings
        draw.line(fb, warnings[self.warn % len(warnings)], 7)


TIE_HINT = n_("Most sated won")  # equal pikes: the sated pikes on the board ranked them (shown through `t`)
VERBS = (("eat", n_("eat")), ("graze", n_("graze")), ("emigrate", n_("emigrate")))  # (the record's word, shown)
LAST_TURN = n_("!Final turn")  # the last open pike chip is used: the game ends after this turn



def short_warning(text, match=None):
    """The core's reminder in one line of at most 16 characters, in words, "!" before it (the
    `match`'s names used where they fit).  The core's reminders are English keys this maps to the
    screen's words (shown through `t`)."""
    if text.startswith("No eating"):
        return t("!Pikes can't eat")
    if text.startswith("3rd sated"):
        return t("!Share carp nest")
    if text.startswith("Clear the"):
        return t("!Clear your nest")
    if text.startswith("Clear nest: "):
        who = text[12:]
        if "," in who:  # "1,3": several players (the legend's "!2 clear nests")
            return t("!%d clear nests") % (who.count(",") + 1)
        name = match.label(int(who)) if match is not None else ""
        named = t("!%s clear nest")
        if 0 < len(name) <= draw.COLS - len(named) + 2:  # (+2: its "%s")
            return named % name
        return t("!P%s clear nest") % who
    if text == "Last round":
        return t("!Last round")
    return draw.wrap(text)[0]  # whole words only


def pikes_text(board, supply):
    """The pikes of the player to move: "2 pikes, 4 kept" (on the board; in their supply)."""
    if board == 1:
        return t("1 pike, %d kept") % supply
    return t("%d pikes, %d kept") % (board, supply)


def entered_text(statements, lines):
    """What was entered this turn (its last `lines` statements) besides the chip, which the header
    shows: "Entered: eat 2", "3 moves entered" when that does not fit; "" for nothing."""
    text = ""
    total = 0
    for verb, shown in VERBS:
        n = 0
        for i in range(len(statements) - lines, len(statements)):
            if statements[i][0] == verb:
                n += 1
        if n:
            total += n
            text += "%s %s %d" % ("," if text else t("Entered:"), t(shown), n)
    if len(text) <= draw.COLS:
        return text
    return (t("%d move entered") if total == 1 else t("%d moves entered")) % total


def said(game, stmt, label):
    """A move in the play screen's words, for the Undo question: "Eat a carp", "Carp breeding,
    dice 5 3", "Pike breeding: Anna x2" (`label(p)`: what the screens call player p)."""
    if stmt[0] != "action":
        return t(LABELS[stmt])
    text = chip_label(stmt[1])
    if len(stmt) < 3:
        return text
    if not stmt[2]:
        return t("%s, no nest") % text
    if stmt[1] == "carp":
        return t("%s, dice %s") % (text, " ".join(str(r) for r in stmt[2]))
    from fishtable.ui.hecht_nests import pair_label

    return text + ": " + ", ".join(pair_label(label, min(a, b), max(a, b)) for a, b in stmt[2])

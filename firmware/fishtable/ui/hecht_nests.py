"""Hecht's carp and pike chips on the play screen (fishtable.ui.play_hecht): how many nests breed,
the carp dice (the table's own die entered nest by nest, or rolled here with the ring spinning)
and the owners of each pike pair.  Loaded when such a chip is chosen and dropped when the turn's
first step is back: its code is RAM on the board that the rest of a game does not need.

Each function takes the play screen `play` (its `go`, `play`, `wait`, `enter`, `back_to_first`;
the choices so far in `play.rolls`, `play.pairs`, `play.nests`)."""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.widgets import Ask

ROLL_MS = 1000
FACES = (1, 2, 3, 4, 5, 6)
SHORT_SUPPLY = n_("Too few carp:")  # (through `t`) the carp supply is short: the player to move shares the new carp
NOTE_LINES = 3  # lines a note under a big value has on this screen (rows 5-7)
BIG_COLS = 8  # 2x letters a line


def ask_count(play, app, kind, most):
    """How many nests have pairs (0..`most`) for the "carp" or "pike" chip, then its steps."""
    counts = list(range(most + 1))
    ask = Ask(t("Nests with pairs"), [str(n) for n in counts], counts, 0, True)  # 0 preset: one OK records no breeding
    then = _carp_nests if kind == "carp" else _pike_nests
    play.go(ask, lambda a, n: then(play, a, n), play.back_to_first)


# -- carp: the table's own die (entered nest by nest) or the device's ------
def _carp_nests(play, app, n):
    if n == 0:
        play.play(app, ("action", "carp", ()))
        return
    play.nests = n
    play.go(Ask(t("Carp dice"), [t("Enter dice"), t("Roll for me")], [False, True]),
            lambda a, here: _dice_how(play, a, here), play.back_to_first)


def _dice_how(play, app, roll_here):
    play.rolls = ()
    if roll_here:
        _ask_roll(play, app)
        return
    _ask_die(play, app)


def _ask_roll(play, app):
    """The rulebook's player names the nest before each roll: "Nest 1: roll now", OK rolls."""
    ask = Ask(t("Nest %d: roll now") % (len(play.rolls) + 1), [t("Roll")])
    play.go(ask, lambda a, _: _roll(play, a), play.back_to_first)


def _roll(play, app):
    play.wait()
    app.fx.spin(app.now, (255, 255, 255), ROLL_MS, lambda: _rolled(play, app))


def _ask_die(play, app):
    ask = Ask(t("Carp nest %d: die") % (len(play.rolls) + 1), [str(f) for f in FACES], list(FACES), 0, True)
    play.go(ask, lambda a, face: _die(play, a, face), play.back_to_first)


def _die(play, app, face):
    play.rolls = play.rolls + (face,)
    if len(play.rolls) < play.nests:
        _ask_die(play, app)
    else:
        _split(play, app, play.rolls, play.back_to_first)


def _split(play, app, rolls, back):
    """Too few carp in the supply for the dice: the player to move picks which nests get fewer."""
    options = app.match.game.carp_split_options(rolls)
    if len(options) < 2:
        play.play(app, ("action", "carp", rolls))
        return
    labels = [" ".join(str(k) for k in o) for o in options]
    ask = Ask(t(SHORT_SUPPLY), labels, options, 0, True, carp_per_nest)
    play.go(ask, lambda a, o: play.play(a, ("action", "carp", rolls)), back)


def _rolled(play, app):
    play.rolls = rolls = play.rolls + (app.die.roll(),)
    if len(rolls) < play.nests:
        _ask_roll(play, app)
    else:
        born = app.match.game.carp_born(rolls)
        ask = Ask(rolled_text(rolls), [t("+%d carp") % born], [rolls], 0, True)
        play.go(ask, lambda a, r: _split(play, a, r, None), None)
    play.enter(app)


# -- pike: pick the owners of each breeding pair ---------------------------
def _pike_nests(play, app, n):
    play.pairs = ()
    play.nests = n
    if n == 0:
        play.play(app, ("action", "pike", ()))
        return
    _ask_pair(play, app)


def _ask_pair(play, app):
    game = app.match.game
    chosen = play.pairs
    options = game.pike_pairs_after(chosen)
    label = app.match.label
    labels = [pair_label(label, a, b) for a, b in options]
    ask = Ask(t("Nest %d owners") % (len(chosen) + 1), labels, options, 0, True,
              lambda p: born_text(game, chosen + (p,), label))
    play.go(ask, lambda a, pair: _pair(play, a, pair), play.back_to_first)


def _pair(play, app, pair):
    play.pairs = play.pairs + (pair,)
    if len(play.pairs) < play.nests:
        _ask_pair(play, app)
    else:
        play.play(app, ("action", "pike", play.pairs))


def carp_per_nest(option):
    """A share of the new carp in words, a line a nest ("Nest 1: 2 carp")."""
    each = t("Nest %d: %d carp")
    return "\n".join(each % (i + 1, option[i]) for i in range(len(option)))


def rolled_text(rolls):
    """The carp dice by nest: "Nest 1: 5", "Nests 1-3: 5 4 6"."""
    if len(rolls) == 1:
        return t("Nest 1: %d") % rolls[0]
    return t("Nests 1-%d: %s") % (len(rolls), " ".join(str(r) for r in rolls))


def pair_label(label, a, b):
    """A pike pair's owners as the screens call them (`label(p)`): "Ann+Zoe" where the two names
    fit a big line, "Anna x2" for one owner's two pikes, else "P1 & P3" ("P1 x2")."""
    if a == b:
        text = label(a) + " x2"
        return text if len(text) <= BIG_COLS else t("P%d x2") % a
    first = label(a)
    second = label(b)
    text = "%s+%s" % (first, second)
    seat = t("P%d")  # a guest's or an unnamed seat's label (fishtable.core.match.Match.label)
    if len(text) > BIG_COLS or first == seat % a or second == seat % b:  # never "+" between seat numbers
        return t("P%d & P%d") % (a, b)
    return text


def born_text(game, pairs, label):
    """The new pikes these nests give, by how many each player gets: "2 new pikes: Anna; 1 new
    pike: Bob Cy" by name (`label(p)`) when that fits the note's lines, else by seat ("P1");
    "No new pikes" when the supply gives none."""
    born = game.pikes_born(pairs)
    text = ""
    seat = t("P%d")
    for named in (True, False):
        text = ""
        for k in range(6, 0, -1):  # a player gets at most 2 a nest, 3 nests
            who = ""
            for i in range(len(born)):
                if born[i] == k:
                    who += " " + (label(i + 1) if named else seat % (i + 1))
            if who:
                text += ("; " if text else "") + (t("%d new pikes:%s") if k > 1 else t("%d new pike:%s")) % (k, who)
        if not text:
            return t("No new pikes")
        if len(draw.wrap(text)) <= NOTE_LINES:
            break
    return text

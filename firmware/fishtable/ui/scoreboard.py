"""The scoreboard: the game menu (scores + Play on / Undo / Help / Main menu) and the end of a game."""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.ringfx import RGB
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Confirm, Screen

PLAY_ON = n_("Play on")
UNDO = n_("Undo")
MAIN_MENU = n_("Main menu")
HELP = n_("Help")
CHOICES = (PLAY_ON, UNDO, HELP, MAIN_MENU)  # (chosen by index, shown through `t`)


def seat_text(lead, label, colour, score):
    """A row's left part: `lead` and the player's label, then their colour when the whole word
    fits beside the score on the right (a long name keeps the row without it)."""
    name = t(COLOUR_NAMES[colour])
    if len(lead) + len(label) + 1 + len(name) <= draw.COLS - 1 - len(score):
        return "%s%s %s" % (lead, label, name)
    return lead + label


def score_rows(fb, match, colours, first_row, marker):
    """One row per player: marker (">": to move), name (or number), colour, score (right)."""
    scores = match.game.scores()
    for i in range(len(scores)):
        score = str(scores[i])
        draw.line(fb, seat_text(">" if marker == i + 1 else " ", match.label(i + 1), colours[i], score),
                  first_row + i)
        draw.right(fb, score, first_row + i)


class GameMenu(Screen):
    """Scores of everyone, and a one-line choice: Play on, Undo (with confirmation), Main menu."""

    def __init__(self, app):
        self.index = 0

    def key(self, app, ev):
        if ev == PREV:
            self.index = (self.index - 1) % len(CHOICES)
        elif ev == NEXT:
            self.index = (self.index + 1) % len(CHOICES)
        elif ev == BACK:
            app.pop()
        elif ev == OK:
            choice = CHOICES[self.index]
            if choice == PLAY_ON:
                app.pop()
            elif choice == MAIN_MENU:
                app.home()
            elif choice == HELP:
                show_help(app, app.match.name)
            elif not app.match.statements:
                app.message(t("nothing to undo"))
            else:
                app.push(Confirm(undo_question(app.match), _undo))

    def draw(self, app, fb):
        match = app.match
        game = match.game
        players = game.players
        colours = [app.colour_of(p) for p in range(1, players + 1)]
        if players < 6:
            draw.line(fb, t("Round %d") % game.round if game.ROUNDS else t("Scores"), 0)
        score_rows(fb, match, colours, 0 if players >= 6 else 1, game.next_player())
        draw.centre_at(fb, t(CHOICES[self.index]), 55, True)  # its bar: pixel rows 54-63
        draw.text(fb, "<", 0, 55, 0)
        draw.text(fb, ">", draw.WIDTH - 8, 55, 0)


def show_help(app, game):
    """The help pages of `game`; the help module is dropped again when they close."""
    from fishtable.ui import help

    app.push(help.Pages(help.help_pages(game), _help_done))


def _help_done(app):
    from fishtable.ui.help import forget

    app.pop()
    forget("help")


def undo_question(match):
    """"Undo Anna's play?" and the play in the play screen's words ("Placed 7: +7"; the game's
    screen module says it: its `said(game, stmt, label)`)."""
    from fishtable.core.games import find, load

    who, before = match.last_turn()
    said = load(find(match.name).screen).said(before, match.statements[-1], match.label)
    if who is None:
        return t("Undo the last play?") + "\n\n" + said
    return t("Undo %s's play?") % match.label(who) + "\n\n" + said


def _undo(app):
    app.undo()


class GameOver(Screen):
    """The ranking and the winners; the ring celebrates in the winners' colours.  A game whose play
    screen module has `end_pages(game, player, label)` (Hi Fisch!: green fish x2, other fish,
    shells, the highest fish that breaks a tie) then shows each player's points on OK, one page a
    player in ranking order; BACK goes to the main menu at once.  PREV / NEXT switch the bottom
    line to "OK: Scan" (fishtable.ui.scan: the game as a QR code) and back."""

    def __init__(self, app, match):
        game = match.game
        self.game = game
        self.labels = [match.label(p) for p in range(1, game.players + 1)]
        self.label = match.label
        self.colours = [match.colour_index(p) for p in range(1, game.players + 1)]
        self.winners = game.winners()
        self.ranking = game.ranking()
        from fishtable.core.games import find, load

        name = find(match.name).screen
        screens = load(name)
        self.end_pages = getattr(screens, "end_pages", None)  # a game's points pages (Hi Fisch!)
        self.tie_hint = getattr(screens, "TIE_HINT", None)  # what ranked equal points apart
        if self.end_pages is None:  # nothing of the play screens is needed here: their RAM is freed
            from fishtable import forget_module

            screens = None
            for name in (name, "fishtable.ui.play", "fishtable.ui.icons"):
                forget_module(name)
        self.page = 0  # 0: the ranking; k: the k-th ranked player's points page
        self.pages = game.players if self.end_pages is not None else 0
        self.lines = None  # the shown page's lines, made once a page
        self.scan = False  # the ranking's bottom line offers Scan (PREV / NEXT)

    def enter(self, app):
        app.fx.celebrate(app.now, [RGB[self.colours[p - 1]] for p in self.winners])

    def key(self, app, ev):
        if ev == PREV or ev == NEXT:
            self.scan = not (self.scan or self.page)
        elif ev == OK and self.scan:
            from fishtable.ui.scan import open_end

            open_end(app)
        elif ev == OK and self.page < self.pages:
            self.page += 1
            self.lines = None
        elif ev == OK or ev == BACK:
            app.home()

    def draw(self, app, fb):
        if self.page:
            if self.lines is None:
                self.lines = self.end_pages(self.game, self.ranking[self.page - 1], self.label)
            draw.centre_at(fb, self.lines[0], 1, True)
            for i in range(1, len(self.lines)):
                draw.text(fb, self.lines[i], 0, draw.BELOW_TITLE + 1 + 8 * (i - 1))
            draw.line(fb, t("OK: go on"), 7)
            return
        game = self.game
        full = len(self.ranking) >= 6  # six rows: the title plain on the top row, the choice below them
        title = t("%s wins!") % self.labels[self.winners[0] - 1] if len(self.winners) == 1 else t("Shared win!")
        draw.centre_at(fb, title, 0 if full else 1, not full)
        scores = game.scores()
        rank = 0
        prev = None
        tie = False  # equal points, ranked apart by the tie-break
        for i in range(len(self.ranking)):
            p = self.ranking[i]
            key = (scores[p - 1], game.tiebreak(p - 1))
            if key != prev:
                tie = tie or (prev is not None and key[0] == prev[0])
                rank = i + 1
                prev = key
            y = (8 if full else draw.BELOW_TITLE) + 8 * i
            score = str(scores[p - 1])
            draw.text(fb, seat_text("%d " % rank, self.labels[p - 1], self.colours[p - 1], score), 0, y)
            draw.text(fb, score, draw.WIDTH - 8 * len(score), y)
        hint = t(self.tie_hint) if tie and self.tie_hint else t("OK: points") if self.pages else t("OK: main menu")
        draw.text(fb, "<", 0, 56)
        draw.centre(fb, t("OK: Scan") if self.scan else hint, 7)
        draw.text(fb, ">", draw.WIDTH - 8, 56)

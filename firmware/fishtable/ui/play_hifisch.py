"""Playing Hi Fisch!: flip a shark or a numberfish (only face-down numbers offered), with or
without a shell; the intermediate scoring shown step by step."""

from fishtable.ui import draw
from fishtable.ui.play import Play as Base
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Ask, Screen

FEWEST = 6  # fewer cards face-down as a round begins: the game is over

LABELS = {
    ("fish", False): "Fish",
    ("fish", True): "Fish + shell",
    ("shark", False): "Shark",
    ("shark", True): "Shark + shell",
}


class Play(Base):
    """The Hi Fisch! play screen: the flip's kind (a list: no prompt, so that the three lines
    below fit), the number; the face-up cards, the face-down count and the shells below."""

    STEP_ROWS = 3

    def __init__(self, app):
        Base.__init__(self, app)
        self._round = -1  # the round and shells (sand * 16 + hidden) the texts below were made for
        self._status = ""
        self._shells = -1
        self._shells_text = ""

    def first_step(self, app, game):
        kinds = game.flip_kinds()
        self.go(Ask(None, [LABELS[k] for k in kinds], kinds), self._kind, None)

    def _kind(self, app, kind):
        verb, shell = kind
        if verb == "shark":
            self.play(app, kind)
            return
        numbers = app.match.game.fish_numbers(shell)
        ask = Ask("Fish with shell:" if shell else "Fish number:", [str(n) for n in numbers], numbers, 0, True)
        self.go(ask, lambda a, n: self.play(a, ("fish", n, shell)), self.back_to_first)

    def scored(self, app):
        """The round's intermediate scoring, once, right after its last flip."""
        game = (app.match or app.session.finished).game
        app.push(Scoring(game.last_scoring))

    def describe(self, app, game, view):
        faceup = game.faceup()
        if self._round != game.round:  # texts that change seldom are made again only when they do
            self._round = game.round
            self._status = "Round %d" % game.round
        view.status = self._status
        if game.facedown() + len(faceup) < FEWEST:  # even if every face-up fish goes back: the last
            view.status = "Last round"
        up = " ".join("S" if n == 0 else str(n) for n, _ in faceup)
        view.faceup = "Face-up " + up if up else "Face-up none"
        if len(view.faceup) > draw.COLS:
            view.faceup = view.faceup[: draw.COLS]
        view.counts = "Face-down %d" % game.facedown()
        shells = game.sandbank * 16 + game.shells_hidden()
        if self._shells != shells:
            self._shells = shells
            self._shells_text = "Sand %d hidden %d" % (game.sandbank, game.shells_hidden())
        view.shells = self._shells_text

    def draw_details(self, app, fb, view):
        draw.line(fb, view.faceup, 5)
        draw.line(fb, view.counts, 6)
        draw.line(fb, view.shells, 7)


def step_text(step):
    """One step of an intermediate scoring as words."""
    kind = step[0]
    if kind == "eat":
        _, fish = step
        return "A shark eats fish %d" % fish
    if kind == "nowinner":
        return "The sharks ate every fish: no winner, shells stay"
    if kind == "win":
        _, player, fish, shells = step
        text = "P%d wins fish %s" % (player, " ".join(str(n) for n in fish))
        if shells:
            text += " and %d shell%s" % (shells, "" if shells == 1 else "s")
        return text
    _, fish = step
    return "Back face-down: %s" % " ".join(str(n) for n in fish)


class Scoring(Screen):
    """The intermediate scoring, one step a page: PREV/NEXT page through, OK goes on, BACK opens the
    scoreboard (Play on comes back here)."""

    def __init__(self, steps):
        self.steps = steps
        self.index = 0

    def enter(self, app):
        step = self.steps[self.index]
        if step[0] == "win":
            app.fx.player(app.rgb_of(step[1]))
        elif step[0] == "eat":
            app.fx.player((255, 0, 0))
        else:
            app.fx.player((0, 0, 255))

    def key(self, app, ev):
        if ev == PREV or ev == NEXT:
            self.index = (self.index + (1 if ev == NEXT else -1)) % len(self.steps)
            self.enter(app)
        elif ev == BACK and app.match is not None:
            from fishtable.ui.scoreboard import GameMenu

            app.push(GameMenu(app))
        elif ev == BACK:  # the last round's scoring: on to the end
            app.scoring_done()
        elif ev == OK and self.index + 1 < len(self.steps):
            self.index += 1
            self.enter(app)
        elif ev == OK:
            app.scoring_done()

    def draw(self, app, fb):
        draw.title(fb, "Scoring %d/%d" % (self.index + 1, len(self.steps)))
        lines = draw.wrap(step_text(self.steps[self.index]), draw.COLS, 5)
        for i in range(len(lines)):
            draw.line(fb, lines[i], 2 + i)
        draw.line(fb, "OK: go on", 7)

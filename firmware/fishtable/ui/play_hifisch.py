"""Playing Hi Fisch!: flip a shark or a numberfish (only face-down numbers offered), with or
without a shell; the intermediate scoring shown step by step."""

from fishtable.ui import draw
from fishtable.ui.play import Play as Base
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Ask, Screen

FISH = ("fish", False)
FISH_SHELL = ("fish", True)
SHARK = ("shark", False)
SHARK_SHELL = ("shark", True)
LABELS = {FISH: "Fish", FISH_SHELL: "Fish + shell", SHARK: "Shark", SHARK_SHELL: "Shark + shell"}


class Play(Base):
    """The Hi Fisch! play screen."""

    def root(self, app):
        game = app.match.game
        offers = []
        numbers = game.facedown_numbers()
        order = (FISH, FISH_SHELL, SHARK, SHARK_SHELL)
        if game.shells_hidden() and game.shells_hidden() >= game.unflipped():
            order = (FISH_SHELL, FISH, SHARK_SHELL, SHARK)  # every unflipped card has a shell
        for kind in order:
            if kind[0] == "fish":
                if any(app.match.allows(("fish", n, kind[1])) for n in numbers):
                    offers.append(kind)
            elif app.match.allows(kind):
                offers.append(kind)
        self.step(Ask("Flipped:", [LABELS[k] for k in offers], offers), self._kind, None)

    def status(self, app):
        game = app.match.game
        return "R%d down %d" % (game.round, game.facedown())

    def _kind(self, app, kind):
        if kind[0] == "shark":
            self.done(app, kind)
            return
        shell = kind[1]
        numbers = [n for n in app.match.game.facedown_numbers() if app.match.allows(("fish", n, shell))]
        ask = Ask("Fish + shell: N" if shell else "Fish number:", [str(n) for n in numbers], numbers, 0, True)
        self.step(ask, lambda a, n: self.done(a, ("fish", n, shell)), self._back_root)

    def _back_root(self, app):
        self.root(app)

    def done(self, app, stmt):
        scorings = app.match.game.scorings
        if not app.submit(stmt):
            return False
        self.root(app)
        game = app.match.game
        if game.scorings != scorings:  # this flip ended the round: its scoring, once
            app.push(Scoring(game.last_scoring))
        else:
            app.proceed()
        return True

    def texts(self, app):
        game = app.match.game
        up = " ".join("S" if n == 0 else str(n) for n, _ in game.faceup())
        return Base.texts(self, app) + (("up " + up)[: draw.COLS],
                                        "sand %d hidden %d" % (game.sandbank, game.shells_hidden()))

    def body(self, app, fb):
        self.ask.draw(fb, 2, 4)
        texts = self.current(app)
        draw.line(fb, texts[3], 6)
        draw.line(fb, texts[4], 7)


def step_text(step):
    """One step of an intermediate scoring as words."""
    kind = step[0]
    if kind == "eat":
        return "A shark eats fish %d" % step[1]
    if kind == "nowinner":
        return "The sharks ate every fish: no winner, shells stay"
    if kind == "win":
        text = "P%d wins fish %s" % (step[1], " ".join(str(n) for n in step[2]))
        if step[3]:
            text += " and %d shell%s" % (step[3], "" if step[3] == 1 else "s")
        return text
    return "Back face-down: %s" % " ".join(str(n) for n in step[1])


class Scoring(Screen):
    """The intermediate scoring, one step a page; OK goes on."""

    def __init__(self, steps):
        self.steps = steps
        self.index = 0

    def enter(self, app):
        self._ring(app)

    def _ring(self, app):
        step = self.steps[self.index]
        if step[0] == "win":
            app.fx.player(app.rgb_of(step[1]))
        elif step[0] == "eat":
            app.fx.player((255, 0, 0))
        else:
            app.fx.player((0, 0, 255))

    def key(self, app, ev):
        if ev == PREV or ev == NEXT:  # page back and forth through the steps
            self.index = (self.index + (1 if ev == NEXT else -1)) % len(self.steps)
            self._ring(app)
            return
        if ev == BACK:  # the scoreboard, as from the play screen ("Play on" comes back here)
            from fishtable.ui.scoreboard import GameMenu

            app.push(GameMenu(app))
            return
        if ev != OK:
            return
        if self.index + 1 < len(self.steps):
            self.index += 1
            self._ring(app)
            return
        app.pop()
        app.proceed()

    def draw(self, app, fb):
        draw.line(fb, "Scoring %d/%d" % (self.index + 1, len(self.steps)), 0, 0, True)
        lines = draw.wrap(step_text(self.steps[self.index]))[:5]
        for i in range(len(lines)):
            draw.line(fb, lines[i], 2 + i)
        draw.line(fb, "OK: go on", 7)

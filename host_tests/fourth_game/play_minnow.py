"""The Minnow play screen (see minnow.py): how many minnows the player to move caught."""

from fishtable.ui import draw
from fishtable.ui.play import Play as Base
from fishtable.ui.widgets import Ask


class Play(Base):
    """Minnow's one step: a number picker over what the rules offer."""

    def first_step(self, app, game):
        values = list(game.catches())
        self.go(Ask("Caught:", [str(v) for v in values], values, 0, True),
                lambda a, n: self.play(a, ("catch", n)), None)

    def describe(self, app, game, view):
        view.status = "Round %d" % game.round

    def draw_details(self, app, fb, view):
        draw.line(fb, "Minnows!", 7)

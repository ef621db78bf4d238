"""Dice: roll 1 to 4 six-sided dice with the device's die; the ring spins while they roll."""

from fishtable.text import t
from fishtable.ui import draw
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Screen

ROLL_MS = 800
SIZE = 24
# pip positions (col, row on a 3x3 grid) for faces 1-6
PIPS = (
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


def draw_die(fb, x, y, face):
    """A die face: a 24x24 box with its pips."""
    fb.rect(x, y, SIZE, SIZE, 1)
    for col, row in PIPS[face - 1]:
        fb.fill_rect(x + 4 + col * 7, y + 4 + row * 7, 3, 3, 1)


class DiceScreen(Screen):
    """PREV/NEXT: how many dice (when not rolled); OK rolls; BACK leaves."""

    def __init__(self):
        self.count = 2
        self.faces = ()

    def key(self, app, ev):
        if ev == BACK:
            app.pop()
        elif ev == PREV or ev == NEXT:
            self.count = (self.count + (0 if ev == NEXT else -2)) % 4 + 1
            self.faces = ()
        elif ev == OK:
            self.faces = ()
            app.fx.spin(app.now, (255, 255, 255), ROLL_MS, lambda: self._rolled(app))

    def _rolled(self, app):
        self.faces = tuple(app.die.rolls(self.count))
        app.fx.player((0, 160, 255))

    def draw(self, app, fb):
        draw.line(fb, t("Dice: %d  < >") % self.count, 0)
        if not self.faces:
            draw.centre(fb, t("Rolling...") if app.fx.busy() else t("OK: roll"), 3)
            return
        n = len(self.faces)
        gap = (draw.WIDTH - n * SIZE) // (n + 1)
        for i in range(n):
            draw_die(fb, gap + i * (SIZE + gap), 14, self.faces[i])
        draw.centre(fb, t("sum %d") % sum(self.faces), 6)
        draw.line(fb, t("OK: roll again"), 7)

"""Playing Hi Fisch!: flip a shark or a numberfish (only face-down numbers offered), with or
without a shell; the intermediate scoring shown step by step."""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.play import Play as Base
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Ask, Screen

LABELS = {  # (shown through `t`)
    ("fish", False): n_("Fish"),
    ("fish", True): n_("Fish + shell"),
    ("shark", False): n_("Shark"),
    ("shark", True): n_("Shark + shell"),
}


def said(game, stmt, label):
    """A flip in the play screen's words, for the Undo question: "Flipped fish 23 with a shell"."""
    text = t("Flipped a shark") if stmt[0] == "shark" else t("Flipped fish %d") % stmt[1]
    return t("%s with a shell") % text if stmt[-1] else text


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
        self.go(Ask(None, [t(LABELS[k]) for k in kinds], kinds), self._kind, None)

    def _kind(self, app, kind):
        verb, shell = kind
        if verb == "shark":
            self.play(app, kind)
            return
        numbers = app.match.game.fish_numbers(shell)
        ask = Ask(t("Fish with shell:") if shell else t("Fish number:"), [str(n) for n in numbers], numbers, 0, True)
        self.go(ask, lambda a, n: self.play(a, ("fish", n, shell)), self.back_to_first)

    def scored(self, app):
        """The round's intermediate scoring, once, right after its last flip."""
        match = app.match or app.session.finished
        app.push(Scoring(match.game.last_scoring, match.label))

    def describe(self, app, game, view):
        faceup = game.faceup()
        if self._round != game.round:  # texts that change seldom are made again only when they do
            self._round = game.round
            self._status = t("Round %d") % game.round
        view.status = t("Last round") if game.last_round(faceup) else self._status
        view.faceup = faceup_text(faceup)
        view.counts = t("Face-down %d") % game.facedown()
        # the shells: on the sandbank; or why a card never flipped is offered only with its shell
        shells = 99 if game.all_shelled() else game.sandbank
        if self._shells != shells:
            self._shells = shells
            self._shells_text = t("Unflipped: shell") if shells == 99 else t("Shells on sand %d") % shells
        view.shells = self._shells_text

    def draw_details(self, app, fb, view):
        draw.line(fb, view.faceup, 5)
        draw.line(fb, view.counts, 6)
        draw.line(fb, view.shells, 7)


def faceup_text(faceup):
    """"Face-up 23 shark 18", in flip order; when they do not all fit the line, the oldest are left
    out, whole, and "..." stands for them and the word Face-up ("... 9 shark 4")."""
    if not faceup:
        return t("Face-up none")
    shark = t("shark")
    word = t("Face-up")
    items = [shark if n == 0 else str(n) for n, _ in faceup]
    first = 0
    size = len(word)
    for item in items:
        size += 1 + len(item)  # a space before each
    while size > draw.COLS:
        if first == 0:
            size -= len(word) - len("...")  # "..." takes the place of the word and the items left out
        size -= len(items[first]) + 1
        first += 1
    if first:
        return "... " + " ".join(items[first:])
    return word + " " + " ".join(items)


def step_text(step, label):
    """One step of an intermediate scoring as words (`label(p)`: what the screens call player p)."""
    kind = step[0]
    if kind == "eat":
        _, fish = step
        return t("A shark eats fish %d") % fish
    if kind == "nowinner":
        return t("The sharks ate every fish: no winner, shells stay")
    if kind == "win":
        _, player, fish, shells = step
        text = t("%s wins fish %s") % (label(player), " ".join(str(n) for n in fish))
        if shells:
            text = (t("%s and %d shell") if shells == 1 else t("%s and %d shells")) % (text, shells)
        return text
    _, fish = step
    return t("Back face-down: %s") % " ".join(str(n) for n in fish)


class Scoring(Screen):
    """The intermediate scoring, one step a page: PREV/NEXT page through, OK goes on, BACK opens the
    scoreboard (Play on comes back here)."""

    def __init__(self, steps, label):
        self.steps = steps
        self.label = label  # player -> name or "P2"
        self.index = 0
        self._shown = -1  # the page `_lines` were made for (made once a page, not every frame)
        self._lines = None

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
        if self._shown != self.index:
            self._lines = [t("Scoring %d/%d") % (self.index + 1, len(self.steps))]
            self._lines += draw.wrap(step_text(self.steps[self.index], self.label), draw.COLS, 5)
            self._shown = self.index
        lines = self._lines
        draw.title(fb, lines[0])
        for i in range(1, len(lines)):
            draw.line(fb, lines[i], 1 + i)
        draw.line(fb, t("OK: go on"), 7)


# -- the end screen's points pages (fishtable.ui.scoreboard.GameOver) -----------------------------
TIE_HINT = n_("Top fish won")  # (through `t`) equal points: the highest fish ranked them (the points pages say it)


def end_pages(game, player, label):
    """A Hi Fisch! player's points as lines: the title ("Anna: 20 points"; `label(p)` names
    player p), then green fish (2 each), other fish, shells, and the highest fish (it ranks
    players with equal points): "4 green fish = 8".  A name too long for that title is the title alone, the points
    the first line (and the tie note, which the legend also gives, is left out)."""
    from fishtable.core.hifisch import value  # (the rules module: loaded while its game is shown)

    cards = game.won_cards(player)
    green = 0
    for n in cards:
        if value(n) == 2:
            green += 1
    shells = game.shells[player - 1]
    best = game.tiebreak(player - 1)
    name = label(player)
    points = game.scores()[player - 1]
    lines = (t("%d green fish = %d") % (green, 2 * green),
             t("%d other fish = %d") % (len(cards) - green, len(cards) - green),
             (t("%d shell = %d") if shells == 1 else t("%d shells = %d")) % (shells, shells),
             t("Highest fish %s") % (best if best else "-"))
    title = t("%s: %d points") % (name, points)
    if len(title) <= draw.COLS:
        return (title,) + lines + (t("(breaks a tie)"),)
    return (name, t("Points %d") % points) + lines

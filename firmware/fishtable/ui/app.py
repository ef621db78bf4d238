"""The app: a stack of screens fed with key events and clock ticks, redrawn only on change.

Flow of a statement: screen -> `App.submit` -> match.check -> store.append (journal) ->
match.submit (apply) -> redraw.  A refused statement shows its message and changes nothing.
"""

import gc

from fishtable.core.errors import Invalid
from fishtable.ui import draw
from fishtable.ui.ringfx import RGB, RingFx

TOAST_MS = 2500
DEFAULTS = {
    "brightness": 3,  # 1..5
    "chips": "snail skip wave carp pike wave",
    "yo_max": 12,
    "flip": 0,
    "colours": "01234567",  # seat -> palette index, last used (non-Hecht games)
}


class App:
    """The device app.  `handle(event)` for keys, `tick(now_ms)` for time, `draw()` when dirty."""

    def __init__(self, display, ring, store, die, settings=None, now=0):
        self.display = display
        self.fx = RingFx(ring)
        self.store = store
        self.die = die
        self.settings = dict(DEFAULTS)
        if settings:
            self.settings.update(settings)
        self.match = None  # the game in progress (resumable)
        self.stack = []
        self.waiting = []  # keys pressed while a spinner decides, played when it has
        self.toast = None  # message lines shown over the screen
        self.toast_at = 0
        self.now = now
        self.dirty = True
        self.mounted_flip = False  # the board profile's flip (the setting turns it from there)
        if display is not None:
            if getattr(display, "mounted_flip", None) is None:
                display.mounted_flip = bool(getattr(display, "flip", False))
            self.mounted_flip = display.mounted_flip
        self.apply_settings()

    # -- start-up ------------------------------------------------------------
    def start(self):
        """Pick up a game in progress from the journal, then show the main menu."""
        note = None
        if self.store is not None:
            match, note = self.store.resume()
            if match is not None and match.game.over:
                # the last statement was journalled, the move to the history was cut off: finish it
                self.store.finish(match)
                match = None
                note = "The last game was over: it is in the history now"
                self.home()
                from fishtable.ui.history import history_screen

                self.push(history_screen(self))
                self.message(note)
                return
            self.match = match
        self.home()
        if note:
            self.message(note)

    # -- screen stack --------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        screen.enter(self)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        top = self.stack[-1]
        top.enter(self)
        self.dirty = True

    def replace(self, screen):
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def top(self):
        return self.stack[-1]

    def home(self):
        """Back to the main menu (the game in progress stays resumable)."""
        from fishtable.ui.menu import MainMenu

        del self.stack[:]
        gc.collect()
        self.fx.off()
        self.push(MainMenu(self))

    # -- events --------------------------------------------------------------
    def handle(self, ev):
        """A key event: dismisses a message, else goes to the top screen."""
        if not ev:
            return
        self.dirty = True
        if self.toast is not None:
            self.toast = None
            return
        if self.fx.busy():  # a spinner is deciding something: the key waits for it
            if len(self.waiting) < 4:
                self.waiting.append(ev)
            return
        self.stack[-1].key(self, ev)

    def tick(self, now):
        """Time passes: animations and message time-outs."""
        import time

        self.now = now
        if self.toast is not None and time.ticks_diff(now, self.toast_at) >= TOAST_MS:
            self.toast = None
            self.dirty = True
        if self.fx.tick(now):
            self.dirty = True
        while self.waiting and not self.fx.busy():
            self.handle(self.waiting.pop(0))
        if self.stack and self.stack[-1].tick(self, now):
            self.dirty = True

    def message(self, text):
        """A short message over the screen until a key or a few seconds pass."""
        self.toast = draw.wrap(text)[:6]
        self.toast_at = self.now
        self.dirty = True

    def draw(self):
        """Redraw the OLED if anything changed; returns True if it drew."""
        if not self.dirty:
            return False
        self.dirty = False
        fb = self.display
        if fb is None:
            return False
        draw.begin(fb)
        if self.toast is not None:
            lines = self.toast
            top = (draw.ROWS - len(lines)) // 2
            fb.rect(0, top * 8 - 4, draw.WIDTH, len(lines) * 8 + 8, 1)
            for i in range(len(lines)):
                draw.centre(fb, lines[i], top + i)
        else:
            self.stack[-1].draw(self, fb)
        fb.show()
        return True

    # -- settings ------------------------------------------------------------
    def apply_settings(self):
        """Brightness and screen flip to the hardware."""
        level = self.settings["brightness"]
        if self.display is not None:
            self.display.contrast(level * 51)
            flip = getattr(self.display, "set_flip", None)
            if flip is not None:
                flip(self.mounted_flip != bool(self.settings["flip"]))  # the setting turns it from there
        ring = self.fx.ring
        if ring is not None:
            ring.set_brightness(getattr(ring, "cap", 255) * level // 5)

    def save_settings(self):
        if self.store is not None:
            self.store.save_settings(self.settings)
        self.apply_settings()

    # -- the game in progress ------------------------------------------------
    def colour_of(self, player):
        """Palette index of a player (1-based)."""
        if self.match is not None and self.match.name == "hecht":
            return player - 1
        return int(self.settings["colours"][player - 1])

    def rgb_of(self, player):
        return RGB[self.colour_of(player)]

    def begin(self, match):
        """A new game: journal its header and start playing."""
        if self.store is not None:
            self.store.begin(match)
        self.match = match
        self.play()

    def play(self):
        """Show the play screen of the game in progress (imports its module now)."""
        name = self.match.name
        if name == "yofish":
            from fishtable.ui.play_yofish import Play
        elif name == "hifisch":
            from fishtable.ui.play_hifisch import Play
        else:
            from fishtable.ui.play_hecht import Play
        del self.stack[:]
        gc.collect()
        self.push(Play(self))
        self.proceed()

    def submit(self, stmt):
        """Check, journal, apply `stmt`; a refused one shows why.  Returns True if accepted."""
        match = self.match
        try:
            match.check(stmt)
        except Invalid as err:
            self.message(str(err.args[0]) if err.args else "not allowed")
            return False
        if self.store is not None:
            try:
                self.store.append(match, stmt)
            except OSError as err:  # not journalled: not played
                if err.args and err.args[0] == 28:  # ENOSPC: the store's FlashFull
                    self.message("Not saved: Flash full. Delete games in History")
                else:
                    self.message("Not saved (flash error %s)" % err)
                return False
        match.submit(stmt)
        self.dirty = True
        return True

    def proceed(self):
        """After a statement (or undo): the end screen when over, else the screen's player on the ring."""
        game = self.match.game
        if game.over:
            from fishtable.ui.scoreboard import GameOver

            if self.store is not None:
                self.store.finish(self.match)
            over = GameOver(self, self.match)
            self.match = None
            del self.stack[:]
            self.push(over)
            return
        self.stack[-1].enter(self)  # the screen shows whose turn it is, on the ring too

    def undo(self):
        """Take back the last statement (journal first, then the state)."""
        match = self.match
        if self.store is not None:
            try:
                self.store.undo(match)
            except OSError as err:
                self.message("Not undone (flash error %s)" % err)
                return
        match.undo()
        self.dirty = True

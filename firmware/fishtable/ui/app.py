"""The app: a stack of screens fed with key events and clock ticks, redrawn only on change.

A key goes to the top screen.  A screen that makes a statement hands it to `App.submit`, the
one place that decides what follows: the session checks it, journals it and applies it
(fishtable.session), then the play screen starts the next choice, shows a scoring, or the end
screen comes.  The OLED is drawn and the ring written together, after the key was handled.
"""

import gc
import sys

from micropython import const

from fishtable import forget_module
from fishtable.core.errors import Invalid
from fishtable.events import DOWN
from fishtable.text import t
from fishtable.ui import draw, widgets
from fishtable.ui.ringfx import RGB, RingFx
from fishtable.ui.widgets import flash_error

TOAST_MS = 2500
TOAST_COLS = 14  # a message's lines stay clear of its box's sides
WAITING = 4  # keys kept while a spinner decides
_SCORED = const(1)  # fishtable.session's SCORED and OVER (its code stays off the idle heap)
_OVER = const(2)
# What stays in memory wherever the app is (the bytecode of a module is RAM on the board): the
# app, its drawing and widgets.  The hardware's own code (fishtable.hw, fishtable.cp) is never
# dropped.  The session and its Store (`_SESSION`) and the die stay while the app holds them
# (App.at_menu lets them go at the idle menu of a board).  Each place of the app adds what it
# needs (`keep`); every other fishtable module is dropped when the place is entered.
# (the rules' errors stay: a screen's module loaded before the menu came back must catch the same
# Invalid as the store's modules loaded after)
_APP = ("fishtable", "fishtable.events", "fishtable.core", "fishtable.core.errors", "fishtable.ui", "fishtable.ui.app",
        "fishtable.ui.loop", "fishtable.ui.draw", "fishtable.ui.widgets", "fishtable.ui.ringfx", "fishtable.text",
        "fishtable.ui.catalog")  # (the texts' language and its open catalog, when loaded)
_SESSION = ("fishtable.session", "fishtable.store", "fishtable.store.fs")
_MENU = ("fishtable.ui.menu",)
_SCREENS = ("fishtable.ui.play", "fishtable.ui.icons")  # what the play screen modules import
_PLAYING = ("fishtable.store.journal",) + _SCREENS
_ENDED = ("fishtable.ui.scoreboard",) + _SCREENS  # (+ the game's screen module: its end pages)


def _game_code(match):
    """The modules a game's state lives in (the Match and its rules object)."""
    if match is None:
        return ()
    from fishtable.core.games import find

    return ("fishtable.core.match", "fishtable.core.names", "fishtable.core.ledger", find(match.name).rules)


class App:
    """The device app.  `handle(event)` for keys, `tick(now_ms)` for time, `draw()` each loop pass.

    hw       the Hardware (fishtable.hw.Hardware): display, ring, keys, mounting
    session  the game session (fishtable.session.Session), over the store
    die      the device's die (fishtable.core.dice.Die), or None: seeded from `hw` when first rolled
    settings the settings (fishtable.ui.prefs), as loaded from the store
    root     the store's folder, when the app may let the session, its store and the die go at
             the idle menu (the board: their code is RAM) and open them again from there
    """

    def __init__(self, hw, session, die, settings, now=0, root=None):
        self.hw = hw
        self.display = hw.display
        self.fx = RingFx(hw.ring)
        self._session = session
        self._root = root
        self._die = die
        self._seed = None  # the die's state while it is let go (at_menu); None: not rolled yet
        self.settings = settings
        self.stack = []
        self.waiting = []  # keys pressed while a spinner decides, played when it has
        self.toast = None  # message lines shown over the screen
        self._ended = ()  # the modules the end screen keeps (game_over)
        self.toast_at = None  # the first tick with the message drawn (None: not yet)
        self.now = now
        self.dirty = True
        self.key_at = now  # the last key (the panel dims and goes dark counting from it)
        self.rest = -1
        self.dim(0)
        _apply(hw, settings)
        draw.prepare()  # the blit buffers of 2x text and icons, once
        keys = getattr(hw, "keys", None)
        if keys is not None and hasattr(keys, "down_event"):
            keys.down_event = True  # OK's press edge: its highlight answers at once (handle)

    # -- start-up ------------------------------------------------------------
    def start(self):
        """Pick up a game in progress from the journal, then show the main menu (or the history,
        where a finished game just went).  Whatever fails on the way, the main menu comes with a
        message saying what (never a start that fails again at every boot)."""
        from fishtable.session import FINISHED_AT_BOOT

        try:
            note = self.session.resume(self.now)
        except Exception as err:  # noqa: BLE001 - see the docstring
            gc.collect()
            note = t("Start: %s") % err
        filed = note == FINISHED_AT_BOOT
        if filed:
            note = t(FINISHED_AT_BOOT)  # (the session's other notes come translated)
        self.home()
        if filed:
            try:
                from fishtable.ui.history import history_screen

                self.push(history_screen(self))
            except Exception as err:  # noqa: BLE001 - the game is filed; the menu stays
                del self.stack[1:]
                gc.collect()
                note = t("History: %s") % err
        if note:
            self.message(note)

    @property
    def match(self):
        """The game in progress (None when there is none)."""
        session = self._session
        return None if session is None else session.match

    @property
    def session(self):
        """The game session (fishtable.session.Session), opened again when at_menu let it go."""
        session = self._session
        if session is None:
            from fishtable.session import Session
            from fishtable.store import Store

            session = self._session = Session(Store(root=self._root))
        return session

    @property
    def store(self):
        """The Store (fishtable.store) under the session."""
        return self.session.store

    @property
    def die(self):
        """The device's die (fishtable.core.dice.Die), made again when at_menu let it go."""
        die = self._die
        if die is None:
            if self._seed is None:
                from fishtable.ui.startup import make_die

                die = make_die(self.hw)
            else:
                from fishtable.core.dice import Die

                die = Die(self._seed)
            self._die = die
        return die

    # -- screen stack --------------------------------------------------------
    def push(self, screen):
        """Show `screen` on top."""
        self.stack.append(screen)
        screen.enter(self)
        self.dirty = True

    def pop(self):
        """Close the top screen; the one below comes back."""
        if len(self.stack) > 1:
            self.stack.pop()
        self.stack[-1].enter(self)
        self.dirty = True

    def home(self):
        """Back to the main menu (the game in progress stays resumable)."""
        del self.stack[:]
        if self._session is not None:
            self._session.finished = None  # its end screen is gone
        self.fx.off()
        from fishtable.ui.menu import MainMenu

        self.push(MainMenu(self))

    def at_menu(self):
        """The main menu is the only screen: keep only its code and the game in progress's.  On
        the board (`root`) with no game in progress, the session, its store and the die go too
        (the die's state is kept): the next screen that needs them opens them again."""
        session = self._session
        if self._root is not None:
            if session is not None and session.match is None and session.unfiled is None and (
                    session.to_file is None and session._last is None and not session._saved):
                self._session = None
            die = self._die
            if self._session is None and die is not None and hasattr(die.source, "state"):
                self._seed = die.source.state
                self._die = None
        self.keep(_MENU + _game_code(self.match))

    def keep(self, needed):
        """Drop every fishtable module but the app's own (`_APP`, the hardware's), the session's
        and the die's while they are held, and `needed` (their code is RAM on the board; the next
        import loads a module again), then collect.  Call it with the screen stack empty: a screen
        kept alive would keep its module's code."""
        if self._session is not None:
            needed += _SESSION
        if self._die is not None:
            needed += ("fishtable.core.dice",)
        for name in list(sys.modules):
            if name.startswith("fishtable.") and name not in needed and name not in _APP:
                if not (name.startswith("fishtable.hw") or name.startswith("fishtable.cp")):
                    forget_module(name)
        gc.collect()

    # -- events --------------------------------------------------------------
    def handle(self, ev):
        """A key event: dismisses a message, else goes to the top screen."""
        if not ev:
            return
        pressed = widgets.PRESSED
        if ev == DOWN:  # OK went down: the choice's bar answers now, the action follows the release
            if not self.rest and self.toast is None and not self.fx.busy():  # (dark: the release wakes)
                pressed[0] = 1
                self.dirty = True
            return
        if pressed[0]:
            pressed[0] = 0
        self.key_at = self.now
        if self.rest:  # dimmed or dark: this key only wakes the board, the same screen comes back
            self.dim(0)
            return
        self.dirty = True
        if self.toast is not None:
            self.toast = None
            return
        if self.fx.busy():  # a spinner is deciding something: the key waits for it
            if len(self.waiting) < WAITING:
                self.waiting.append(ev)
            return
        self.stack[-1].key(self, ev)

    def tick(self, now):
        """Time passes: animations and message time-outs."""
        import time

        self.now = now
        if self.toast is not None:
            at = self.toast_at
            if at is None:  # its time counts from its first frame (drawn just before or after this)
                self.toast_at = now
            elif time.ticks_diff(now, at) >= TOAST_MS:
                self.toast = None
                self.dirty = True
        if self.fx.tick(now):
            self.dirty = True
        while self.waiting and not self.fx.busy():
            self.handle(self.waiting.pop(0))
        if self.stack and self.stack[-1].tick(self, now):
            self.dirty = True
        # Only keys keep the panel lit (not a spinner, an animation or the end screen).
        idle = time.ticks_diff(now, self.key_at) // 60000  # minutes
        s = self.settings
        level = 2 if 0 < s["dark"] <= idle else (1 if 0 < s["dim"] <= idle else 0)
        if level > self.rest:
            self.dim(level)

    def dim(self, level):
        """0: awake, 1: the panel dimmed and the ring faded, 2: both dark (the picture is kept)."""
        self.rest = level
        if self.display is not None:
            self.display.dim(level)
        ring = self.hw.ring
        if ring is not None:
            ring.rest = level  # (its next show)
        self.fx.stale = True
        if level == 2:
            self.fx.render()  # the ring's last write until a key: all off

    def message(self, text):
        """A short message over the screen until a key or a few seconds pass."""
        self.toast = draw.wrap(text, TOAST_COLS, draw.ROWS - 2)
        self.toast_at = None  # its time counts from its first frame (a slow start never hides it)
        self.dirty = True

    def draw(self):
        """Draw the OLED if anything changed, then bring the ring up to date; True if it drew."""
        drew = False
        fb = self.display
        if self.dirty and fb is not None:
            self.dirty = False
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
            drew = True
        if self.rest < 2:
            self.fx.render()
        session = self._session
        if session is not None and session.to_file is not None:  # a game over: filed once its first frame is out
            self._file_finished()
        return drew

    def _file_finished(self):
        """Move the game that just ended into the history (after the frame that followed its last
        statement was drawn: the end screen, or Hi Fisch!'s scoring page); on the end screen the
        store's modules go again and a refusal is said (else game_over says it)."""
        self.session.file_now()
        if self.store.trimmed:  # said once: the flash was full, the oldest games made room
            self.message(t("History full: the %d oldest games deleted") % self.store.trimmed)
            self.store.trimmed = 0
        if self.stack and type(self.stack[-1]).__name__ == "GameOver":
            self.keep(self._ended)
            if self.session.unfiled is not None:
                self.message(self.session.unfiled_note)

    # -- settings ------------------------------------------------------------
    def save_settings(self, key=None, value=None, quiet=False):
        """Set `key` to `value` (when given), keep the settings on flash and apply them to the
        hardware; True when saved.  When the flash refuses the write, it says so ("Not saved: Flash
        full. ..."; nothing when `quiet`) and the setting stays as it was saved: False."""
        settings = self.settings
        old = settings.get(key)
        if key is not None:
            settings[key] = value
        try:
            self.store.save_settings(settings)
        except OSError as err:
            if key is not None:
                settings[key] = old
            if not quiet:
                self.message(flash_error(err))
            return False
        _apply(self.hw, settings)
        return True

    # -- the game ------------------------------------------------------------
    def colour_of(self, player):
        """Palette index (fishtable.ui.ringfx) of `player`'s seat colour (1-based)."""
        match = self.session.match or self.session.finished
        return match.colour_index(player)

    def rgb_of(self, player):
        """The ring colour of `player`."""
        return RGB[self.colour_of(player)]

    def begin(self, match):
        """A new game: journal its header (with its `date` when the board knows it) and start playing."""
        if getattr(self.hw, "calendar", None) is not None:
            from fishtable.hw import rtc

            rtc.stamp(match, self.hw)
            forget_module("fishtable.hw.rtc")  # (the hardware's modules are otherwise kept)
        try:
            self.session.begin(match)
        except OSError as err:
            self.message(flash_error(err))
            return
        self.play()

    def play(self):
        """Show the play screen of the game in progress (imports its module now)."""
        from fishtable.core.games import find, load

        del self.stack[:]
        screen = find(self.match.name).screen
        self.keep(_PLAYING + (screen,) + _game_code(self.match))
        self.push(load(screen).Play(self))

    def submit(self, stmt):
        """Play `stmt` through the session and show what follows.  Returns True if accepted;
        a refused statement shows why and changes nothing."""
        try:
            outcome = self.session.play(stmt, self.now, True)  # a game over is filed after its end screen
        except Invalid as err:
            self.message(str(err.args[0]) if err.args else t("not allowed"))
            return False
        except OSError as err:  # not journalled: not played
            self.message(flash_error(err))
            return False
        self.dirty = True
        if outcome == _OVER:
            self.game_over()
            return True
        play = self.stack[-1]
        if not outcome & _OVER:
            play.new_turn(self)
        if outcome & _SCORED:
            play.scored(self)  # its pages end in scoring_done()
        else:
            play.enter(self)
        return True

    def scoring_done(self):
        """The last page of a scoring: back to the turns, or to the end screen if it was the last round."""
        if self.match is None:
            self.game_over()
        else:
            self.pop()

    def game_over(self):
        """The end screen of the game that just finished."""
        del self.stack[:]
        finished = self.session.finished
        from fishtable.core.games import find

        self._ended = _ENDED + (find(finished.name).screen,) + _game_code(finished)
        self.keep(self._ended)  # nothing of the store
        from fishtable.ui.scoreboard import GameOver

        self.push(GameOver(self, finished))
        if self.session.unfiled is not None and self.session.to_file is None:
            self.message(self.session.unfiled_note)

    def undo(self):
        """Take back the last statement (journal first, then the state), then play on."""
        try:
            self.session.undo()
        except Invalid as err:
            self.message(str(err.args[0]))
        except OSError as err:
            self.message(flash_error(err, True))
        self.play()


def _apply(hw, settings):
    """The settings to the hardware (fishtable.ui.prefs, loaded only for it: its RAM is the games')."""
    from fishtable.ui import prefs

    prefs.apply(hw, settings)
    forget_module("fishtable.ui.prefs")

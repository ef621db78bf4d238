"""The app in-process on the device models, driven by key events (CPython, for tests and demos).

A `Rig` runs the firmware's App on the real drivers (SSD1306 over the I2C model, the ring over
the NeoPixel model) with the real Store in a host folder, on a virtual clock.  It records
every key as a key-script word, so a test can play through the app here (reading the screen's
offered choices to find its way) and then replay the same script in the simulator:

    rig = Rig(tmp_path, seed=7)
    rig.menu("New Yo Fish!"); rig.choose(3) ...
    open("game.keys", "w").write(rig.script())
"""

import os

import bootstrap  # noqa: F401 - firmware/ on sys.path (see tools/bootstrap.py)

from fishtable.events import BACK, NEXT, OK, PREV

WORD = {PREV: "prev", NEXT: "next", OK: "ok", BACK: "back"}
KEY_MS = {PREV: 120, NEXT: 120, OK: 120, BACK: 860}  # as long as a scripted press in the simulator


class Rig:
    """The App on modelled hardware; `press`/`wait` drive it and record the key script."""

    def __init__(self, folder, seed=1, strict=True, mounted_flip=False, fs=None, lang=None):
        """The app with its store in `folder` (the host's disk), or on the filesystem adapter `fs`
        (tools/devices/faultfs.FaultFs, under /data) when given.  `lang` ("de"): the board set
        to that language, its catalog beside the data folder (as `make flash` puts it there);
        `menu` then finds a line by its English label too (tools/texts.Translator: `tr`)."""
        import devices
        import texts

        devices.install()
        from devices import machine_model

        machine_model.reset()
        self.panel = devices.attach_panel()
        import machine
        import neopixel

        from fishtable.core.dice import Die
        from fishtable.hw import Hardware
        from fishtable.hw.ring import Ring
        from fishtable.hw.ssd1306 import SSD1306
        from fishtable.session import Session
        from fishtable.store import Store
        from fishtable.ui import draw, prefs
        from fishtable.ui.app import App

        draw.set_strict(strict)
        self.folder = str(folder)
        os.makedirs(self.folder, exist_ok=True)
        if lang:
            texts.install(self.folder, lang)
        self.tr = texts.Translator(lang or "en")
        self.display = SSD1306(machine.I2C(0), 0x3C, 128, 64)
        self.pixels = neopixel.NeoPixel(machine.Pin(16), 12, keep=2)
        self.ring = Ring(self.pixels, 12)
        self.store = Store(root=os.path.join(self.folder, "data")) if fs is None else Store(fs)
        self.hw = Hardware(None, self.display, self.ring, None, mounted_flip=mounted_flip)
        self.now = 0
        self.words = []
        self.app = App(self.hw, Session(self.store), Die(seed), self.store.load_settings(prefs.defaults()), 0)
        from fishtable.ui.language import start

        start(self.app)  # App.start in the saved language (English unless a catalog lies beside the data)
        self.run(60)

    # -- time and keys ---------------------------------------------------------
    def run(self, ms):
        """Let `ms` pass in 10 ms loop passes (ticks and redraws, as the app loop does)."""
        app = self.app
        for _ in range(ms // 10):
            app.tick(self.now)
            app.draw()
            self.now += 10

    def press(self, ev, times=1):
        """Press a key (PREV, NEXT, OK, BACK) `times` times."""
        for _ in range(times):
            self.words.append(WORD[ev])
            self.app.handle(ev)
            self.run(KEY_MS[ev])
            if self.app.fx.busy():
                self.wait(1600)

    def wait(self, ms):
        self.words.append("wait:%d" % ms)
        self.run(ms)

    def script(self):
        """The recorded keys as a key script (ten words a line)."""
        lines = []
        for i in range(0, len(self.words), 10):
            lines.append(" ".join(self.words[i : i + 10]))
        return "\n".join(lines) + "\n"

    # -- finding the way -------------------------------------------------------
    def top(self):
        return self.app.stack[-1]

    def ask(self):
        ask = getattr(self.top(), "ask", None)
        if ask is None:
            raise AssertionError("no choice on screen %r" % self.top())
        return ask

    def offered(self):
        """The values the screen offers now."""
        return list(self.ask().values)

    def labels(self):
        return list(self.ask().labels)

    def _go(self, target):
        ask = self.ask()
        n = len(ask.labels)
        forward = (target - ask.index) % n
        if forward <= n - forward:
            self.press(NEXT, forward)
        else:
            self.press(PREV, n - forward)

    def choose(self, value):
        """Move to `value` among the offered values (the short way round) and press OK."""
        values = self.offered()
        if value not in values:
            raise AssertionError("%r not offered: %r (labels %r)" % (value, values, self.labels()))
        self._go(values.index(value))
        self.press(OK)

    def menu(self, label):
        """Choose a menu line by its label (English, or as shown in the board's language)."""
        labels = self.labels()
        if label not in labels:
            label = self.tr(label)
        if label not in labels:
            raise AssertionError("%r not in the menu: %r" % (label, labels))
        self._go(labels.index(label))
        self.press(OK)

    def new_game(self, title, players, start=1, advanced=0):
        """Set up a game through the buttons: `title` on the main menu ("New Hecht"), `players`
        seats in the colours offered (OK on each), player `start` first, then the game's own step
        as the screen shows it: Hecht's action chips of the settings (OK), Yo Fish!'s "Advanced
        game?" (`advanced`: 0 or 1); the set-up checklist skipped (BACK)."""
        self.menu(title)
        self.choose(players)
        self.press(OK, players)
        self.choose(start)
        shown = type(self.top()).__name__
        if shown == "Info":  # the action chips
            self.press(OK)
        elif shown == "Picker":  # Advanced game?
            self.choose(advanced)
        self.press(BACK)  # skip the set-up checklist

    def type_name(self, name):
        """Type `name` with the letter picker (each letter chosen; Done not pressed)."""
        for ch in name:
            self.choose(ch)

    def add_player(self, name):
        """On the Players screen: Add player, `name` typed, Done."""
        self.menu("Add player")
        self.type_name(name)
        self.choose("Done")

    # -- what the screen shows -------------------------------------------------
    def glass(self):
        """The panel model's glass (1024 bytes, MONO_VLSB)."""
        return bytes(self.panel.glass_pages())

    def screen_text(self):
        return self.panel.text_half()

"""firmware/main.py started in a folder of its own (config.txt, boards/, data/) over the device
models, as often as wanted in one process: what the board shows after it started (test_damage.py;
under CPython, the MicroPython unix port and the WebAssembly VM)."""

import os


def boot(folder, main_py, panel=True, keys=(("wait", 1500),), seed=1):
    """Start `main_py` with `folder` as the board's flash (the current folder), press `keys` (key
    script items, or a callable that makes a key source of PinScript from the Frames) and let it
    settle; returns {"glass": hex of the panel's glass (or ""), "ring": the ring's first LED,
    "lit": the ring's channels added up}; what the console said is printed."""
    import binascii

    from simlib import simrun

    here = os.getcwd()
    os.chdir(folder)
    try:

        def make_keys(hw, profile, frames):
            inp = profile["input"]
            pins = {"prev": inp["prev"], "next": inp["next"], "ok": inp["ok"]}
            script = keys(frames) if callable(keys) else list(keys)
            return simrun.PinScript(script, hw.keys, pins, frames.capture)

        model, clock, frames = simrun.install(seed, folder + "/data", make_keys)
        frames.emit = False
        if not panel:
            from devices import machine_model

            machine_model.bus(0).devices.clear()  # nothing answers on the panel's bus
        import devices

        devices.set_clock(clock.ticks_ms)
        with open(main_py) as f:
            code = f.read()
        try:
            exec(code, {"__name__": "__main__"})
        except simrun.Done:
            pass
        if frames.pixels is None:  # a board error before the app: the ring the error screen lit
            import neopixel

            frames.pixels = neopixel.instances[-1] if neopixel.instances else None
        frames.capture(clock.ms)
        glass = binascii.hexlify(frames.glass).decode() if panel else ""
        return {"glass": glass, "ring": list(frames.ring[:3]), "lit": sum(frames.ring)}
    finally:
        os.chdir(here)



OPEN_EACH = ("History", "Stats")  # lists whose every line the walk opens too (each game, each game's stats)


class MenuWalk:
    """A key source (PinScript's callable): from whatever the board shows (a message over the main
    menu) back to the main menu, then each of `labels` (the menu's own values: "History", ...)
    reached with NEXT, opened with OK, its frame kept (`seen`: [label, the glass as hex, the
    screen's kind]; in History and Stats each line opened as well: "History 2") and left with
    BACK.  It watches the app's screens to know where it is; what they showed is read from the
    glass by the caller."""

    def __init__(self, frames, labels, limit=200):
        self.frames = frames
        self.labels = list(labels)
        self.seen = []
        self.app = None  # set by walk() when the app starts
        # 0: to the main menu, 1: to the label, 2: opened, 3: keep its frame, 4: to a line of its
        # list, 5: opened, 6: keep that frame
        self.state = 0
        self.list = None
        self.sub = 0
        self.left = limit  # presses at most (a screen with no way back ends the walk)
        self.first = None  # the glass at the first key (what the board said at start)

    def __call__(self, now):
        import binascii

        self.left -= 1
        if self.left < 0 or self.app is None:
            return None if self.left < 0 else ("wait", 100)
        if self.first is None:
            self.first = binascii.hexlify(self.frames.glass).decode()
        stack = self.app.stack
        top = stack[-1]
        if self.state == 0:
            if len(stack) > 1 or type(top).__name__ != "MainMenu":
                return ("back", 0)
            self.state = 1
        if self.state == 1:
            if not self.labels:
                return None
            ask = top.ask
            if ask.values[ask.index] == self.labels[0]:
                self.state = 2
                return ("ok", 0)
            return ("next", 0)
        if self.state == 2:
            self.state = 3
            return ("wait", 300)
        if self.state == 3:
            label = self.labels[0]
            self.seen.append([label, binascii.hexlify(self.frames.glass).decode(), type(top).__name__])
            if label in OPEN_EACH and getattr(top, "ask", None) is not None:
                self.list = top  # each of its lines opened in turn
                self.sub = 0
                self.state = 4
            else:
                self.labels.pop(0)
                self.state = 0
                return ("back", 0)
        if self.state == 4:  # on the list: the next line, or back to the main menu when done
            ask = top.ask if top is self.list else None
            if ask is None:
                return ("back", 0)
            if self.sub >= len(ask.labels):
                self.labels.pop(0)
                self.state = 0
                return ("back", 0)
            if ask.index != self.sub:
                return ("next", 0)
            self.state = 5
            return ("ok", 0)
        if self.state == 5:
            self.state = 6
            return ("wait", 300)
        self.seen.append(["%s %d" % (self.labels[0], self.sub + 1), binascii.hexlify(self.frames.glass).decode(),
                          type(top).__name__])
        self.sub += 1
        self.state = 4
        return ("back", 0)


def walk(folder, main_py, labels):
    """Start the board on `folder`, open each of `labels` from the main menu through the keys:
    (the glass at the first key as hex, [[label, its glass as hex, its screen's kind]], the glass
    at the end as hex)."""
    from fishtable.ui import loop

    made = []
    real = loop._start

    def start(*args):
        app = real(*args)
        made[0].app = app
        return app

    def keys(frames):
        made.append(MenuWalk(frames, labels))
        return made[0]

    loop._start = start
    try:
        got = boot(folder, main_py, keys=keys)
    finally:
        loop._start = real
    return made[0].first or "", made[0].seen, got["glass"]

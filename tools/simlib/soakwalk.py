"""A random walk through the buttons of the simulated board, with the table's invariants checked
after every press (the inside of `make soak`; runs under CPython and the MicroPython unix port).

    soakwalk.py SEED PRESSES FLASH_DIR MAIN_PY [REPORT_EVERY]
    soakwalk.py --keys FILE SEED FLASH_DIR MAIN_PY      the words of FILE instead of random ones

The firmware's own main.py runs on the simulated board (as in tools/sim.py).  The walk presses
PREV / NEXT / OK, long presses (BACK), long holds and waits at random, with bursts that a table
produces too: undo storms (Back, Undo, OK, OK ...), visits to the settings and the history in the
middle of a game, and restarts (the firmware starts again from the flash, as after pulling the
cable between two presses).  After every press it checks:

- no exception reached the app loop (it would restart the app with "Error: ... Restarted.");
- the journal on the flash replays to the game the app holds (no game: no journal);
- a Hi Fisch! intermediate scoring shows right after the flip that ended the round, and only then;
- while a turn is pending on the play screen, the ring shows that player's colour;
- no press is swallowed: each one changes the frame, or it is a documented no-op (counted):
  PREV/NEXT on a one-line list or one-value picker, Back on the main menu, a key a spinner keeps
  for later, a refusal that shows its message again as the same message times out.

With `--keys`, FILE holds key-script words (prev, next, ok, back, hold:MS, wait:MS, `word*N`,
`#` comments) and `restart`: the walk presses those, in order, and checks the same invariants
(the tests replay the situations the random walks met this way).

Prints `S key value` lines (counts) at the end, `V what` for each violation (and stops at the first).
"""

import gc
import sys

try:
    import simrun  # the walk's own process runs it from simlib/ (under MicroPython too)
except ImportError:  # imported as simlib.soakwalk (the tests read key files with it)
    from simlib import simrun

MICROPYTHON = sys.implementation.name == "micropython"
LONG_MS = 700  # the board's long press (boards/pico.json): a hold this long is BACK
LOOP_MS = 10  # the app loop's pass (fishtable.ui.loop.SLEEP_MS): keys move on its passes


class Restart(BaseException):
    """The walk pulls the cable: main.py runs again on the same flash."""


class Violation(BaseException):
    """An invariant does not hold (the message says which and where; not an Exception, so the app
    loop does not catch it)."""


class Rng:
    """A small reproducible generator (the same walk under CPython and MicroPython)."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        return self.next() % n


class Walk:
    """Chooses the next key word and checks the invariants after each one."""

    def __init__(self, seed, presses, flash, report_every=0, script=None):
        self.rng = Rng(seed)
        self.script = script  # the words to press (None: random ones)
        self.left = presses if script is None else len([w for w in script if w != "restart"])
        self.flash = flash
        self.data = flash + "/data"
        self.report_every = report_every
        self.queue = []
        self.app = None
        self.frames = None
        self.last_glass = None
        self.last_word = None
        self.stats = {}
        self.errors = []
        self.seen_match = None
        self.seen_count = -1
        self.scorings = -1
        self.expect_scoring = False
        self.done = 0
        self.trail = []
        self.before = bytearray(1024)
        self.turned = None  # the frame turned upright (made when the Flip screen setting is first on)

    def count(self, key, n=1):
        self.stats[key] = self.stats.get(key, 0) + n

    # -- the next press -------------------------------------------------------------------------
    def next_word(self, now):
        """Called by the pin driver when the last word is done: check it, then choose another."""
        if self.last_word is not None:
            self.check()
        if self.left <= 0:
            return None
        if not self.queue:
            self.plan()
        word = self.queue.pop(0)
        if word == "restart":
            self.count("restarts")
            self.last_word = None
            raise Restart()
        self.left -= 1
        self.done += 1
        self.last_word = word
        self.trail.append(word)  # the last few presses, for the report
        if len(self.trail) > 12:
            self.trail.pop(0)
        self.before[:] = self.upright(self.frames.glass)  # (in place: the walk allocates as little as it can)
        self.before_app = self.app
        self.before_state = self.state_of()
        self.before_toast = self.app.toast  # the message showing (its lines: a new one is a new list)
        if self.report_every and self.done % self.report_every == 0:
            sys.stdout.write("P %d\n" % self.done)
        return simrun.parse_script(word)[0]

    def plan(self):
        """Queue the next few words: mostly single keys, sometimes a burst."""
        if self.script is not None:
            self.queue.append(self.script.pop(0))
            return
        r = self.rng.below(1000)
        if r < 300:
            self.queue.append("next")
        elif r < 520:
            self.queue.append("prev")
        elif r < 800:
            self.queue.append("ok")
        elif r < 880:
            self.queue.append("back")
        elif r < 900:
            self.queue.append("hold:%d" % (100 + self.rng.below(1500)))
        elif r < 915:
            self.queue.append("wait:%d" % (500 + self.rng.below(3000)))
        elif r < 945:
            for _ in range(1 + self.rng.below(5)):  # an undo storm
                self.queue.extend(("back", "next", "ok", "ok"))
        elif r < 965:
            self.queue.extend(("back", "prev", "ok"))  # to the main menu mid-game ...
            self.queue.extend(["next"] * (4 + self.rng.below(4)))  # ... History, Dice, Settings, About
            self.queue.append("ok")
        elif r < 998:
            self.queue.extend(["next"] * self.rng.below(12))  # a long scroll, then a choice
            self.queue.append("ok")
        else:
            self.queue.append("restart")

    # -- the invariants ---------------------------------------------------------------------------
    def state_of(self):
        app = self.app
        if app is None or app.match is None:
            return None
        return (app.match, len(app.match.statements))

    def fail(self, what):
        self.errors.append(what)
        raise Violation("%s (press %d: %s)" % (what, self.done, self.last_word))

    def check(self):
        app = self.app
        self.count("presses")
        if self.errors:
            return
        glass = self.upright(self.frames.glass)
        if app is not self.before_app:
            self.fail("the app restarted after an error")
        self.check_journal()
        self.check_scoring(glass)
        self.check_ring()
        if glass == self.before:
            self.classify_unchanged()

    def upright(self, glass):
        """The frame as a person reads it: turned back when the Flip screen setting turns the picture
        (into a buffer of the walk's, which the next call overwrites)."""
        if self.app.settings.get("flip"):
            from devices.panel import rotate180_vlsb

            if self.turned is None:
                self.turned = bytearray(1024)
            return rotate180_vlsb(glass, 128, 64, self.turned)
        return glass

    def check_journal(self):
        app = self.app
        state = self.state_of()
        if state == self.seen_match:
            return
        self.seen_match = state
        from fishtable.store import journal

        path = app.store.journal_path
        if app.match is None:
            try:
                open(path).close()
            except OSError:
                return
            self.fail("no game in progress, but a journal on the flash")
        self.same_lines(journal.paths(app.store), app.match)
        self.replays(app)
        self.count("journal checks")
        if len(app.match.statements) > self.seen_count:
            self.count("statements", len(app.match.statements) - max(0, self.seen_count))
        self.seen_count = len(app.match.statements)

    def replays(self, app):
        """The journal read back as the store reads it at a start (journal.fish, then the parts of
        its generation found on the flash, through the store's buffer) and replayed: the same
        header, statements and standings as the game the app holds.  Under MicroPython the modules
        this imports leave memory again, as the firmware had them (the heap is the firmware's)."""
        from fishtable import forget_module
        from fishtable.store import recover

        loaded = list(sys.modules) if MICROPYTHON else None
        store = app.store
        fs = store.fs
        scanner = recover.Scanner()
        recover.scan_file(scanner, fs, store.journal_path, store.buf)
        index = 1
        while scanner.gen:
            part = store._part_path(scanner.gen, index)
            if not fs.exists(part):
                break
            recover.scan_file(scanner, fs, part, store.buf)
            index += 1
        found = scanner.finish()
        match, lost = found.match, found.lost
        scanner = found = None
        problem = None
        if match is None or lost:
            problem = "the journal does not read back (%s lines lost)" % lost
        else:
            from fishtable.core.summary import summary_line

            mine = app.match
            if (match.name, match.players, match.start, match.options, match.names, match.colours) != (
                    mine.name, mine.players, mine.start, mine.options, mine.names, mine.colours):
                problem = "the journal's header is not the app's game's"
            elif match.statements != mine.statements or summary_line(match) != summary_line(mine):
                problem = "the journal replays to another game than the app holds"
        match = None
        if loaded is not None:
            for name in list(sys.modules):
                if name not in loaded:
                    forget_module(name)
            loaded = None
            gc.collect()
        if problem:
            self.fail(problem)

    def same_lines(self, paths, match):
        """The journal's statement lines are the app's statements, in order (read a line at a time)."""
        from fishtable.core.match import tokens_of

        i = -1  # statements start after the header's end mark
        count = len(match.statements)
        for path in paths:
            with open(path) as f:
                for line in f:
                    if i < 0:
                        if line.startswith("# ---"):
                            i = 0
                        continue
                    if not tokens_of(line):
                        continue
                    if i >= count or " ".join(tokens_of(line)) != match.line_of(match.statements[i]):
                        self.fail("journal line %d is not the app's statement %d" % (i + 1, i + 1))
                    i += 1
        if i != count:
            self.fail("the journal holds %d statements, the app %d" % (max(i, 0), count))

    def check_scoring(self, glass):
        app = self.app
        showing = _title(glass, "Scoring ")
        match = app.match
        before = self.before_state
        if match is None and before is not None and app.session.finished is before[0]:
            match = before[0]  # the press ended the game: its last round's scoring shows before the end
        scorings = match.game.scorings if match is not None and match.name == "hifisch" else -1
        grew = before is not None and match is before[0] and len(match.statements) > before[1]
        if scorings > self.scorings >= 0 and grew:
            if not showing:
                self.fail("a round ended but its scoring does not show")
            self.count("scorings shown")
            self.expect_scoring = True
        elif showing and not self.expect_scoring:
            self.fail("a scoring shows that no flip just caused")
        if not showing and (app.stack and type(app.stack[-1]).__name__ == "Play" or not grew and
                            self.state_of() != before):
            self.expect_scoring = False  # back to the turns (the scoreboard in between keeps the pages)
        self.scorings = scorings

    def check_ring(self):
        app = self.app
        match = app.match
        if match is None or not app.stack or type(app.stack[-1]).__name__ != "Play" or app.toast is not None:
            return
        if app.fx.mode != 0:  # a spinner or a celebration runs
            return
        player = app.stack[-1].shown_player(app)
        if player is None:
            return
        want = app.rgb_of(player)
        frame = app.fx.ring.frame
        for i in range(0, len(frame), 3):
            if (frame[i], frame[i + 1], frame[i + 2]) != want:
                self.fail("the ring does not show P%d's colour" % player)
        self.count("ring checks")

    def classify_unchanged(self):
        """A press that left the frame as it was: a documented no-op, or a swallowed press."""
        app = self.app
        word = self.last_word
        top = app.stack[-1] if app.stack else None
        name = type(top).__name__
        ask = getattr(top, "ask", None)
        labels = len(ask.labels) if ask is not None and ask.labels is not None else -1
        moves = word in ("prev", "next")
        if word.startswith("wait"):
            return
        if word.startswith("hold:"):  # the pin goes up at the first loop pass after the hold
            held = -(-int(word[5:]) // LOOP_MS) * LOOP_MS
            word = "back" if held >= LONG_MS else "ok"
        if app.fx.mode == 1:
            self.count("no-op: kept while a spinner decides")
        elif app.toast is not None and app.toast is not self.before_toast and app.toast == self.before_toast:
            # the message timed out as the press came, and the press was refused again with the same
            # words (a new message: a press that changed nothing leaves the old one up)
            self.count("no-op: a refusal shows the message that just timed out again")
        elif moves and labels == 1:
            self.count("no-op: PREV/NEXT on a one-line list or one-value picker")
        elif moves and labels <= 0:
            self.count("no-op: PREV/NEXT on a page that offers no choice (%s)" % name)
        elif word == "back" and name == "MainMenu":
            self.count("no-op: Back on the main menu")
        else:
            self.fail("the press changed nothing on %s" % name)


def _title(glass, words):
    """True when the title bar (draw.title: a lit bar over pixel rows 0-9, dark letters from x=1,
    y=1) begins with `words`: a cheap look at the title, comparing pages 0 and 1 in place."""
    cell = _CELLS.get(words)
    if cell is None:
        import framebuf

        from fishtable.ui import draw

        width = 1 + 8 * len(words)
        buf = bytearray(2 * width)
        fb = framebuf.FrameBuffer(buf, width, 16, framebuf.MONO_VLSB)
        fb.fill_rect(0, 0, width, draw.BAR_H, 1)
        fb.text(words, 1, 1, 0)
        cell = _CELLS[words] = bytes(buf)
    width = len(cell) // 2
    for x in range(width):
        if glass[x] != cell[x] or (glass[128 + x] ^ cell[width + x]) & 0x03:  # rows 8-9: the bar's end
            return False
    return True


_CELLS = {}


def run(seed, presses, flash, main_py, report_every=0, script=None):
    """The walk: main.py on the simulated board until `presses` presses are done (or the words of
    `script`, when given, are)."""
    import devices

    devices.install()
    panel = devices.attach_panel()
    panel.logging = False  # the model's transaction log allocates: the heap is the firmware's
    walk = Walk(seed, presses, flash, report_every, script)
    frames = simrun.Frames(panel)
    frames.emit = False
    from devices.inputs import Clock

    clock = Clock()
    devices.set_clock(clock.ticks_ms)  # pin interrupts read the virtual clock too
    with open(main_py) as f:
        code = f.read()
    while True:
        _patch(walk, frames, clock, seed)
        try:
            exec(code, {"__name__": "__main__"})
            sys.stdout.write("V main.py returned: the device stopped\n")
            break
        except Restart:
            from devices import machine_model

            for pin in (13, 14, 15):
                machine_model.drive(pin, None)
            gc.collect()
            continue
        except simrun.Done:
            break
        except Violation as err:
            sys.stdout.write("V %s\n" % err)
            import binascii

            sys.stdout.write("T %s\n" % " ".join(walk.trail))  # the last presses
            sys.stdout.write("G %s\n" % binascii.hexlify(walk.before).decode())  # the frame pressed on
            sys.stdout.write("G %s\n" % binascii.hexlify(frames.glass).decode())  # the frame now
            break
    for key in sorted(walk.stats):
        sys.stdout.write("S %s %d\n" % (key, walk.stats[key]))
    return walk


_REAL = []  # the app loop's own _start and _report, wrapped once


def _patch(walk, frames, clock, seed):
    """Before each start: the board built on the models with the walk's keys; the app captured."""
    from fishtable.hw import board
    from fishtable.ui import loop

    real_build = board.build  # (main.py forgets the board module: each start imports it afresh)
    if not _REAL:
        _REAL.append(loop._start)
        _REAL.append(loop._report)
    real_start, real_report = _REAL

    def build(profile):
        hw = real_build(profile)
        import neopixel

        del neopixel.instances[:-1]
        frames.pixels = neopixel.instances[-1]
        hw.clock = clock
        hw.seed = seed
        hw.data_root = walk.data
        inp = profile["input"]
        pins = {"prev": inp["prev"], "next": inp["next"], "ok": inp["ok"]}
        hw.keys = simrun.PinScript(walk.next_word, hw.keys, pins, frames.capture)
        return hw

    def start(*args):
        app = real_start(*args)
        walk.app = app
        return app

    def report(err):
        walk.errors.append("app error: %s: %s" % (type(err).__name__, err))
        real_report(err)

    clock.ms = 0  # the board starts again: its clock too
    board.build = build
    loop._start = start
    loop._report = report
    walk.frames = frames
    walk.last_word = None


def script_words(text):
    """The words of a `--keys` file: key-script words and `restart`, `word*N` repeated."""
    words = []
    for line in text.split("\n"):
        cut = line.find("#")
        for word in (line[:cut] if cut >= 0 else line).split():
            count = 1
            if "*" in word:
                word, times = word.split("*")
                count = int(times)
            if word != "restart":
                simrun.parse_script(word)  # (refuses an unknown word)
            words.extend([word] * count)
    return words


def main(args):
    """The command line (see the module's docstring)."""
    if args[0] == "--keys":
        with open(args[1]) as f:
            script = script_words(f.read())
        return run(int(args[2]), 0, args[3], args[4], script=script)
    return run(int(args[0]), int(args[1]), args[2], args[3], int(args[4]) if len(args) > 4 else 0)


if __name__ == "__main__":
    main(sys.argv[1:])

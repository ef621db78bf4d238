"""The app at its edges in time (test_edges.py, both interpreters): a message after a slow start,
and presses around the moments the panel dims and goes dark, through the firmware's own app loop
on the device models, its keys driven at their pins on a virtual clock."""

from fw.battery import PICO, _models, _Stop


def _board(folder, encoder, battery):
    """The Pico board over the models (buttons or an encoder), on USB power or battery."""
    devices, machine = _models()
    panel = devices.attach_panel()
    from fishtable.hw import board

    machine.drive(24, 0 if battery else 1)
    data = dict(PICO)
    if encoder:
        pins = {"a": 13, "b": 14, "sw": 15}
        data["input"] = {"kind": "encoder", "a": 13, "b": 14, "sw": 15}
    else:
        pins = {"prev": 13, "next": 14, "ok": 15}
    for gpio in pins.values():
        machine.drive(gpio, 1)
    hw = board.build(board.check_profile("enc" if encoder else "pico", data))
    hw.data_root = folder + "/data"
    return machine, panel, hw, pins


def slow_start(folder, journal, delay_ms, passes):
    """A board whose journal holds `journal` (text) and whose start takes `delay_ms` (the store's
    resume, as a 1 MB journal takes on the page): the glass of each frame of the first `passes`
    loop passes, with the virtual ms it was drawn at."""
    import os

    from devices.inputs import Clock

    from fishtable.store import Store
    from fishtable.ui import loop

    machine, panel, hw, _ = _board(folder, False, False)
    clock = Clock()
    hw.clock = clock
    try:
        os.mkdir(hw.data_root)
    except OSError:
        pass
    with open(hw.data_root + "/journal.fish", "w") as f:
        f.write(journal)
    store = Store(root=hw.data_root)
    real = store.resume

    def resume():
        got = real()
        clock.advance(delay_ms)  # the time the resume took
        return got

    store.resume = resume
    frames = []
    real_sleep = clock.sleep_ms

    def sleep_ms(ms):
        glass = bytes(panel.glass_pages()).hex()
        if not frames or frames[-1][0] != glass:
            frames.append([glass, clock.ms])
        real_sleep(ms)

    clock.sleep_ms = sleep_ms
    loop.run(hw, store, loop.make_die(hw), limit=passes)
    return frames


class _Keys:
    """The board's keys, the pin changes [(ms, gpio, level)] driven when their time has come
    (before a poll, or at the end of the modelled light sleep: its pin interrupt); the panel
    looked at, at each ms of `looks`: [ms, contrast, its glass]."""

    def __init__(self, keys, changes, clock, machine, panel, looks):
        self.keys = keys
        self.changes = sorted(changes)
        self.clock = clock
        self.machine = machine
        self.panel = panel
        self.looks = sorted(looks)
        self.seen = []

    def drive(self):
        while self.changes and self.changes[0][0] <= self.clock.ms:
            _, gpio, level = self.changes.pop(0)
            self.machine.drive(gpio, level)

    def look(self):
        while self.looks and self.looks[0] <= self.clock.ms:
            p = self.panel
            self.seen.append([self.looks.pop(0), p.contrast if p.lit() else -1, bytes(p.glass_pages()).hex()])

    def poll(self, now):
        self.look()
        if not self.looks:
            raise _Stop()
        self.drive()
        return self.keys.poll(now)

    def idle(self):
        return self.keys.idle()

    def sleep(self, ms):
        """The chip's light sleep, or the loop's pause: until `ms` passed or the next pin change or
        look; a long quiet stretch passes in one step (skip_to: the test's, before its presses)."""
        nxt = [c[0] for c in self.changes[:1]] + self.looks[:1]
        if nxt:
            ms = max(1, min(ms, min(nxt) - self.clock.ms))
        self.clock.sleep_ms(ms)


def _script(pins, encoder, kind, t, hold_ms):
    """The pin changes of one press of `kind` at `t`: a key tapped or held `hold_ms`, or a detent."""
    from devices.inputs import Script

    script = Script(pins)
    if kind == "turn":
        script.turn("a", "b", t, 1, step_ms=10)
    else:
        key = "sw" if encoder else kind
        script.hold(key, t, hold_ms)
    return script.changes


def around(folder, encoder, battery, kind, hold_ms, offsets, moment):
    """One press of `kind` (prev, next, ok; turn: an encoder detent) at each offset (ms) from the
    moment the panel dims (`moment` 1) or goes dark (2), counted from the last key, in the Dice
    screen.  For each: [offset, the glass before the press, after it, and after a second press
    a second later (NEXT, or a detent)] and the panel's contrast at each look; one app run a case,
    each a new board on the same flash."""
    from devices.inputs import Clock, Script

    from fishtable.store import Store
    from fishtable.ui import loop

    out = []
    for offset in offsets:
        machine, panel, hw, pins = _board(folder, encoder, battery)
        clock = Clock()
        hw.clock = clock
        script = Script(pins)
        # to the Dice screen: the main menu's fifth line (New x3, History, Players, Stats, Dice)
        t = 200
        for _ in range(6):
            if encoder:
                t = script.turn("a", "b", t, 1, step_ms=10) + 100
            else:
                script.tap("next", t, 80)
                t += 200
        script.tap("sw" if encoder else "ok", t, 80)
        last = t + 80  # the last key: OK's release
        at = last + (120000 if moment == 1 else 600000) + offset
        changes = script.changes + _script(pins, encoder, kind, at, hold_ms)
        after = at + hold_ms + 400
        second = after + 1000
        second_changes = Script(pins)
        if encoder:
            second_changes.turn("a", "b", second, 1, step_ms=10)
        else:
            second_changes.tap("next", second, 80)
        changes += second_changes.changes
        looks = [last + 1000, at, after, second + 500]  # (at `at`: before its edge is driven)
        keys = _Keys(hw.keys, changes, clock, machine, panel, looks)
        hw.keys = keys
        machine.set_sleeper(keys.sleep)
        real_sleep = clock.sleep_ms

        def pause(ms, clock=clock, real_sleep=real_sleep, last=last, at=at):
            # the loop's 10 ms pause on USB power: nothing happens between the keys, so the quiet
            # stretch to a second before the press passes in one step (as a stalled board's would)
            if last + 1000 < clock.ms < at - 2000:
                ms = at - 1000 - clock.ms
            real_sleep(ms)

        clock.sleep_ms = pause
        clock.install()  # a pin interrupt's time.ticks_ms() is this clock's
        try:
            loop.run(hw, Store(root=hw.data_root), loop.make_die(hw))
        except _Stop:
            pass
        clock.uninstall()
        machine.set_sleeper(None)
        out.append([offset] + keys.seen)
    return out

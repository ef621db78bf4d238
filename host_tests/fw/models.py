"""The host stand-ins themselves: pins, I2C bus faults and counters, clock, scripts
(test_hw_devices.py; under CPython and the MicroPython unix port)."""


def stand_ins():
    """Pins, pull-ups and interrupts, the I2C bus (scan, faults, counters), the clock, a script."""
    import time

    import devices
    machine = devices.install()
    machine.reset()
    import machine as m2
    from devices.inputs import Clock, Script
    res = {"same_module": m2 is machine}
    p = machine.Pin(3, machine.Pin.IN, machine.Pin.PULL_UP)
    res["pulled_up"] = p.value()
    seen = []
    p.irq(lambda pin: seen.append(pin.value()), machine.Pin.IRQ_FALLING)
    machine.drive(3, 0)
    machine.drive(3, 0)
    machine.drive(3, None)
    res["irq"] = seen
    machine.Pin(4, machine.Pin.OUT, value=1)
    res["out"] = machine.Pin(4).value()
    bus = machine.bus(0)
    i2c = machine.I2C(0, freq=400000)
    res["scan_empty"] = i2c.scan()
    class Sink:
        def __init__(self):
            self.got = []
        def write(self, data):
            self.got.append(bytes(data))
    sink = Sink()
    bus.attach(0x3C, sink)
    res["scan"] = i2c.scan()
    i2c.writevto(0x3C, (b"\x40", bytearray(b"ab")))
    bus.fail_next(2)
    errors = 0
    for k in range(3):
        try:
            i2c.writeto(0x3C, b"\x00\xaf")
        except OSError:
            errors += 1
    res["errors"] = errors
    res["got"] = [list(g) for g in sink.got]
    res["counters"] = [bus.transactions, bus.bytes, bus.bits]
    bus.unplug(0x3C)
    res["scan_unplugged"] = i2c.scan()
    res["soft_separate"] = machine.SoftI2C(scl=machine.Pin(1), sda=machine.Pin(0)).scan()
    c = Clock(start=time.ticks_add(0, -3))
    t0 = c.now()
    c.advance(5)
    res["clock_diff"] = time.ticks_diff(c.now(), t0)
    res["clock_wrapped"] = c.now() < t0
    s = Script({"ok": 15}).press("ok", 10, bounce=6)
    res["bounce_changes"] = [(t, lvl) for t, g, lvl in s.changes]
    return res


def interrupts():
    """Hard handlers (the heap locked under MicroPython), edges latched while interrupts are off,
    and the virtual clock a handler reads."""
    import time

    import devices
    machine = devices.install()
    machine.reset()
    import time as vt  # under MicroPython now devices.vtime, under CPython the host shim

    from devices.inputs import Clock, Script
    res = {}
    # a hard handler runs with the heap locked under MicroPython: an allocation in it fails
    p = machine.Pin(5, machine.Pin.IN, machine.Pin.PULL_UP)
    box = [0]
    def quiet(pin):
        box[0] += 1
    def allocates(pin):
        box.append([pin.value()])
    p.irq(quiet, machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING, hard=True)
    machine.drive(5, 0)
    machine.drive(5, 1)
    res["hard_calls"] = box[0]
    p.irq(allocates, machine.Pin.IRQ_FALLING, hard=True)
    try:
        machine.drive(5, 0)
        res["hard_alloc"] = "allowed"
    except MemoryError:
        res["hard_alloc"] = "MemoryError"
    machine.drive(5, 1)
    # interrupts off: edges latched, each pin's handler once when they come back, lowest GPIO first
    machine.reset()
    calls = []
    for n in (7, 6):
        machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP).irq(lambda pin: calls.append((pin.id, pin.value())), 12)
    state = machine.disable_irq()
    machine.drive(7, 0)
    machine.drive(6, 0)
    machine.drive(7, 1)
    machine.drive(7, 0)
    res["while_off"] = list(calls)
    machine.enable_irq(state)
    res["after_on"] = calls
    # the clock: what a handler reads from time.ticks_ms() is the virtual one while installed
    c = Clock(start=1000)
    stamps = []
    machine.Pin(8, machine.Pin.IN, machine.Pin.PULL_UP).irq(lambda pin: stamps.append(vt.ticks_ms()), 12)
    class Keys:
        def __init__(self):
            self.polls = []
        def poll(self, now):
            self.polls.append(now)
            return 0
    k = Keys()
    s = Script({"x": 8}).press("x", 3.5).release("x", 12)
    s.run(k, until=20, step_ms=5, clock=c, busy=[(9, 16)])
    res["stamps"] = [time.ticks_diff(t, 1000) for t in stamps]
    res["polls"] = [time.ticks_diff(t, 1000) for t in k.polls]
    return res

"""The host stand-ins themselves: pins, I2C bus faults and counters, clock, scripts."""

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

CHECKS = """
import sys, json, time
sys.path.insert(0, %r)
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
out = machine.Pin(4, machine.Pin.OUT, value=1)
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
i2c.writevto(0x3C, (b"\\x40", bytearray(b"ab")))
bus.fail_next(2)
errors = 0
for k in range(3):
    try:
        i2c.writeto(0x3C, b"\\x00\\xaf")
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
print(json.dumps(res))
""" % TOOLS


def test_stand_ins(run_fw):
    res = json.loads(run_fw(CHECKS).strip().splitlines()[-1])
    assert res["same_module"] and res["pulled_up"] == 1
    assert res["irq"] == [0]  # one falling edge, not repeated, none on the rise
    assert res["out"] == 1
    assert res["scan_empty"] == [] and res["scan"] == [0x3C] and res["scan_unplugged"] == []
    assert res["errors"] == 2
    assert res["got"] == [[0x40, 97, 98], [0x00, 0xAF]]
    assert res["counters"] == [2, 5, (2 + 9 * 4) + (2 + 9 * 3) + 2 * 11]
    assert res["soft_separate"] == []
    assert res["clock_diff"] == 5 and res["clock_wrapped"]
    changes = res["bounce_changes"]
    assert changes[0] == [10, 0] and changes[-1] == [16, 0]  # bounces, then settles pressed at 10 + 6
    assert len(changes) > 2 and all(changes[i][0] <= changes[i + 1][0] for i in range(len(changes) - 1))


IRQS = """
import sys, json
sys.path.insert(0, %r)
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
print(json.dumps(res))
""" % TOOLS


def test_pin_interrupts_hard_handlers_latched_edges_and_the_virtual_clock(run_fw, interp):
    res = json.loads(run_fw(IRQS).strip().splitlines()[-1])
    assert res["hard_calls"] == 2
    assert res["hard_alloc"] == ("MemoryError" if interp == "micropython" else "allowed")
    assert res["while_off"] == []
    assert res["after_on"] == [[6, 0], [7, 0]]  # one call per pin, the level it reads then
    assert res["stamps"] == [4, 12]  # each change at its own (whole) ms on the virtual clock
    assert res["polls"] == [0, 5, 20, 21]  # every 5 ms except in the busy stretch, and once after the end

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

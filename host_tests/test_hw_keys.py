"""Buttons and encoder: scripted presses with bounce give exactly the intended events.

Scenarios run under CPython and the MicroPython unix port (run_fw) on a virtual clock;
a hypothesis property test (CPython, in-process) throws random bounce at the buttons.
"""

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

PRELUDE = """
import sys, json, time
sys.path.insert(0, %r)
import devices
machine = devices.install()
from devices.inputs import Clock, Script, release_all
from fishtable.hw import keys as K

PINS = {"prev": 13, "next": 14, "ok": 15}
ENC = {"a": 13, "b": 14, "sw": 15}

def pin(n):
    return machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP)

def buttons(**kw):
    machine.reset()
    release_all(PINS)
    return K.Buttons(pin(13), pin(14), pin(15), **kw)

def encoder(**kw):
    machine.reset()
    release_all(ENC)
    return K.Encoder(pin(13), pin(14), pin(15), **kw)

def names(events):
    return [K.NAMES[e] for t, e in events]

res = {}
""" % TOOLS


def run_json(run_fw, body):
    out = run_fw(PRELUDE + body + "\nprint(json.dumps(res))\n")
    return json.loads(out.strip().splitlines()[-1])


BUTTONS = """
s = Script(PINS).tap("next", 100, ms=80, bounce=6).tap("prev", 400, ms=60, bounce=8)
res["taps"] = names(s.run(buttons()))
s = Script(PINS).tap("ok", 100, ms=120, bounce=6)
ev = s.run(buttons())
res["ok_tap"] = names(ev)
res["ok_tap_at"] = ev[0][0]
s = Script(PINS).hold("ok", 100, ms=1500, bounce=6)
ev = s.run(buttons())
res["ok_long"] = names(ev)
res["ok_long_at"] = ev[0][0]
# contact chatter in the middle of holds: no extra step, no early release
s = Script(PINS).press("ok", 100, bounce=5).chatter("ok", 400, 4, 0).release("ok", 1300, bounce=5)
res["ok_chatter"] = names(s.run(buttons()))
s = Script(PINS).press("next", 100, bounce=5).chatter("next", 200, 6, 0).release("next", 350, bounce=5)
res["next_chatter"] = names(s.run(buttons()))
# auto-repeat: press registers at 100+5+20=125, repeats at 625, 775, 925; release seen at 1025
s = Script(PINS).hold("next", 100, ms=900, bounce=5)
ev = s.run(buttons())
res["repeat"] = names(ev)
res["repeat_at"] = [t for t, e in ev]
# polled only every 5 ms, with the ticks about to wrap
s = Script(PINS).tap("next", 100, bounce=6).tap("ok", 300, bounce=6).hold("ok", 600, 1000, bounce=6)
res["slow_wrap"] = names(s.run(buttons(), step_ms=5, clock=Clock(start=time.ticks_add(0, -400))))
# a key held while the keys are made gives nothing until it is pressed again
machine.reset()
release_all(PINS)
machine.drive(15, 0)
held = K.Buttons(pin(13), pin(14), pin(15))
s = Script(PINS).release("ok", 1000).tap("ok", 1200)
ev = s.run(held)
res["held_at_start"] = names(ev)
res["held_at_start_at"] = [t for t, e in ev]
"""


def test_buttons_bounce_long_press_and_repeat(run_fw):
    res = run_json(run_fw, BUTTONS)
    assert res["taps"] == ["NEXT", "PREV"]
    assert res["ok_tap"] == ["OK"] and res["ok_tap_at"] >= 220  # on release, not on press
    assert res["ok_long"] == ["BACK"] and 800 <= res["ok_long_at"] <= 840  # once, when the hold passes 700 ms
    assert res["ok_chatter"] == ["BACK"]
    assert res["next_chatter"] == ["NEXT"]
    assert res["repeat"] == ["NEXT"] * 4
    assert res["repeat_at"] == [125, 625, 775, 925]
    assert res["slow_wrap"] == ["NEXT", "OK", "BACK"]
    assert res["held_at_start"] == ["OK"] and res["held_at_start_at"][0] > 1200


ENCODER = """
s = Script(ENC)
t = s.turn("a", "b", 100, 3, step_ms=4, bounce=2)
t = s.turn("a", "b", t + 100, -2, step_ms=4, bounce=2)
res["turns"] = names(s.run(encoder()))
s = Script(ENC)
s.turn("a", "b", 100, 5, step_ms=3, bounce=0)
res["clean"] = names(s.run(encoder()))
s = Script(ENC)
s.turn("a", "b", 100, 2, step_ms=2, bounce=3)
res["reversed"] = names(s.run(encoder(reverse=True)))
# one contact bouncing at rest, or a half turn and back: no step
s = Script(ENC).chatter("a", 100, 8, 1).chatter("b", 200, 8, 1)
s.level("a", 300, 0).level("b", 310, 0).level("b", 320, 1).level("a", 330, 1)
res["jitter"] = names(s.run(encoder()))
s = Script(ENC).tap("sw", 100, ms=100, bounce=5).hold("sw", 500, ms=1000, bounce=5)
res["switch"] = names(s.run(encoder()))
# half-step encoders: a detent at 00 and at 11
s = Script(ENC)
s.turn("a", "b", 100, 2, step_ms=4, bounce=1)
res["half"] = names(s.run(encoder(half_step=True)))
"""


def test_encoder_one_step_per_detent_with_bounce(run_fw):
    res = run_json(run_fw, ENCODER)
    assert res["turns"] == ["NEXT"] * 3 + ["PREV"] * 2
    assert res["clean"] == ["NEXT"] * 5
    assert res["reversed"] == ["PREV"] * 2
    assert res["jitter"] == []
    assert res["switch"] == ["OK", "BACK"]
    assert res["half"] == ["NEXT"] * 4


def test_events_of_one_poll_are_queued_in_order_and_names_match_codes():
    import devices

    machine = devices.install()
    from devices.inputs import release_all

    from fishtable.hw import keys as K

    assert (K.NONE, K.PREV, K.NEXT, K.OK, K.BACK) == (0, 1, 2, 3, 4)
    assert K.NAMES[K.BACK] == "BACK" and len(K.NAMES) == 5
    machine.reset()
    release_all({"prev": 13, "next": 14, "ok": 15})
    keys = K.Buttons(*(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (13, 14, 15)), debounce_ms=10)
    assert keys.poll(0) == K.NONE
    machine.drive(13, 0)
    machine.drive(14, 0)
    assert keys.poll(5) == K.NONE  # not yet stable for 10 ms
    assert keys.poll(11) == K.NONE
    assert keys.poll(21) == K.PREV  # both became stable in this poll: PREV first, NEXT queued
    assert keys.pending() == 1
    keys.clear()
    assert keys.poll(22) == K.NONE
    machine.drive(15, 0)
    keys.poll(30)
    keys.poll(41)
    assert keys.ok_held()


@settings(max_examples=60, deadline=None)
@given(
    taps=st.lists(
        st.tuples(st.sampled_from(["prev", "next", "ok"]), st.integers(0, 12), st.integers(40, 400)),
        min_size=1,
        max_size=6,
    )
)
def test_random_bounce_never_doubles_a_step(taps):
    import devices

    machine = devices.install()
    from devices.inputs import Script, release_all

    from fishtable.hw import keys as K

    pins = {"prev": 13, "next": 14, "ok": 15}
    machine.reset()
    release_all(pins)
    keys = K.Buttons(*(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (13, 14, 15)))
    script = Script(pins)
    t = 50
    expected = []
    for name, bounce, hold in taps:
        script.tap(name, t, ms=hold, bounce=bounce)
        expected.append({"prev": "PREV", "next": "NEXT", "ok": "OK"}[name])
        t += hold + 2 * bounce + 60
    got = [K.NAMES[e] for _, e in script.run(keys)]
    # holds stay below the repeat delay and long press (400 < 500 < 700): one event per tap
    assert got == expected


@settings(max_examples=40, deadline=None)
@given(
    turns=st.lists(st.tuples(st.integers(-3, 3).filter(bool), st.integers(0, 3), st.integers(1, 6)), min_size=1,
                   max_size=5),
    poll_ms=st.sampled_from([1, 2]),
)
def test_random_encoder_bounce_gives_one_step_per_detent(turns, poll_ms):
    import devices

    machine = devices.install()
    from devices.inputs import Script, release_all

    from fishtable.hw import keys as K

    pins = {"a": 13, "b": 14, "sw": 15}
    machine.reset()
    release_all(pins)
    enc = K.Encoder(*(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (13, 14, 15)))
    script = Script(pins)
    t = 20
    expected = []
    for detents, bounce, step in turns:
        # each contact settles before the other one moves (bounce < time between edges)
        t = script.turn("a", "b", t, detents, step_ms=max(step, poll_ms + 1), bounce=bounce) + 30
        expected += ["NEXT" if detents > 0 else "PREV"] * abs(detents)
    got = [K.NAMES[e] for _, e in script.run(enc, step_ms=poll_ms)]
    assert got == expected

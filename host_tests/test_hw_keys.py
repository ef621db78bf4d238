"""Buttons and encoder: scripted presses with bounce give exactly the intended events.

Scenarios run under CPython and the MicroPython unix port (run_fw) on a virtual clock;
a hypothesis property test (CPython, in-process) throws random bounce at the buttons.
"""

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

import mprun

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
ev = s.run(buttons())
res["taps"] = names(ev)
res["taps_at"] = [t for t, e in ev]
s = Script(PINS).tap("ok", 100, ms=120, bounce=6)
ev = s.run(buttons())
res["ok_tap"] = names(ev)
res["ok_tap_at"] = ev[0][0]
s = Script(PINS).hold("ok", 100, ms=1500, bounce=6)
ev = s.run(buttons())
res["ok_long"] = names(ev)
res["ok_long_at"] = ev[0][0]
# contact chatter in the middle of holds: never a second step
s = Script(PINS).press("ok", 100, bounce=5).chatter("ok", 400, 4, 0).release("ok", 1300, bounce=5)
res["ok_chatter"] = names(s.run(buttons()))
s = Script(PINS).press("next", 100, bounce=5).chatter("next", 200, 6, 0).release("next", 350, bounce=5)
res["next_chatter"] = names(s.run(buttons()))
# a press shorter than the bounce window is still one step, released at the window's end
s = Script(PINS).tap("next", 100, ms=3).tap("next", 300, ms=40)
res["short"] = names(s.run(buttons()))
# auto-repeat: the press at its first edge (100), repeats at 600, 750, 900; released at 1000
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


def test_buttons_act_on_the_first_edge_ignore_bounce_long_press_and_repeat(run_fw):
    res = run_json(run_fw, BUTTONS)
    assert res["taps"] == ["NEXT", "PREV"] and res["taps_at"] == [100, 400]  # at the first edge
    assert res["ok_tap"] == ["OK"] and res["ok_tap_at"] == 220  # at the release's first edge
    assert res["ok_long"] == ["BACK"] and res["ok_long_at"] == 800  # once, when the hold reaches 700 ms
    assert res["ok_chatter"] == ["OK"]  # the chatter ends the press (early), nothing more
    assert res["next_chatter"] == ["NEXT"]
    assert res["short"] == ["NEXT", "NEXT"]
    assert res["repeat"] == ["NEXT"] * 4
    assert res["repeat_at"] == [100, 600, 750, 900]
    assert res["slow_wrap"] == ["NEXT", "OK", "BACK"]
    assert res["held_at_start"] == ["OK"] and res["held_at_start_at"] == [1280]


BUSY = """
# a double tap of OK while the firmware is busy (no poll from 50 to 400 ms): both come out
s = Script(PINS).tap("ok", 100, ms=60, bounce=5).tap("ok", 220, ms=60, bounce=5)
ev = s.run(buttons(), busy=[(50, 400)])
res["double"] = names(ev)
res["double_at"] = [t for t, e in ev]
# NEXT, PREV, then OK held 750 ms, all inside a 1.2 s busy stretch: in order, the hold is BACK
s = Script(PINS).tap("next", 60, ms=50, bounce=4).tap("prev", 150, ms=50, bounce=4)
s.hold("ok", 300, ms=750, bounce=4).tap("ok", 1100, ms=50, bounce=4)
res["busy_mix"] = names(s.run(buttons(), busy=[(10, 1200)]))
# NEXT held 700 ms inside a busy stretch: the repeats it was due
s = Script(PINS).hold("next", 100, ms=700, bounce=4)
res["busy_hold"] = names(s.run(buttons(), busy=[(50, 1000)]))
# OK tapped while interrupts are off (a flash erase, 45 ms): both edges latched, still an OK
s = Script(PINS).tap("ok", 110, ms=25)
res["irq_off_tap"] = names(s.run(buttons(), busy=[(100, 160)], irq_off=[(100, 145)]))
# with the loop polling every 10 ms and ten taps 90 ms apart: ten steps
s = Script(PINS)
for i in range(10):
    s.tap("next", 100 + 90 * i, ms=40, bounce=3)
res["ten"] = names(s.run(buttons(), step_ms=10, busy=[(200, 600)]))
# DOWN at once when asked for: then OK at the release; without it, never a DOWN
s = Script(PINS).tap("ok", 100, ms=120, bounce=5).hold("ok", 400, ms=800, bounce=5)
ev = s.run(buttons(down_event=True))
res["down"] = names(ev)
res["down_at"] = [t for t, e in ev]
k = buttons()
s.run(k)
res["held_now"] = k.ok_held()
"""


def test_presses_while_busy_are_queued_in_order_not_lost(run_fw):
    res = run_json(run_fw, BUSY)
    assert res["double"] == ["OK", "OK"] and res["double_at"] == [400, 401]  # one event per poll
    assert res["busy_mix"] == ["NEXT", "PREV", "BACK", "OK"]
    assert res["busy_hold"] == ["NEXT"] * 3  # the press, 500 ms, 650 ms
    assert res["irq_off_tap"] == ["OK"]
    assert res["ten"] == ["NEXT"] * 10
    assert res["down"] == ["DOWN", "OK", "DOWN", "BACK"]
    assert res["down_at"] == [100, 220, 400, 1100]
    assert res["held_now"] is False


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


FAST = """
# 48 detents each way at 5, 10, 20 and 40 ms per detent, every contact change bouncing, the loop
# polling every 10 ms (one event a poll) and busy (no poll) for 300 ms in the middle of each turn
res["fast"] = {}
for ms in (5, 10, 20, 40):
    s = Script(ENC)
    t = s.fast_turn("a", "b", 100, 48, ms, bounces=2)
    end = s.fast_turn("a", "b", t + 800, -48, ms, bounces=2)
    busy = [(120, 420), (t + 820, t + 1120)]
    got = names(s.run(encoder(), step_ms=10, busy=busy, until=end + 1500))
    res["fast"][str(ms)] = [got.count("NEXT"), got.count("PREV"), got == ["NEXT"] * 48 + ["PREV"] * 48]
# turned back before the loop took all the steps: what is still waiting is netted (the cursor ends
# where the knob says), never a step the knob did not make
s = Script(ENC)
t = s.fast_turn("a", "b", 100, 30, 5)
s.fast_turn("a", "b", t + 20, -10, 5)
got = names(s.run(encoder(), step_ms=10, busy=[(90, 400)]))
res["netted"] = [got.count("NEXT") - got.count("PREV"), got.count("PREV")]
# a skipped state (both contacts changed while interrupts were off for 2.5 ms) counts as two
# quarter steps the way the knob was turning, never as a step back
res["skip"] = []
for d in (12, -12):
    s = Script(ENC)
    s.fast_turn("a", "b", 100, d, 5, bounces=0)
    windows = [(102, 104), (112, 114), (123, 125)]
    got = names(s.run(encoder(), step_ms=10, irq_off=windows))
    res["skip"].append([got.count("NEXT"), got.count("PREV")])
# the switch pressed while turning, during a busy stretch
s = Script(ENC)
s.fast_turn("a", "b", 100, 6, 10)
s.tap("sw", 300, ms=60, bounce=4)
s.fast_turn("a", "b", 400, -3, 10)
res["turn_press"] = names(s.run(encoder(), step_ms=10, busy=[(90, 500)]))
"""


def test_fast_encoder_turns_are_counted_busy_or_not(interp):
    # the scripts of fast turns (thousands of timed changes) need more than the Pico's heap; the
    # firmware's own part is tiny
    out = mprun.run_code(interp, PRELUDE + FAST + "\nprint(json.dumps(res))\n", heapsize="2M")
    res = json.loads(out.strip().splitlines()[-1])
    for ms in ("5", "10", "20", "40"):
        assert res["fast"][ms] == [48, 48, True], ms
    assert res["netted"] == [20, 0]
    assert res["skip"] == [[12, 0], [0, 12]]
    assert res["turn_press"] == ["NEXT"] * 6 + ["OK"] + ["PREV"] * 3


def test_events_of_one_poll_are_queued_in_order_and_names_match_codes():
    import devices

    machine = devices.install()
    from devices.inputs import Clock, release_all

    from fishtable.hw import keys as K

    assert (K.NONE, K.PREV, K.NEXT, K.OK, K.BACK, K.DOWN) == (0, 1, 2, 3, 4, 5)
    assert K.NAMES[K.BACK] == "BACK" and K.NAMES[K.DOWN] == "DOWN" and len(K.NAMES) == 6
    machine.reset()
    release_all({"prev": 13, "next": 14, "ok": 15})
    clock = Clock(start=1000)
    clock.install()
    try:
        keys = K.Buttons(*(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (13, 14, 15)),
                         debounce_ms=10)
        assert keys.poll(clock.now()) == K.NONE
        machine.drive(13, 0)
        clock.advance(1)
        machine.drive(14, 0)
        clock.advance(4)
        assert keys.poll(clock.now()) == K.PREV  # both pressed before this poll: PREV first, NEXT queued
        assert keys.pending() == 1
        keys.clear()
        assert keys.poll(clock.advance(1)) == K.NONE
        machine.drive(15, 0)
        assert not keys.ok_held()  # as of the last poll
        assert keys.poll(clock.advance(1)) == K.NONE and keys.ok_held()  # at once, no debounce wait
        clock.advance(15)
        machine.drive(15, 1)
        assert keys.poll(clock.advance(1)) == K.OK and not keys.ok_held()
        assert not keys._lost
    finally:
        clock.uninstall()


def test_a_full_edge_ring_loses_no_key_state():
    """More edges than the ring holds while the loop is away: the level check at the next poll puts
    every key right (the events of the dropped edges are gone, the keys are not stuck)."""
    import devices

    machine = devices.install()
    from devices.inputs import Clock, release_all

    from fishtable.hw import keys as K

    machine.reset()
    release_all({"prev": 13, "next": 14, "ok": 15})
    clock = Clock()
    clock.install()
    try:
        keys = K.Buttons(*(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (13, 14, 15)))
        for i in range(40):  # 80 edges of NEXT, 30 ms apart, no poll
            machine.drive(14, 0)
            clock.advance(30)
            machine.drive(14, 1)
            clock.advance(30)
        machine.drive(15, 0)  # and OK left down
        clock.advance(30)
        got = []
        for _ in range(40):
            got.append(keys.poll(clock.advance(10)))
        assert keys._lost
        assert got.count(K.NEXT) == 8 and got.count(K.NONE) == 32 and keys.ok_held()  # the 8 presses the ring held
        machine.drive(15, 1)
        assert keys.poll(clock.advance(10)) == K.OK
    finally:
        clock.uninstall()


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

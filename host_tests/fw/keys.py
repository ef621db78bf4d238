"""Buttons and encoder under scripted presses with bounce, on the virtual clock
(test_hw_keys.py; under CPython and the MicroPython unix port)."""

import time  # the interpreter's own (devices.install() gives the firmware the models' clock)

import devices

machine = devices.install()  # the stand-ins before the firmware's keys

from devices.inputs import Clock, Script, release_all  # noqa: E402

from fishtable.hw import keys as K  # noqa: E402

PINS = {"prev": 13, "next": 14, "ok": 15}
ENC = {"a": 13, "b": 14, "sw": 15}


def pin(n):
    return machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP)


def buttons(**kw):
    """Fresh buttons on PINS, all released."""
    machine.reset()
    release_all(PINS)
    return K.Buttons(pin(13), pin(14), pin(15), **kw)


def encoder(**kw):
    """A fresh encoder on ENC, its contacts and switch released."""
    machine.reset()
    release_all(ENC)
    from fishtable.hw.encoder import Encoder

    return Encoder(pin(13), pin(14), pin(15), **kw)


def names(events):
    return [K.NAMES[e] for t, e in events]


def button_presses():
    """Taps, long presses, chatter, short presses, auto-repeat, slow polls across the ticks' wrap,
    a key held at start."""
    res = {}
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
    return res


def busy_presses():
    """Presses while the firmware is busy or its interrupts are off, DOWN events."""
    res = {}
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
    return res


def encoder_turns():
    """Encoder turns with bounce, reversed, jitter, the switch, half-step encoders."""
    res = {}
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
    return res


def fast_turns():
    """Fast encoder turns, busy stretches, turns netted, skipped states, the switch while turning."""
    res = {}
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
    return res

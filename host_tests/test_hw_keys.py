"""Buttons and encoder: scripted presses with bounce give exactly the intended events.

Scenarios run under CPython and the MicroPython unix port (run_fw: host_tests/fw/keys.py) on a
virtual clock; a hypothesis property test (CPython, in-process) throws random bounce at the buttons.
"""

from hypothesis import given, settings
from hypothesis import strategies as st


def test_buttons_act_on_the_first_edge_ignore_bounce_long_press_and_repeat(run_fw):
    res = run_fw.call("keys.button_presses")
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


def test_presses_while_busy_are_queued_in_order_not_lost(run_fw):
    res = run_fw.call("keys.busy_presses")
    assert res["double"] == ["OK", "OK"] and res["double_at"] == [400, 401]  # one event per poll
    assert res["busy_mix"] == ["NEXT", "PREV", "BACK", "OK"]
    assert res["busy_hold"] == ["NEXT"] * 3  # the press, 500 ms, 650 ms
    assert res["irq_off_tap"] == ["OK"]
    assert res["ten"] == ["NEXT"] * 10
    assert res["down"] == ["DOWN", "OK", "DOWN", "BACK"]
    assert res["down_at"] == [100, 220, 400, 1100]
    assert res["held_now"] is False


def test_encoder_one_step_per_detent_with_bounce(run_fw):
    res = run_fw.call("keys.encoder_turns")
    assert res["turns"] == ["NEXT"] * 3 + ["PREV"] * 2
    assert res["clean"] == ["NEXT"] * 5
    assert res["reversed"] == ["PREV"] * 2
    assert res["jitter"] == []
    assert res["switch"] == ["OK", "BACK"]
    assert res["half"] == ["NEXT"] * 4


def test_fast_encoder_turns_are_counted_busy_or_not(run_fw):
    # the scripts of fast turns: thousands of timed changes (the firmware's own part is tiny)
    res = run_fw.call("keys.fast_turns")
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
        assert keys.poll(clock.advance(1)) == K.NEXT  # the queued press, in order
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
    from fishtable.hw.encoder import Encoder

    pins = {"a": 13, "b": 14, "sw": 15}
    machine.reset()
    release_all(pins)
    enc = Encoder(*(machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (13, 14, 15)))
    script = Script(pins)
    t = 20
    expected = []
    for detents, bounce, step in turns:
        # each contact settles before the other one moves (bounce < time between edges)
        t = script.turn("a", "b", t, detents, step_ms=max(step, poll_ms + 1), bounce=bounce) + 30
        expected += ["NEXT" if detents > 0 else "PREV"] * abs(detents)
    got = [K.NAMES[e] for _, e in script.run(enc, step_ms=poll_ms)]
    assert got == expected

"""The host stand-ins themselves: pins, I2C bus faults and counters, clock, scripts
(host_tests/fw/models.py, under both interpreters)."""


def test_stand_ins(run_fw):
    res = run_fw.call("models.stand_ins")
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


def test_pin_interrupts_hard_handlers_latched_edges_and_the_virtual_clock(run_fw, interp):
    res = run_fw.call("models.interrupts")
    assert res["hard_calls"] == 2
    assert res["hard_alloc"] == ("MemoryError" if interp == "micropython" else "allowed")
    assert res["while_off"] == []
    assert res["after_on"] == [[6, 0], [7, 0]]  # one call per pin, the level it reads then
    assert res["stamps"] == [4, 12]  # each change at its own (whole) ms on the virtual clock
    assert res["polls"] == [0, 5, 20, 21]  # every 5 ms except in the busy stretch, and once after the end

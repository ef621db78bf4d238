"""The LED ring: brightness cap, current budget, GRB byte order and the patterns.

Each check runs under CPython and the MicroPython unix port (run_fw: host_tests/fw/ring.py).
"""


def test_brightness_cap_and_current_budget(run_fw):
    res = run_fw.call("ring.limits")
    assert res["level"] == 64 and res["level_after_set"] == 64
    assert res["capped_max"] == 64
    assert res["capped_ma"] <= 300
    assert 290 <= res["budget_ma"] <= 300  # scaled down to the budget, not far below it
    assert res["budget_estimate"] >= res["budget_ma"] - 1
    assert res["budget_even"]
    assert res["single"] == [255, 0, 0]


def test_wire_bytes_are_grb(run_fw):
    res = run_fw.call("ring.byte_order")
    # red, green, blue LEDs -> bytes G,R,B per LED
    assert res["raw"] == [0, 255, 0, 255, 0, 0, 0, 0, 255]
    assert res["colours"] == [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
    assert res["plain"] == res["colours"]  # same frame without the NeoPixel buffer


def test_patterns(run_fw):
    res = run_fw.call("ring.patterns")
    assert res["player"] == [[0, 200, 0]] * 12
    spin = res["spinner"]
    assert spin[1] == [200, 0, 0] and spin[0] == [50, 0, 0] and spin[11] == [12, 0, 0]
    assert sum(1 for c in spin if c != [0, 0, 0]) == 3
    assert res["celebrate"][:4] == [[0, 200, 0], [0, 0, 200], [200, 0, 0], [0, 200, 0]]
    assert res["off_written"]


def test_show_allocates_nothing_under_micropython(fw_runner):
    assert fw_runner("micropython").call("ring.show_allocations") < 16

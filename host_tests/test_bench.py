"""`make bench`'s measuring machinery: one record gives every figure of build/bench.json with sane
types, and the allocation probes see an allocation (and none where there is none).  No limits on
the figures themselves: those are reported, not tested."""

import json
import os

import bench
import pytest

RECORD = os.path.join(bench.RECORDS, "yofish-3p-basic.fish")
REQUIRED = {
    "heap_idle": int,
    "heap_peak": int,
    "state_bytes": dict,
    "alloc_per_statement_avg": (int, float),
    "alloc_per_statement_max": int,
    "alloc_per_frame_avg": (int, float),
    "alloc_per_frame_max": int,
    "mpy_bundle": int,
    "journal_per_game_max": int,
    "i2c_bytes_per_frame_avg": (int, float),
    "i2c_bytes_per_frame_max": int,
    "i2c_ms_per_frame_avg_400khz": (int, float),
    "neopixel_bytes_per_frame": int,
    "interpreter": str,
    "cpu_us_per_key_avg": (int, float),
    "cpu_us_per_statement_avg": (int, float),
    "flash_erases_per_statement_avg": (int, float),
    "flash_programs_per_statement_avg": (int, float),
    "flash_bytes_per_statement_avg": (int, float),
    "host_to_chip_ratio": (int, float),
    "timing": dict,
    "boot": dict,
}


@pytest.fixture(scope="module")
def one_record(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "bench.json"
    assert bench.main(["--json", str(out), "--records", RECORD]) == 0
    with open(out) as f:
        return json.load(f)


def test_one_record_gives_every_key_with_sane_types(one_record):
    result = one_record
    for key, kind in REQUIRED.items():
        assert isinstance(result[key], kind), (key, result[key])
        assert not isinstance(result[key], bool), key
    assert result["state_bytes"]["yofish"] > 0
    assert 0 < result["heap_idle"] < result["heap_peak"]
    assert result["heap_idle_raw"] == result["heap_idle"] + result["heap_baseline_models"]
    assert result["alloc_per_frame_max"] >= result["alloc_per_frame_avg"] >= 0
    assert result["i2c_bytes_per_frame_max"] >= result["i2c_bytes_per_frame_avg"] > 0
    assert result["i2c_bytes_per_frame_max"] == 1034  # the first frame: window command + data byte + 1024, display on
    assert result["neopixel_bytes_per_frame"] == 12 * 3  # the pico profile's ring
    statements = len(bench.parse_record(RECORD)[4])
    assert result["statements_measured"] == statements
    assert result["frames_measured"] > statements  # a frame per statement at least, plus the cursor's
    assert result["by_game"]["yofish"]["records"] == 1
    assert result["unix"]["record"] == "yofish-3p-basic"
    # time and flash (the figures themselves are reported, not limited)
    assert result["cpu_us_per_key_avg"] > 0 and result["cpu_us_per_statement_avg"] > 0
    assert result["keys_timed"] > statements and result["statements_timed"] == statements
    # the reference press: a highlight 10 pixels high (a lit row above and below its letters)
    # on 9-pixel lines touches three page rows, each only as wide as the bars (was two full rows: 272)
    assert result["menu_next_i2c_bytes"] == 310
    assert result["flash_programs_per_statement_avg"] > 0  # every statement is journalled
    assert result["flash_bytes_per_statement_avg"] >= 256 * result["flash_programs_per_statement_avg"]
    assert 0 <= result["flash_erases_per_statement_avg"] <= result["flash_erases_per_statement_max"]
    rec = result["timing"]["yofish-3p-basic"]
    assert rec["statements"] == statements and rec["flash_programs"] > 0
    boot = result["boot"]
    assert 0 < boot["init_us"] <= boot["display_on_us"] <= boot["first_frame_us"]
    assert boot["noise_shown"] is False  # the panel is dark until its first frame is in the RAM
    assert boot["i2c_bytes"] == 26 + 3 + 2 + 2 + 1032 + 2  # init, contrast, flip (2 commands), frame, on
    assert isinstance(result["unix"]["fits"], bool)
    assert result["soak_min_heap"] in bench.SOAK_HEAPS  # a walk survives in one of them
    assert "MicroPython" in result["interpreter"]


def test_the_table_names_every_figure(one_record):
    text = bench.table(one_record)
    assert "peak during a game" in text
    assert "I2C time at 400 kHz" in text
    assert "CPU per key press" in text and "CPU per statement" in text
    assert "flash per statement: erases / programs" in text
    assert "boot: main.py to first frame" in text
    assert "smallest heap" in text
    assert str(one_record["mpy_bundle"]) in text


def test_an_allocating_step_reports_allocation_and_a_quiet_one_none():
    probe = "import gc\n_a = gc.mem_alloc()\n%s\nprint('BENCH %s', gc.mem_alloc() - _a)"
    found = bench.wasm_steps([
        bench.COLLECT + "\n_a = _x = _y = _z = 0",  # the globals exist: storing them later allocates nothing
        probe % ("_x = [1, 2, 3, 4]", "list"),
        probe % ("_y = 'a%d' % 12345", "fmt"),
        probe % ("_z = 1 + 2", "none"),
    ])
    assert found["list"] > 0
    assert found["fmt"] > 0
    assert found["none"] == 0


def test_frame_allocation_excludes_the_models_and_counts_the_drawing():
    """The I2C model allocates (it copies the bytes): the wrapper counts that apart."""
    steps = [
        "import sys\nsys.path.insert(0, '/tools')\nfrom benchlib import appbench as B\n"
        "B.load('yofish', 3, 1, [], ['place 3 0'], '/boards')",
        bench.COLLECT, bench.COLLECT, "B.baseline()", "B.build()",
        "import gc\n_app = B._s['app']\n_a = 0\n_app.handle(B.NEXT)\nB._s['model_alloc'][0] = 0\n"
        "_a = gc.mem_alloc()\nB._frame(_app)\n_a = gc.mem_alloc() - _a\n"
        "print('BENCH raw', _a)\n"
        "print('BENCH model', B._s['model_alloc'][0])\n"
        "print('BENCH frames', B._s['nframes'][0])\n"
        "print('BENCH last', B._s['f_alloc'][B._s['nframes'][0] - 1])",
    ]
    found = bench.wasm_steps(steps, trees=bench.APP_TREES)
    assert found["model"] > 0
    assert found["frames"] == 2
    assert found["raw"] == found["last"] + found["model"]  # the frame's figure is net of the model's share


def test_parse_record_keeps_header_and_statements_apart():
    name, players, start, options, lines = bench.parse_record(os.path.join(bench.RECORDS, "hecht-5p-chips.fish"))
    assert name == "hecht"
    assert players == 5
    assert options and options[0][0] == "chips"
    assert lines and not any(line.startswith(("game", "players", "option", "#")) for line in lines)


def test_the_flash_block_device_counts_erases_and_programs(tmp_path, fw_runner):
    """FileFlash under the unix port's real LittleFS: programs come in 256-byte pages, an erase is
    an ioctl, the simple writeblocks interface erases first."""
    got = fw_runner("micropython").call("bench_flash.counts", cwd=str(tmp_path))
    assert got == [True, True, 2, 352, 4096]


# -- tools/heapdump.py: the largest allocations, from the VM's heap dumps ---------------------------
def test_heapdump_sees_a_steps_allocations_and_not_what_was_there_before():
    """A bytearray made before the collection is not charged; one made in a step is, at its size
    rounded up to whole 16-byte blocks; garbage of the step counts too (it was allocated)."""
    import heapdump

    steps = ["import gc\nkeep = bytearray(5000)", bench.COLLECT, "B.step_one()", bench.COLLECT, "B.step_two()"]
    code = ["import sys\nclass _B:\n"
            "    def step_one(self):\n        global made\n        made = bytearray(3000)\n"
            "    def step_two(self):\n        bytearray(700)\n"
            "B = _B()"] + steps
    found = heapdump.allocations(heapdump.run_steps(code, []))
    assert found[0] == (3008, "B.step_one()")
    assert (704, "B.step_two()") in found
    assert not [f for f in found if f[0] >= 5000]


def test_heapdump_blocks_reads_runs_across_lines():
    import heapdump

    dump = ["00000000: h=..T" + "." * 58 + "L", "00000400: ==h", "       (3 lines all free)", "00001000: h"]
    assert heapdump.blocks(dump) == {(0, 2, "h"), (4, 1, "T"), (63, 3, "L"), (66, 1, "h"), (256, 1, "h")}

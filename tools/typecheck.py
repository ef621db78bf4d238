#!/usr/bin/env python3
"""Type-check firmware/ against MicroPython's stubs for the Pico (not CPython's library).

The stubs come from PyPI (micropython-rp2-rpi-pico-stubs and micropython-stdlib-stubs,
installed by `make setup`).  mypy gets MicroPython's standard library as its typeshed,
so a CPython-only module or function used in firmware/ fails the check.

    python3 tools/typecheck.py [DIR]     (default: firmware)
"""

import glob
import os
import subprocess
import sys
import sysconfig

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
BUILD = os.path.join(ROOT, "build", "typecheck")


def site_packages():
    return sysconfig.get_paths()["purelib"]


def prepare(target):
    """Copy the board stubs into build/typecheck/stubs and write a mypy config for `target`; returns its path."""
    site = site_packages()
    if not os.path.isdir(os.path.join(site, "stdlib")):
        raise SystemExit("MicroPython stubs are missing: run `make setup`")
    stubs = os.path.join(BUILD, "stubs")
    os.makedirs(stubs, exist_ok=True)
    modules = []
    for path in glob.glob(os.path.join(site, "*.pyi")):
        name = os.path.basename(path)[:-4]
        modules.append(name)
        with open(path, "rb") as src, open(os.path.join(stubs, name + ".pyi"), "wb") as dst:
            dst.write(src.read())
    for folder in ("_mpy_shed", "rp2"):
        if os.path.isdir(os.path.join(site, folder)):
            modules.append(folder)
    config = os.path.join(BUILD, "mypy.ini")
    with open(config, "w") as out:
        out.write("[mypy]\n")
        out.write("mypy_path = %s:%s\n" % (stubs, os.path.abspath(target)))
        out.write("custom_typeshed_dir = %s\n" % site)
        out.write("python_version = 3.11\nno_site_packages = True\nexplicit_package_bases = True\n")
        out.write("check_untyped_defs = False\nwarn_unused_ignores = False\n")
        out.write("disable_error_code = union-attr, no-redef, var-annotated, operator, "
                  "call-overload, index, assignment, arg-type, return-value, misc\n")
        # Errors inside third-party stubs are not ours to fix.
        out.write("\n[mypy-%s]\nignore_errors = True\n" % ",".join(sorted(m + ".*" for m in modules) + sorted(modules)))
    return config


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    target = argv[0] if argv else os.path.join(ROOT, "firmware")
    config = prepare(target)
    cmd = [sys.executable, "-m", "mypy", "--config-file", config, "--cache-dir", os.path.join(BUILD, "cache"), target]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())

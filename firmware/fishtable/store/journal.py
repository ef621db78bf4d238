"""The journal: every accepted statement of the game in progress, on flash, before it is applied.

The journal is a plain game record (docs/record-format.md): the header, the `# --- G` line,
then one statement a line.  Each line ends in a check, ` #` and four hex digits (a comment,
so the file replays as it is; see `check`).  `append` adds a line to the last small part
file and closes it (LittleFS commits on close); each part opens with its mark, `# part K C`
(checked like a statement): its number K and the C statements before it, so that a part lost,
duplicated or out of order is found at resume (fishtable.store.recover).  Everything else that changes it (`begin`,
`undo`, a repair) writes a temporary file and renames it over `journal.fish`, so a power cut
at any byte leaves the old or the new journal.  Reading it back, and repairing it, is
fishtable.store.recover's job (at start-up only).

The functions take the `Store` (fishtable.store) whose journal they write; its `_count`,
`_chain`, `_gen`, `_part`, `_part_size` and `_stale` say what is on flash.
"""

from micropython import const

from fishtable.store.fs import ensure_dir, forget, remove_if_there, write_atomic

PART_SUFFIX = ".part"
GENERATIONS = const(999)  # generations count 1..999 and round again
HEADER_END = "# ---"  # written after the header: a journal cut inside its header is not resumed
PART_MARK = "# part"  # a part's first line: `# part K C`, its number and the statements before it
PROMISE_ROOM = const(24)  # bytes kept in a part for the promise of the next (`# part K C #cccc`)
CHECK_SIZE = const(6)  # " #" and four hex digits
# CRC-12 (x^12 + x^11 + x^3 + x^2 + x + 1), four bits at a time
_CRC_TABLE = None


def _crc_table():
    global _CRC_TABLE
    if _CRC_TABLE is None:
        table = []
        for nibble in range(16):
            crc = nibble << 8
            for _ in range(4):
                crc = ((crc << 1) ^ 0x80F) if crc & 0x800 else (crc << 1)
                crc &= 0xFFF
            table.append(crc)
        _CRC_TABLE = tuple(table)
    return _CRC_TABLE


def check(prev, data, start, end):
    """The check of the line data[start:end] that follows a line whose check was `prev` (0 first).

    16 bits: the line's length modulo 16, then a CRC-12 of the previous check and the line.
    Any one byte changed is caught by the CRC, any byte added or lost by the length, and
    a line lost, added or swapped by the chaining."""
    table = _CRC_TABLE or _crc_table()
    crc = 0xFFF
    for i in range(-2, end - start):
        byte = (prev >> 8) if i == -2 else (prev & 0xFF) if i == -1 else data[start + i]
        crc = ((crc << 4) & 0xFFF) ^ table[(crc >> 8) ^ (byte >> 4)]
        crc = ((crc << 4) & 0xFFF) ^ table[(crc >> 8) ^ (byte & 15)]
    return (((end - start) & 15) << 12) | crc


def checked(prev, line):
    """`line` (a str without '#') with its check appended; returns (text, check)."""
    data = line.encode()
    value = check(prev, data, 0, len(data))
    return "%s #%04x" % (line, value), value


def part_of(name):
    """(generation, index) of a part's file name, or None for another name."""
    if not name.endswith(PART_SUFFIX):
        return None
    cut = name.find("-")
    gen = name[:cut]
    index = name[cut + 1 : len(name) - len(PART_SUFFIX)]
    if cut <= 0 or not gen.isdigit() or not index.isdigit():
        return None
    return int(gen), int(index)


def paths(store):
    """The files the journal is made of, in order, as far as `store` knows (after `resume`,
    `begin` or an `append`): journal.fish, then its parts."""
    return [store.journal_path] + [store._part_path(store._gen, i) for i in range(1, store._part + 1)]


def drop_parts(store, gen, keep=0):
    """Delete the parts that do not belong to the journal: all of another generation, and
    those of generation `gen` after the first `keep`."""
    try:
        names = store.fs.listdir(store.parts_dir)
    except OSError:
        return
    for name in names:
        found = part_of(name)
        if found is None or found[0] != gen or found[1] > keep:
            store.fs.remove(store.parts_dir + "/" + name)


def begin(store, match):
    """Store.begin: the journal of a new game, then its seats remembered for "Same as last?".
    The time kept for an earlier game goes first: it can never count for this one."""
    from fishtable.store import played

    played.drop(store)
    store._spaced(rewrite, store, match, len(match.statements))
    store._count = len(match.statements)
    if match.names or match.colours:
        from fishtable.store import roster

        try:
            roster.remember(store, match)
        except OSError:
            pass  # a convenience: the game itself is journalled
        if store.lean:
            forget(roster)  # not needed while the game is played


def append(store, match, stmt):
    """Store.append: one line onto the journal, or the whole journal again when the store does
    not know what is on flash."""
    line = match.line_of(stmt)
    count = len(match.statements)
    if store._count != count:
        store._spaced(_rewrite_adding, store, match, line)
    else:
        store._spaced(_add_line, store, line, None)
    store._count = count + 1


def _rewrite_adding(store, match, line):
    rewrite(store, match, len(match.statements), line)


def _add_line(store, line, _):
    """Append one checked line to the last part, or open the next part when the last is closed.

    A part opens with its mark (`# part K C`) and is closed by the promise of the next one (the
    same mark, `# part K+1 C'`, as its last line) when another line would not fit; the next part
    is made (empty) before it is promised, so a promised part that is not there was lost.  One
    LittleFS commit of the part's directory (closing a part: two), no block erased."""
    _tidy(store)
    index = store._part
    fs = store.fs
    count = store._count
    value = store._chain[0]
    if index == 0 or store._part_size >= store.part_max:  # none yet, or the last one is closed
        index += 1
        store._part_size = 0
    text = ""
    if store._part_size == 0:  # a new (or made but empty) part: its mark first, in the same write
        text, value = checked(value, "%s %d %d" % (PART_MARK, index, count))
        text += "\n"
    body, value = checked(value, line)
    text += body + "\n"
    size = store._part_size + len(text)
    closing = size + len(body) + 1 + PROMISE_ROOM > store.part_max  # a line like it would not fit
    if closing:
        promise, value = checked(value, "%s %d %d" % (PART_MARK, index + 1, count + 1))
        text += promise + "\n"
        fs.open(store._part_path(store._gen, index + 1), "w").close()  # the next part, made before it is promised
    path = store._part_path(store._gen, index)
    ensure_dir(fs, store.parts_dir)
    handle = fs.open(path, "w" if store._part_size == 0 else "a")
    store._part = index
    try:
        handle.write(text)
    finally:
        handle.close()
    store._part_size = store.part_max if closing else size
    store._chain[0] = value


def undo(store, match):
    """Store.undo: journal an undo of the last statement.

    Call it before `match.undo()` (like `append` before the statement is applied); called
    after, it notices from the statement count and journals the same."""
    count = len(match.statements)
    if count == 0 and store._count == 0:
        return  # nothing to undo (match.undo() refuses too)
    if store._count == count + 1:  # the match has undone already
        keep = count
    else:
        keep = count - 1 if count else 0
    store._spaced(rewrite, store, match, keep)
    store._count = keep


def rewrite(store, match, keep, extra=None, promise=True):
    """Atomically replace the journal by the header, the first `keep` statements and `extra`,
    as a new generation: journal.fish is written to a temporary file and renamed over the
    old one, and only then the old generation's parts are deleted.  With `promise` it ends in
    the promise of its first part (made empty before the rename); the history's copy has none."""
    fs = store.fs
    ensure_dir(fs, store.root)
    if store._count >= 0:
        _tidy(store)
    store._count = -1
    gen = _next_gen(store)
    count = keep + (extra is not None)
    if promise:
        ensure_dir(fs, store.parts_dir)
        fs.open(store._part_path(gen, 1), "w").close()
    write_atomic(fs, store.journal_path, journal_lines(match, keep, extra, store._chain, gen,
                                                       count if promise else -1))
    store._gen = gen
    store._part = 0
    store._stale = True  # deleted by the next operation: the rename above ends this one


def _tidy(store):
    """Delete the parts an earlier rewrite left behind (they are no longer read)."""
    if store._stale:
        drop_parts(store, store._gen, max(store._part, 1))  # (part 1 may be made, empty, already)
        store._stale = False


def _next_gen(store):
    """A generation that no part on flash has (the current one + 1, as a rule)."""
    used = []
    try:
        for name in store.fs.listdir(store.parts_dir):
            found = part_of(name)
            if found is not None:
                used.append(found[0])
    except OSError:
        pass
    gen = store._gen
    for _ in range(GENERATIONS):
        gen = gen % GENERATIONS + 1
        if gen not in used:
            return gen
    return gen


def finish(store, match):
    """Store.finish: move the finished game's record into the history (one file), then count it
    in the game's statistics (fishtable.store.stats); returns its history file name.

    The statistics are written after the move: a power cut between the two, or a full
    flash, leaves the game to be counted when the statistics are next opened."""
    from fishtable.store import filing, played, stats

    table = stats.load(store.fs, stats.path_of(store.root, match.name), match.name, store.buf)
    store._spaced(_final, store, match, len(match.statements))  # without the journal's promise
    played.drop(store)  # the minutes are in the journal now: a time kept could only mislead the next game
    drop_parts(store, store._gen, 0)  # the journal is whole without them: no part outlives it
    name = store._spaced(_to_history, store, match, max(table.last, stats.last_number(store, match.name)))
    store._count = -1
    try:  # the game is in the history now: nothing after this may make it be filed again
        store.trimmed += filing.trim(store.fs, store.history_dir, store.history_budget, store.min_free)
        stats.update(store, table, match, name)
    except Exception:  # noqa: BLE001 - the statistics catch up when next opened
        pass
    store._forget(stats)  # the Stats screen imports it again
    return name


def _final(store, match, keep):
    """The history's copy: no promise of a part, and the game's `played` minutes when known."""
    rewrite(store, match, keep, None if match.played is None else "played %d" % match.played, False)


def _to_history(store, match, after):
    from fishtable.store import filing

    return filing.add(store.fs, store.history_dir, store.journal_path, match.name, after)


def discard(store):
    """Store.discard: abandon the game in progress (its journal is deleted)."""
    store._count = -1
    fs = store.fs
    tmp = store.journal_path + ".tmp"
    remove_if_there(fs, tmp)
    if fs.exists(store.journal_path):  # as a cut first write: its parts are not a journal's that was lost
        fs.rename(store.journal_path, tmp)
    drop_parts(store, -1)
    remove_if_there(fs, tmp)


def journal_lines(match, keep, extra, chain, gen, promised=-1):
    """The journal's lines, each with its check: the header, its end mark (naming the generation
    `gen` of the parts), `keep` statements and the line `extra`, then (unless `promised` is -1)
    the promise of part 1 after `promised` statements.  `chain[0]` is set to the last line's
    check as they are made."""
    value = 0
    for line in match.header_lines():
        line, value = checked(value, line)
        chain[0] = value
        yield line
    line, value = checked(value, "%s %d" % (HEADER_END, gen))
    chain[0] = value
    yield line
    fmt = match.line_of
    statements = match.statements
    for i in range(keep):
        line, value = checked(value, fmt(statements[i]))
        chain[0] = value
        yield line
    if extra is not None:
        line, value = checked(value, extra)
        chain[0] = value
        yield line
    if promised >= 0:
        line, value = checked(value, "%s 1 %d" % (PART_MARK, promised))
        chain[0] = value
        yield line

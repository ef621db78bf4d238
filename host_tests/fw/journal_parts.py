"""Every part of a journal lost, duplicated and swapped with the next in turn, then resumed
(test_damage.py; under CPython and the MicroPython unix port): the board resumes the longest run
it can prove, says how many statements it could not recover, and keeps the parts it could not
use in /data/damaged/ (none deleted)."""

ROOT = "/data"
PARTS = ROOT + "/journal.d"
DAMAGED = ROOT + "/damaged"


def _played(text):
    """(flash, statements, part names in order) of the record `text` played on a FaultFs, left
    in progress with its last statement not yet played (the game is not over)."""
    from devices.faultfs import FaultFs

    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    done = read_text(text)
    fs = FaultFs()
    session = Session(Store(fs, ROOT))
    session.begin(Match(done.name, done.players, done.start, done.options, done.names, done.colours))
    statements = done.statements[:-1]
    for stmt in statements:
        session.play(stmt)
    names = sorted(fs.listdir(PARTS), key=lambda n: int(n.split("-")[1].split(".")[0]))
    return fs, statements, names


def _resume(fs):
    from fishtable.store import Store

    store = Store(fs.reboot(), ROOT)
    match, message = store.resume()
    return store, match, message


def _part_statements(fs, names):
    """How many statements each part holds (its lines that are not marks)."""
    counts = []
    for name in names:
        data = fs.files[PARTS + "/" + name]
        counts.append(len([line for line in data.split(b"\n") if line and not line.startswith(b"#")]))
    return counts


def damaged_forms(names):
    """(label, index, change) of every part lost, duplicated (a copy of it after it, the later
    parts renumbered) and swapped with the next, in turn."""
    forms = []
    for k in range(len(names)):
        forms.append(("lost", k))
        forms.append(("duplicated", k))
        if k + 1 < len(names):
            forms.append(("swapped", k))
    return forms


def _damage(fs, names, form, k):
    files = fs.files
    data = [files[PARTS + "/" + n] for n in names]
    for n in names:
        del files[PARTS + "/" + n]
    gen = names[0].split("-")[0]
    if form == "lost":
        data = data[:k] + data[k + 1 :]
        # the later parts keep their names: a part went missing
        kept = names[:k] + names[k + 1 :]
        for name, body in zip(kept, data):
            files[PARTS + "/" + name] = body
        return
    if form == "duplicated":
        data = data[: k + 1] + [data[k]] + data[k + 1 :]
    else:
        data = data[:k] + [data[k + 1], data[k]] + data[k + 2 :]
    for i in range(len(data)):
        files["%s/%s-%d.part" % (PARTS, gen, i + 1)] = data[i]


def check_record(text):
    """Every damaged form of the journal of `text`: a list of what went wrong (empty: all held),
    and the number of forms tried per kind."""
    fs, statements, names = _played(text)
    whole = dict(fs.files)
    counts = _part_statements(fs, names)
    before = [0]
    for count in counts:
        before.append(before[-1] + count)
    head = len(statements) - before[-1]  # statements in journal.fish itself
    faults = []
    tried = {"lost": 0, "duplicated": 0, "swapped": 0}
    for form, k in damaged_forms(names):
        tried[form] += 1
        fs.files.clear()
        fs.files.update(whole)
        _damage(fs, names, form, k)
        kept_bytes = sorted(fs.files[p] for p in fs.files if p.startswith(PARTS + "/"))
        store, match, message = _resume(fs)
        good = head + before[k + 1 if form == "duplicated" else k]
        lost = len(statements) - good
        label = "%s part %d of %d" % (form, k + 1, len(names))
        if match is None or match.statements != statements[:good]:
            got = None if match is None else len(match.statements)
            faults.append("%s: resumed %s statements, not %d" % (label, got, good))
            continue
        want = None if lost == 0 else "Journal repaired: %d move%s lost" % (lost, "" if lost == 1 else "s")
        # no statement after the lost part (the last, or only the empty next part made ahead of
        # its promise): its own cannot be counted, but its loss is said
        # ... nor when the only part after it is the last: its own mark chains from the lost
        # part, so no mark after the loss passed its check ("some moves lost", never a guess)
        unknown = form == "lost" and (sum(counts[k + 1 :]) == 0 or k + 2 == len(names))
        harmless = form == "duplicated" and counts[k] == 0  # a copy of the empty part made ahead
        if unknown:
            want = "Journal repaired: some moves lost"
        elif form == "duplicated" and lost == 0 and not harmless:
            want = "Journal repaired: nothing lost"  # the copy is set aside
        if message != want:
            faults.append("%s: said %r, not %r" % (label, message, want))
        aside = sorted(store.fs.files[p] for p in store.fs.files if p.startswith(DAMAGED + "/"))
        if not aside and not unknown and not harmless:
            faults.append("%s: nothing kept in %s" % (label, DAMAGED))
        for body in aside:
            if body not in kept_bytes:
                faults.append("%s: %s holds what was not a part" % (label, DAMAGED))
        again = _resume(store.fs)
        if again[2] is not None or again[1] is None or again[1].statements != statements[:good]:
            faults.append("%s: the repaired journal did not resume whole (%r)" % (label, again[2]))
    return faults, tried


def check_records(paths):
    """check_record of each record file; (faults, {form: count}, parts in all)."""
    faults = []
    tried = {"lost": 0, "duplicated": 0, "swapped": 0}
    for path in paths:
        with open(path) as f:
            found, counts = check_record(f.read())
        faults.extend("%s: %s" % (path.rsplit("/", 1)[-1], fault) for fault in found)
        for key in counts:
            tried[key] += counts[key]
    return faults, tried

"""A journal that notices damage: every single-bit flip of every shipped record's journal is
reported at resume (0 silent changes), and every single byte lost or added in a sample.

Exhaustive and fast: the resume's Scanner is run once over the journal, and a copy of its
state before line k reads the damaged lines k, k+1, k+2.  That is what the whole resume
does (the lines before k are the same), and the lines after k+2 are the same again: when
lines k..k+2 pass their checks, their checks and so the chain from there are unchanged,
so a damage not reported by then is counted as silent (the test can only be stricter than
the device).  A sample runs through the whole `Store.resume()`, and some under MicroPython.
"""

import copy
import glob
import os
import random

import pytest
from devices.faultfs import FaultFs

from fishtable.core.match import Match
from fishtable.core.record import BytesStream, Lines, read_text
from fishtable.store import Store
from fishtable.store.journal import check, paths
from fishtable.store.recover import Scanner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICES = os.path.join(ROOT, "tools", "devices")

RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
J = "/data/journal.fish"


def journal_of(path, finish=False):
    """The journal bytes the store writes while the record at `path` is played (its game not finished)."""
    with open(path) as handle:
        done = read_text(handle.read())
    match = Match(done.name, done.players, done.start, done.options, done.names, done.colours)
    fs = FaultFs()
    store = Store(fs)
    store.begin(match)
    for stmt in done.statements:
        store.append(match, stmt)
        match.submit(stmt)
    return b"".join(fs.files[path] for path in paths(store)), done


def split_lines(data):
    """[(start, end)] of each line of `data`, the LF included."""
    found = []
    at = 0
    while at < len(data):
        lf = data.find(b"\n", at)
        end = len(data) if lf < 0 else lf + 1
        found.append((at, end))
        at = end
    return found


def feed(scanner, data, finish):
    lines = Lines(BytesStream(data))
    while lines.next():
        scanner.line(lines)
    if finish:
        scanner.finish()
    return scanner


def damage_reported(data, variants_of):
    """For each line k, each damaged version of lines k..k+2 from `variants_of(segment, k_len)`:
    (tried, silent list)."""
    spans = split_lines(data)
    scanner = Scanner()
    tried = 0
    silent = []
    for k, (start, end) in enumerate(spans):
        stop = spans[min(k + 2, len(spans) - 1)][1]
        segment = data[start:stop]
        last = stop == len(data)
        pristine = copy.deepcopy(scanner.reader)
        for damaged in variants_of(segment, end - start):
            # A shallow copy shares the reader; the reader only reads lines that pass their
            # check, so it is copied again only when one did.
            probe = copy.copy(scanner)
            mark = scanner.reader.lineno
            feed(probe, damaged, last)
            if scanner.reader.lineno != mark:
                scanner.reader = copy.deepcopy(pristine)
            tried += 1
            if not probe.damaged and probe.lost == 0:
                silent.append((k, damaged))
        feed(scanner, data[start:end], False)
    assert not scanner.damaged and scanner.finish().lost == 0  # the undamaged journal reads clean
    return tried, silent


def bit_flips(segment, size):
    for i in range(size):
        for bit in range(8):
            raw = bytearray(segment)
            raw[i] ^= 1 << bit
            yield bytes(raw)


@pytest.mark.parametrize("path", RECORDS, ids=os.path.basename)
def test_every_single_bit_flip_of_the_journal_is_reported(path):
    data, _ = journal_of(path)
    tried, silent = damage_reported(data, bit_flips)
    assert tried == 8 * len(data)
    assert silent == []


def test_every_byte_lost_and_sampled_bytes_added_are_reported():
    rng = random.Random(5)

    def lost_or_added(segment, size):
        for i in range(size):
            yield segment[:i] + segment[i + 1 :]
            for value in (rng.randrange(256), 10, 13, 32, 35, segment[i]):
                yield segment[:i] + bytes([value]) + segment[i:]

    for path in RECORDS[::3]:
        data, _ = journal_of(path)
        tried, silent = damage_reported(data, lost_or_added)
        assert tried == 7 * len(data) and silent == [], (path, silent[:3])


def test_the_check_is_a_crc_of_the_chain_and_the_line():
    line = b"action carp 3"
    value = check(0x1234, line, 0, len(line))
    assert value >> 12 == len(line) % 16
    assert check(0x1235, line, 0, len(line)) != value  # chained to the line before
    for i in range(len(line)):
        for bit in range(8):
            raw = bytearray(line)
            raw[i] ^= 1 << bit
            assert check(0x1234, raw, 0, len(raw)) != value


def test_a_sample_of_flips_through_the_whole_resume():
    """Every 97th flip of a record, through Store.resume(): a message, the game a prefix of the
    record's, the original kept as journal.bad, and the repaired journal reads clean."""
    data, done = journal_of(min(RECORDS, key=os.path.getsize))
    count = 0
    for n in range(0, 8 * len(data), 97):
        raw = bytearray(data)
        raw[n // 8] ^= 1 << (n % 8)
        fs = FaultFs(files={J: bytes(raw)}, dirs={"/", "/data"})
        got, message = Store(fs).resume()
        assert message is not None and message.startswith("Journal "), n
        assert fs.files["/data/journal.bad"] == bytes(raw)
        if got is not None:
            assert got.statements == done.statements[: len(got.statements)]
            assert Store(fs.reboot()).resume()[1] is None
        count += 1
    assert count > 50


def test_history_files_carry_the_checks(tmp_path):
    from fishtable.core.errors import Invalid

    data, done = journal_of(RECORDS[0])
    fs = FaultFs(files={J: data}, dirs={"/", "/data"})
    store = Store(fs)
    match, _ = store.resume()
    name = store.finish(match)
    assert store.history_game(name).statements == done.statements
    from fw.packed import place

    path, offset, length = place(fs, "/data/history", name)  # packed in its segment
    good = fs.files[path]
    for at in (3, length // 2, length - 2):
        at += offset
        fs.files[path] = good[:at] + bytes([good[at] ^ 4]) + good[at + 1 :]
        with pytest.raises(Invalid):
            store.history_game(name)


def test_micropython_reports_a_sample_of_flips(tmp_path, fw_runner):
    """The same resume code under the unix port: every 31st flip of the smallest record."""
    data, _ = journal_of(min(RECORDS, key=os.path.getsize))
    journal = tmp_path / "journal.fish"
    journal.write_bytes(data)
    tried, silent = fw_runner("micropython").call("damage.flips", str(journal), 31)
    assert tried == (8 * len(data) + 30) // 31 and silent == 0

"""The page is a board: whatever its stored flash holds, it starts and says what it found.

Debian's Chromium through Playwright, as host_tests/test_web.py (its fixtures).  A board's flash
made on the host (a finished game in the history and its statistics, a game in progress with its
journal parts, the settings, a roster, config.txt) is stored in the page's IndexedDB; then each
stored file (and each folder the store needs) is damaged in each form -- junk bytes, not UTF-8, a
folder in its place, 1 MB, missing, an entry that is not a file, a file where a folder is -- and
the page reloaded: the board starts (the panel is never blank, the board never stops) and each
damage is said, on the panel by the firmware or under it by the page (web/flashcheck.py, the
board's own checked reads); the page's "reset the stored board" offers the download of what it
removes, then the board starts afresh.

`make test` runs a sample of the forms; FISHTABLE_WEB_STORED_FULL=1 (`make soak`) every form of
every file.
"""

import io
import os
import tarfile

import pytest
from simlib.device import reader
from test_web import (  # noqa: F401  (the fixtures)
    SEED,
    as_text,
    built,
    context,
    open_page,
    pw,
    settle,
    site,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FULL = bool(os.environ.get("FISHTABLE_WEB_STORED_FULL"))

FILES = ["/config.txt", "/data/settings.txt", "/data/roster.txt", "/data/stats/yofish.txt",
         "/data/history/S0001.seg", "/data/history/index.bin", "/data/journal.fish", "/data/journal.d/3-2.part"]
FOLDERS = ["/data", "/data/history", "/data/journal.d", "/data/stats"]
FILE_FORMS = ["junk", "not_utf8", "folder", "huge", "missing", "not_a_file"]
FOLDER_FORMS = ["file", "not_a_file", "missing"]
SAMPLE = [("/config.txt", "junk"), ("/data/settings.txt", "not_utf8"), ("/data/roster.txt", "folder"),
          ("/data/journal.fish", "not_a_file"), ("/data/history", "file")]
CASES = [(p, f) for p in FILES for f in FILE_FORMS] + [(p, f) for p in FOLDERS for f in FOLDER_FORMS]
MISSED = ("/data/journal.fish", "/data/history/S0001.seg", "/data/history/index.bin")  # missing: a game not shown
JUNK = [0xFF, 0xFE, 0x00, 0x07, 0x80, 0x0A, 0x41, 0x42]  # the bytes that stopped the page for good


def board_flash(folder):
    """{path: bytes or None (a folder)} of a board's flash used for a while: a finished Yo Fish!
    game filed (its statistics), a Hecht game in progress (its journal and parts), settings,
    a roster, config.txt."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store
    from fishtable.ui import prefs

    data = os.path.join(folder, "data")
    store = Store(None, data)
    session = Session(store)
    for name, count in (("yofish-3p-basic.fish", None), ("hecht-3p.fish", 30)):
        with open(os.path.join(ROOT, "records", name)) as f:
            done = read_text(f.read())
        session.begin(Match(done.name, done.players, done.start, done.options))
        for stmt in done.statements[:count]:
            session.play(stmt)
        session.file_now()
    store.stats("yofish")
    store.save_settings(prefs.defaults())
    store.save_roster(["Ann", "Bo"])
    out = {"/config.txt": b"BOARD=pico\n"}
    for here, dirs, files in os.walk(data):
        rel = "/" + os.path.relpath(here, folder)
        out[rel] = None
        for name in files:
            with open(os.path.join(here, name), "rb") as f:
                out[rel + "/" + name] = f.read()
    return out


STORE = """async ([entries, clear]) => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("fishtable", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("files");
    r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  const tx = db.transaction("files", "readwrite"); const store = tx.objectStore("files");
  if (clear) store.clear();
  for (const [path, value] of entries) {
    if (value === "DELETE") store.delete(path);
    else if (value && value.bytes) store.put({data: new Uint8Array(value.bytes)}, path);
    else if (value && value.huge) {  // 1 MB of comment lines
      store.put({data: new Uint8Array(value.huge).fill(35).map((v, i) => i % 1024 === 1023 ? 10 : v)}, path);
    }
    else store.put(value, path);
  }
  await new Promise((ok) => { tx.oncomplete = tx.onerror = tx.onabort = ok; });
  db.close();
}"""


def stored(flash):
    """The board's flash as IndexedDB entries of the page (storage.js)."""
    return [[p, {"dir": True} if d is None else {"bytes": list(d)}] for p, d in sorted(flash.items())]


def damaged(flash, path, form):
    """The entries that damage `path` in `form` (after the whole flash is stored)."""
    if form == "missing":
        return [[p, "DELETE"] for p in flash if p == path or p.startswith(path + "/")]
    value = {"junk": {"bytes": JUNK}, "not_utf8": {"bytes": list(b"names=Ann\xff\xfe Bo\ncheck=1\n")},
             "folder": {"dir": True}, "huge": {"huge": 1 << 20}, "not_a_file": {"data": 42},
             "file": {"data": "a file where a folder is\n"}}[form]
    return [[path, value]]


def started(page, timeout=60):
    """The page once its board started and its stored board was checked: (panel text, what the page
    found [[path, what]], the status line)."""
    page.wait_for_function("fishtable.checked && fishtable.firstFrameAt !== null", timeout=timeout * 1000)
    shown = settle(page)
    text = " ".join(reader().read(shown).text().split())
    state = page.evaluate("[fishtable.found, fishtable.stopped, document.getElementById('status').textContent]")
    assert state[1] in (None, "ok"), state
    assert text, "a blank panel:\n%s" % as_text(shown)
    return text, state[0], state[2]


def said(path, text, found):
    """Whether the damage of `path` was said: by the page (that path, a folder of it or in it) or on
    the panel by the firmware (a board error, the journal's message)."""
    for where, _what in found:
        if where and (where == path or where.startswith(path + "/") or path.startswith(where + "/")):
            return True
        if path == "/data/journal.fish" and where == "/data/journal.d":  # its parts without it
            return True
        if path.startswith("/data/history/") and where.startswith("/data/history/"):  # (a game of it)
            return True
    return "Board error" in text or "Journal" in text


@pytest.fixture(scope="module")
def flash(tmp_path_factory):
    return board_flash(str(tmp_path_factory.mktemp("board")))


def test_the_page_starts_whatever_its_stored_board_holds_and_says_what_it_found(site, context, flash):  # noqa: F811
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_page(page, site + "?seed=%d" % SEED)
    faults = []
    whole = stored(flash)
    for path, form in (CASES if FULL else SAMPLE):
        page.evaluate(STORE, [whole + damaged(flash, path, form), True])
        page.reload()
        try:
            text, found, status = started(page, 120 if form == "huge" else 60)
        except AssertionError as err:
            faults.append("%s %s: %s" % (path, form, err))
            continue
        if os.environ.get("FISHTABLE_WEB_STORED_SAY"):
            print("%s %s | %s | %s" % (path, form, text[:60], found))
        if (form != "missing" or path in MISSED) and not said(path, text, found):
            faults.append("%s %s: not said (panel: %s; page: %s)" % (path, form, text, found))
        if "stopped" in status:
            faults.append("%s %s: %s" % (path, form, status))
    page.close()
    assert not errors, errors
    assert not faults, "\n".join(faults)


TAR_OF = """async () => {
  const { tarOf } = await import("./storage.js");
  const long = "/data/" + "d".repeat(120) + "/x.fish";
  const blob = tarOf([["/data", {dir: true}], [long, {data: new Uint8Array([1, 2, 3])}], [7, {data: 42}]]);
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}"""


def test_the_undamaged_board_says_nothing_and_a_reset_offers_its_download_first(site, context, flash, tmp_path):  # noqa: F811
    page = context.new_page()
    open_page(page, site + "?seed=%d" % SEED)
    page.evaluate(STORE, [stored(flash), True])
    page.reload()
    text, found, _status = started(page)
    assert found == [] and page.is_hidden("#found"), found  # a whole board: nothing to say
    assert "Resume" in text, text
    page.evaluate(STORE, [damaged(flash, "/config.txt", "junk"), False])
    page.reload()
    text, found, _status = started(page)
    assert "Board error: config.txt line 1: not text" in text, text  # the board's own words
    assert ["/config.txt", "config.txt line 1: not text"] in found, found
    page.click("#reset-board")
    page.wait_for_selector("#reset-download[href]")
    with page.expect_download() as download:
        page.click("#reset-download")
    path = str(tmp_path / "stored.tar")
    download.value.save_as(path)
    with tarfile.open(path) as tar:
        names = tar.getnames()
        kept = {"/" + m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    assert kept["/config.txt"] == bytes(JUNK) and "data/history" in names, names
    assert all(kept[p] == d for p, d in flash.items() if d is not None and p != "/config.txt")
    got = page.evaluate(TAR_OF)  # the archive's own form: a long path, an entry that is not a file
    with tarfile.open(fileobj=io.BytesIO(bytes(got))) as tar:
        members = {m.name: m for m in tar.getmembers()}
        assert members["data"].isdir()
        assert tar.extractfile(members["data/" + "d" * 120 + "/x.fish"]).read() == b"\x01\x02\x03"
        assert b'"key":"7"' in tar.extractfile(members["unusable/0.json"]).read()
    page.click("#reset-now")
    page.wait_for_function("fishtable.firstFrameAt !== null && fishtable.found.length === 0")
    text = " ".join(reader().read(settle(page)).text().split())
    assert "New Hecht" in text and "Resume" not in text, text  # afresh: the main menu, no game
    assert page.evaluate("fishtable.flashFiles()") == [] or "/config.txt" not in page.evaluate("fishtable.flashFiles()")
    page.reload()
    text, found, _status = started(page)
    assert found == [] and "Resume" not in text, (found, text)
    page.close()



@pytest.mark.skipif(not FULL, reason="a 1 MB journal takes the page's board 12 s to start (make soak)")
def test_a_slow_start_on_the_page_shows_its_message_for_its_time(site, context, flash):  # noqa: F811
    """A 1 MB journal takes the page's board about 12 s to read, far longer than a message's 2.5 s:
    its message ("Journal unreadable") is on the panel from the first frame, for 2.5 s."""
    page = context.new_page()
    open_page(page, site + "?seed=%d" % SEED)
    big = [["/data/journal.fish", {"huge": 1 << 20}]]
    page.evaluate(STORE, [stored(flash) + big, True])
    page.goto(site + "?seed=%d&frames=1" % SEED)
    started(page, 120)
    booted = page.evaluate("fishtable.bootedAt")
    frames, times = page.evaluate("[fishtable.frames, fishtable.frameTimes]")
    page.close()
    texts = [" ".join(reader().read(bytes.fromhex(glass)).text().split()) for glass in frames]
    lit = [i for i, text in enumerate(texts) if text]
    said = [i for i in lit if "Journal unreadable" in texts[i]]
    assert said and said[0] == lit[0], texts[:4]  # the first frame says it
    gone = [i for i in lit if i > said[0] and "Journal unreadable" not in texts[i]]
    shown = (times[gone[0]] if gone else 1e12) - times[said[0]]
    assert times[said[0]] - booted > 2500 and shown >= 2400, (times[said[0]] - booted, shown, texts[:4])

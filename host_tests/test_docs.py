"""The user's documents: every link resolves, none sends a reader to a file the repository does not
have, the README speaks to makers and players (their sections in order, no internal words, every
measured figure beside the command that measures it, every command and file it names there), and
docs/record-format.md says what the code reads and prints (statements, header words,
chips, colours, limits and the replay's fields in their order)."""

import glob
import os
import random
import re

import gamegen  # noqa: E402 - tools/ is on pytest's path
import pytest

from fishtable.core import games, hecht, match, record, summary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
RECORD_FORMAT = os.path.join(ROOT, "docs", "record-format.md")
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
# Places outside the repository that earlier notes pointed to (a user has none of them).
ELSEWHERE = re.compile(r"\.\./shared|shared/(spec|rules)|/work/|design-notes|clarifications\.md|helpers-common")


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def anchors(text):
    """GitHub's anchors of the headings in the markdown `text`."""
    found = set()
    for heading in re.findall(r"^#+ +(.+?) *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def links(text):
    """The link targets of the markdown `text`: [..](target), ![..](target) and <img src=..>."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # not in code blocks
    return re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img[^>]* src="([^"]+)"', text)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: os.path.relpath(p, ROOT))
def test_every_link_resolves(path):
    text = read(path)
    bad = []
    for target in links(text):
        if re.match(r"[a-z]+:", target):  # https:, mailto: - outside the repository
            continue
        name, _, anchor = target.partition("#")
        where = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
        if not where.startswith(ROOT + os.sep) or not os.path.exists(where):
            bad.append(target)
        elif anchor and anchor not in anchors(read(where)):
            bad.append(target)
    assert bad == []


def tracked_texts():
    """README.md, docs/*.md and the sources of firmware/ and tools/ (their comments are docs too)."""
    names = DOCS[:]
    for folder in ("firmware", "tools"):
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            names.extend(os.path.join(base, f) for f in files if f.endswith((".py", ".md", ".mjs", ".html")))
    return names


def test_no_document_sends_a_reader_outside_the_repository():
    found = []
    for path in tracked_texts():
        for number, line in enumerate(read(path).split("\n"), 1):
            if ELSEWHERE.search(line):
                found.append("%s:%d: %s" % (os.path.relpath(path, ROOT), number, line.strip()[:80]))
    assert found == []


def test_the_link_check_catches_a_broken_link_and_a_mention_of_shared(tmp_path):
    """The two checks above fail on what they are for."""
    assert "storage.md#journal-format" in links(read(RECORD_FORMAT))
    assert "journal-format" in anchors(read(os.path.join(ROOT, "docs", "storage.md")))
    assert "no-such-heading" not in anchors(read(os.path.join(ROOT, "docs", "storage.md")))
    assert ELSEWHERE.search("the format of `../shared/spec/game-record.md`")
    assert ELSEWHERE.search("see shared/rules/clarifications.md")
    assert not ELSEWHERE.search("see [record-format.md](record-format.md)")


# -- the README speaks to the people who build and play ----------------------------------

README = os.path.join(ROOT, "README.md")
# What a maker and a player look for, in this order (each a heading of the README).
MAKER_SECTIONS = ("What to buy", "Wiring", "Putting fishtable on the Pico", "Playing", "Hi Fisch!",
                  "Hecht im Karpfenteich", "Yo Fish!", "Try it on a computer", "The web page",
                  "History, statistics and exports", "Troubleshooting", "For developers")
# Words of the project's own workings that tell a reader nothing (a bench's empty field, an
# overflow, the tracker's words, the size of the test suite).
INTERNAL = re.compile(r"\bNone\b|DOES NOT FIT|\bthe issue\b|issue's|\b\d[\d,]* (tests|passed|skipped)\b|"
                      r"\bpytest\b|hypothesis|\bfixture|conftest|run_fw|heapsize", re.I)
# A measured figure: a size, a time or a share (a setting's seconds, volts and pins are not).
FIGURE = re.compile(r"\b\d[\d,.]* ?(KB|MB|kB|B|ms|us|µs|%)(?![\w/])")
COMMAND = re.compile(r"`(make [a-z-]+|(\.venv/bin/)?python3? tools/\w+\.py)[^`]*`")


def paragraphs(text):
    """The blocks of `text` between blank lines (a code block is one block)."""
    return [b for b in re.split(r"\n\s*\n", text) if b.strip()]


def make_targets():
    return set(re.findall(r"^([a-z][\w-]*):", read(os.path.join(ROOT, "Makefile")), re.M))


def test_the_readme_has_what_a_maker_looks_for_in_order_and_links_the_developer_docs():
    headings = re.findall(r"^#+ +(.+?) *$", read(README), re.M)
    at = [next((i for i, h in enumerate(headings) if h.startswith(want)), None) for want in MAKER_SECTIONS]
    assert None not in at, [w for w, i in zip(MAKER_SECTIONS, at) if i is None]
    assert at == sorted(at)
    flashing = [h for h in headings if h.startswith("Step 2")]
    assert any("make flash" in h for h in flashing) and any("without Python" in h for h in flashing)
    for doc in ("docs/development.md", "docs/testing.md", "docs/performance.md"):
        assert "](%s)" % doc in read(README), doc
    assert "docs/screens/main_menu.png" in read(README).split("\n## ", 1)[0], "a picture before the first section"


def test_the_readme_has_no_internal_words_and_each_figure_has_its_command():
    text = read(README)
    assert [line for line in text.split("\n") if INTERNAL.search(line)] == []
    unexplained = [b for b in paragraphs(text) if FIGURE.search(b) and not COMMAND.search(b)]
    assert unexplained == []


def test_every_make_target_and_file_the_readme_names_exists():
    text = read(README)
    targets = make_targets()
    named = set(re.findall(r"(?:`|^)make ([a-z][\w-]*)", text, re.M))  # in code, or a code block's line
    assert named and named - targets == set()
    paths = re.findall(r"\b((?:tools|boards|docs|firmware|records|web)/[\w./-]*\w)", text)
    paths = [p for p in paths if "NAME" not in p and "/x." not in p]  # boards/NAME.json stands for any
    assert paths and [p for p in paths if not os.path.exists(os.path.join(ROOT, p))] == []


def message_fragments(message):
    """The literal parts of a message as the README quotes it (… ... numbers x and paths stand for
    what the program fills in; a program may put its name before a colon itself)."""
    parts = re.split(r": |…|\.\.\.|\S*/\S*|\d[\d.]*(?:\.x)?|\bx\b", message)
    return [p.strip(" ()") for p in parts if len(p.strip(" ()")) >= 4]


def test_the_troubleshooting_messages_of_the_tools_are_what_they_print():
    body = section(read(README), "Troubleshooting")
    sources = "".join(read(p) for p in glob.glob(os.path.join(ROOT, "tools", "*.py")))
    rows = [line for line in body.split("\n") if re.match(r"\| `make [a-z]+`: `", line)]
    assert len(rows) >= 5
    for row in rows:
        first = row.strip("|").split("|")[0]
        for message in re.findall(r"`([^`]+)`", first)[1:]:
            for fragment in message_fragments(message):
                assert fragment in sources, (message, fragment)


def test_the_readme_checks_catch_what_they_are_for():
    assert INTERNAL.search("heap peak None B net") and INTERNAL.search("711 tests, pytest 195 s")
    assert INTERNAL.search("the issue's goal of 32 KB") and not INTERNAL.search("a ring of 12 LEDs")
    assert FIGURE.search("about 0.8 s, a 748 KB download") and FIGURE.search("25% of the heap")
    assert not FIGURE.search("a long press (0.7 s), 5 V, pin 36, 470 µF")
    assert COMMAND.search("`make bench` prints it") and not COMMAND.search("`make` and Python")
    assert message_fragments("no board profile boards/x.json (known: …)") == ["no board profile", "known"]
    assert "sim" in make_targets() and "nonesuch" not in make_targets()


# -- docs/record-format.md in step with the code --------------------------------------


def section(text, title):
    """The body of the `## title...` section of `text`."""
    found = re.search(r"^## %s.*?$(.*?)(?=^## |\Z)" % re.escape(title), text, re.M | re.S)
    assert found, "no section %s" % title
    return found.group(1)


def table_column(body, column=0):
    """The text of `column` (backticks removed) in each row of the markdown tables of `body` whose
    first cell is backticked."""
    out = []
    for line in body.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) > column:
            out.append(cells[column].strip("`"))
    return out


def pattern(form):
    """A regex for the record lines that the documented statement `form` stands for."""
    words = []
    for word in form.split():
        if word == "...":
            words[-1] = "(?:%s)*" % words[-1]
        elif word.startswith("[") and word.endswith("]"):
            words.append("(?: %s)?" % re.escape(word[1:-1]))
        elif re.fullmatch(r"[A-Z]\+[A-Z]", word):
            words.append(r" \d+\+\d+")
        elif re.fullmatch(r"[A-Z]", word):
            words.append(r" \d+")
        else:
            words.append(" " + re.escape(word))
    return re.compile("".join(words)[1:] + "$")


TITLES = {"hifisch": "Hi Fisch!", "hecht": "Hecht im Karpfenteich", "yofish": "Yo Fish!"}


def played_lines(name):
    """Every statement line of the shipped records and of generated games of `name`."""
    rng = random.Random(16)
    seen = set()
    for path in RECORDS:
        played = record.read_text(open(path, "rb").read())
        if played.name == name:
            seen.update(played.game.format(s) for s in played.statements)
    for i in range(12):
        options = [("advanced", ())] if name == "yofish" and i % 2 else None
        played = gamegen.random_match(rng, name, options=options)
        seen.update(played.game.format(s) for s in played.statements)
    return seen


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_statement_played_is_documented_and_every_documented_one_is_played(name):
    body = section(read(RECORD_FORMAT), TITLES[name])
    forms = table_column(body)
    assert forms, "no statement table for %s" % name
    patterns = [pattern(form) for form in forms]
    lines = played_lines(name)
    undocumented = sorted(line for line in lines if not any(p.match(line) for p in patterns))
    assert undocumented == []
    unplayed = [form for form, p in zip(forms, patterns) if not any(p.match(line) for line in lines)]
    assert unplayed == []


def test_the_statement_patterns_are_strict():
    assert pattern("fish N [shell]").match("fish 7 shell") and pattern("fish N [shell]").match("fish 7")
    assert not pattern("fish N [shell]").match("fish 7 sated")
    assert pattern("action carp R ...").match("action carp") and pattern("action carp R ...").match("action carp 1 6")
    assert pattern("action pike A+B ...").match("action pike 1+2 3+3")
    assert not pattern("action pike A+B ...").match("action pike 1 2")
    assert not pattern("eat").match("eat sated")


def test_the_header_games_colours_chips_and_limits_are_documented():
    text = read(RECORD_FORMAT)
    header = section(text, "Header")
    for word in ("fishtable 1", "game ", "players ", "start ", "names ", "colours ", "date ", "option "):
        assert "\n" + word in header, word
    for colour in match.COLOURS:
        assert "`%s`" % colour in header, colour
    assert match.COLOURS[match.PIKE_COLOURS - 1] == "white" and "only the first six" in header
    for game in games.GAMES:
        low, high = game.low, game.high
        heading = "## %s (`game %s`, %d %s %d players" % (TITLES[game.name], game.name, low,
                                                           "or" if high == low + 1 else "to", high)
        assert heading in text, heading
    body = section(text, TITLES["hecht"])
    for kind in hecht.KINDS:
        assert "`%s`" % kind in body
    assert "`%s`" % " ".join(hecht.DEFAULT_CHIPS) in body
    assert "`option chips C1 C2 C3 C4 C5 C6`" in body and "`option advanced`" in section(text, "Yo Fish!")
    for limit in ("**%d bytes**" % record.MAX_LINE, "**%d words**" % record.MAX_WORDS,
                  "**%d characters**" % record.MAX_WORD):
        assert limit in section(text, "Lines and words"), limit


def replay_fields(text):
    """The field names the replay prints for the record `text`, in order."""
    return [name for name, _ in summary.fields(record.read_text(text))]


def test_the_replay_fields_are_documented_in_the_order_printed():
    body = section(read(RECORD_FORMAT), "Replay")
    documented = list(zip(table_column(body, 0), table_column(body, 1)))
    assert len(documented) >= 20 and documented[0] == ("game", "all")
    texts = [open(path, "rb").read() for path in RECORDS]
    named = open(os.path.join(ROOT, "records", "hecht-2p.fish"), "rb").read().replace(
        b"start 1\n", b"start 1\nnames Ann Bo\ncolours red blue\ndate 2026-12-01T19:05\n", 1) + b"played 41\n"
    assert b"names" in named
    for text in texts + [named]:
        game = record.read_text(text).name
        want = [f for f, g in documented if g in ("all", game) or (g == "header" and b"\n%s " % f.encode() in text)]
        assert replay_fields(text) == want, game
    printed = {f for text in texts + [named] for f in replay_fields(text)}
    assert printed == {f for f, _ in documented}


def test_every_game_of_the_registry_has_its_section():
    assert set(TITLES) == {game.name for game in games.GAMES}, "add the new game's title to TITLES"

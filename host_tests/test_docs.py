"""The user's documents: every link resolves, none sends a reader to a file the repository does not
have, and docs/record-format.md says what the code reads and prints (statements, header words,
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
    for word in ("fishtable 1", "game ", "players ", "start ", "names ", "colours ", "option "):
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
        b"start 1\n", b"start 1\nnames Ann Bo\ncolours red blue\n", 1)
    assert b"names" in named
    for text in texts + [named]:
        game = record.read_text(text).name
        want = [f for f, g in documented if g in ("all", game) or (g == "header" and b"\n%s " % f.encode() in text)]
        assert replay_fields(text) == want, game
    printed = {f for text in texts + [named] for f in replay_fields(text)}
    assert printed == {f for f, _ in documented}


def test_every_game_of_the_registry_has_its_section():
    assert set(TITLES) == {game.name for game in games.GAMES}, "add the new game's title to TITLES"

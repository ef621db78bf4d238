"""Any bytes in, one answer out: byte-level mutations of the shipped records replayed under
CPython (in-process, 10,000 of them) and MicroPython (600 in one process, the Pico's heap),
the two outputs compared line for line.

The answer is the JSON line (exit 0) or `line N: why` (exit 2), never a traceback, and the
message never quotes more than 40 characters of the input.
"""

import glob
import io
import json
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPLAY = os.path.join(ROOT, "tools", "replay.py")
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
import replay  # noqa: E402 - tools/ is on pytest's path

CPYTHON_CASES = 10000
MICROPYTHON_CASES = 600  # every 16th case, so each kind of damage is among them

ODD = [
    "\u0663".encode(),  # ARABIC-INDIC DIGIT THREE
    "\uff13".encode(),  # FULLWIDTH DIGIT THREE
    "\u3000".encode(),  # IDEOGRAPHIC SPACE
    "\u00a0".encode(),  # NO-BREAK SPACE
    "\u2028".encode(),  # LINE SEPARATOR
    b"\x1c",
    b"\x85",
    b"\x0b",
    b"\x0c",
    b"\r",
    b"\x00",
    b"\x7f",
    b"\xed\xa0\x80",  # an encoded surrogate (not UTF-8)
    b"\xc0\xaf",  # an overlong '/'
    b"\xf4\x90\x80\x80",  # above U+10FFFF
    b"\xff",
    b"#\xe9",  # Latin-1 in a comment
    "# \u00e9t\u00e9 \U0001f41f".encode(),  # a real UTF-8 comment
]


ODD_NAMES = [b"", b"\xff", b"\xc3(", "\u00e9\U0001f41f".encode(), b" two", b"\r", b"-", b"n" * 200]


def mutate(data, rng):
    """One damaged copy of the record `data` (bytes); the kind chosen by `rng`."""
    raw = bytearray(data)
    kind = rng.randrange(14)
    at = rng.randrange(len(raw) + 1)
    if kind == 0 and raw:  # one flipped bit
        at = min(at, len(raw) - 1)
        raw[at] ^= 1 << rng.randrange(8)
    elif kind == 1:  # one byte inserted
        raw[at:at] = bytes([rng.randrange(256)])
    elif kind == 2 and raw:  # bytes deleted
        del raw[at : at + rng.randrange(1, 4)]
    elif kind == 3:  # CR, CRLF line ends, a lone CR
        choice = rng.randrange(3)
        if choice == 0:
            raw = bytearray(bytes(raw).replace(b"\n", b"\r\n"))
        elif choice == 1:
            raw = bytearray(bytes(raw).replace(b"\n", b"\r"))
        else:
            raw[at:at] = b"\r"
    elif kind == 4:  # odd characters: non-ASCII digits and spaces, controls, broken UTF-8
        raw[at:at] = rng.choice(ODD)
    elif kind == 5:  # a digit replaced by an odd one
        digits = [i for i, b in enumerate(raw) if 48 <= b <= 57]
        if digits:
            i = rng.choice(digits)
            raw[i : i + 1] = rng.choice(ODD[:2] + [b"0" + bytes([raw[i]]), bytes([raw[i]]) * rng.randrange(2, 5000)])
    elif kind == 6:  # a long line or a long word
        size = rng.choice([199, 200, 201, 202, 255, 256, 257, 511, 4096, 70000])
        filler = rng.choice([b"a", b"1", b"# ", b"1 ", b" "])
        raw[at:at] = (filler * size)[:size]
    elif kind == 7:  # many words on a line
        raw[at:at] = b"\n" + b"1 " * rng.randrange(5, 3000) + b"\n"
    elif kind == 8:  # truncated
        del raw[at:]
    elif kind == 9:  # random binary
        raw = bytearray(rng.randrange(256) for _ in range(rng.randrange(0, 600)))
    elif kind == 10:  # a line swapped with another, or duplicated
        lines = bytes(raw).split(b"\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if rng.randrange(2):
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines.insert(i, lines[j])
        raw = bytearray(b"\n".join(lines))
    elif kind == 11:  # a header line: names and colours, right or wrong
        players = re.search(rb"players (\d)", bytes(raw))
        n = int(players.group(1)) if players else 3
        names = rng.choice([b"Ann Bo Cy Dee Eve Flo"[: 4 * n], b"A-1 b2 c-3 D4 e5 F6", b"verylongname x y z"])
        colours = rng.choice([b"red yellow blue green orange white", b"cyan purple red blue", b"red red blue"])
        line = rng.choice([b"names ", b"colours "]) + rng.choice([names, colours])
        at = bytes(raw).find(b"\n", bytes(raw).find(b"players")) + 1
        raw[at:at] = line + b"\n"
    elif kind == 12:  # NUL bytes and a tab
        raw[at:at] = rng.choice([b"\x00" * rng.randrange(1, 9), b"\t", b" \t "])
    else:  # a mixed bag: two flips and a deletion
        for _ in range(2):
            if raw:
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        if raw:
            del raw[rng.randrange(len(raw))]
    return bytes(raw)


def cases():
    rng = random.Random(16)
    texts = []
    for path in RECORDS:
        with open(path, "rb") as handle:
            texts.append(handle.read())
    return [mutate(texts[i % len(texts)], rng) for i in range(CPYTHON_CASES)]


def check_answer(status, line, data):
    """The answer has one of the two allowed forms and quotes at most 40 characters of `data`."""
    assert "\n" not in line
    if status == 0:
        fields = json.loads(line)
        assert list(fields)[:6] == ["game", "over", "round", "scores", "winners", "next"]
        return
    assert status == 2
    assert re.match(r"line [1-9][0-9]*: \S", line), line
    reason = line.split(": ", 1)[1]
    for i in range(len(reason) - 40):
        assert reason[i : i + 41].encode() not in data, line


def test_ten_thousand_mutations_under_cpython_and_600_under_micropython(tmp_path):
    found = cases()
    answers = []
    for data in found:
        status, line = replay.replay_stream(io.BytesIO(data))
        check_answer(status, line, data)
        answers.append((status, line))
    assert len(answers) >= 10000
    assert sum(1 for s, _ in answers if s == 0) > 100  # some mutations leave a valid game
    assert len(set(answers)) > 1000

    picked = list(range(0, len(found), len(found) // MICROPYTHON_CASES))[:MICROPYTHON_CASES]
    listing = tmp_path / "list.txt"
    names = []
    for n, k in enumerate(picked):
        # file names of every kind: not UTF-8, UTF-8, a space, a CR, a long one
        name = b"m%05d" % k + ODD_NAMES[n % len(ODD_NAMES)] + b".fish"
        with open(os.fsencode(tmp_path) + b"/" + name, "wb") as handle:
            handle.write(found[k])
        names.append(os.fsencode(tmp_path) + b"/" + name)
    listing.write_bytes(b"\n".join(names) + b"\n")
    proc = subprocess.run(
        [sys.executable, REPLAY, "--many", str(listing), "--micropython"], capture_output=True, text=True, cwd=ROOT
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr[-2000:]
    got = proc.stdout.split("\n")
    assert got[-1] == "" and len(got) - 1 == len(picked) >= 500
    for k, out in zip(picked, got):
        status, line = answers[k]
        assert out == "%d %s" % (status, line), (k, found[k][:200])


def test_the_command_line_answers_with_the_exit_status(tmp_path):
    """The CLI (a bare CPython and --micropython) on a few of the worst: binary, a huge line, odd digits."""
    worst = {
        "binary.fish": bytes(range(256)) * 40,
        "huge.fish": b"fishtable 1\ngame yofish\nplayers 3\n" + b"place " + b"9" * 300000 + b" 1\n",
        "words.fish": b"fishtable 1\ngame yofish\nplayers 3\n" + b"1 " * 90 + b"\n",
        "digit.fish": "fishtable 1\ngame yofish\nplayers \u0663\n".encode(),
        "cr.fish": b"fishtable 1\rgame yofish\rplayers 3\r",
        "crlf.fish": b"fishtable 1\r\ngame yofish\r\nplayers 3\r\nplace 5 0\r\n",
    }
    for name, data in worst.items():
        path = tmp_path / name
        path.write_bytes(data)
        host = subprocess.run([sys.executable, "-I", REPLAY, str(path)], capture_output=True, cwd=ROOT)
        board = subprocess.run([sys.executable, REPLAY, str(path), "--micropython"], capture_output=True, cwd=ROOT)
        assert (host.returncode, host.stdout, host.stderr) == (board.returncode, board.stdout, board.stderr), name
        assert host.returncode in (0, 2) and len(host.stderr) < 100, (name, host.stderr)
        out = host.stdout if host.returncode == 0 else host.stderr
        assert out.count(b"\n") == 1 and b"Traceback" not in out
        expected = {
            "digit.fish": b"line 3: byte 9: not ASCII outside a comment\n",
            "cr.fish": b"line 1: a CR that does not end the line (byte 12)\n",
            "huge.fish": b"line 4: longer than 200 bytes\n",
            "words.fish": b"line 4: more than 8 words\n",
        }
        if name in expected:
            assert host.stderr == expected[name]
        if name == "crlf.fish":
            assert host.returncode == 0 and json.loads(host.stdout)["scores"] == [5, 0, 0]

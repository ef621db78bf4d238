"""What Scan puts into its QR code: a finished game as the owner's page link, a BG Stats link, or
short text (docs/scan.md has the formats and which games fit which).

    kind, data = payload(match, page, date, played)    # kind: PAGE, BGSTATS or TEXT; data: bytes

- PAGE: `page` (the address from config.txt's PAGE= line) and the game in the URL's fragment,
  `#v=1&g=hecht&d=202612011905&m=42&s=1&n=Anna.Bob&c=03&p=23.17&k=12&w=1&i=1a2b3c4d&r=...`: the
  result always (game, date, minutes, start player, names, colours, scores, ranks, winners, the
  play's id), the whole record as `o=` (options) and `r=` (its statements, a letter each, see
  PHRASES) when it fits the code;
- BGSTATS: BG Stats' createPlay link with the play as URL-encoded JSON: every field the game has
  (sourceName, sourcePlayId, playDate, durationMin, game {name, sourceGameId, highestWins,
  noPoints}, players [{name, sourcePlayerId, score, winner, rank, startPlayer}]), or, when that is
  too long for the code, fewer (bgstats_json's levels: the result, then without the minutes, then
  without the date);
- TEXT: the ranking as lines of text.

Only what the board knows goes in: no date when the board has no clock, no minutes when the record
has no `played` line.  Loaded only while Scan is shown.
"""

from fishtable.text import n_

PAGE = n_("Page")  # (the kinds: shown through t, but BG Stats: the app's name)
BGSTATS = "BG Stats"
TEXT = n_("Text")
BG_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "fishtable"
BG_NAMES = (("hifisch", "Hi Fisch!"), ("hecht", "Hecht im Karpfenteich"), ("yofish", "Yo Fish!"))
# A compact record: each statement's leading words as one capital letter, a flag word as a small
# letter, numbers as digits ("." between two numbers, "-" for a pike pair's "+"); options as a
# letter a word, "." between options.  Every game's table is the whole of its statements.
PHRASES = (
    ("hifisch", (("fish", "F"), ("shark", "K")), (("shell", "s"),)),
    ("hecht", (("action snail", "S"), ("action skip", "K"), ("action wave", "W"), ("action carp", "C"),
               ("action pike", "P"), ("eat", "E"), ("graze", "G"), ("emigrate", "M"), ("end", "N")),
     (("sated", "s"),)),
    ("yofish", (("place", "P"), ("cover", "C"), ("hidden", "H")), ()),
)
OPTION_WORDS = (("chips", "h"), ("snail", "n"), ("skip", "k"), ("wave", "w"), ("carp", "c"), ("pike", "p"),
                ("advanced", "a"))
# Characters a query value or a fragment may hold as they are (RFC 3986 unreserved, and the
# delimiters that mean nothing inside a query value); everything else is %XX.
_SAFE = "-_.~!$'()*,;:@/?"


def _lookup(pairs, key):
    for a, b in pairs:
        if a == key:
            return b
    return None


def _tables(game):
    for name, phrases, flags in PHRASES:
        if name == game:
            return phrases, flags
    return None, None


def result(match):
    """The finished game's result: (ranks, scores, winners) with ranks[p - 1] the rank of player p
    (equal points and tie-break: equal rank)."""
    game = match.game
    scores = game.scores()
    order = game.ranking()
    ranks = [0] * len(scores)
    prev = None
    rank = 0
    for i in range(len(order)):
        p = order[i]
        key = (scores[p - 1], game.tiebreak(p - 1))
        if key != prev:
            rank = i + 1
            prev = key
        ranks[p - 1] = rank
    return ranks, scores, game.winners()


def play_id(match):
    """An id of this play (CRC-32 of the record's lines, 8 hex digits): the same game scanned
    twice is recognised as one (BG Stats' sourcePlayId, the page's Keep)."""
    import binascii

    crc = 0
    for line in match.lines():
        crc = binascii.crc32(line.encode(), crc)
        crc = binascii.crc32(b"\n", crc)
    return "%08x" % crc


def _plain(p, match):
    """The name BG Stats and the text show for player p: the record's name, or P2 for a guest or a
    seat without a name."""
    return match.label(p)


def _named(p, match):
    """True when player p has a roster name (not a guest, not an unnamed seat)."""
    return match.label(p) != "P%d" % p


# -- the page link ---------------------------------------------------------------------------
def compact_record(match):
    """(options, statements) of the record in the compact form, or None when a word is not in the
    tables (a game they do not know)."""
    phrases, flags = _tables(match.name)
    if phrases is None:
        return None
    options = []
    for name, args in match.options:
        part = ""
        for word in (name,) + tuple(args):
            code = _lookup(OPTION_WORDS, word)
            if code is None:
                return None
            part += code
        options.append(part)
    out = []
    for stmt in match.statements:
        words = match.line_of(stmt).split()
        code = _lookup(phrases, words[0] + " " + words[1]) if len(words) > 1 else None
        used = 2 if code is not None else 1
        if code is None:
            code = _lookup(phrases, words[0])
        if code is None:
            return None
        out.append(code)
        digit = False
        for word in words[used:]:
            if "0" <= word[0] <= "9":
                if digit:
                    out.append(".")
                out.append(word.replace("+", "-"))
                digit = True
            else:
                flag = _lookup(flags, word)
                if flag is None:
                    return None
                out.append(flag)
                digit = False
    return ".".join(options), "".join(out)


def page_link(page, match, date=None, played=None, whole=True):
    """The page address with the game in the fragment (see the module's docstring); `whole`: with
    the record's options and statements too."""
    ranks, scores, winners = result(match)
    players = match.players
    parts = [page, "#v=1&g=", match.name]
    if date:
        parts.append("&d=" + date.replace("-", "").replace("T", "").replace(":", ""))
    if played is not None:
        parts.append("&m=%d" % played)
    parts.append("&s=%d" % match.start)
    if match.names:
        parts.append("&n=" + ".".join(match.names))
    if match.colours:
        parts.append("&c=" + "".join(str(match.colour_index(p)) for p in range(1, players + 1)))
    parts.append("&p=" + ".".join(str(s) for s in scores))
    parts.append("&k=" + "".join(str(r) for r in ranks))
    parts.append("&w=" + "".join(str(w) for w in winners))
    parts.append("&i=" + play_id(match))
    if whole:
        found = compact_record(match)
        if found is not None:
            if found[0]:
                parts.append("&o=" + found[0])
            parts.append("&r=" + found[1])
    return "".join(parts)


# -- the BG Stats link -----------------------------------------------------------------------
def bg_name(game):
    """The game's name for BG Stats: its full title."""
    name = _lookup(BG_NAMES, game)
    if name is None:
        from fishtable.core.games import find

        name = find(game).title
    return name


def play_date(date):
    """BG Stats' playDate ("2026-12-01 19:05:00") of the record's date (2026-12-01T19:05)."""
    return date.replace("T", " ") + ":00"


FULL = 0  # the levels of the BG Stats link: every documented field the game has
RESULT = 1  # the result: game (name, sourceGameId), playDate, durationMin, each player's name, score,
SHORT = 2  # winner and startPlayer (BG Stats' Android app wants both flags); SHORT: without the
SHORTEST = 3  # game's sourceGameId and the minutes; SHORTEST: without the date too


def bgstats_json(match, date=None, played=None, level=FULL):
    """The play as BG Stats' createPlay JSON (compact, keys in a fixed order), with the fields of
    `level` (FULL, RESULT, SHORT, SHORTEST) that the game has."""
    ranks, scores, winners = result(match)
    full = level == FULL
    out = ["{"]
    if full:
        out.append('"sourceName":"%s","sourcePlayId":"%s",' % (SOURCE, play_id(match)))
    if date and level <= SHORT:
        out.append('"playDate":"%s",' % play_date(date))
    if played is not None and level <= RESULT:
        out.append('"durationMin":%d,' % played)
    out.append('"game":{"name":"%s"' % bg_name(match.name))
    if level <= RESULT:
        out.append(',"sourceGameId":"%s"' % match.name)
    if full:
        out.append(',"highestWins":true,"noPoints":false')
    out.append('},"players":[')
    for p in range(1, match.players + 1):
        out.append("{" if p == 1 else ",{")
        out.append('"name":"%s"' % _plain(p, match))
        if full and _named(p, match):
            out.append(',"sourcePlayerId":"%s"' % match.label(p))
        out.append(',"score":%d,"winner":%s' % (scores[p - 1], "true" if p in winners else "false"))
        if full:
            out.append(',"rank":%d' % ranks[p - 1])
        out.append(',"startPlayer":%s}' % ("true" if p == match.start else "false"))
    out.append("]}")
    return "".join(out)


def _safe(ch):
    return "a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9" or ch in _SAFE


def encoded_length(text):
    """The length of `text` (ASCII) as a URL's query value (see url_encoded), without making it."""
    n = len(text)
    for ch in text:
        if not _safe(ch):
            n += 2
    return n


def url_encoded(text):
    """`text` (ASCII) as a URL's query value, bytes: %XX for every character but the safe ones."""
    out = bytearray()
    for ch in text:
        if _safe(ch):
            out.append(ord(ch))
        else:
            out.extend(b"%%%02X" % ord(ch))
    return bytes(out)


def bgstats_link(match, date=None, played=None, level=FULL):
    """BG Stats' createPlay link of the play (bytes), with the fields of `level` (see bgstats_json)."""
    return BG_LINK.encode() + url_encoded(bgstats_json(match, date, played, level))


# -- text ------------------------------------------------------------------------------------
def text(match, date=None, played=None):
    """The result as short lines of text: the game, when and how long, the start player, the
    ranking (rank, name, points, "won")."""
    ranks, scores, winners = result(match)
    lines = [bg_name(match.name)]
    when = []
    if date:
        when.append(date.replace("T", " "))
    if played is not None:
        when.append("%d min" % played)
    if when:
        lines.append(", ".join(when))
    lines.append("Start: " + match.label(match.start))
    for p in match.game.ranking():
        lines.append("%d. %s %d%s" % (ranks[p - 1], match.label(p), scores[p - 1], " won" if p in winners else ""))
    return "\n".join(lines)


# -- the choice ------------------------------------------------------------------------------
def payload(match, page=None, date=None, played=None):
    """(kind, bytes) of what Scan shows: the page link when the board has a page address (with the
    whole record when it fits), else the BG Stats link when it fits (every field, else only the
    result), else the text."""
    from fishtable.ui.qr import fit

    if page:
        data = page_link(page, match, date, played).encode()
        if fit(len(data)) is None:
            data = page_link(page, match, date, played, whole=False).encode()
        if fit(len(data)) is not None:
            return PAGE, data
    for level in (FULL, RESULT, SHORT, SHORTEST):
        json = bgstats_json(match, date, played, level)
        if fit(len(BG_LINK) + encoded_length(json)) is not None:
            return BGSTATS, BG_LINK.encode() + url_encoded(json)
    return TEXT, text(match, date, played).encode()

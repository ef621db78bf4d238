#!/usr/bin/env python3
"""The device's texts and their translations (issue 41): what the catalogs must hold.

- `english()`: every English text of the firmware, read from the source: the string-literal
  argument of each `t(...)` and `n_(...)` call under firmware/, and every string of the help's
  text modules (helptext_<game>.py: their pages are looked up whole).
- `load(lang)`: the catalog sources lang/LANG/*.txt (format below), checked as they are read.
- `problems(lang)`: what is wrong between the two: texts without a translation, translations of
  no text, %-specifiers that differ, lines too long, characters the panel cannot draw.
- `ids()`: the texts in the order of their IDs (what a board's bytecode has in their place:
  tools/textids.py).
- `compile_catalog(table, order)`: the binary catalog the board reads (fishtable/ui/catalog.py),
  one for each language, English included.

Catalog source (UTF-8): entries separated by blank lines, `#` starts a comment line.  An entry is
the English text on one line, then `= ` and the translation on the next; `\\n` is a line break,
`\\\\` a backslash (no other escapes):

    Discard the game in progress?
    = Laufendes Spiel verwerfen?

Command line:  python3 tools/texts.py [--lang de] [--missing] [--build OUT]
    Prints the problems (exit 1 when there are any); --missing prints the untranslated texts as
    entries to fill in; --build writes the binary catalog.
"""

import argparse
import ast
import os
import re
import struct
import sys

import bootstrap  # tools/ and firmware/ on sys.path

ROOT = bootstrap.ROOT
FIRMWARE = bootstrap.FIRMWARE
LANG = os.path.join(ROOT, "lang")
UI = os.path.join(FIRMWARE, "fishtable", "ui")

MARKERS = ("t", "n_")
COLS = 16  # characters on a panel line at 1x
MESSAGE_COLS = 14  # a message's lines (fishtable.ui.app.TOAST_COLS)
# Where a text is drawn wrapped over lines, so a translation may take more lines than the English
# (its words must fit a line): the texts handed to these calls ("message": a message's box, 14
# characters a line) and the texts these functions build (the undo question's words, a scoring
# page's step: wrapped over the lines below the question or title).
MESSAGE_CALLS = ("Invalid", "message")
WRAPPED_CALLS = ("Confirm", "wrap")
WRAPPED_FUNCTIONS = ("said", "step_text")
HELP_LINES = {"START": 3}  # lines of a help text by its tuple (the rest: help.LINES / ITEM_LINES)
DRAWABLE = set(chr(c) for c in range(32, 127)) | set("äöüÄÖÜß")
SPEC = re.compile(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?[sdirxXcf])")


class CatalogError(ValueError):
    """A catalog source that cannot be read (file, line, what)."""


# -- the English texts -------------------------------------------------------------------------

def is_text_module(path):
    """The help's text modules: every string in them is a text (helptext.py itself is the
    screens' checklist of symbols, never shown)."""
    name = os.path.basename(path)
    return name.startswith("helptext_") and name.endswith(".py")


def firmware_sources(firmware=FIRMWARE):
    """Every .py under firmware/ (relative paths with '/'), the CircuitPython variant included."""
    found = []
    for folder, dirs, files in os.walk(firmware):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                found.append(os.path.relpath(os.path.join(folder, name), firmware).replace(os.sep, "/"))
    return found


def _docstring_nodes(tree):
    nodes = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and \
                    isinstance(body[0].value.value, str):
                nodes.add(id(body[0].value))
    return nodes


def _help_kinds(tree):
    """{id(string node): the name of the module-level tuple it is in} for a text module."""
    kinds = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            for node in ast.walk(stmt.value):
                kinds[id(node)] = stmt.targets[0].id
    return kinds


def _wrapped_nodes(tree):
    """{id(node): "message" or "wrapped"} for the nodes inside a call or function whose text is
    drawn wrapped (MESSAGE_CALLS, WRAPPED_CALLS, WRAPPED_FUNCTIONS)."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            kind = "message" if name in MESSAGE_CALLS else "wrapped" if name in WRAPPED_CALLS else None
            if kind:
                for arg in node.args:
                    for inner in ast.walk(arg):
                        found.setdefault(id(inner), kind)
        elif isinstance(node, ast.FunctionDef) and node.name in WRAPPED_FUNCTIONS:
            for stmt in node.body:
                for inner in ast.walk(stmt):
                    found.setdefault(id(inner), "wrapped")
    return found


def marked(rel, tree):
    """(node, text, kind) of every text in the module `rel`'s syntax tree: a help text module's
    strings (node: the string; text: without a checklist item's condition; kind: its tuple's
    name) and each `t(...)`/`n_(...)` of one string literal (node: the call; kind "text",
    "message" or "wrapped": `_wrapped_nodes`)."""
    if is_text_module(rel):
        skip = _docstring_nodes(tree)
        kinds = _help_kinds(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                kind = kinds.get(id(node), "help")
                text = node.value
                bar = text.find("|")
                if kind == "SETUP" and 0 < bar < 5:  # a checklist item's condition (help._tag)
                    text = text[bar + 1 :]
                yield node, text, kind
        return
    wrapped = _wrapped_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS and \
                len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str):
            yield node, node.args[0].value, wrapped.get(id(node), "text")


def english(firmware=FIRMWARE):
    """{English text: [(file, line, kind), ...]}: kind "text" (a t()/n_() literal), "message" or
    "wrapped" (one drawn wrapped: `_wrapped_nodes`) or, for a help text module's string, the name
    of its tuple ("LEGEND", "RULES", "SETUP", "START", ...)."""
    texts = {}
    for rel in firmware_sources(firmware):
        with open(os.path.join(firmware, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        for node, text, kind in marked(rel, tree):
            texts.setdefault(text, []).append((rel, node.lineno, kind))
    return texts


def ids(firmware=FIRMWARE):
    """Every English text of the firmware in the order of their IDs (sorted: the ID of a text is
    its index; the bytecode and both catalogs of one install agree on it)."""
    return sorted(english(firmware))


# -- the catalog sources ------------------------------------------------------------------------

def unescape(text, where):
    """`\\n` -> line break, `\\\\` -> backslash; any other backslash is an error."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            nxt = text[i + 1 : i + 2]
            if nxt == "n":
                out.append("\n")
            elif nxt == "\\":
                out.append("\\")
            else:
                raise CatalogError("%s: \\%s is no escape (\\n and \\\\ only)" % (where, nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def parse(text, name):
    """[(english, translation, "file:line")] of one catalog source's text."""
    entries = []
    block = []
    lines = text.split("\n")
    for number, line in enumerate(lines + [""], 1):
        line = line.rstrip("\r")
        if line.startswith("#"):
            continue
        if line.strip():
            block.append((number, line))
            continue
        if not block:
            continue
        where = "%s:%d" % (name, block[0][0])
        if len(block) != 2 or not block[1][1].startswith("= ") or block[0][1].startswith("= "):
            raise CatalogError("%s: an entry is two lines, the English and `= ` the translation: %r"
                               % (where, [b[1] for b in block]))
        entries.append((unescape(block[0][1], where), unescape(block[1][1][2:], where), where))
        block = []
    return entries


def source_files(lang, root=LANG):
    folder = os.path.join(root, lang)
    if not os.path.isdir(folder):
        return []
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".txt")]


def load(lang, root=LANG):
    """[(english, translation, where)] of every source of `lang`, in file order."""
    entries = []
    for path in source_files(lang, root):
        with open(path, encoding="utf-8") as f:
            entries += parse(f.read(), os.path.relpath(path, ROOT))
    return entries


def catalog(entries):
    """{english: translation} (conflicts are `problems`' to report; the first one wins here)."""
    found = {}
    for eng, tr, _where in entries:
        found.setdefault(eng, tr)
    return found


# -- the checks -----------------------------------------------------------------------------

def _visible(line):
    """What a help line puts on the panel, in character cells ("@icon rest": the icon takes two)."""
    if line.startswith("@"):
        rest = line.split(" ", 1)
        return "  " + (rest[1] if len(rest) > 1 else "")
    return line


def _help_limit(kind):
    from fishtable.ui import help

    if kind in HELP_LINES:
        return HELP_LINES[kind]
    return help.ITEM_LINES if kind == "SETUP" else help.LINES


def width_problems(eng, tr, kinds):
    """Lines of `tr` longer than the panel allows for `eng` (kinds: where `eng` is used)."""
    found = []
    lines = tr.split("\n")
    help_kinds = [k for k in kinds if k not in ("text", "message", "wrapped")]
    if help_kinds:
        most = min(_help_limit(k) for k in help_kinds)
        if len(lines) > most:
            found.append("%d lines, at most %d" % (len(lines), most))
        for line in lines:
            if len(_visible(line)) > COLS:
                found.append("%r is %d characters, at most %d" % (line, len(_visible(line)), COLS))
        eng_icons = [ln.split(" ")[0] for ln in eng.split("\n") if ln.startswith("@")]
        tr_icons = [ln.split(" ")[0] for ln in lines if ln.startswith("@")]
        if sorted(eng_icons) != sorted(tr_icons):
            found.append("icons %s, the English has %s" % (tr_icons, eng_icons))
        return found
    eng_lines = eng.split("\n")
    longest = max(len(x) for x in eng_lines)
    if "text" not in kinds:  # drawn wrapped everywhere: every word must fit a line
        cols = MESSAGE_COLS if "message" in kinds else COLS
        for line in lines:
            for word in line.split(" "):
                if len(word) > cols:
                    found.append("the word %r is longer than a line (%d characters)" % (word, cols))
        return found
    if longest <= COLS and len(lines) > len(eng_lines):
        found.append("%d lines where the English has %d" % (len(lines), len(eng_lines)))
    for line in lines:
        if longest <= COLS and len(line) > COLS:
            found.append("%r is %d characters (a panel line has %d)" % (line, len(line), COLS))
        elif longest > COLS:  # wrapped text: every word must fit a line
            for word in line.split(" "):
                if len(word) > COLS:
                    found.append("the word %r is longer than a line" % word)
    return found


def problems(lang="de", firmware=FIRMWARE, root=LANG):
    """{kind: [message, ...]} of every problem between the firmware's texts and `lang`'s catalog;
    kinds "missing", "unused", "conflict", "specifiers", "width", "characters", "format"."""
    out = {k: [] for k in ("format", "missing", "unused", "conflict", "specifiers", "width", "characters")}
    try:
        entries = load(lang, root)
    except CatalogError as err:
        out["format"].append(str(err))
        entries = []
    texts = english(firmware)
    seen = {}
    for eng, tr, where in entries:
        if eng in seen and seen[eng][0] != tr:
            out["conflict"].append("%s and %s translate %r differently" % (seen[eng][1], where, eng))
        seen.setdefault(eng, (tr, where))
    for eng, places in sorted(texts.items()):
        if eng not in seen:
            rel, line, _kind = places[0]
            out["missing"].append("%s:%d %r" % (rel, line, eng))
    for eng, (tr, where) in sorted(seen.items(), key=lambda kv: kv[1][1]):
        if eng not in texts:
            out["unused"].append("%s %r" % (where, eng))
            continue
        if SPEC.findall(eng) != SPEC.findall(tr):
            out["specifiers"].append("%s %r: %s, the English has %s" % (where, tr, SPEC.findall(tr), SPEC.findall(eng)))
        for msg in width_problems(eng, tr, [p[2] for p in texts[eng]]):
            out["width"].append("%s %r: %s" % (where, tr, msg))
        bad = sorted(set(c for c in tr if c not in DRAWABLE and c != "\n"))
        if bad:
            out["characters"].append("%s %r: the panel cannot draw %r" % (where, tr, "".join(bad)))
    return out


# -- the binary catalog ---------------------------------------------------------------------------
# Read on the board by fishtable/ui/catalog.py (keep the two in step):
#   b"FTC2", u16 key count K, u16 the hash's seed, u16 ID count N, u16 0
#   K index entries of 6 bytes, sorted by key: u32 key, u16 the ID of its text
#   N+1 u16 offsets from where the texts begin: of each ID's text, the last one their end
#   the texts, UTF-8, one after the other in ID order
# key = hash24(english's UTF-8 bytes) << 8 | (its byte count & 255); hash24: h = seed, then for
# each byte h = ((h * 33) ^ byte) & 0xFFFFFF (small ints on the board: no allocation).  An ID's
# text is its translation, or the English where there is none; the index holds the translated
# texts (a str looked up that has none gives None: the English is shown).

MAGIC = b"FTC2"
HEADER = 12
KEY = 6


def text_key(data, seed):
    h = seed
    for b in data:
        h = ((h * 33) ^ b) & 0xFFFFFF
    return (h << 8) | (len(data) & 255)


def compile_catalog(table, order=None):
    """The binary catalog of {english: translation}: the texts of `order` (English texts in ID
    order; default: sorted(table)) by ID, each its translation or else the English, and the
    index of `table`'s texts by key, with the first seed whose keys all differ."""
    order = sorted(table) if order is None else list(order)
    position = {eng: i for i, eng in enumerate(order)}
    missing = [eng for eng in table if eng not in position]
    if missing:
        raise CatalogError("texts without an ID: %r" % missing[:3])
    if len(order) > 0xFFFF:
        raise CatalogError("%d texts: at most 65535" % len(order))
    items = [(eng.encode("utf-8"), position[eng]) for eng in table]
    for seed in range(5381, 5381 + 1000):
        keyed = sorted((text_key(eng, seed), n) for eng, n in items)
        if len(set(k for k, _ in keyed)) == len(keyed):
            break
    else:
        raise CatalogError("no seed gives every text its own key")
    body = [table.get(eng, eng).encode("utf-8") for eng in order]
    offset = 0
    offsets = []
    for data in body:
        offsets.append(struct.pack("<H", offset))
        offset += len(data)
    if offset > 0xFFFF:
        raise CatalogError("%d bytes of texts: at most 65535" % offset)
    offsets.append(struct.pack("<H", offset))
    index = b"".join(struct.pack("<IH", key, n) for key, n in keyed)
    return MAGIC + struct.pack("<HHHH", len(keyed), seed, len(order), 0) + index + b"".join(offsets) + b"".join(body)


def build(lang="de", root=LANG, firmware=FIRMWARE):
    """The binary catalog of `lang` as its sources are now: every text of the firmware by ID (see
    `ids`), the English for "en" (no index: a str is its own English) (b"" for another language
    without sources)."""
    order = ids(firmware)
    if lang == "en":
        return compile_catalog({}, order)
    entries = load(lang, root)
    if not entries:
        return b""
    used = set(order)
    return compile_catalog({e: tr for e, tr in catalog(entries).items() if e in used}, order)


# -- on a simulated board, and the host's side of it ---------------------------------------------

def install(flash, lang=None):
    """The catalogs on a simulated board's flash (a host folder) as `make flash` puts them
    (FLASH/lang/LANG.bin, from lang/*/ as the sources are now), with the settings' language set
    to `lang` when given (else a flash without settings asks at its first start); lang "": no
    catalog (English only, nothing asked)."""
    import shutil

    import flash as flashing

    folder = os.path.join(flash, "lang")
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    if lang == "":
        return
    for rel, data in flashing.catalog_files().items():
        os.makedirs(os.path.dirname(os.path.join(flash, rel)), exist_ok=True)
        with open(os.path.join(flash, rel), "wb") as f:
            f.write(data)
    if lang:
        from fishtable.store import Store
        from fishtable.ui import prefs

        store = Store(root=os.path.join(flash, "data"))
        values = store.load_settings(prefs.defaults())
        values["language"] = lang
        store.save_settings(values)


def _template(english):
    """A regular expression matching `english` (a %-template) filled in, and its literal parts."""
    parts = SPEC.split(english)
    specs = SPEC.findall(english)
    pattern = ""
    for i, part in enumerate(parts):
        pattern += re.escape(part)
        if i < len(specs):
            spec = specs[i]
            pattern += "%" if spec == "%%" else ("(-?\\d+)" if spec[-1] in "di" else "(.+?)")
    return re.compile(pattern + "\\Z", re.S), parts


class Translator:
    """What the device shows for an English text in `lang` (the host's side of `t`, for the
    autoplayer and the tests): `tr(text)` for a whole text, a filled-in template ("Round 3") or
    a template's literal part ("wins!" of "%s wins!"); English when the catalog lacks it."""

    def __init__(self, lang="en"):
        self.lang = lang
        self.table = catalog(load(lang)) if lang != "en" else {}
        templates = [(e, tr) for e, tr in self.table.items() if SPEC.search(e)]
        templates.sort(key=lambda item: -len(SPEC.sub("", item[0])))  # the most literal first
        self.templates = [(_template(e), e, tr) for e, tr in templates]
        self.by_length = sorted((e for e in self.table if not SPEC.search(e)), key=len, reverse=True)

    def __call__(self, text):
        table = self.table
        if not table or text in table:
            return table.get(text, text)
        for (rx, parts), _eng, tr in self.templates:
            match = rx.match(text)
            if match:
                values = iter([self(v) if not v.lstrip("-").isdigit() else v for v in match.groups()])
                return SPEC.sub(lambda m: "%" if m.group(0) == "%%" else next(values), tr)
        for (_rx, parts), _eng, tr in self.templates:
            core = text.strip()
            stripped = [p.strip() for p in parts]
            if core and core in stripped:
                part = SPEC.split(tr)[stripped.index(core)]
                part = part if text[:1] == " " else part.lstrip()
                return part if text[-1:] == " " else part.rstrip()
        for eng in self.by_length:  # a text shown first, then more ("Set-up" of "Set-up 1/4")
            if text.startswith(eng) and text[len(eng)] in " :/":
                return table[eng] + text[len(eng):]
        return text

    def prefix(self, template):
        """The part of `template`'s translation before its first %-specifier."""
        return SPEC.split(self(template))[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", default="de")
    ap.add_argument("--missing", action="store_true", help="print the untranslated texts as entries")
    ap.add_argument("--build", metavar="OUT", help="write the binary catalog to OUT")
    args = ap.parse_args(argv)
    if args.missing:
        have = catalog(load(args.lang))
        for eng, places in sorted(english().items(), key=lambda kv: kv[1][0][:2]):
            if eng not in have:
                print("# %s:%d\n%s\n= \n" % (places[0][0], places[0][1], escape(eng)))
        return 0
    if args.build:
        data = build(args.lang)
        with open(args.build, "wb") as f:
            f.write(data)
        print("%s: %d bytes" % (args.build, len(data)))
        return 0
    found = problems(args.lang)
    total = 0
    for kind, msgs in found.items():
        for msg in msgs:
            print("%s: %s" % (kind, msg))
        total += len(msgs)
    print("%d problems" % total)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())

"""The texts of a board's bytecode as IDs (issue 41): before mpy-cross compiles a module for the
board (tools/flash.py `compile_module`), its source is rewritten so that no text of either
language is in the bytecode; each language's catalog has the texts by ID (tools/texts.py).

- `t("Settings")` -> `t(96)`, `n_("Red")` -> `(240)`: the text's number, its ID (its index in
  texts.ids()) times 8 plus the count of its %-specifiers (0-7: fishtable.text.t shows a text no
  catalog has as "#ID" and as many " %s", so that a template still takes its values);
- a help text module's strings (helptext_<game>.py) -> their numbers, a checklist item's
  condition ("p3|", "adv|") as its index in fishtable.ui.help.TAGS above (`number + index << 16`);
- fishtable/text.py's `IDS = False` -> `IDS = True` (the board reads its English from lang/en.bin).

The same texts are found as texts.english() finds them (texts.marked).  Each literal's span is
replaced in the source text; a span over several lines keeps them (the ID and its line breaks in
parentheses), so every other line keeps its number.  A module without texts is left as it is.
"""

import ast

import texts  # (first: it puts firmware/ on sys.path, through tools/bootstrap.py)

from fishtable.ui.help import TAGS  # an item's conditions, by their index above its number

TEXT_MODULE = "fishtable/text.py"
TAG_SHIFT = 16  # fishtable.ui.help._tag: an item's condition above its text's number
ARGS = 3  # fishtable.text.t: the bits of a text's number below its ID (its count of %-specifiers)


class TextIdError(ValueError):
    """A module whose texts cannot be made IDs (the message says which and why)."""


def numbers(firmware=texts.FIRMWARE):
    """{English text: its number in the bytecode} of the firmware at `firmware` (see the module's text)."""
    found = {}
    for n, text in enumerate(texts.ids(firmware)):
        args = len([s for s in texts.SPEC.findall(text) if s != "%%"])
        if args >> ARGS:
            raise TextIdError("%r has %d %%-specifiers: at most %d" % (text, args, (1 << ARGS) - 1))
        found[text] = n << ARGS | args
    return found


def _offsets(data):
    """The byte offset in `data` (the UTF-8 source) where each line starts (ast's columns are bytes)."""
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _span(node, starts):
    return starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset


def _number(value, node, bare=False):
    """`value` in parentheses with the line breaks of `node`'s span (`bare`: without them when
    it has none)."""
    if bare and node.end_lineno == node.lineno:
        return str(value)
    return "(%d%s)" % (value, "\n" * (node.end_lineno - node.lineno))


def replacements(rel, source, ids):
    """[(start, end, new text)] of module `rel`'s source (byte offsets): its texts as IDs."""
    tree = ast.parse(source, rel)
    starts = _offsets(source.encode("utf-8"))
    found = []
    for node, text, kind in texts.marked(rel, tree):
        if text not in ids:
            raise TextIdError("%s:%d: %r has no ID" % (rel, node.lineno, text))
        n = ids[text]
        if isinstance(node, ast.Call):
            arg = node.args[0]
            if node.func.id == "t":
                start, end = _span(arg, starts)
                found.append((start, end, _number(n, arg, True)))
            else:
                start, end = _span(node, starts)
                found.append((start, end, _number(n, node)))
            continue
        tag = node.value[: len(node.value) - len(text) - 1] if text != node.value else ""
        if tag not in TAGS:
            raise TextIdError("%s:%d: condition %r is not one of %s" % (rel, node.lineno, tag, TAGS))
        if n >> TAG_SHIFT:
            raise TextIdError("%d texts: a help text's number must stay under %d" % (len(ids), 1 << TAG_SHIFT))
        start, end = _span(node, starts)
        found.append((start, end, _number(n | TAGS.index(tag) << TAG_SHIFT, node)))
    if rel == TEXT_MODULE:
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and [getattr(x, "id", None) for x in stmt.targets] == ["IDS"]:
                start, end = _span(stmt.value, starts)
                found.append((start, end, "True"))
                break
        else:
            raise TextIdError("%s has no `IDS = False` to set" % rel)
    return found


def rewrite(rel, source, ids):
    """The source of module `rel` (a path under firmware/, "fishtable/ui/menu.py") with its texts
    as IDs (`ids`: numbers())."""
    found = replacements(rel, source, ids)
    if not found:
        return source
    data = source.encode("utf-8")
    for start, end, new in sorted(found, reverse=True):
        data = data[:start] + new.encode("utf-8") + data[end:]
    return data.decode("utf-8")

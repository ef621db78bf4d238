"""The pixel layout check (tools/simlib/layoutcheck.py) catches what a player cannot read: a
highlight without a lit row above its letters, a box line through text; and passes a clean frame."""

import pytest
from simlib.rig import Rig

from fishtable.ui import draw


@pytest.fixture
def frame(tmp_path):
    """draw(fb) -> the check's faults for that frame (drawn on the rig's display, read off the glass)."""
    from simlib import drawlog
    from simlib.layoutcheck import faults

    rig = Rig(str(tmp_path), seed=1)
    draw.set_strict(False)
    drawn = []
    drawlog.watch(rig.display, drawn.append)

    def check(paint):
        fb = rig.display
        draw.begin(fb)
        paint(fb)
        fb.show()
        return faults(rig.glass(), drawn[-1])

    yield check
    draw.set_strict(False)


def test_a_clean_frame_has_no_faults(frame):
    assert frame(lambda fb: (draw.line(fb, "Play on", 1), draw.line(fb, "Undo", 3, 0, True))) == []


def test_a_highlight_without_a_lit_row_above_is_caught(frame):
    def old_bar(fb):  # the 8-pixel bar of before: the letters touch its top edge
        fb.fill_rect(0, 24, 128, 8, 1)
        draw.text(fb, "P2", 0, 24, 0)

    found = frame(old_bar)
    assert found and "no lit row above" in found[0]


def test_a_box_line_through_the_letters_is_caught(frame):
    def boxed(fb):
        fb.rect(0, 4, 128, 56, 1)
        draw.text(fb, "Journal repaired", 0, 24)

    found = frame(boxed)
    assert found and "drawn over" in found[0]


def test_a_descender_needs_the_lit_row_below_too(frame):
    def short_bar(fb):  # lit above, but the bar stops at the letters' last row
        fb.fill_rect(0, 23, 128, 9, 1)
        draw.text(fb, "py", 0, 24, 0)

    found = frame(short_bar)
    assert found and "below" in found[0]


def test_strict_drawing_refuses_a_cut_word_and_lines_cut_short():
    draw.set_strict(True)
    try:
        with pytest.raises(draw.LayoutError):
            draw.wrap("Karpfenteichhechte!")
        with pytest.raises(draw.LayoutError):
            draw.wrap("one two three four five six", 8, 2)
        assert draw.wrap("No eating: 2 carp", 16, 2) == ["No eating: 2", "carp"]
    finally:
        draw.set_strict(False)
    assert draw.wrap("one two three four five six", 8, 2) == ["one two", "three"]


@pytest.mark.parametrize("game", ["hifisch", "hecht", "yofish"])
def test_every_help_page_and_checklist_item_is_legible(frame, game):
    from fishtable.ui import help

    class App:  # what the help screens ask of the app when they draw
        pass

    pages = help.Pages(help.help_pages(game))
    for i in range(len(pages.pages)):
        pages.index = i
        assert frame(lambda fb: pages.draw(App(), fb)) == [], (game, i)
    items = help.Checklist(help.setup_items(game))
    for i in range(len(items.items)):
        items.index = i
        assert frame(lambda fb: items.draw(App(), fb)) == [], (game, i)

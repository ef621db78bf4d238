"""Yo Fish! rules core: score track, place and cover, draw pile, end, hidden-card bonus."""

import os
import random

import pytest
from fw.helpers import submit_line
from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.core.errors import Invalid, RecordError
from fishtable.core.match import Match
from fishtable.core.record import read_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def new(players=3, advanced=False, start=1):
    return Match("yofish", players, start, [("advanced", ())] if advanced else [])


def play_all(match, stmt=("place", 2, 0)):
    while match.game.next_player() is not None:
        match.submit(stmt)


def test_place_scores_matches_or_value_and_cover_scores_both():
    m = new()
    submit_line(m, "place 7 0")
    submit_line(m, "place 7 3")
    submit_line(m, "cover 9 4")
    assert m.game.scores() == [7, 3, 13]
    assert m.game.points_of(("place", 12, 0)) == 12
    assert m.game.points_of(("place", 12, 4)) == 4
    assert m.game.points_of(("cover", 12, 11)) == 23


@pytest.mark.parametrize("players, pile, turns", [(3, 21, 39), (4, 16, 40)])
def test_pile_hands_and_length(players, pile, turns):
    m = new(players)
    assert m.game.pile == pile and list(m.game.hands) == [6] * players
    count = 0
    while not m.game.over:
        m.submit(("place", 1, 0))
        count += 1
        if count == pile:
            assert m.game.pile == 0 and list(m.game.hands) == [6] * players
    assert count == turns
    assert list(m.game.hands) == [0] * players
    assert m.game.next_player() is None


def test_turn_order_is_clockwise_from_the_start():
    m = new(4, start=3)
    seen = []
    for _ in range(5):
        seen.append(m.game.next_player())
        m.submit(("place", 1, 0))
    assert seen == [3, 4, 1, 2, 3]


def test_winner_and_shared_win():
    m = new(3)
    for i in range(39):
        m.submit(("place", 5 if i % 3 == 0 else 1, 0))
    assert m.game.winners() == [1]
    m = new(3)
    play_all(m)
    assert m.game.over and m.game.winners() == [1, 2, 3]


def test_advanced_hidden_bonus_after_the_last_turn_once_each():
    m = new(3, advanced=True)
    with pytest.raises(Invalid, match="after the last turn"):
        m.submit(("hidden", 1, 3))
    play_all(m)
    assert not m.game.over and m.game.next_player() is None
    assert m.game.awaiting_hidden() == [1, 2, 3]
    m.submit(("hidden", 2, 5))
    with pytest.raises(Invalid, match="already in"):
        m.submit(("hidden", 2, 1))
    with pytest.raises(Invalid, match="enter the hidden"):
        m.submit(("place", 1, 0))
    m.submit(("hidden", 1, 0))
    m.submit(("hidden", 3, 2))
    assert m.game.over and m.game.winners() == [2]
    with pytest.raises(Invalid, match="over"):
        m.submit(("hidden", 3, 2))


@pytest.mark.parametrize(
    "line, words",
    [
        ("place 3 5", "the matching cards must be 0 to 4"),
        ("place 3 -1", "the matching cards must be 0 to 4"),
        ("place 0 1", "the card value must be 1 to 99"),
        ("place 100 0", "the card value must be 1 to 99"),
        ("cover 4 4", "needs a higher card"),
        ("cover 3 4", "needs a higher card"),
        ("cover 100 4", "the card value must be 1 to 99"),
        ("hidden 1 3", "advanced game"),
        ("place 3", "two numbers"),
        ("place x 1", "the card value must be 1 to 99, not x"),
        ("place 99999 1", "the card value must be 1 to 99, not 99999"),
        ("place -5 1", "the card value must be 1 to 99, not -5"),
        ("place 3 y", "the matching cards must be 0 to 4, not y"),
    ],
)
def test_invalid_statements_are_refused_and_change_nothing(line, words):
    m = new(3)
    submit_line(m, "place 4 0")
    before = (m.game.scores(), m.game.pile, list(m.game.hands), m.game.next_player(), list(m.lines()))
    with pytest.raises(Invalid, match=words):
        submit_line(m, line)
    assert (m.game.scores(), m.game.pile, list(m.game.hands), m.game.next_player(), list(m.lines())) == before
    text = "\n".join(list(m.lines()) + [line])
    with pytest.raises(RecordError) as err:
        read_text(text)
    assert err.value.line == 6


def test_statement_after_the_end_is_refused_with_its_line():
    m = new(3)
    play_all(m)
    text = "\n".join(list(m.lines()) + ["place 1 0"])
    with pytest.raises(RecordError, match="over") as err:
        read_text(text)
    assert err.value.line == 4 + 39 + 1


def test_undo_takes_back_the_last_statement():
    m = new(3)
    submit_line(m, "place 9 0")
    submit_line(m, "cover 5 2")
    assert m.undo() == ("cover", 5, 2)
    assert m.game.scores() == [9, 0, 0] and m.game.next_player() == 2 and m.game.pile == 20


def random_game(rng, players, advanced):
    m = new(players, advanced, start=rng.randint(1, players))
    while not m.game.over:
        if m.game.next_player() is None:
            m.submit(("hidden", rng.choice(m.game.awaiting_hidden()), rng.randint(0, 99)))
        elif rng.random() < 0.5 or not m.game.middle:
            m.submit(("place", rng.randint(1, 99), rng.randint(0, min(4, m.game.middle))))
        else:
            w = rng.randint(1, 98)
            m.submit(("cover", rng.randint(w + 1, 99), w))
    return m


@settings(max_examples=2000, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4]), advanced=st.booleans())
def test_property_random_games_add_up(seed, players, advanced):
    rng = random.Random(seed)
    m = new(players, advanced, start=rng.randint(1, players))
    g = m.game
    expected = [0] * players
    turns = 0
    middle = 3
    while not g.over:
        nxt = g.next_player()
        if nxt is None:
            stmt = ("hidden", rng.choice(g.awaiting_hidden()), rng.randint(0, 99))
            p = stmt[1] - 1
        else:
            p = nxt - 1
            w = rng.randint(1, 98)
            stmt = ("place", rng.randint(1, 99), rng.randint(0, min(4, middle)))
            if middle and rng.random() < 0.5:
                stmt = ("cover", rng.randint(w + 1, 99), w)
            middle += 1 if stmt[0] == "place" else -1
            turns += 1
        expected[p] += g.points_of(stmt)
        m.submit(stmt)
        # turns, hands and pile always add up: every card is in a hand, the pile, or played
        assert sum(g.hands) + g.pile + turns == 6 * players + (21 if players == 3 else 16)
        assert g.scores() == expected
        assert g.middle == middle
    assert turns == (39 if players == 3 else 40)
    assert sum(g.hands) == 0 and g.pile == 0
    best = max(expected)
    assert g.winners() == [i + 1 for i in range(players) if expected[i] == best]


def test_random_games_replay_identically_under_micropython(run_fw):
    rng = random.Random(7)
    records = ["\n".join(random_game(rng, 3 + i % 2, i % 3 == 0).lines()) for i in range(30)]
    from fishtable.core.summary import summary_line

    expected = "".join(summary_line(read_text(r)) + "\n" for r in records)
    out = "".join(line + "\n" for line in run_fw.call("parity.replay_lines", records))
    assert out == expected


def test_allows_probes_without_changing_anything():
    m = new(3)
    submit_line(m, "place 4 0")
    before = list(m.lines())
    assert m.allows(("cover", 5, 4)) and not m.allows(("cover", 4, 5)) and not m.allows(("hidden", 1, 2))
    assert list(m.lines()) == before and m.game.scores() == [4, 0, 0]


# -- the middle (clarification 12): a cover needs a card there; a place matches at most as many ----
EMPTIED = ["cover 5 2", "cover 6 3", "cover 7 4"]  # three covers take the 3 starting cards


def test_the_middle_counts_places_and_covers():
    m = new(3)
    assert m.game.middle == 3
    submit_line(m, "place 4 0")
    assert m.game.middle == 4
    submit_line(m, "cover 5 2")
    assert m.game.middle == 3
    assert m.undo() == ("cover", 5, 2) and m.game.middle == 4


def test_a_cover_with_the_middle_empty_is_refused():
    m = new(3)
    for line in EMPTIED:
        submit_line(m, line)
    assert m.game.middle == 0
    assert not m.allows(("cover", 9, 1))
    with pytest.raises(RecordError, match="line 8: no card in the middle to cover"):
        read_text("\n".join(list(m.lines()) + ["cover 9 1"]))
    submit_line(m, "place 9 0")  # a card on its own scores its value (clarification 9)
    assert m.game.scores()[0] == 7 + 9


def test_a_place_matches_at_most_the_cards_in_the_middle():
    m = new(3)
    for line in EMPTIED[:2]:
        submit_line(m, line)
    assert m.game.middle == 1
    assert list(m.game.match_counts()) == [0, 1]
    assert not m.allows(("place", 3, 2))
    with pytest.raises(RecordError, match="line 7: more matches than cards in the middle"):
        read_text("\n".join(list(m.lines()) + ["place 3 2"]))


@pytest.mark.parametrize("extra, message", [
    ("cover 9 1", "line 8: no card in the middle to cover"),
    ("place 3 1", "line 8: more matches than cards in the middle (0)"),
])
def test_replay_refuses_them_identically_under_both_interpreters(tmp_path, extra, message):
    import subprocess
    import sys

    path = tmp_path / "middle.fish"
    path.write_text("fishtable 1\ngame yofish\nplayers 3\nstart 1\n" + "\n".join(EMPTIED + [extra]) + "\n")
    outs = []
    for flag in ([], ["--micropython"]):
        run = subprocess.run([sys.executable, "tools/replay.py", str(path)] + flag, capture_output=True, text=True,
                             cwd=ROOT)
        outs.append((run.returncode, run.stdout, run.stderr))
    assert outs[0] == outs[1] == (2, "", message + "\n")

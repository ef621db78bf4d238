"""Hecht im Karpfenteich rules core: stones, chips, reproduction, emigration, rounds, end, invalid lines."""

import random

import pytest
from fw.helpers import submit_line
from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.core import hecht
from fishtable.core.dice import Die
from fishtable.core.errors import Invalid, RecordError
from fishtable.core.match import Match
from fishtable.core.record import read_text
from fishtable.core.summary import summary_line

# Two players, default chips: snails onto the board, two grazes, a carp nest rolls 4.
# Afterwards it is player 2's turn with 7 hungry carp in the pond.
FEED = "action snail;end;action snail;end;graze;graze;action carp 4;end"
# Custom chips (three snails): six snails, a carp nest rolls 6, then player 2 makes 7 moves.
MOVES_CHIPS = ("snail", "snail", "snail", "carp", "skip", "pike")
MOVES = ";".join(["action snail;end"] * 6 + ["graze;graze;action carp 6;end", "graze;graze;graze;graze;eat;eat"])
MOVES += ";emigrate sated"


def new(players=2, start=1, chips=None):
    return Match("hecht", players, start, [("chips", tuple(chips))] if chips else [])


def play(lines, players=2, chips=None, start=1):
    m = new(players, start, chips)
    for line in lines.split(";") if lines else ():
        submit_line(m, line)
    return m


def stock(g, carp=0, snails=0, sated_carp=0):
    """Move stones from the supplies onto the board (keeps every stone count)."""
    g.carp_supply -= carp + sated_carp
    g.hungry_carp += carp
    g.sated_carp += sated_carp
    g.snail_supply -= snails + sated_carp
    g.snails_board += snails


def state(g):
    return (
        g.turn, g.round, g.over, bytes(g.hungry), bytes(g.sated), bytes(g.pike_supply), bytes(g.emigrated),
        bytes(g.covered), bytes(g.clear_due), g.hungry_carp, g.sated_carp, g.carp_supply, g.snails_board,
        g.snail_supply, g.lines, g.moves, g.acted, g.wave, g.pending, tuple(g.points),
    )  # fmt: skip


def fields(g):
    return dict(g.extra_fields())


def finish(m):
    """Play the game out: each turn the first open chip (no tokens), then end."""
    while not m.game.over:
        kind = m.game.open_chips()[0][1]
        m.submit(("action", kind))
        if kind != "skip":
            m.submit(("end",))


# -- set-up -------------------------------------------------------------------
@pytest.mark.parametrize("players, rounds", [(2, 4), (3, 3), (4, 2), (5, 2), (6, 2)])
def test_start_layout_and_supplies(players, rounds):
    g = new(players).game
    assert hecht.COLOURS == ("red", "yellow", "blue", "green", "orange", "white")
    assert g.chips == ("snail", "skip", "wave", "carp", "pike", "wave")
    assert g.rounds == rounds
    assert [g.pikes(p) for p in range(1, players + 1)] == [2] * players
    assert list(g.pike_supply) == [4] * players and g.carp_pond() == 3 and g.carp_supply == 11
    assert g.snail_supply == 12 and g.snails_board == 0 and g.sated_carp == 0
    assert g.scores() == [2] * players and g.next_player() == 1 and g.allowance() == 7
    assert g.open_chips() == list(enumerate(g.chips))
    assert not g.acted and not g.lines
    names = [k for k, _ in g.extra_fields()]
    assert names[:6] == ["carp", "carp_supply", "snail_supply", "pikes", "emigrated", "sated"]
    assert fields(g)["pikes"] == [2] * players and fields(g)["emigrated"] == [0] * players


def test_option_chips_and_its_header_line():
    chips = ("pike", "skip", "snail", "snail", "carp", "pike")
    m = new(3, chips=chips)
    assert m.game.chips == chips
    assert "option chips pike skip snail snail carp pike" in list(m.header_lines())
    assert not [line for line in new().header_lines() if line.startswith("option")]
    submit_line(m, "action pike")
    again = read_text("\n".join(m.lines()))
    assert again.game.chips == chips and again.game.covered[0] == 1


@pytest.mark.parametrize(
    "args, words",
    [
        (("snail", "wave", "wave", "carp", "pike", "pike"), "one skip and a pike"),
        (("snail", "skip", "wave", "carp", "wave", "snail"), "one skip and a pike"),
        (("snail", "skip", "skip", "carp", "pike", "snail"), "one skip and a pike"),
        (("snail", "skip", "wave", "carp", "pike"), "six chips, not 5"),
        (("snail", "skip", "fly", "carp", "pike", "wave"), "unknown chip fly"),
    ],
)
def test_invalid_chip_options_name_their_line(args, words):
    text = "fishtable 1\ngame hecht\nplayers 2\noption chips %s\naction snail" % " ".join(args)
    with pytest.raises(RecordError, match=words) as err:
        read_text(text)
    assert err.value.line == 4
    with pytest.raises(RecordError, match="unknown option") as err:
        read_text("fishtable 1\ngame hecht\nplayers 2\noption colours 3\n")
    assert err.value.line == 4


# -- chips, turns and rounds ----------------------------------------------------
def test_two_wave_chips_cover_the_first_open_one():
    m = play("action wave;end;action wave;end;action wave;end")
    g = m.game
    assert g.covered[0] == (1 << 2) | (1 << 5) and g.covered[1] == 1 << 2
    assert g.open_chip("wave") == 5 and g.open_chip("wave", 1) == -1
    assert g.open_chips() == [(0, "snail"), (1, "skip"), (3, "carp"), (4, "pike"), (5, "wave")]
    submit_line(m, "action wave")
    submit_line(m, "end")
    with pytest.raises(Invalid, match="your wave chip is covered"):
        submit_line(m, "action wave")
    assert g.open_chips() == [(0, "snail"), (1, "skip"), (3, "carp"), (4, "pike")]


def test_skip_is_first_and_ends_the_turn():
    m = play("action skip")
    g = m.game
    assert g.next_player() == 2 and not g.lines and g.covered[0] == 2
    with pytest.raises(Invalid, match="before end"):
        submit_line(m, "end")
    submit_line(m, "emigrate")
    assert g.lines > 0
    with pytest.raises(Invalid, match="skip only at the start"):
        submit_line(m, "action skip")


def test_one_action_per_turn_before_during_or_after_moves():
    m = play("emigrate;action wave;emigrate")
    g = m.game
    assert g.acted and g.allowance() == 14
    with pytest.raises(Invalid, match="only one action per turn"):
        submit_line(m, "action snail")
    submit_line(m, "end")
    assert g.allowance() == 7 and not g.acted and g.next_player() == 2


def test_a_round_ends_when_every_player_covered_six():
    m = new(3, start=2)
    g = m.game
    for turn in range(18):
        assert g.round == 1 and g.next_player() == [2, 3, 1][turn % 3]
        kind = g.open_chips()[0][1]
        m.submit(("action", kind))
        if kind != "skip":
            m.submit(("end",))
    assert g.round == 2 and list(g.covered) == [0, 0, 0] and g.next_player() == 2


def test_moves_before_the_only_open_skip_are_refused():
    m = play("", chips=("pike", "skip", "wave", "wave", "wave", "wave"))
    for kind in ("pike", "pike", "wave", "wave", "wave", "wave", "wave", "wave", "wave", "wave"):
        submit_line(m, "action " + kind)
        submit_line(m, "end")
    with pytest.raises(Invalid, match="only skip is left"):
        submit_line(m, "emigrate")
    submit_line(m, "action skip")
    assert m.game.next_player() == 2


def test_movement_points_bound_the_moves():
    m = play("")
    g = m.game
    stock(g, carp=11, snails=12)
    for _ in range(7):
        submit_line(m, "graze")
    before = state(g)
    with pytest.raises(Invalid, match="no movement points left"):
        submit_line(m, "graze")
    assert state(g) == before
    submit_line(m, "action wave")
    for _ in range(5):
        submit_line(m, "graze")
    submit_line(m, "emigrate")
    submit_line(m, "emigrate")
    assert g.moves == 14
    with pytest.raises(Invalid, match="no movement points left"):
        submit_line(m, "eat")


# -- eating and grazing ------------------------------------------------------------
def test_graze_needs_a_snail_and_a_hungry_carp():
    m = play("action snail")
    g = m.game
    submit_line(m, "graze")
    assert (g.hungry_carp, g.sated_carp, g.snails_board, g.snail_supply) == (2, 1, 0, 11)
    with pytest.raises(Invalid, match="no snail on the board"):
        submit_line(m, "graze")
    stock(g, snails=5)
    submit_line(m, "graze")
    submit_line(m, "graze")
    with pytest.raises(Invalid, match="no hungry carp"):
        submit_line(m, "graze")


def test_eat_hungry_and_sated_carp():
    m = play(FEED)
    g = m.game
    stock(g, snails=1)
    for line in ("graze", "action wave", "end"):
        submit_line(m, line)
    assert (g.hungry_carp, g.sated_carp, g.snail_supply, g.next_player()) == (6, 1, 11, 1)
    submit_line(m, "eat sated")
    assert (g.sated[0], g.hungry[0], g.sated_carp, g.snail_supply, g.carp_pond()) == (1, 1, 0, 12, 6)
    with pytest.raises(Invalid, match="no sated carp"):
        submit_line(m, "eat sated")
    submit_line(m, "eat")
    assert (g.sated[0], g.hungry[0], g.hungry_carp, g.carp_pond()) == (2, 0, 5, 5)
    with pytest.raises(Invalid, match="you have no hungry pike"):
        submit_line(m, "eat")
    assert g.scores() == [2, 2] and fields(g)["sated"] == [2, 0]


def test_no_eating_while_4_or_fewer_carp_swim_in_the_pond():
    m = play("")
    g = m.game
    assert "No eating: 3 carp" in g.warnings()
    with pytest.raises(Invalid, match="no eating: only 3 carp in the pond"):
        submit_line(m, "eat")
    stock(g, carp=0, sated_carp=2)  # 3 hungry + 2 sated: 5 carp count (clarification 5)
    submit_line(m, "eat sated")
    assert g.carp_pond() == 4 and "No eating: 4 carp" in g.warnings()
    before = state(g)
    with pytest.raises(Invalid, match="only 4 carp"):
        submit_line(m, "eat")
    assert state(g) == before


# -- carp reproduction -----------------------------------------------------------------
def test_carp_reproduction_parents_hungry_snails_back_new_carp():
    m = play("")
    g = m.game
    stock(g, sated_carp=4)  # 3 hungry, 4 sated, 7 in supply, 8 snails in supply
    assert g.carp_nests_possible() == 2
    submit_line(m, "action carp 2 3")
    assert (g.hungry_carp, g.sated_carp, g.carp_supply, g.snail_supply) == (3 + 4 + 5, 0, 2, 12)


def test_carp_shortage_total_and_split_options():
    g = new().game
    stock(g, carp=3, sated_carp=4)  # 4 carp left in the supply
    assert g.carp_born((5, 4)) == 4
    assert g.carp_split_options((5, 4)) == [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]
    assert g.carp_split_options((1, 2)) == [(1, 2)]
    m = new()
    g = m.game
    stock(g, carp=5, sated_carp=4)
    submit_line(m, "action carp 6 6")
    assert g.carp_supply == 0 and g.carp_pond() == 14


def test_carp_without_rolls_covers_the_chip_only():
    m = play("")
    before = fields(m.game)
    submit_line(m, "action carp")
    assert fields(m.game) == before and m.game.covered[0] == 1 << 3 and m.game.acted


def test_third_sated_carp_reminder():
    g = new().game
    stock(g, snails=3)
    g.hungry_carp, g.sated_carp, g.snails_board = 1, 2, 1  # two grazed already
    assert "3rd sated carp: join" in g.warnings()


# -- pike reproduction -------------------------------------------------------------------
def test_pike_reproduction_same_owner_and_mixed_pairs():
    m = play(FEED + ";eat;eat;action wave;end;eat;action wave;end")
    g = m.game
    assert list(g.sated) == [1, 2] and g.carp_supply == 7 and g.next_player() == 2
    assert g.pike_pairs_possible() == [(1, 2), (2, 2)] and g.pike_nests_possible() == 1
    with pytest.raises(Invalid, match="player 1 has 1 sated pikes, not 2"):
        submit_line(m, "action pike 1+1")
    with pytest.raises(Invalid, match="player 2 has 2 sated pikes, not 3"):
        submit_line(m, "action pike 2+2 1+2")
    assert g.pikes_born(((2, 2),)) == [0, 2]
    submit_line(m, "action pike 2+2")
    assert (list(g.hungry), list(g.sated), list(g.pike_supply), g.carp_supply) == ([1, 4], [1, 0], [4, 2], 9)
    assert g.scores() == [2, 4] and "Clear the pike nest" in g.warnings()
    m = play(FEED + ";eat;eat;action wave;end;eat;action wave;end;action pike 1+2")
    g = m.game
    assert (list(g.hungry), list(g.sated), list(g.pike_supply), g.scores()) == ([3, 2], [0, 1], [3, 3], [3, 3])
    assert "Clear nest: 1" in g.warnings()


def test_new_pikes_limited_by_the_owners_supply():
    m = new(3)
    g = m.game
    g.hungry[0], g.sated[0], g.pike_supply[0] = 0, 2, 4
    g.hungry[1], g.sated[1], g.pike_supply[1] = 5, 1, 0
    g.carp_supply -= 3
    submit_line(m, "action pike 1+1")
    assert list(g.pike_supply)[0] == 2 and g.hungry[0] == 4
    submit_line(m, "end")
    g.sated[2], g.hungry[2] = 1, 1
    g.carp_supply -= 1
    submit_line(m, "action pike 2+3")
    assert (g.hungry[1], g.pike_supply[1], g.hungry[2], g.pike_supply[2]) == (6, 0, 3, 3)
    assert g.scores() == [4, 6, 3]


def test_clear_nest_reminder_lasts_the_owners_next_turn_or_one_more_after_a_skip():
    """Clarification 10: the reminder is shown in the owner's next turn and ends with it, moves or
    not; a skip in that turn keeps it for the owner's following turn."""
    m = play(FEED + ";eat;eat;action wave;end;action pike 2+2")
    g = m.game
    assert g.next_player() == 1 and "Clear nest: 2" in g.warnings()
    submit_line(m, "end")
    assert "Clear the pike nest" in g.warnings() and g.next_player() == 2
    submit_line(m, "action carp")  # P2's turn without a recorded move: the board cannot see the moves
    submit_line(m, "end")
    assert not any("lear" in w for w in g.warnings())  # P1's turn
    submit_line(m, "action skip")
    assert g.next_player() == 2 and not any("lear" in w for w in g.warnings())
    m = play(FEED + ";eat;eat;action wave;end;action pike 2+2;end")
    g = m.game
    assert "Clear the pike nest" in g.warnings() and g.next_player() == 2
    submit_line(m, "action skip")  # the skip blocks the nest: the reminder stays for P2's next turn
    assert g.next_player() == 1 and not any("lear" in w for w in g.warnings())
    submit_line(m, "action wave")
    submit_line(m, "end")
    assert g.next_player() == 2 and "Clear the pike nest" in g.warnings()
    submit_line(m, "action wave")
    submit_line(m, "end")
    assert g.next_player() == 1 and not any("lear" in w for w in g.warnings())
    submit_line(m, "action wave")
    submit_line(m, "end")
    assert g.next_player() == 2 and not any("lear" in w for w in g.warnings())


# -- emigration ------------------------------------------------------------------------
def test_emigration_credited_at_once_stone_back_at_end_of_turn():
    m = play(FEED + ";eat;emigrate sated")
    g = m.game
    assert (g.pikes(2), list(g.emigrated), g.scores(), list(g.pike_supply)) == (1, [0, 1], [2, 2], [4, 4])
    assert g.carp_supply == 7 + 1 and g.pending == 1
    submit_line(m, "emigrate")
    assert g.pikes(2) == 0 and g.scores() == [2, 2] and g.pike_supply[1] == 4
    submit_line(m, "action wave")
    submit_line(m, "end")
    assert list(g.pike_supply) == [4, 6] and g.pending == 0 and fields(g)["emigrated"] == [0, 2]


def test_emigrated_stone_cannot_hatch_in_the_same_turn():
    m = new()
    g = m.game
    g.pike_supply[0] = 0
    g.hungry[0], g.sated[0] = 2, 4  # all six on the board, four sated
    g.carp_supply -= 4
    submit_line(m, "emigrate")
    submit_line(m, "action pike 1+1")
    assert g.hungry[0] == 3 and g.sated[0] == 2 and g.pike_supply[0] == 0
    submit_line(m, "end")
    assert g.pike_supply[0] == 1 and g.scores()[0] == 6


# -- the end -------------------------------------------------------------------------------
@pytest.mark.parametrize("players, turns", [(2, 48), (3, 54), (4, 48), (6, 72)])
def test_game_length_when_the_pike_chip_is_kept_for_last(players, turns):
    m = new(players)
    count = 0
    while not m.game.over:
        kind = [k for _, k in m.game.open_chips() if k != "pike"][:1] or ["pike"]
        m.submit(("action", kind[0]))
        if kind[0] != "skip":
            m.submit(("end",))
        count += 1
    assert count == turns and m.game.round == m.game.rounds and m.game.next_player() is None


def test_game_ends_after_the_turn_covering_the_last_open_pike_chip():
    m = new(4)
    g = m.game
    finish_round = [("action", k) for k in ("snail", "skip", "wave", "carp", "pike", "wave")]
    for stmt in finish_round:
        for _ in range(4):
            m.submit(stmt)
            if stmt[1] != "skip":
                m.submit(("end",))
    assert g.round == 2 and "Last round" in g.warnings()
    for _ in range(3):
        submit_line(m, "action pike")
        submit_line(m, "end")
    submit_line(m, "action pike")
    assert not g.over and g.next_player() == 4
    submit_line(m, "emigrate")
    submit_line(m, "end")
    assert g.over and g.next_player() is None and g.round == 2 and g.scores() == [2, 2, 2, 2]
    assert g.winners() == [1, 2, 3, 4] and g.warnings() == ()
    with pytest.raises(Invalid, match="the game is over"):
        submit_line(m, "action snail")


def test_winner_by_pikes_then_by_sated_pikes():
    m = play(FEED + ";eat;action wave;end")
    finish(m)
    assert m.game.scores() == [2, 2] and m.game.winners() == [2]
    m = play(FEED + ";eat;eat;action wave;end;action pike 2+2;end")
    finish(m)
    assert m.game.scores() == [2, 4] and m.game.winners() == [2]
    m = play("")
    finish(m)
    assert m.game.winners() == [1, 2]


# -- records, invalid lines, undo ------------------------------------------------------------
@pytest.mark.parametrize(
    "prefix, line, words",
    [
        ("", "eat", "no eating: only 3 carp in the pond"),
        ("", "graze", "no snail on the board"),
        ("", "end", "take an action before end"),
        ("", "emigrate sated", "you have no sated pike"),
        ("", "action carp 3", "0 sated carp: at most 0 nests"),
        ("", "action carp 7", "a roll must be 1 to 6, not 7"),
        ("", "action carp 0", "a roll must be 1 to 6, not 0"),
        ("", "action carp 1 2 3 4", "at most 3 carp nests"),
        ("", "action pike 1+2", "player 1 has 0 sated pikes, not 1"),
        ("", "action pike 1+3", "an owner must be 1 to 2, not 3"),
        ("", "action pike 0+1", "an owner must be 1 to 2, not 0"),
        ("", "action pike 12", "a pike nest is A\\+B"),
        ("", "action pike 1+1 1+1 2+2 2+2", "at most 3 pike nests"),
        ("", "action fly", "unknown action fly"),
        ("", "action", "action needs a chip"),
        ("", "action snail 2", "action snail takes nothing more"),
        ("", "eat hungry", "eat takes only 'sated'"),
        ("", "end now", "end takes nothing more"),
        ("", "jump", "unknown statement jump"),
        ("emigrate;emigrate", "emigrate", "you have no hungry pike"),
        ("action snail", "action wave", "only one action per turn"),
        ("emigrate", "action skip", "skip only at the start of a turn"),
        ("action snail;graze", "action skip", "only one action per turn"),
        ("action snail;end;action snail;end", "action snail", "your snail chip is covered"),
        (FEED, "eat sated", "no sated carp"),
        (FEED + ";emigrate;emigrate", "eat", "you have no hungry pike"),
    ],
)
def test_invalid_line_is_refused_with_its_number_and_changes_nothing(prefix, line, words):
    m = play(prefix)
    before = (state(m.game), list(m.lines()))
    with pytest.raises(Invalid, match=words):
        submit_line(m, line)
    assert (state(m.game), list(m.lines())) == before
    text = "\n".join(list(m.lines()) + ["# a comment", line])
    with pytest.raises(RecordError, match=words) as err:
        read_text(text)
    assert err.value.line == len(before[1]) + 2


@pytest.mark.parametrize(
    "chips, prefix, line, words",
    [
        (MOVES_CHIPS, MOVES, "emigrate sated", "no movement points left"),
        (MOVES_CHIPS, "", "action wave", "wave is not among the chips"),
        (("pike", "skip", "wave", "wave", "wave", "wave"), "action pike;end;action pike;end" + ";action wave;end" * 8,
         "graze", "only skip is left"),
    ],
)  # fmt: skip
def test_invalid_line_with_custom_chips(chips, prefix, line, words):
    m = play(prefix, chips=chips)
    before = state(m.game)
    with pytest.raises(Invalid, match=words):
        submit_line(m, line)
    assert state(m.game) == before
    header = list(m.lines())
    with pytest.raises(RecordError, match=words) as err:
        read_text("\n".join(header + [line]))
    assert err.value.line == len(header) + 1


def test_lines_after_the_end_are_refused_with_their_number():
    m = play("")
    finish(m)
    text = "\n".join(list(m.lines()) + ["end"])
    with pytest.raises(RecordError, match="the game is over") as err:
        read_text(text)
    assert err.value.line == len(list(m.lines())) + 1


def test_format_writes_the_record_syntax():
    g = new(6).game
    for line in ("eat", "eat sated", "graze", "emigrate", "emigrate sated", "end", "action snail", "action skip",
                 "action wave", "action carp", "action carp 6 1 3", "action pike", "action pike 1+2 3+3 6+5"):
        stmt = g.parse(line.split())
        assert g.format(stmt) == line
    assert g.parse(["action", "pike", "1+2", "3+3"]) == ("action", "pike", ((1, 2), (3, 3)))
    assert g.parse(["eat", "sated"]) == ("eat", True) and g.parse(["graze"]) == ("graze",)
    assert g.format(("action", "carp")) == "action carp"


def test_undo_rebuilds_the_state():
    m = play(FEED + ";eat")
    after_feed = state(play(FEED).game)
    assert m.undo() == ("eat", False)
    assert state(m.game) == after_feed
    m = play("emigrate;action wave;end")
    m.undo()
    assert m.game.pending == 1 and m.game.next_player() == 1 and m.game.allowance() == 14


def test_warnings_fit_the_screen():
    m = play(FEED + ";eat;eat;action wave;end;action pike 2+2")
    g = m.game
    g.clear_due[0] = g.clear_due[2 - 1] = 2
    found = set(g.warnings())
    g = new(6).game
    for q in range(1, 6):
        g.clear_due[q] = 2
    g.clear_due[0] = 1
    g.round = g.rounds
    found |= set(g.warnings())
    assert "Clear nest: 2,3,4,5,6" in found and "Last round" in found
    assert all(len(w) <= 21 for w in found)


# -- random games: the invariants ---------------------------------------------------------
def random_chips(rng):
    while True:
        chips = tuple(rng.choice(hecht.KINDS) for _ in range(6))
        if chips.count("skip") == 1 and "pike" in chips:
            return chips


def candidates(g, rng, die):
    """Statements to probe: the legal ones and some illegal ones."""
    out = [("eat", False), ("eat", True), ("graze",), ("emigrate", False), ("emigrate", True), ("end",)]
    for kind in hecht.KINDS:
        out.append(("action", kind))
    out.append(("action", "carp", tuple(die.rolls(rng.randint(1, 3)))))
    out.append(("action", "carp", (rng.choice((0, 7)),)))
    pairs = g.pike_pairs_possible()
    if pairs:
        out.append(("action", "pike", tuple(rng.choice(pairs) for _ in range(rng.randint(1, 3)))))
    n = g.players
    out.append(("action", "pike", ((rng.randint(1, n), rng.randint(1, n)),)))
    return out


def weight(stmt, emigrating):
    """How likely the random player picks a legal statement: they like to eat and breed."""
    verb = stmt[0]
    if verb == "emigrate":
        return emigrating
    if verb == "action":
        return 8 if len(stmt) > 2 and stmt[2] else 1
    return 2 if verb == "end" else 6


def random_game(rng, players=None, chips=None, watch=False):
    """A complete game from random legal statements found by probing check; `watch`: hold it to the Model."""
    players = players or rng.randint(2, 6)
    m = new(players, rng.randint(1, players), chips or (random_chips(rng) if rng.random() < 0.3 else None))
    model = Model(m.game) if watch else None
    die = Die(rng.getrandbits(32))
    emigrating = rng.choice((0.05, 0.3, 2.0))  # how keen this game's players are to emigrate
    while not m.game.over:
        g = m.game
        before = state(g)
        legal = []
        for stmt in candidates(g, rng, die):
            try:
                m.check(stmt)
                legal.append(stmt)
            except Invalid:
                if model:
                    assert not model.legal(g, stmt), stmt
            else:
                if model:
                    assert model.legal(g, stmt), stmt
        assert state(g) == before
        stmt = rng.choices(legal, [weight(s, emigrating) for s in legal])[0]
        m.submit(stmt)
        if model:
            model.played(g, stmt)
    return m


class Model:
    """An independent account of the turn, the chips and the credits, and when a statement is legal."""

    def __init__(self, g):
        self.used = [[0] * 5 for _ in range(g.players)]  # chips of each kind covered this round
        self.emigrated = [0] * g.players
        self.player = g.turn
        self.round = 1
        self.new_turn()

    def new_turn(self):
        self.lines = self.moves = self.pending = 0
        self.acted = self.wave = False

    def open_kinds(self, g, p):
        return [k for i, k in enumerate(hecht.KINDS) if self.used[p][i] < g.chips.count(k)]

    def legal(self, g, stmt):
        """The rules, written out again over the game's counters."""
        p, verb = self.player, stmt[0]
        if verb == "end":
            return self.acted
        if verb == "action":
            kind, args = stmt[1], stmt[2] if len(stmt) > 2 else ()
            if self.acted or kind not in self.open_kinds(g, p) or (kind == "skip" and self.lines):
                return False
            if kind == "carp":
                return len(args) <= min(3, g.sated_carp // 2) and all(1 <= r <= 6 for r in args)
            if kind == "pike":
                owners = [o for pair in args for o in pair]
                return len(args) <= 3 and all(
                    1 <= o <= g.players and owners.count(o) <= g.sated[o - 1] for o in owners
                )
            return True
        if self.moves >= (14 if self.wave else 7) or (not self.acted and self.open_kinds(g, p) == ["skip"]):
            return False
        if verb == "graze":
            return g.snails_board > 0 and g.hungry_carp > 0
        if verb == "emigrate":
            return (g.sated if stmt[1] else g.hungry)[p] > 0
        pond = g.hungry_carp + g.sated_carp
        return g.hungry[p] > 0 and pond > 4 and (g.sated_carp if stmt[1] else g.hungry_carp) > 0

    def played(self, g, stmt):
        verb = stmt[0]
        self.lines += 1
        if verb == "emigrate":
            self.emigrated[self.player] += 1
            self.pending += 1
        if verb in ("eat", "graze", "emigrate"):
            self.moves += 1
        if verb == "action":
            self.used[self.player][hecht.KINDS.index(stmt[1])] += 1
            self.acted = True
            self.wave = self.wave or stmt[1] == "wave"
        if verb == "end" or stmt == ("action", "skip"):
            self.new_turn()
            pike_open = any("pike" in self.open_kinds(g, q) for q in range(g.players))
            if self.round == g.rounds and not pike_open:
                assert g.over
            else:
                assert not g.over
                if all(sum(used) == 6 for used in self.used):
                    self.round += 1
                    self.used = [[0] * 5 for _ in range(g.players)]
                self.player = (self.player + 1) % g.players
        self.check(g)

    def check(self, g):
        n = g.players
        assert g.hungry_carp + g.sated_carp + g.carp_supply + sum(g.sated) == 14
        assert g.snail_supply + g.snails_board + g.sated_carp == 12
        assert min(g.hungry_carp, g.sated_carp, g.carp_supply, g.snail_supply, g.snails_board) >= 0
        assert g.pending == self.pending and g.acted == self.acted and (g.lines > 0) == (self.lines > 0)
        for p in range(n):
            pending = self.pending if p == g.turn else 0
            assert g.hungry[p] + g.sated[p] + g.pike_supply[p] + pending == 6
            assert bin(g.covered[p]).count("1") == sum(self.used[p])
        assert list(g.emigrated) == self.emigrated
        assert g.scores() == [g.hungry[p] + g.sated[p] + self.emigrated[p] for p in range(n)]
        assert g.round == self.round <= g.rounds
        assert g.carp_pond() >= 3 and g.allowance() == (14 if self.wave else 7)
        assert all(len(w) <= 21 for w in g.warnings())
        if g.over:
            assert g.next_player() is None
            best = max((g.scores()[p], g.sated[p]) for p in range(n))
            assert g.winners() == [p + 1 for p in range(n) if (g.scores()[p], g.sated[p]) == best]
        else:
            assert g.next_player() == self.player + 1 and g.winners() == []


@settings(max_examples=1500, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_property_random_games_keep_the_invariants(seed, players):
    rng = random.Random(seed)
    m = random_game(rng, players, watch=True)
    g = m.game
    assert g.over and g.next_player() is None and g.winners()
    assert summary_line(read_text("\n".join(m.lines()))) == summary_line(m)


def test_random_games_replay_identically_under_micropython(run_fw, fw_runner):
    """Records replayed statement by statement, after each the probes check() accepts, the warnings
    and the scores, then the replay line (host_tests/fw/parity.py): the same under both interpreters."""
    rng = random.Random(11)
    records = ["\n".join(random_game(rng, 2 + i % 5).lines()) for i in range(40)]
    out, games = run_fw.call("parity.hecht_probes", stdin="\n=\n".join(records), printed=True)
    assert games == 40 and len(out) > 40 * 50
    assert out[-1] == summary_line(read_text(records[-1]))
    assert out == fw_runner("cpython").call("parity.hecht_probes", stdin="\n=\n".join(records), printed=True)[0]


def test_the_offered_moves_and_pairs_are_what_check_accepts():
    """moves_offered() and pike_pairs_after() are made from the state: they must equal probing check."""
    from gamegen import random_match

    rng = random.Random(21)
    probes = [("end",), ("eat", False), ("eat", True), ("graze",), ("emigrate", False), ("emigrate", True)]
    states = 0
    for i in range(60):
        m = random_match(rng, "hecht", complete=True)
        replay = Match("hecht", m.players, m.start, m.options)
        for stmt in m.statements + [None]:
            g = replay.game
            want = [p for p in probes if replay.allows(p)]
            seen = []
            for _, kind in g.open_chips():
                if kind in seen:
                    continue
                seen.append(kind)
                probe = ("action", kind, ()) if kind in ("carp", "pike") else ("action", kind)
                if replay.allows(probe):
                    want.append(probe)
            assert g.moves_offered() == want
            chosen = ()
            for _ in range(3):
                pairs = [p for p in g.pike_pairs_possible() if replay.allows(("action", "pike", chosen + (p,)))]
                if g.open_chip("pike") >= 0 and not g.acted:
                    assert g.pike_pairs_after(chosen) == pairs
                if not pairs:
                    break
                chosen += (pairs[-1],)
            states += 1
            if stmt is not None:
                replay.submit(stmt)
    assert states > 3000

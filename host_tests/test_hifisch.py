"""Hi Fisch! rules core: flips, sharks, shells, intermediate scoring, rounds, end, tie-break, invalid lines."""

import random

import pytest
from fw.helpers import facedown_numbers, submit_line
from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.core.errors import Invalid, RecordError
from fishtable.core.hifisch import WON, Game
from fishtable.core.match import Match
from fishtable.core.record import read_text
from fishtable.core.summary import summary_line


def new(players=4, start=1):
    return Match("hifisch", players, start)


def play(m, *lines):
    for line in lines:
        submit_line(m, line)


def snapshot(m):
    g = m.game
    return (summary_line(m), g.faceup(), g.last_scoring, facedown_numbers(g), g.next_player(), list(m.lines()))


def test_parse_and_format_round_trip():
    g = Game(2)
    for line, stmt in [
        ("shark", ("shark", False)),
        ("shark shell", ("shark", True)),
        ("fish 23", ("fish", 23, False)),
        ("fish 1 shell", ("fish", 1, True)),
    ]:
        assert g.parse(line.split()) == stmt
        assert g.format(stmt) == line


def test_start_of_game():
    g = new(3).game
    assert g.facedown() == 36 and g.sharks_down == 7 and g.shells_hidden() == 10
    assert facedown_numbers(g) == list(range(1, 30))
    assert g.sandbank == 0 and g.round == 1 and g.next_player() == 1 and g.last_scoring is None
    assert g.scores() == [0, 0, 0] and g.faceup() == []


def test_rulebook_example_shark_eats_eel_and_flounder_wins_with_shells():
    m = new(4)
    play(m, "shark shell", "fish 23")
    assert m.game.next_player() == 2 and m.game.sandbank == 1
    play(m, "fish 18", "fish 16 shell")
    assert m.game.faceup() == [(0, 1), (23, 1), (18, 2), (16, 3)]
    play(m, "fish 3")
    g = m.game
    assert g.last_scoring == (("eat", 23), ("win", 2, (18, 16), 2), ("back", (3,)))
    assert g.won_cards(2) == [16, 18] and g.shells[2 - 1] == 2 and g.scores() == [0, 4, 0, 0]
    assert g.sandbank == 0 and g.shells_hidden() == 8 and g.faceup() == []
    assert 3 in facedown_numbers(g) and 23 not in facedown_numbers(g)
    assert g.facedown() == 36 - 5 + 1 and g.sharks_down == 6
    assert g.round == 2 and g.next_player() == 2  # the winner starts the next round
    play(m, "fish 3")  # fish 3 went back face-down: it can be flipped again
    assert g.faceup() == [(3, 2)]


def test_rulebook_example_second_shark_would_eat_flounder_18():
    m = new(4)
    play(m, "shark", "fish 23", "shark", "fish 18", "fish 16", "fish 3")
    assert m.game.last_scoring == (("eat", 23), ("eat", 18), ("win", 3, (16,), 0), ("back", (3,)))
    assert m.game.next_player() == 3 and m.game.won_cards(3) == [16]


def test_turn_order_is_clockwise_from_the_starter_and_sharks_keep_the_turn():
    m = new(4, start=3)
    seen = []
    for line in ["fish 1", "shark", "fish 2", "fish 3"]:
        seen.append(m.game.next_player())
        submit_line(m, line)
    assert seen == [3, 4, 4, 1]
    assert m.game.next_player() == 2


def test_two_players_take_two_turns_each_per_round():
    m = new(2, start=2)
    seen = []
    for line in ["fish 9", "shark", "fish 8", "fish 7", "fish 29"]:
        seen.append(m.game.next_player())
        submit_line(m, line)
    assert seen == [2, 1, 1, 2, 1]
    g = m.game
    # shark eats 29; 9 (player 2) is the biggest left and takes 8 and 7 (orange-red) too
    assert g.last_scoring == (("eat", 29), ("win", 2, (9, 8, 7), 0))
    assert g.round == 2 and g.next_player() == 2


def test_a_whole_two_player_game_with_a_tie_broken_by_the_highest_numberfish():
    m = new(2)
    rounds = [
        ["fish 29 shell", "fish 28 shell", "fish 27", "fish 26"],
        ["fish 25 shell", "fish 24 shell", "fish 23 shell", "fish 22"],
        ["fish 13", "fish 21", "fish 12", "fish 20"],
        ["fish 19", "fish 18", "fish 17", "fish 16"],
        ["fish 15", "fish 14", "shark", "shark", "fish 11", "fish 10"],
        ["fish 9", "fish 8", "fish 7"] + ["shark shell"] * 2 + ["shark"] * 3 + ["fish 1"],
        ["fish 13", "fish 12", "fish 6", "fish 5"],
    ]
    starters = []
    for lines in rounds:
        starters.append(m.game.next_player())
        assert not m.game.over
        play(m, *lines)
    g = m.game
    assert starters == [1, 1, 1, 2, 2, 2, 2]
    assert g.last_scoring == (("win", 2, (13, 12, 6), 2), ("back", (5,)))
    assert g.over and g.round == 7 and g.next_player() is None and g.facedown() == 4
    assert g.won_cards(1) == list(range(22, 30)) and g.shells[1 - 1] == 5
    assert g.won_cards(2) == [6, 10, 11, 12, 13, 16, 17, 18, 19, 20, 21] and g.shells[2 - 1] == 2
    assert g.scores() == [13, 13]
    assert g.winners() == [1]  # tie: player 1's 29 beats player 2's 21
    assert g.ranking() == [1, 2]


def test_sharks_eat_everything_shells_stay_and_accumulate_same_starter():
    m = new(3, start=2)
    play(m, "shark shell", "fish 20", "shark", "fish 10 shell", "shark", "fish 5")
    g = m.game
    assert g.last_scoring == (("eat", 20), ("eat", 10), ("eat", 5), ("nowinner",))
    assert g.sandbank == 2 and g.scores() == [0, 0, 0]
    assert g.round == 2 and g.next_player() == 2  # clarification 1
    play(m, "shark shell", "fish 29", "shark shell", "fish 28", "shark", "fish 27")
    assert g.last_scoring[-1] == ("nowinner",) and g.sandbank == 4 and g.next_player() == 2
    assert g.sharks_down == 1 and g.facedown() == 36 - 12
    play(m, "fish 1 shell", "fish 2", "fish 3")
    assert g.last_scoring == (("win", 1, (3, 2, 1), 5),)
    assert g.sandbank == 0 and g.shells[1 - 1] == 5 and g.scores() == [11, 0, 0]
    assert g.shells_hidden() == 5 and g.next_player() == 1


def test_no_fish_face_up_is_a_round_without_winner():
    m = new(2)
    play(m, "fish 6", "fish 7", "fish 5", "fish 4")  # player 2 wins 7 and 6, 5 and 4 go back
    assert m.game.last_scoring == (("win", 2, (7, 6), 0), ("back", (5, 4)))
    assert m.game.won_cards(2) == [6, 7] and m.game.scores() == [0, 2]


def fish_rounds(tops, shells=10):
    """Rounds of four fish flips, `top` down to top-3 each; the first `shells` flips found a shell
    (once the shells hidden equal the cards never flipped, every such card must carry one)."""
    lines = []
    for top in tops:
        for n in range(top, top - 4, -1):
            lines.append("fish %d shell" % n if len(lines) < shells else "fish %d" % n)
    return lines


def drain_to_last_round(m):
    """4 players: rounds 1-7 leave fish 1 and 6 sharks face-down (7 cards); all 10 shells found."""
    play(m, *fish_rounds((29, 25, 21, 17, 13, 9)))  # player 1 wins each species and every shell
    play(m, "fish 5", "fish 4", "shark", "fish 3", "fish 2")  # shark eats 5; player 2 wins 4, 3, 2


def test_clarification_2_cards_run_out_mid_round_and_the_game_ends():
    m = new(4)
    drain_to_last_round(m)
    g = m.game
    assert g.round == 8 and g.facedown() == 7 and facedown_numbers(g) == [1] and g.sharks_down == 6
    assert g.next_player() == 2 and g.scores() == [34, 6, 0, 0]
    play(m, *["shark"] * 6)
    assert g.next_player() == 2 and not g.over
    play(m, "fish 1")  # nothing is face-down any more: the round ends after player 2's only turn
    assert g.last_scoring == (("eat", 1), ("nowinner",))
    assert g.over and g.round == 8 and g.next_player() is None and g.facedown() == 0
    assert g.winners() == [1]


def test_clarification_2_a_shark_can_be_the_last_card():
    m = new(4)
    drain_to_last_round(m)
    play(m, *["shark"] * 5, "fish 1", "shark")
    g = m.game
    assert g.over and g.round == 8 and g.facedown() == 0 and g.last_scoring == (("eat", 1), ("nowinner",))


def test_the_game_ends_when_fewer_than_6_cards_are_face_down_at_the_start_of_a_round():
    m = new(4)
    play(m, *fish_rounds((29, 25, 21, 17, 13, 9, 5)))
    g = m.game
    assert g.facedown() == 8 and not g.over and g.round == 8  # 8 face-down: play on
    m = new(4)
    play(m, *fish_rounds((29, 25, 21, 17, 13, 9)))
    play(m, "shark", "shark", "fish 5", "fish 4", "fish 3", "fish 2")  # two sharks eat 5 and 4; 3 wins 2
    g = m.game
    assert g.facedown() == 6 and not g.over and g.round == 8 and g.next_player() == 3  # 6: play on
    m.undo()
    play(m, "shark", "fish 2")  # three sharks eat 5, 4 and 3; player 4 wins 2
    g = m.game
    assert g.last_scoring == (("eat", 5), ("eat", 4), ("eat", 3), ("win", 4, (2,), 0))
    assert g.facedown() == 5 and g.over and g.round == 7 and g.next_player() is None
    assert g.scores() == [34, 0, 0, 2] and g.winners() == [1]


def test_a_shared_win_when_tied_players_have_no_numberfish():
    # Unreachable in a valid game (a player with points always has numberfish): checked on the ledger.
    g = Game(3)
    g.over = True
    assert g.winners() == [1, 2, 3]
    g.points[1] = 2
    g.loc[4] = WON + 1  # player 2 (0-based 1) won fish 4
    g.points[2] = 2
    g.loc[5] = WON + 2  # player 3 won fish 5
    assert g.winners() == [3] and g.tiebreak(1) == 4 and g.tiebreak(0) == 0


def test_undo_rebuilds_the_state_including_the_scoring():
    m = new(4)
    play(m, "shark shell", "fish 23", "fish 18", "fish 16 shell")
    before = snapshot(m)
    play(m, "fish 3")
    assert m.game.last_scoring is not None
    assert m.undo() == ("fish", 3, False)
    assert snapshot(m) == before and m.game.last_scoring is None


BAD_LINES = [
    ("fish 0", "the fish number must be 1 to 29"),
    ("fish 30", "the fish number must be 1 to 29"),
    ("fish x", "the fish number must be 1 to 29, not x"),
    ("fish", "expected 'fish N'"),
    ("fish 3 shells", "expected 'fish N'"),
    ("shark 3", "expected 'shark'"),
    ("swim", "unknown statement"),
    ("fish 23", "fish 23 is not face-down"),  # face-up this round
    ("fish 16", "fish 16 is not face-down"),  # won by player 2 in round 1
    ("fish 29", "fish 29 is not face-down"),  # eaten in round 1
    ("fish 3 shell", "fish 3 has no shell"),  # went back face-down in round 1
]


@pytest.mark.parametrize("line, words", BAD_LINES)
def test_invalid_statements_are_refused_and_change_nothing(line, words):
    m = new(4)
    play(m, "shark", "fish 29", "fish 18", "fish 16", "fish 3", "fish 23")  # round 2 starts with player 2
    before = snapshot(m)
    with pytest.raises(Invalid, match=words):
        submit_line(m, line)
    assert snapshot(m) == before
    with pytest.raises(RecordError, match=words) as err:
        read_text("\n".join(list(m.lines()) + ["", line]))
    assert err.value.line == 4 + 6 + 2


def test_a_fish_number_out_of_range_from_a_screen_is_refused_in_plain_words():
    """A statement made by a screen (not parsed from a line) is checked the same way."""
    m = new(4)
    for n in (0, 30):
        with pytest.raises(Invalid) as err:
            m.game.check(("fish", n, False))
        assert str(err.value) == "the fish number must be 1 to 29, not %d" % n


def refused_at_the_end(m, line, words):
    before = snapshot(m)
    with pytest.raises(Invalid, match=words):
        submit_line(m, line)
    assert snapshot(m) == before
    lines = list(m.lines())
    with pytest.raises(RecordError, match=words) as err:
        read_text("\n".join(lines + [line]))
    assert err.value.line == len(lines) + 1


def test_an_8th_shark_is_refused():
    m = new(4)
    play(m, *["shark"] * 7)
    assert m.game.sharks_down == 0
    refused_at_the_end(m, "shark", "no shark is face-down")


def test_a_shark_when_only_numberfish_are_face_down_is_refused():
    m = new(4)
    play(m, *["shark"] * 5, "fish 1", "shark", "fish 2", "shark", "fish 3", "fish 4")  # all sharks gone
    assert m.game.sharks_down == 0 and m.game.round == 2 and not m.game.over
    refused_at_the_end(m, "shark", "no shark is face-down")
    refused_at_the_end(m, "shark shell", "no shark is face-down")


def test_an_11th_shell_is_refused():
    m = new(4)
    play(m, *["fish %d shell" % n for n in range(1, 11)])
    g = m.game
    assert g.shells_hidden() == 0 and ("shark", True) not in g.flip_kinds() and 20 not in g.fish_numbers(True)
    refused_at_the_end(m, "fish 20 shell", "no shell is left")
    refused_at_the_end(m, "shark shell", "no shell is left")


def test_shells_lie_only_on_cards_never_flipped():
    m = new(4)
    play(m, "shark", "fish 29", "fish 18", "fish 16", "fish 3 shell")  # 3 goes back face-down
    g = m.game
    assert 3 not in g.fish_numbers(True) and 4 in g.fish_numbers(True) and ("shark", True) in g.flip_kinds()
    assert g.unflipped() == 36 - 5
    refused_at_the_end(m, "fish 3 shell", "fish 3 has no shell: it was face-up before")
    play(m, "fish 3", "fish 4 shell")
    assert g.shells_hidden() == 8 and g.sandbank == 1


def test_a_line_after_the_game_is_over_is_refused():
    m = new(4)
    drain_to_last_round(m)
    play(m, *["shark"] * 6, "fish 1")
    assert m.game.over
    refused_at_the_end(m, "fish 2", "the game is over")
    refused_at_the_end(m, "shark", "the game is over")


# -- random valid games --------------------------------------------------------------


def random_statement(rng, g):
    """A valid next statement, as if the cards were shuffled: any face-down card, equally likely."""
    numbers = facedown_numbers(g)
    pick = rng.randrange(len(numbers) + g.sharks_down)
    card = numbers[pick] if pick < len(numbers) else 0
    may_shell = card in g.fish_numbers(True) if card else g.shells_hidden() > 0
    shell = may_shell and rng.randrange(g.unflipped()) < g.shells_hidden()
    return ("shark", shell) if card == 0 else ("fish", card, shell)


def random_game(rng, players):
    m = new(players, start=rng.randint(1, players))
    while not m.game.over:
        m.submit(random_statement(rng, m.game))
    return m


def check_invariants(g, eaten):
    players = g.players
    where = [0] * 11
    for n in range(1, 30):
        where[g.loc[n]] += 1
    up = g.faceup()
    up_fish = sorted(n for n, p in up if n)
    assert up_fish == sorted(n for n in range(1, 30) if 2 <= g.loc[n] < 6)
    for n, p in up:
        assert n == 0 or g.loc[n] == 1 + p
    up_sharks = len(up) - len(up_fish)
    sharks_out = 7 - g.sharks_down - up_sharks
    # every card exactly once: face-down, face-up, won, or out of the game
    won = sum(len(g.won_cards(p)) for p in range(1, players + 1))
    assert g.facedown() == where[0] + where[1] + g.sharks_down
    assert g.facedown() + len(up) + won + where[10] + sharks_out == 36
    assert where[10] == eaten[0] and sharks_out == eaten[1]
    assert facedown_numbers(g) == [n for n in range(1, 30) if g.loc[n] <= 1]
    # shells: 10 in all, only on cards never flipped
    assert g.shells_hidden() + g.sandbank + sum(g.shells[p - 1] for p in range(1, players + 1)) == 10
    assert 0 <= g.shells_hidden() <= g.unflipped()
    # scores are what the won cards and shells say
    for p in range(1, players + 1):
        assert g.scores()[p - 1] == sum(2 if n <= 5 else 1 for n in g.won_cards(p)) + g.shells[p - 1]
    assert g.over == (g.next_player() is None)


@settings(max_examples=3000, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_property_random_games_keep_every_card_and_shell_accounted_for(seed, players):
    rng = random.Random(seed)
    m = new(players, start=rng.randint(1, players))
    g = m.game
    eaten = [0, 0]  # fish and sharks out of the game, counted from the scoring steps
    scorings = 0
    rounds = 1
    while not g.over:
        down_at_start = g.facedown()
        shark_flips = sum(1 for n, p in g.faceup() if n == 0)
        stmt = random_statement(rng, g)
        m.submit(stmt)
        if g.scorings != scorings:
            assert g.scorings == scorings + 1
            scorings = g.scorings
            last = g.last_scoring
            eaten[0] += sum(1 for step in last if step[0] == "eat")
            eaten[1] += shark_flips + (stmt[0] == "shark")
            assert g.faceup() == []
            if not g.over:
                rounds += 1
            assert g.over == (g.facedown() < 6)
        else:
            assert g.facedown() == down_at_start - 1
        assert g.round == rounds
        check_invariants(g, eaten)
    scores = g.scores()
    best = max((scores[p], max(g.won_cards(p + 1) or [0])) for p in range(players))
    assert g.winners() == [p + 1 for p in range(players) if (scores[p], max(g.won_cards(p + 1) or [0])) == best]
    assert len(g.winners()) == 1  # a shared win cannot happen in a valid game


def test_random_games_replay_through_the_record_and_undo():
    rng = random.Random(11)
    for i in range(20):
        m = random_game(rng, 2 + i % 3)
        text = "\n".join(m.lines())
        assert summary_line(read_text(text)) == summary_line(m)
        snaps = []
        replay = new(m.players, m.start)
        for stmt in m.statements:
            snaps.append(snapshot(replay))
            replay.submit(stmt)
        for before in reversed(snaps):
            replay.undo()
            assert snapshot(replay)[:5] == before[:5]


def test_a_tie_on_points_goes_to_the_highest_numberfish():
    rng = random.Random(5)
    found = 0
    for i in range(400):
        g = random_game(rng, 2 + i % 3).game
        scores = g.scores()
        top = [p for p in range(g.players) if scores[p] == max(scores)]
        if len(top) > 1:
            found += 1
            best = max(top, key=lambda p: max(g.won_cards(p + 1)))
            assert g.winners() == [best + 1]
    assert found > 0


def test_random_games_replay_identically_under_micropython(run_fw):
    rng = random.Random(3)
    records = ["\n".join(random_game(rng, 2 + i % 3).lines()) for i in range(30)]
    expected = "".join(summary_line(read_text(r)) + " " + repr(read_text(r).game.last_scoring) + "\n" for r in records)
    lines, games = run_fw.call("parity.hifisch_scorings", stdin="\n=\n".join(records), printed=True)
    assert "".join(line + "\n" for line in lines) == expected and games == len(records)


def test_when_the_hidden_shells_equal_the_cards_never_flipped_each_of_them_has_one():
    m = new(4)
    play(m, *fish_rounds((29, 25, 21, 17, 13, 9), shells=0))  # 24 fish flipped, no shell found
    g = m.game
    assert g.shells_hidden() == 10 and g.unflipped() == 12  # fish 1-5 and 7 sharks
    play(m, "fish 5", "shark")  # two cards without a shell: 10 left, each with a shell
    assert g.unflipped() == 10
    refused_at_the_end(m, "fish 4", "every card never flipped has a shell")
    refused_at_the_end(m, "shark", "every card never flipped has a shell")
    play(m, "fish 4 shell", "shark shell")
    assert g.shells_hidden() == 8 and g.unflipped() == 8


def test_the_offered_flips_and_numbers_are_what_check_accepts():
    """flip_kinds() and fish_numbers() are made from the state: they must equal probing check."""
    rng = random.Random(8)
    states = 0
    for i in range(150):
        m = random_game(rng, 2 + i % 3)
        replay = new(m.players, m.start)
        for stmt in m.statements:
            g = replay.game
            numbers = facedown_numbers(g)
            order = (("fish", False), ("fish", True), ("shark", False), ("shark", True))  # never reordered
            want = [k for k in order if (any(replay.allows(("fish", n, k[1])) for n in numbers)
                                         if k[0] == "fish" else replay.allows(k))]
            assert g.flip_kinds() == want
            for shell in (False, True):
                assert g.fish_numbers(shell) == [n for n in numbers if replay.allows(("fish", n, shell))]
            states += 1
            replay.submit(stmt)
    assert states > 5000

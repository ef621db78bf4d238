"""Yo Fish! help, in the device's words: pages of at most 6 lines of 16 characters.

Loaded by fishtable.ui.help only while help or the set-up checklist is shown, then dropped.
LEGEND explains every entry of helptext.SYMBOLS["yofish"] (a line starts with it); RULES are
the device's rulings (README, What the device assumes) and the scoring it does; SETUP the rulebook's
set-up, one checklist item each ("p3|"/"p4|": only with that many players, "adv|": only in
the advanced game); START who begins.
"""

LEGEND = (
    "P1 Red\n"
    " player 1 plays,\n"
    " the ring in red\n"
    "21 in pile\n"
    " 21 cards left\n"
    " to draw",
    "Bonuses\n"
    " the end: enter\n"
    " each hidden\n"
    " card's points",
    "Colours differ!\n"
    " a cover goes on\n"
    " a card of\n"
    " another colour",
    "Card 7 matches\n"
    " a 7 is placed:\n"
    " how many cards\n"
    " next to it have\n"
    " its colour?",
    "none: value +7\n"
    " no card next to\n"
    " it has its\n"
    " colour: it\n"
    " scores its 7\n"
    "+7 points",
    "Card 9 covers\n"
    " a 9 goes on a\n"
    " lower card of\n"
    " another colour\n"
    "+16, both leave\n"
    " 9+7, both out",
    "Final scores:\n"
    " the last bonus\n"
    " is in: check,\n"
    " then File the\n"
    " game (or Undo\n"
    " bonus)",
    ">P1 P2 P3\n"
    " everyone's\n"
    " score; > marks\n"
    " who plays",
)

RULES = (
    "A turn: play a\n"
    "card, placed or\n"
    "covering; then\n"
    "draw one (none\n"
    "once the pile is\n"
    "empty)",
    "Place: face up,\n"
    "left, right,\n"
    "above or below\n"
    "a card in play",
    "Placed: 1 point\n"
    "a card beside it\n"
    "in its colour;\n"
    "if none match,\n"
    "its value",
    "Cover: on a card\n"
    "in play, of\n"
    "another colour\n"
    "and lower value.\n"
    "Points: both\n"
    "values; both go",
    "Covers took all\n"
    "cards from the\n"
    "middle: no\n"
    "cover; the next\n"
    "card lies alone,\n"
    "scores its value",
    "The game ends\n"
    "when every hand\n"
    "is empty: most\n"
    "points wins; a\n"
    "tie is a shared\n"
    "win",
    "Bonus, advanced:\n"
    "the most cards\n"
    "in one touching\n"
    "group of your\n"
    "hidden card's\n"
    "colour",
    "Values: 1 to 12\n"
    "offered (change\n"
    "the top one in\n"
    "Settings); a\n"
    "record takes 1\n"
    "to 99",
)

SETUP = (
    "Each player: a\n"
    "score card, one\n"
    "cube on 0, one\n"
    "for the tens",
    "p3|Shuffle; with 3\n"
    "players remove 6\n"
    "cards unseen",
    "p4|Shuffle; with 4\n"
    "players remove 5\n"
    "cards unseen",
    "Deal 6 cards\n"
    "each; the rest\n"
    "is the draw pile",
    "3 cards from the\n"
    "pile face up in\n"
    "the middle, a\n"
    "space between",
    "adv|Advanced: deal\n"
    "each player one\n"
    "removed card,\n"
    "kept hidden",
    "The youngest\n"
    "player starts",
)

START = (
    "The youngest\n"
    "player starts"
)

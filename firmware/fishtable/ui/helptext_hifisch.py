"""Hi Fisch! help, in the device's words: pages of at most 6 lines of 16 characters.

Loaded by fishtable.ui.help only while help or the set-up checklist is shown, then dropped.
LEGEND explains every entry of helptext.SYMBOLS["hifisch"] (a line starts with it);
RULES are the device's rulings (README, What the device assumes); SETUP the
rulebook's preparations, one checklist item each; START who begins the first round.
"""

LEGEND = (
    "P2 Red\n"
    " player 2 flips;\n"
    " the ring shows\n"
    " their colour\n"
    "Round 1\n"
    " the round",
    "Last round\n"
    " too few cards\n"
    " for another\n"
    "Face-up 23 shark\n"
    " this round's\n"
    " flips",
    "... older flips,\n"
    " left out\n"
    "Face-down 36\n"
    " cards still\n"
    " face-down",
    "Shells on sand 2\n"
    " 2 shells wait\n"
    " on the sandbank\n"
    " for the round's\n"
    " winner",
    "Unflipped: shell\n"
    " every card not\n"
    " yet flipped has\n"
    " a shell: flip\n"
    " it with shell",
    "Fish + shell\n"
    " the card had a\n"
    " shell on it",
    "4 green fish = 8\n"
    " fish 1-5 count\n"
    " 2 points each\n"
    "Highest fish 27\n"
    " ranks players\n"
    " with equal pts",
    "Top fish won\n"
    " equal points:\n"
    " the highest\n"
    " fish won; OK\n"
    " shows points",
    ">P2 Yellow\n"
    " scoreboard: P2\n"
    " plays next",
)

RULES = (
    "A turn: flip a\n"
    "card (a shell on\n"
    "it goes to the\n"
    "sandbank first).\n"
    "A numberfish\n"
    "ends the turn",
    "After a shark\n"
    "the same player\n"
    "flips the next\n"
    "card, until a\n"
    "numberfish",
    "One turn each a\n"
    "round, in turn.\n"
    "2 players: two\n"
    "each, one, two,\n"
    "one, two",
    "Flipped cards\n"
    "stay face-up\n"
    "until the\n"
    "round's scoring",
    "Scoring: each\n"
    "shark eats a\n"
    "fish, biggest\n"
    "first; both go\n"
    "back in the box",
    "Winner: who\n"
    "flipped the\n"
    "biggest fish\n"
    "left. They take\n"
    "all face-up fish\n"
    "of that kind",
    "and every shell\n"
    "on the sandbank.\n"
    "Other fish go\n"
    "back face-down.\n"
    "The winner\n"
    "starts next",
    "Sharks ate every\n"
    "fish: no winner.\n"
    "The same player\n"
    "starts the next\n"
    "round; shells\n"
    "stay on the sand",
    "Face-down cards\n"
    "run out in a\n"
    "round: it ends\n"
    "at once, scored\n"
    "with the cards\n"
    "that are face-up",
    "A shell lies\n"
    "only on a card\n"
    "never flipped: a\n"
    "fish that went\n"
    "back face-down\n"
    "has no shell",
    "Fewer than 6\n"
    "cards face-down\n"
    "as a round\n"
    "begins: the game\n"
    "is over",
    "Points: fish 1-5\n"
    "(green) 2 each,\n"
    "other fish and\n"
    "shells 1 each",
    "Tie: the highest\n"
    "fish number wins\n"
    "it; tied players\n"
    "with no fish\n"
    "share the win",
)

SETUP = (
    "Sandbank in the\n"
    "middle of the\n"
    "table",
    "All cards\n"
    "face-down,\n"
    "shuffled into a\n"
    "loose heap",
    "A shell on 10\n"
    "random cards",
    "Who last went\n"
    "swimming in the\n"
    "sea starts",
)

START = (
    "Who last went\n"
    "swimming in the\n"
    "sea starts"
)

"""Hecht im Karpfenteich help, in the device's words: pages of at most 6 lines of 16 characters.

Loaded by fishtable.ui.help only while help or the set-up checklist is shown, then dropped.
LEGEND explains every entry of helptext.SYMBOLS["hecht"] (a line starts with it; `@name`
lines show that icon); RULES are the device's rulings (README, What the device assumes); SETUP the
rulebook's set-up, one checklist item each ("p2|": only with 2 players); START who begins.
"""

LEGEND = (
    "P1 Red\n"
    " player 1 moves,\n"
    " the ring in red\n"
    "Moved 0 of 7\n"
    " points used; 14\n"
    " after a wave",
    "Their 6 chips:\n"
    "@snail add snail\n"
    "@skip skip turn\n"
    "@wave +7 moves\n"
    "@carp carp breed\n"
    "@pike pike breed",
    "@!snail lit chip:\n"
    "  used in this\n"
    "  round\n"
    "Pikes 2, spare 4\n"
    " yours on the\n"
    " board, in stock",
    "Carp in pond 3\n"
    " hungry or sated\n"
    " (a warning may\n"
    " take the line)\n"
    "Nests with pairs\n"
    " nests breeding",
    "Carp nest 1: die\n"
    " that nest's die\n"
    "1+2\n"
    " a pair: pikes\n"
    " of P1 and P2",
    "Too few carp:\n"
    " short supply:\n"
    " who moves picks\n"
    " each nest's new\n"
    " carp (2 0 1:\n"
    " nest by nest)",
    "new: P1+1\n"
    " P1 gets 1 new\n"
    " pike (by name\n"
    " where it fits)",
    "!Pikes can't eat\n"
    " 4 carp or fewer\n"
    " in the pond\n"
    "!Clear your nest\n"
    " new pikes born\n"
    " in it",
    "!Sated carp join\n"
    " only 3 carp: a\n"
    " third sated one\n"
    " joins a nest\n"
    "!P2 clear nest\n"
    " P2 clears first",
    "!2 clear nests\n"
    " two players do\n"
    "!Last round\n"
    " the game's last\n"
    " round",
    "!Final turn: no\n"
    " pike chip open:\n"
    " the game ends\n"
    " after this turn",
    ">P2 Yellow\n"
    " scoreboard: P2\n"
    " moves next",
)

RULES = (
    "Chips: set the\n"
    "six in Settings\n"
    "to match your\n"
    "board. Default:\n"
    "snail skip wave\n"
    "carp pike wave",
    "At most 4 carp\n"
    "counts the carp\n"
    "in the pond,\n"
    "hungry or sated,\n"
    "in nests or not;\n"
    "not eaten ones",
    "Emigrated pike:\n"
    "counts for its\n"
    "player at once;\n"
    "its stone is\n"
    "back in supply\n"
    "at turn's end",
    "A sated pike\n"
    "that emigrates\n"
    "lets its carp go\n"
    "back to the\n"
    "supply",
    "Carp dice: one\n"
    "die per nest. If\n"
    "carp run short,\n"
    "the player to\n"
    "move picks the\n"
    "nest with fewer",
    "Rounds: 4 with 2\n"
    "players, 3 with\n"
    "3, 2 with more.\n"
    "The last ends\n"
    "when no pike\n"
    "chip is open",
    "Points: pikes on\n"
    "the board and\n"
    "emigrated ones.\n"
    "Tie: more sated\n"
    "pikes wins, else\n"
    "a shared win",
)

SETUP = (
    "Lay out the\n"
    "board",
    "Snails and carp\n"
    "in a supply\n"
    "beside it",
    "One carp in each\n"
    "of the 3 carp\n"
    "nests",
    "Each player: 6\n"
    "pikes of the\n"
    "seat's colour",
    "2 pikes on two\n"
    "adjacent start\n"
    "spaces, 4 kept\n"
    "as supply",
    "p2|2 players: start\n"
    "in adjacent\n"
    "pond sections",
    "6 chips each for\n"
    "the action\n"
    "spaces",
    "Start player:\n"
    "drawn by lot",
)

START = (
    "Start player:\n"
    "drawn by lot"
)

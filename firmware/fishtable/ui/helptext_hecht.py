"""Hecht im Karpfenteich help, in the device's words: pages of at most 6 lines of 16 characters.

Loaded by fishtable.ui.help only while help or the set-up checklist is shown, then dropped.
LEGEND explains every entry of helptext.SYMBOLS["hecht"] (a line starts with it; `@name`
lines show that icon); RULES are the device's rulings (README, What the device assumes); SETUP the
rulebook's set-up, one checklist item each ("p2|": only with 2 players); START who begins.
"""

LEGEND = (
    "P1 Red\n"
    " player 1 moves,\n"
    " the ring in red",
    "Round 1: 7 moves\n"
    " round 1 of the\n"
    " game; 7 steps\n"
    " to move fish\n"
    " this turn, 14\n"
    " after a wave",
    "Entered: eat 2\n"
    " moves entered\n"
    " this turn (the\n"
    " board sees no\n"
    " other moves)",
    "Their 6 chips:\n"
    "@snail add snail\n"
    "@skip skip turn\n"
    "@wave +7 moves\n"
    "@carp carp breed\n"
    "@pike pike breed",
    "Carp breeding\n"
    " the carp chip:\n"
    " carp nests with\n"
    " pairs breed\n"
    "Pike breeding\n"
    " the pike chip",
    "@!snail lit chip:\n"
    "  used in this\n"
    "  round\n"
    "2 pikes, 4 kept\n"
    " on the board;\n"
    " in your supply",
    "Carp in pond 3\n"
    " hungry or sated\n"
    " (a warning may\n"
    " take the line)",
    "Nests with pairs\n"
    " nests breeding\n"
    "Carp nest 1: die\n"
    " that nest's die\n"
    "Nest 1: roll now\n"
    " OK rolls it",
    "Ann+Zoe\n"
    " a pair: pikes\n"
    " of Ann and Zoe;\n"
    " Ann x2: both\n"
    " hers\n"
    "P1 & P2 by seat",
    "Too few carp:\n"
    " short supply:\n"
    " who moves picks\n"
    " each nest's new\n"
    " carp (2 0 1:\n"
    " nest by nest)",
    "1 new pike: P1\n"
    " P1 gets 1 new\n"
    " pike (by name\n"
    " where it fits)",
    "!Pikes can't eat\n"
    " 4 carp or fewer\n"
    " in the pond",
    "!Clear your nest\n"
    " pikes born in\n"
    " it: move out\n"
    " first (shown\n"
    " this turn)",
    "!Share carp nest\n"
    " only 3 carp: a\n"
    " 3rd sated carp\n"
    " goes to a carp\n"
    " in its nest",
    "!P2 clear nest\n"
    " P2 clears first\n"
    "!2 clear nests\n"
    " two players do",
    "!Last round\n"
    " the game's last\n"
    " round (it takes\n"
    " turns with the\n"
    " carp line)",
    "!Final turn: no\n"
    " pike chip open:\n"
    " the game ends\n"
    " after this turn",
    "Most sated won\n"
    " the end: equal\n"
    " pikes; more\n"
    " sated ones on\n"
    " the board won",
    ">P2 Yellow\n"
    " scoreboard: P2\n"
    " moves next",
)

RULES = (
    "Each turn: 7\n"
    "movement points\n"
    "for carp and\n"
    "your own pikes,\n"
    "not all needed.\n"
    "Snails stay put",
    "A step costs 1\n"
    "point; arrow to\n"
    "next arrow space\n"
    "1 point. Pass\n"
    "over fish, stop\n"
    "only to eat",
    "Hungry carp eat\n"
    "snails, hungry\n"
    "pikes eat carp\n"
    "(a carp's snail\n"
    "back to supply);\n"
    "food moves along",
    "One action a\n"
    "turn, before,\n"
    "during or after\n"
    "moving. Cover\n"
    "its chip, even\n"
    "with no effect",
    "All chips\n"
    "covered by all:\n"
    "a new round, all\n"
    "open again",
    "Skip: only at\n"
    "the start of a\n"
    "turn, and once\n"
    "every round (a\n"
    "set has one).\n"
    "Wave: 7 more",
    "Chips: set the\n"
    "six in Settings\n"
    "to match your\n"
    "board. Default:\n"
    "snail skip wave\n"
    "carp pike wave",
    "Nests: only\n"
    "sated fish go\n"
    "in; pikes never\n"
    "in carp nests,\n"
    "carp never in\n"
    "pike nests",
    "No fish in while\n"
    "a hungry one is\n"
    "there; leave a\n"
    "breeding pair\n"
    "alone; no way\n"
    "through a nest",
    "While only 3\n"
    "carp swim, one\n"
    "carp nest stays\n"
    "free: a 3rd\n"
    "sated carp goes\n"
    "to another carp",
    "At most 4 carp\n"
    "in the pond:\n"
    "pikes can't eat\n"
    "them. Counts\n"
    "hungry, sated,\n"
    "in nests or not",
    "Breeding: a nest\n"
    "with 2 sated\n"
    "fish, nothing\n"
    "else. It breeds\n"
    "in all such\n"
    "nests at once",
    "The parents are\n"
    "hungry again,\n"
    "their food back\n"
    "to the supply.\n"
    "Pikes: 1 new\n"
    "pike per parent",
    "New pikes: move\n"
    "them out first,\n"
    "with your next\n"
    "points; a skip\n"
    "blocks the nest\n"
    "one turn more",
    "The device says\n"
    "!Clear your nest\n"
    "in that turn (a\n"
    "skip: the next\n"
    "too); it can't\n"
    "see moves",
    "Carp dice: name\n"
    "the nest, roll\n"
    "one die per\n"
    "nest. If carp\n"
    "run short, the\n"
    "mover picks",
    "Emigrate: a pike\n"
    "leaves over an\n"
    "arrow space, 1\n"
    "point. It counts\n"
    "for its player\n"
    "at once",
    "Its stone is\n"
    "back in supply\n"
    "at turn's end:\n"
    "breeding may\n"
    "bring it back",
    "A sated pike\n"
    "that emigrates\n"
    "lets its carp go\n"
    "back to the\n"
    "supply",
    "Short supply:\n"
    "what can't be\n"
    "done is lost;\n"
    "the player to\n"
    "move decides\n"
    "who gets less",
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

BY_LOT = True  # the rulebook draws lots for who starts (the set-up offers the lot first)

START = (
    "Start player:\n"
    "drawn by lot"
)

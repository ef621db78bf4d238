"""The words and symbols the play screens show, per game: the table the help's legends explain.

Keep it in step with the screens: when a screen shows a new abbreviation or symbol, or one is
renamed, change it here; host_tests/test_help.py then fails until that game's LEGEND (in
helptext_<game>.py) has a line that starts with it.  `@name` is an icon of fishtable.ui.icons
drawn on the line (`@!name`: the icon dark on a lit chip, a covered chip).

The device never imports this module (the legend pages carry the text); it is the checklist
between the screens and their legends.
"""

SYMBOLS = {
    "hifisch": (
        "P2",  # the player to move, big, and their colour's name beside
        "Round 1",  # status
        "Last round",  # status: this round is surely the last
        "Face-up",  # the face-up cards of this round, "S" a shark
        "S",
        "...",  # older face-up cards left out when they do not all fit the line
        "Face-down 36",  # cards face-down
        "Shells on all 10",  # every card never flipped has a shell: no plain fish or shark
        "Sand 2 hidden 8",  # shells on the sandbank, shells still on face-down cards
        "Fish + shell",
        "Green fish",  # the end: each player's points
        "Highest fish",
        ">P2",  # the scoreboard: the player to move
    ),
    "hecht": (
        "P1",
        "@snail",  # the six action chips, open
        "@skip",
        "@wave",
        "@carp",
        "@pike",
        "@!snail",  # a covered chip: the icon dark on a lit square
        "Round 1: move 7",  # the round; the turn's movement points (14 after a wave)
        "Entered: 2 eat",  # what was entered this turn
        "Pikes 2, spare 4",  # the player's pikes on the board, in their supply
        "Carp in pond 3",  # carp in the pond, hungry or sated (a warning takes this line)
        "Carp breeding",  # the carp and pike chips in the turn's list
        "Pike breeding",
        "Nests with pairs",
        "Carp nest 1",  # the carp dice, nest by nest
        "Nest 1: roll now",  # the device rolls nest by nest
        "Too few carp:",  # the supply is short: the player to move picks each nest's share ("2 0 1")
        "P1+P2",  # the owners of a pike breeding pair (names where they fit)
        "new: P1+1",  # new pikes per player of a pike reproduction
        "!Pikes can't eat",  # warnings ("!"), several take turns
        "!Sated carp join",
        "!Clear your nest",
        "!P2 clear nest",
        "!2 clear nests",
        "!Last round",
        "!Final turn",
        ">P2",
    ),
    "yofish": (
        "P1",
        "21 in pile",  # cards left in the draw pile
        "Bonuses",  # the advanced game's hidden bonuses are being entered
        "Card 7 matches",  # how many cards beside the placed one have its colour
        "0 beside it: +7",
        "Card 9 covers",
        "+16, both leave",
        "Final scores:",  # the last bonus entered: the scores before the game is filed
        "Colours differ!",
        "+7",  # the points of the play shown before OK
        ">P1",  # the score strip, the player to move marked
    ),
}

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
        "Face-up",  # the face-up cards of this round ("shark" for a shark)
        "...",  # older face-up cards left out when they do not all fit the line
        "Face-down 36",  # cards face-down
        "Shells on sand 2",  # shells on the sandbank
        "Unflipped: shell",  # every card never flipped has a shell: those come only with it
        "Fish + shell",
        "4 green fish = 8",  # the end: each player's points
        "Highest fish",
        "Top fish won",  # the end: equal points, the highest fish ranked them
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
        "Round 1: 7 moves",  # the round; the turn's movement points (14 after a wave)
        "Entered: eat 2",  # what was entered this turn
        "2 pikes, 4 kept",  # the player's pikes on the board, in their supply
        "Carp in pond 3",  # carp in the pond, hungry or sated (a warning takes this line)
        "Carp breeding",  # the carp and pike chips in the turn's list
        "Pike breeding",
        "Nests with pairs",
        "Carp nest 1",  # the carp dice, nest by nest
        "Nest 1: roll now",  # the device rolls nest by nest
        "Too few carp:",  # the supply is short: the player to move picks each nest's share ("2 0 1")
        "Ann+Zoe",  # the owners of a pike breeding pair (names where they fit)
        "P1 & P2",
        "1 new pike: P1",  # new pikes per player of a pike reproduction
        "!Pikes can't eat",  # warnings ("!"), several take turns
        "!Share carp nest",
        "!Clear your nest",
        "!P2 clear nest",
        "!2 clear nests",
        "!Last round",
        "!Final turn",
        "Most sated won",  # the end: equal pikes, the sated pikes ranked them
        ">P2",
    ),
    "yofish": (
        "P1",
        "21 in pile",  # cards left in the draw pile
        "Bonuses",  # the advanced game's hidden bonuses are being entered
        "Card 7 matches",  # how many cards beside the placed one have its colour
        "none: value +7",
        "Card 9 covers",
        "+16, both leave",
        "Final scores:",  # the last bonus entered: the scores before the game is filed
        "Colours differ!",
        "+7",  # the points of the play shown before OK
        ">P1",  # the score strip, the player to move marked
    ),
}

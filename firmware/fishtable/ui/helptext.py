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
        "R1",  # status: round
        "down 36",  # status: face-down cards
        "up",  # the face-up cards of this round, "S" a shark
        "S",
        "sand 2",  # shells on the sandbank
        "hidden 8",  # shells still on face-down cards
        "Fish + shell",
    ),
    "hecht": (
        "P1",
        "pk2",  # the player's pikes on the board
        "0/14",  # moves entered / movement points of the turn
        "@snail",  # the six action chips, open
        "@skip",
        "@wave",
        "@carp",
        "@pike",
        "@!snail",  # a covered chip: the icon dark on a lit square
        "Carp3/11",  # carp in the pond / in the supply
        "Snl0/12",  # snails on the board / in the supply
        "Nests with pairs",
        "1+2",  # the owners of a pike breeding pair
        "new: P1+1",  # new pikes per player of a pike reproduction
        "No eating",  # warnings, lit
        "3rd sated carp",
        "Clear nest",
    ),
    "yofish": (
        "P1",
        "pile 21",  # cards left in the draw pile
        "bonus",  # the advanced game's hidden bonuses are being entered
        "Matching: 7",
        "9 covers",
        "+7",  # the points of the play shown before OK
        "P1 P2 P3",  # the score strip, the player to move lit
    ),
}

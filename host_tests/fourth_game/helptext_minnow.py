"""Minnow's help (see minnow.py): pages of at most 6 lines of 16 characters."""

LEGEND = ("Caught:\n how many the\n player took",)
RULES = ("Two rounds.\nMost minnows win.",)
SETUP = ("A pond of\nminnows",)
START = "Anyone starts"

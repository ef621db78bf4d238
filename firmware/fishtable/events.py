"""The key events, one code each: what the inputs (fishtable.hw.keys, fishtable.cp.keys) produce
and the screens (fishtable.ui) take.  PREV/NEXT move, OK chooses, BACK is a long press of OK;
DOWN says OK has just gone down (only from inputs made with down_event=True)."""

from micropython import const

NONE = const(0)
PREV = const(1)
NEXT = const(2)
OK = const(3)
BACK = const(4)
DOWN = const(5)
NAMES = ("NONE", "PREV", "NEXT", "OK", "BACK", "DOWN")

"""The CircuitPython edge: the same hardware interface as `fishtable.hw`, built on CircuitPython's
own modules (displayio + adafruit_displayio_ssd1306, neopixel, keypad, rotaryio, storage).

Nothing here is imported under MicroPython; `fishtable.hw` is never imported here except its
pure parts (ring patterns, key constants).  See docs/circuitpython.md.
"""

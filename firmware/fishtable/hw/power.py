"""A profile's optional `power` and `battery` sections (imported only for a profile that has one):
checked with the profile, then fitted to the hardware.  Without them `board.build()` gives the
board the defaults: the USB sense on GP24 and light sleep between events on battery.

    "power": {"vbus": 24, "sleep": true, "keepalive_s": 0, "keepalive_ms": 100}

`vbus`: the USB power sense, 24 (Pico, Pico 2), "WL_GPIO2" (Pico W) or null (none: then the
board never light-sleeps); `sleep`: light sleep between events while on battery; `keepalive_s`
(0: off) and `keepalive_ms`: a power bank's keep-alive pulse (fishtable.hw.keepalive).  The
`battery` section is fishtable.hw.battery's.
"""


def check(c, data, profile):
    """Check the sections into `profile` (c: fishtable.hw.board._Checker; a mistake is its BoardError)."""
    if "power" in data:
        if not isinstance(data["power"], dict):
            c.fail("power", "must be a {...} section")
        vbus = data["power"].get("vbus", 24)
        if vbus is not None and vbus != 24 and vbus != "WL_GPIO2":
            c.fail("power.vbus", "= %r must be 24 (Pico, Pico 2), \"WL_GPIO2\" (Pico W) or null" % (vbus,))
        profile["power"] = {"vbus": vbus, "sleep": c.flag("power", "sleep", True),
                            "keepalive_s": c.number("power", "keepalive_s", 0, 60, 0),
                            "keepalive_ms": c.number("power", "keepalive_ms", 10, 1000, 100)}
    if "battery" in data:
        from fishtable.hw.battery import check as check_battery

        profile["battery"] = check_battery(c, data["battery"])


def fit(hw, profile, machine):
    """The USB sense, light sleep, battery gauge and keep-alive of a checked profile onto `hw`."""
    power = profile.get("power") or {"vbus": 24, "sleep": True, "keepalive_s": 0}
    if power["vbus"] is not None:
        hw.vbus = machine.Pin(power["vbus"], machine.Pin.IN)
        if power["sleep"]:
            hw.lightsleep = machine.lightsleep  # (only with a USB sense: never while USB is there)
    if "battery" in profile:
        from fishtable.hw.battery import open_gauge

        hw.battery = open_gauge(profile["battery"], hw.i2c, machine)
        if hw.display is not None:
            hw.battery.show_with_mark(hw.display)
    if power["keepalive_s"]:
        from fishtable.hw.keepalive import KeepAlive

        hw.keepalive = KeepAlive(hw.ring, power["keepalive_s"], power["keepalive_ms"])

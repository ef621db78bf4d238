"""firmware/main.py started in a folder of its own (config.txt, boards/, data/) over the device
models, as often as wanted in one process: what the board shows after it started (test_damage.py;
under CPython, the MicroPython unix port and the WebAssembly VM)."""

import os


def boot(folder, main_py, panel=True, keys=(("wait", 1500),), seed=1):
    """Start `main_py` with `folder` as the board's flash (the current folder), press `keys` (key
    script items) and let it settle; returns {"glass": hex of the panel's glass (or ""), "ring":
    the ring's first LED, "lit": the ring's channels added up}; what the console said is printed."""
    import binascii

    from simlib import simrun

    here = os.getcwd()
    os.chdir(folder)
    try:

        def make_keys(hw, profile, frames):
            inp = profile["input"]
            pins = {"prev": inp["prev"], "next": inp["next"], "ok": inp["ok"]}
            return simrun.PinScript(list(keys), hw.keys, pins, frames.capture)

        model, clock, frames = simrun.install(seed, folder + "/data", make_keys)
        frames.emit = False
        if not panel:
            from devices import machine_model

            machine_model.bus(0).devices.clear()  # nothing answers on the panel's bus
        import devices

        devices.set_clock(clock.ticks_ms)
        with open(main_py) as f:
            code = f.read()
        try:
            exec(code, {"__name__": "__main__"})
        except simrun.Done:
            pass
        if frames.pixels is None:  # a board error before the app: the ring the error screen lit
            import neopixel

            frames.pixels = neopixel.instances[-1] if neopixel.instances else None
        frames.capture(clock.ms)
        glass = binascii.hexlify(frames.glass).decode() if panel else ""
        return {"glass": glass, "ring": list(frames.ring[:3]), "lit": sum(frames.ring)}
    finally:
        os.chdir(here)

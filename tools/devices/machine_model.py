"""A `machine` stand-in for the host (CPython and the MicroPython unix port).

Pins share one level table by GPIO number, as on the chip: a test drives a pin from
outside with `drive(n, level)` (None releases it to its pull).  A pin's `irq()` handler is
called on each matching edge, at once, with the pin (a `hard=True` handler runs with the
heap locked under MicroPython, so an allocation in it fails as on the board); between
`disable_irq()` and `enable_irq()` edges are latched and each pin's handler runs once when
interrupts come back on, as on the RP2040 (e.g. during a flash erase).  I2C writes go to device
models attached to a bus; a bus can fail the next N writes or have a device unplugged,
raising OSError(EIO) like the RP2040 on a missing ACK.  Each bus also counts bytes,
transactions and the time they take on the wire at the I2C frequency.  The board is on USB
power (the VBUS sense, GP24, reads 1) until a test drives GP24 low; `lightsleep(ms)` calls
the sleeper set with `set_sleeper(func)` (the simulator's: virtual time until the next key).
"""

EIO = 5

VBUS = 24
_levels = {VBUS: 1}  # GPIO -> level driven from outside (0/1); USB power on the VBUS sense
_pins = {}  # GPIO -> _PinState (mode, pull, output value, irq handler)
_buses = {}
_irq = {"enabled": True, "pending": []}  # GPIOs whose edges wait for interrupts to be enabled


def reset():
    """Forget every pin level, pin and bus (a fresh board); interrupts on."""
    _levels.clear()
    _levels[VBUS] = 1
    _pins.clear()
    _buses.clear()
    _irq["enabled"] = True
    del _irq["pending"][:]


def drive(gpio, level):
    """Drive `gpio` from outside to 0/1, or release it (None); fires a matching pin IRQ."""
    before = _read(gpio)
    if level is None:
        _levels.pop(gpio, None)
    else:
        _levels[gpio] = 1 if level else 0
    after = _read(gpio)
    state = _pins.get(gpio)
    if state is not None and state._handler is not None and before != after:
        if (after == 0 and state._trigger & Pin.IRQ_FALLING) or (after == 1 and state._trigger & Pin.IRQ_RISING):
            if _irq["enabled"]:
                _call(state)
            elif gpio not in _irq["pending"]:
                _irq["pending"].append(gpio)


def _call(state):
    if state._hard and _heap_lock is not None:
        _heap_lock()
        try:
            state._handler(state.pin)
        finally:
            _heap_unlock()
    else:
        state._handler(state.pin)


def disable_irq():
    """Interrupts off: edges are latched until enable_irq(); returns the previous state."""
    was = _irq["enabled"]
    _irq["enabled"] = False
    return was


def enable_irq(state=True):
    """Restore the state disable_irq() returned; latched edges run each pin's handler once (by GPIO)."""
    _irq["enabled"] = bool(state)
    if state:
        pending = sorted(_irq["pending"])
        del _irq["pending"][:]
        for gpio in pending:
            pin = _pins.get(gpio)
            if pin is not None and pin._handler is not None:
                _call(pin)


try:
    from micropython import heap_lock as _heap_lock
    from micropython import heap_unlock as _heap_unlock
except ImportError:  # CPython (the host shim has no heap to lock)
    _heap_lock = _heap_unlock = None


def level(gpio):
    """The level a pin reads now."""
    return _read(gpio)


def _read(gpio):
    if gpio in _levels:
        return _levels[gpio]
    pin = _pins.get(gpio)
    if pin is None:
        return 0
    if pin._mode == Pin.OUT:
        return pin._out
    if pin._pull == Pin.PULL_UP:
        return 1
    return 0


class _PinState:
    """What the chip keeps per GPIO (shared by every Pin object made for it)."""

    def __init__(self):
        self._mode = Pin.IN
        self._pull = None
        self._out = 0
        self._handler = None
        self._trigger = 0
        self._hard = False
        self.alt = -1
        self.pin = None


class Pin:
    """machine.Pin: value(), init(), irq() and the usual constants; state is per GPIO."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, alt=-1):
        self.id = id
        state = _pins.get(id)
        if state is None:
            state = _PinState()
            _pins[id] = state
        state.pin = self
        self._state = state
        self.init(mode, pull, value, alt)

    def init(self, mode=-1, pull=-1, value=None, alt=-1):
        """Set the mode, pull and output value (-1 keeps the current one); `alt` is the function of
        an ALT pin (kept, not modelled)."""
        if alt != -1:
            self._state.alt = alt
        if mode != -1:
            self._state._mode = mode
        if pull != -1:
            self._state._pull = pull
        if value is not None:
            self._state._out = 1 if value else 0

    def value(self, v=None):
        """Read the level, or set the output value."""
        if v is None:
            return _read(self.id)
        self._state._out = 1 if v else 0
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self._state._out = 1

    def off(self):
        self._state._out = 0

    def irq(self, handler=None, trigger=12, hard=False):
        """Remember the handler; `drive()` calls it on a matching edge (see the module's note)."""
        self._state._handler = handler
        self._state._trigger = trigger
        self._state._hard = bool(hard)
        return self

    def __repr__(self):
        return "Pin(%d)" % self.id


class Bus:
    """The wires of one I2C bus: device models by address, faults and counters."""

    def __init__(self, name):
        self.name = name
        self.devices = {}
        self.absent = set()
        self.fail_writes = 0
        self.transactions = 0
        self.bytes = 0  # payload bytes (without the address byte)
        self.bits = 0  # bit times on the wire, start and stop included
        self.freq = 400000  # of the last write (the wire time is bits / freq)

    def attach(self, addr, device):
        """Answer at `addr` with `device` (anything with write(bytes))."""
        self.devices[addr] = device
        self.absent.discard(addr)

    def unplug(self, addr):
        """The device at `addr` stops answering (NACK -> OSError)."""
        self.absent.add(addr)

    def plug(self, addr):
        """The device answers again, freshly powered up (its power_on_reset() is called)."""
        self.absent.discard(addr)
        device = self.devices.get(addr)
        if device is not None and hasattr(device, "power_on_reset"):
            device.power_on_reset()

    def fail_next(self, n=1):
        """The next `n` writes fail with OSError(EIO) whatever the address."""
        self.fail_writes = n

    def present(self):
        return sorted(a for a in self.devices if a not in self.absent)

    def clear_counters(self):
        self.transactions = 0
        self.bytes = 0
        self.bits = 0

    @property
    def seconds(self):
        """The wire time of the writes so far (at the bus frequency)."""
        return self.bits / self.freq

    def write(self, addr, data, freq, parts=None):
        """One transaction of `data` (or of the buffers `parts`, in order, without copying them)."""
        size = len(data) if parts is None else sum(len(p) for p in parts)
        bits = 2 + 9 * (1 + size)  # start, address + ACK, 9 bits a byte, stop
        if self.fail_writes > 0:
            self.fail_writes -= 1
            self.bits += 11
            raise OSError(EIO)
        if addr not in self.devices or addr in self.absent:
            self.bits += 11
            raise OSError(EIO)
        self.transactions += 1
        self.bytes += size
        self.bits += bits
        self.freq = freq
        device = self.devices[addr]
        if parts is None:
            device.write(data)

        elif hasattr(device, "write_parts"):
            device.write_parts(parts)
        else:
            device.write(b"".join(bytes(p) for p in parts))
        return size + 1


class ADC:
    """machine.ADC(29) or ADC(Pin(29)): `read_u16()` gives the level a test set with `set_adc`."""

    def __init__(self, id):
        self.id = getattr(id, "id", id)

    def read_u16(self):
        return _adc.get(self.id, 0)


_adc = {}


def set_adc(gpio, u16):
    """What ADC(gpio).read_u16() reads from now on (0..65535)."""
    _adc[gpio] = u16


def _bus_read_into(bus_, addr, buf):
    """One read transaction from `addr` into `buf` (the device model's `read_into`)."""
    device = bus_.devices.get(addr)
    if device is None or addr in bus_.absent or not hasattr(device, "read_into"):
        bus_.bits += 11
        raise OSError(EIO)
    bus_.transactions += 1
    bus_.bits += 2 + 9 * (1 + len(buf))
    device.read_into(buf)


def bus(name=0):
    """The Bus for an I2C id (0, 1) or "soft"; made on first use."""
    b = _buses.get(name)
    if b is None:
        b = Bus(name)
        _buses[name] = b
    return b


class I2C:
    """machine.I2C: writeto, writevto, scan (reads are not modelled)."""

    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        self.bus = bus(self._bus_name(id))

    def _bus_name(self, id):
        return id

    def scan(self):
        return self.bus.present()

    def writeto(self, addr, buf, stop=True):
        return self.bus.write(addr, buf, self.freq)

    def writevto(self, addr, vector, stop=True):
        return self.bus.write(addr, None, self.freq, vector)

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)

    def readfrom_into(self, addr, buf, stop=True):
        """A read transaction: the device model's `read_into(buf)` fills it (EIO for a device
        without reads, or none at `addr`)."""
        _bus_read_into(self.bus, addr, buf)


class SoftI2C(I2C):
    """machine.SoftI2C on the "soft" bus."""

    def __init__(self, scl=None, sda=None, freq=400000, timeout=50000):
        super().__init__("soft", scl, sda, freq, timeout)


def freq(hz=None):
    """The CPU frequency (reported as the RP2040's 125 MHz)."""
    return 125000000


def unique_id():
    return b"\x00\x01\x02\x03\x04\x05\x06\x07"


def reset_cause():
    return 1


def idle():
    return None


_sleeper = [None]


def set_sleeper(func):
    """`lightsleep(ms)` calls `func(ms)` from now on (None: it returns at once)."""
    _sleeper[0] = func


def lightsleep(ms=None):
    func = _sleeper[0]
    if func is not None:
        func(ms)


def soft_reset():
    raise SystemExit


class RTC:
    """The RP2040's clock: 2021-01-01 00:00 as the rp2 port reads a clock never set, unless the
    environment's FISHTABLE_RTC (`YYYY-MM-DDTHH:MM`, what `mpremote rtc --set` would have set)
    says otherwise: the simulated board then knows the date (tests of the `date` line)."""

    def datetime(self, value=None):
        if value is not None:
            return None
        import os

        text = os.getenv("FISHTABLE_RTC") or ""
        if len(text) == 16:
            return (int(text[0:4]), int(text[5:7]), int(text[8:10]), 0, int(text[11:13]), int(text[14:16]), 0, 0)
        return (2021, 1, 1, 4, 0, 0, 0, 0)

"""The die: fair (chi-square), reproducible from a seed, identical on every interpreter, injectable."""

import pytest

import mprun
from fishtable.core.dice import Die, XorShift32

SEEDS = (1, 2, 12345, 2**31 - 1, 0xDEADBEEF)
ROLLS = 60_000
CHI2_P001_DF5 = 20.52  # chi-square critical value, 5 degrees of freedom, p = 0.001


def chi_square(rolls):
    counts = [0] * 6
    for roll in rolls:
        counts[roll - 1] += 1
    expected = len(rolls) / 6
    return sum((c - expected) ** 2 / expected for c in counts)


class Sequence:
    """An injected source that returns the given 32-bit values in order."""

    def __init__(self, values):
        self.values = list(values)
        self.taken = 0

    def next(self):
        self.taken += 1
        return self.values.pop(0)


def test_xorshift32_known_values():
    # Marsaglia's xorshift32 (13, 17, 5) from state 1.
    gen = XorShift32(1)
    assert [gen.next() for _ in range(3)] == [270369, 67634689, 2647435461]


def test_zero_seed_does_not_stick():
    gen = XorShift32(0)
    values = [gen.next() for _ in range(10)]
    assert 0 not in values and len(set(values)) == 10
    assert XorShift32(2**32).state == XorShift32(0).state  # only the low 32 bits count


@pytest.mark.parametrize("seed", SEEDS)
def test_rolls_are_uniform_chi_square(seed):
    rolls = Die(seed).rolls(ROLLS)
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert chi_square(rolls) < CHI2_P001_DF5


def test_chi_square_detects_a_loaded_die():
    # A die that shows 1 a fifth more often than fair must fail the same check.
    die = Die(7)
    rolls = [1 if i % 30 == 0 else die.roll() for i in range(ROLLS)]
    assert chi_square(rolls) > CHI2_P001_DF5


def test_same_seed_same_rolls_and_different_seeds_differ():
    assert Die(42).rolls(200) == Die(42).rolls(200)
    assert Die(42).rolls(200) != Die(43).rolls(200)
    die = Die(42)
    assert [die.roll() for _ in range(50)] + die.rolls(50) == Die(42).rolls(100)


def test_injected_source_and_rejection_of_the_biased_top():
    limit = 4294967292  # 6 * 715827882: the values at and above it are rejected
    source = Sequence([limit, 2**32 - 1, limit - 1, 0, 7])
    die = Die(source=source)
    assert die.roll() == 6  # limit - 1 is 5 mod 6; the two values above were skipped
    assert source.taken == 3
    assert die.rolls(2) == [1, 2]
    assert source.taken == 5


ROLL_CODE = """
from fishtable.core.dice import Die
for seed in %r:
    print(" ".join(str(r) for r in Die(seed).rolls(300)))
""" % (SEEDS + (0, 2**32 - 1),)


def expected_rolls():
    return "".join(" ".join(str(r) for r in Die(s).rolls(300)) + "\n" for s in SEEDS + (0, 2**32 - 1))


def test_identical_rolls_under_each_interpreter(run_fw):
    assert run_fw(ROLL_CODE) == expected_rolls()


def test_identical_rolls_on_a_32_bit_vm():
    # The Pico is 32-bit: small ints are 31 bits there, so the 32-bit arithmetic goes through big ints.
    assert mprun.run_code("wasm", ROLL_CODE) == expected_rolls()

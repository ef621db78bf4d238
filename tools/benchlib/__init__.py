"""Helpers of `make bench` (tools/bench.py); appbench runs inside MicroPython."""

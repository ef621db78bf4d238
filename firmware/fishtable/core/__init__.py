"""The rules: record reading and writing, the shared ledger, one module per game, the die.

Pure code: no I/O, no clock, no `machine`.  Runs unchanged on the board and on a host.
"""

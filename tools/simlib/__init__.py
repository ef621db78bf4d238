"""The simulator's library: the app in-process (rig), the board in a child process (device,
which runs simrun.py), the soak's random walk (soakwalk), the draw log and the layout check.

simrun.py, soakwalk.py and drawlog.py also run by name under MicroPython (a child process with
this folder and tools/ on its path: tools/mprun.py), so they import each other by their short names.
"""

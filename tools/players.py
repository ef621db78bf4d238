#!/usr/bin/env python3
"""The board's roster and history from the computer, over USB with mpremote (`make players`, `make pull`).

    python3 tools/players.py [--port PORT]                       show the roster and the last seats
    python3 tools/players.py add NAME... | remove NAME... | rename OLD NEW
    python3 tools/players.py set NAME...                         the roster is exactly these names
    python3 tools/players.py backup FILE                         the roster to FILE, one name a line
    python3 tools/players.py restore FILE                        the roster from such a file
    python3 tools/players.py pull [DIR]                          the board's history to DIR (build/history)

The roster is changed by the firmware's own store on the board (fishtable.store: the same
checks as on the device, and its power-cut-safe write), so the board must hold the firmware
(`make flash`).  Names are 1-8 of A-Z a-z 0-9 -, at most 16; Guest is for guests.  After a
change the board is soft-reset, so the app starts again with the new roster.  `pull` copies
/data/history with `mpremote cp -r` and replaces DIR with it (then: make history DIR=...).
--port defaults to the only USB serial device, as for `make flash`.
"""

import argparse
import os
import shutil
import subprocess
import sys

import bootstrap  # noqa: F401 - tools/ and firmware/ on sys.path
import flash

from fishtable.core.games import GAMES as REGISTRY
from fishtable.core.samename import find_name

ROOT = flash.ROOT
HISTORY = "/data/history"
DAMAGED = "/data/damaged"
GAMES = tuple(game.name for game in REGISTRY)  # the registry's games, in its order

# Runs on the board: one call of the store, its answer (or its refusal) printed as a literal.
# `_joined(roster, names)`: the roster with `names` added, each checked as the device's Players
# screen checks it (against the roster and the names before it), so `add` refuses before it writes.
CALL = """
def _joined(roster, names):
    from fishtable.store.roster import MAX_PLAYERS, check_name
    for name in names:
        check_name(name, roster)
        if len(roster) >= MAX_PLAYERS:
            raise ValueError('Roster full: %%d players' %% MAX_PLAYERS)
        roster = roster + [name]
    return roster
%s
try:
    from fishtable.store import Store as _S
except ImportError as _e:
    print(repr(('nofirmware', str(_e))))
else:
    try:
        print(repr(('ok', %s)))
    except Exception as _e:
        print(repr(('refused', str(_e.args[0]) if _e.args else repr(_e))))
"""


class PlayersError(Exception):
    """A reason to stop, with the message for the user."""


def board_call(transport, expression):
    """The value of `expression` (using `_S()`, the board's Store) evaluated on the board."""
    import ast

    kind, value = ast.literal_eval(transport.exec(CALL % (flash.MOUNT, expression)).decode().strip().split("\n")[-1])
    if kind == "nofirmware":
        raise PlayersError("the firmware is not on the board (%s): run make flash first" % value)
    if kind == "refused":
        raise PlayersError(value)
    return value


def read_names(path):
    """The names of a backup file: one a line; blank lines and `#` comments are skipped."""
    with open(path) as handle:
        found = []
        for line in handle:
            line = line.split("#")[0].strip()
            if line:
                found.extend(line.split())
    return found


def show(roster, seats):
    """The roster and the last seats, as text."""
    out = ["%d player%s in the roster%s" % (len(roster), "" if len(roster) == 1 else "s", ":" if roster else "")]
    out.extend("  " + name for name in roster)
    for game in GAMES:
        if seats.get(game):
            names, colours = seats[game]
            seated = []
            for i in range(len(names or colours)):
                name = names[i] if names else "P%d" % (i + 1)
                seated.append(name + (" (%s)" % colours[i] if colours else ""))
            out.append("last %s: %s" % (game, ", ".join(seated)))
    return "\n".join(out) + "\n"


def run_roster(port, command, names, log=print):
    """Do `command` (show, add, remove, rename, set, backup, restore) on the board's roster."""
    transport = flash.connect(flash.find_port(port))
    changed = False
    flash.set_clock(transport)  # the board's clock from this computer's: the date of its next games
    try:
        if command == "add":  # every name checked first, then one write: a refusal changes nothing
            board_call(transport, "_S().save_roster(_joined(_S().roster(), %r))" % (list(names),))
            changed = True
        elif command == "remove":
            roster = board_call(transport, "_S().roster()")
            for name in names:  # all checked before the first is removed
                if find_name(roster, name) < 0:  # Ann and ann are one name
                    raise PlayersError("%s is not in the roster" % name)
            for name in names:
                roster = board_call(transport, "_S().remove_player(%r)" % name)
            changed = True
        elif command == "rename":
            board_call(transport, "_S().rename_player(%r, %r)" % tuple(names))
            changed = True
        elif command in ("set", "restore"):
            board_call(transport, "_S().save_roster(%r)" % (names,))
            changed = True
        roster = board_call(transport, "_S().roster()")
        seats = board_call(transport, "dict((g, _S().last_players(g)) for g in %r)" % (GAMES,))
        if changed:
            transport.exit_raw_repl()
            transport.serial.write(b"\x04")  # soft reset: the app starts again with the new roster
    finally:
        transport.close()
    return roster, seats


def pull(port, dest, log=print):
    """Copy the board's /data/history to `dest` (replacing it); returns the number of games in it."""
    port = flash.find_port(port)
    dest = os.path.abspath(dest)
    parent = os.path.dirname(dest)
    scratch = os.path.join(parent, ".pull-" + os.path.basename(dest))
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    try:
        # mpremote copies a folder into an existing folder under its own name
        # the board's clock from this computer's first, for the date of its next games (a board
        # without a settable clock only writes no dates: its answer is not needed)
        subprocess.run([mpremote_command(), "connect", port, "rtc", "--set"], capture_output=True, timeout=60)
        proc = subprocess.run([mpremote_command(), "connect", port, "cp", "-r", ":" + HISTORY, scratch + "/"],
                              capture_output=True, text=True, timeout=600)
        got = os.path.join(scratch, os.path.basename(HISTORY))
        if proc.returncode != 0 or not os.path.isdir(got):
            why = (proc.stderr or proc.stdout).strip().split("\n")[-1]
            raise PlayersError("could not copy %s from the board (%s); no finished game yet?" % (HISTORY, why))
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(got, dest)
        # the journal parts a repair could not use, if any (tools/history.py reports them)
        subprocess.run([mpremote_command(), "connect", port, "cp", "-r", ":" + DAMAGED, dest + "/"],
                       capture_output=True, text=True, timeout=600)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    from history import games  # either form: games packed in segments, or a file each

    return len(games(dest))


def mpremote_command():
    """The mpremote of the venv (or of PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return here if os.path.exists(here) else (shutil.which("mpremote") or "mpremote")


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="players.py", description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2],
    )
    parser.add_argument("--port", help="serial port of the board (default: the only USB serial device)")
    parser.add_argument("command", nargs="?", default="show",
                        choices=("show", "add", "remove", "rename", "set", "backup", "restore", "pull"))
    parser.add_argument("args", nargs="*", help="names, or the file (backup, restore) or folder (pull)")
    args = parser.parse_args(argv)
    command, rest = args.command, args.args
    wanted = {"show": (0, 0), "add": (1, 99), "remove": (1, 99), "rename": (2, 2), "set": (0, 99),
              "backup": (1, 1), "restore": (1, 1), "pull": (0, 1)}[command]
    if not wanted[0] <= len(rest) <= wanted[1]:
        parser.error("%s takes %s" % (command, {"show": "nothing", "rename": "OLD NEW", "backup": "FILE",
                                                "restore": "FILE", "pull": "at most a folder"}.get(command, "names")))
    from mpremote.transport import TransportError

    try:
        if command == "pull":
            dest = rest[0] if rest else os.path.join(ROOT, "build", "history")
            count = pull(args.port, dest)
            print("%d game%s copied to %s" % (count, "" if count == 1 else "s", os.path.relpath(dest)))
            return 0
        names = rest
        if command == "restore":
            names = read_names(rest[0])
        roster, seats = run_roster(args.port, command, [] if command == "backup" else names)
        if command == "backup":
            text = "# the fishtable roster: one name a line (tools/players.py restore FILE)\n"
            text += "".join(name + "\n" for name in roster)
            if rest[0] == "-":
                sys.stdout.write(text)
            else:
                with open(rest[0], "w") as handle:
                    handle.write(text)
                print("%d names written to %s" % (len(roster), rest[0]))
            return 0
        sys.stdout.write(show(roster, seats))
    except (PlayersError, flash.FlashError) as err:
        print("players: %s" % err, file=sys.stderr)
        return 1
    except OSError as err:
        print("players: %s" % err, file=sys.stderr)
        return 1
    except TransportError as err:
        print("players: the board stopped answering (%s)" % err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

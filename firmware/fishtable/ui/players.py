"""Players: the roster on the device.  A list of the names and "Add player"; a name opens
Rename / Remove.  Names are typed with the letter picker (fishtable.ui.namepick); what the
store refuses (a name already there, a full roster, a guest's name) is said on the screen
and nothing changes."""

from fishtable.core.errors import Invalid
from fishtable.text import n_, t
from fishtable.ui.widgets import Confirm, Menu

ADD = n_("Add player")
RENAME = n_("Rename")
REMOVE = n_("Remove")
FULL = n_("Roster full: %d players. Remove one first")


class RosterList(Menu):
    """The roster's names, then "Add player" (the cursor on `name` when given)."""

    def __init__(self, app, name=None):
        names = app.store.roster()
        values = list(names) + [ADD]  # (a name, or ADD: not the shown label)
        index = values.index(name) if name in values else 0
        Menu.__init__(self, t("Players %d") % len(names), values[:-1] + [t(ADD)], values, _chosen, None, index)


def _refresh(app, name=None):
    """Back to the list, made again from the store."""
    stack = app.stack
    while not isinstance(stack[-1], RosterList):
        stack.pop()
    stack.pop()
    app.push(RosterList(app, name))


def _chosen(app, value):
    if value == ADD:
        room = app.store.roster_room()
        if not room[1]:
            app.message(t(FULL) % room[0])
            return
        from fishtable.ui.namepick import NamePicker

        app.push(NamePicker(t("New player"), _add))
        return
    app.push(Menu(value, [t(RENAME), t(REMOVE)], [RENAME, REMOVE], lambda a, what: _edit(a, value, what)))


def _edit(app, name, what):
    if what == RENAME:
        from fishtable.ui.namepick import NamePicker

        app.push(NamePicker(t("Rename %s") % name, lambda a, new: _rename(a, name, new), name))
    else:
        app.push(Confirm(t("Remove %s? Past games keep the name.") % name, lambda a: _remove(a, name)))


def _add(app, name):
    _change(app, name, app.store.add_player, name)


def _rename(app, old, new):
    _change(app, new, app.store.rename_player, old, new)


def _remove(app, name):
    _change(app, None, app.store.remove_player, name)


def _change(app, shown, change, *args):
    """Make the change on flash; a refusal leaves the picker open with the reason on screen."""
    try:
        change(*args)
    except Invalid as err:
        app.message(str(err.args[0]))
        return
    except OSError as err:
        from fishtable.ui.widgets import flash_error  # (not from ui.app: players is imported below it)

        app.message(flash_error(err))
        return
    _refresh(app, shown)

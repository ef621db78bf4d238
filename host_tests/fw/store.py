"""The store on the interpreter's own filesystem under both interpreters (test_store.py)."""

from fishtable.core.match import Match
from fishtable.session import OVER, Session
from fishtable.store import Store


def real_os(root):
    """Journal, undo, a torn last line repaired, three games into a small history, the settings:
    on the real files at `root`.  Returns the lines it would print."""
    out = []
    session = Session(Store(root=root))
    session.begin(Match("yofish", 3))
    for stmt in [("place", 7, 1), ("cover", 12, 11), ("place", 3, 0)]:
        session.play(stmt)
    session.undo()
    f = open(root + "/journal.fish", "a")
    f.write("cover 12 1")
    f.close()
    got, msg = Store(root=root).resume()
    out.append("%s %s" % (got.statements, msg))
    got, msg = Store(root=root).resume()
    out.append("%s %s" % (msg, open(root + "/journal.bad").read().split("\n")[-1]))
    store = Store(root=root, history_budget=400)
    session = Session(store)
    for _ in range(3):
        session.begin(got)
        while not session.play(("place", 2, 0)) & OVER:
            pass
        out.append(store.history()[0])  # the newest
        got = Match("yofish", 4)
    out.append("%s %s" % (store.history(), store.resume()))
    store.save_settings({"b": 4, "n": "x"})
    out.append(str(Store(root=root).load_settings({"b": 1, "n": "", "z": 0}) == {"b": 4, "n": "x", "z": 0}))
    return out

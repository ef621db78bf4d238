"""The two errors of the core."""


class Invalid(ValueError):
    """A statement (or header line) that the rules refuse; the message says why."""


class RecordError(ValueError):
    """An invalid line in a record: `line` is its 1-based number, `reason` what is wrong."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason

"""What a URL or a form may name: record ids, version numbers and times, checked
against what the database columns hold, so that input past their range is a 404 or a
400, never a query that overflows (a 500)."""

from datetime import UTC, datetime

from django.urls import register_converter

MAX_ID = 2**63 - 1  # BigAutoField
MAX_NUMBER = 2**31 - 1  # PositiveIntegerField (a rule-set version's number)
# Times a request may name: wide enough for any record, narrow enough that moving
# them by a day or into the ward's time zone never leaves datetime's range.
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)


class RecordId:
    """Digits up to 19, within a 64-bit id: anything longer is no record (404), not a
    query that overflows the column (500)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(f"{value} is past the id column's range")
        return number

    def to_url(self, value: int) -> str:
        return str(value)


class VersionNumber(RecordId):
    """A rule-set version's number: digits up to 10, within a 32-bit column."""

    regex = "[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_NUMBER:
            raise ValueError(f"{value} is past the version number's range")
        return number


def record_id_parse(raw: str, *, most: int = MAX_ID) -> int:
    """``raw`` as a record id (1 to ``most``); ValueError for anything else."""
    text = raw.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 19):
        raise ValueError(f"expected a record id, got {raw[:40]!r}")
    if not 0 < int(text) <= most:
        raise ValueError(f"expected a record id, got {raw[:40]!r}")
    return int(text)


def moment_in_range(moment: datetime) -> datetime:
    """``moment`` if it lies between 1900 and 9000; ValueError otherwise."""
    if not EARLIEST <= moment <= LATEST:
        raise ValueError(f"{moment.isoformat()} is outside 1900 to 9000")
    return moment


# Once, here: URL patterns (caretaker/urls.py) and socket routes (caretaker/routing.py)
# import this module for them.
register_converter(RecordId, "id")
register_converter(VersionNumber, "number")

"""URL converters: a record id is what a database id column can hold."""

MAX_ID = 2**63 - 1  # BigAutoField


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

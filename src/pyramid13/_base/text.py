"""Short, safe descriptions of values for error messages.

An error message must stay one readable line whatever it was given: a 10 MB string, a
5,000-digit int (whose ``repr`` Python itself refuses) or an object whose ``repr`` fails.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

__all__ = ["describe", "shorten"]

#: The longest piece of a caller's text or value that an error message quotes.
QUOTE_LIMIT = 60


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` cut to at most `limit` characters, with ``...`` where it was cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short ``repr`` of `value` for an error message; never raises.

    Examples:
        >>> describe("x" * 100, limit=10)
        "'xxxxxx..."
        >>> describe(10**5000)
        'an int of 5001 digits'
        >>> describe(-7)
        '-7'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 190:
        digits = len(str(abs(value))) if value.bit_length() < 10_000 else _digits(abs(value))
        sign = "a negative" if value < 0 else "an"
        return f"{sign} int of {digits} digits"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return shorten(text, limit)


def _digits(value: int) -> int:
    """The number of decimal digits of a positive int, without converting it to text."""
    digits = int(value.bit_length() * 0.30102999566398120) + 1
    while digits > 1 and 10 ** (digits - 1) > value:
        digits -= 1
    while 10**digits <= value:
        digits += 1
    return digits

"""Text from files and databases made safe to print on a terminal.

A ruleset's name, a player's name or an imported row is data, and data may hold control
characters: an OSC or CSI sequence can retitle the window, move the cursor or hide text, a CR or
BS can overwrite what was printed. ``printable`` shows each such character as an escape instead
(``\\x1b``, ``\\r``, ``\\u009b``), so what the file says is what the player sees.
"""

from __future__ import annotations

import unicodedata


def _escape(char: str) -> str:
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    if char == "\t":
        return "\\t"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def is_unsafe(char: str) -> bool:
    """C0 and C1 controls, DEL, and the other characters a terminal may act on rather than show
    (format characters such as bidirectional overrides, line and paragraph separators)."""
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character escaped; newlines kept when ``keep_newlines``."""
    if text.isprintable():  # no control, format or separator character, newlines included
        return text  # the common case, without a per-character walk
    return "".join(
        char if not is_unsafe(char) or (keep_newlines and char == "\n") else _escape(char) for char in text
    )


def json_escaped(text: str, *, keep_newlines: bool = False) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with every character a terminal
    acts on written as a ``\\u`` escape, which json itself leaves raw (C1 controls, DEL, U+2028,
    bidirectional overrides); newlines kept when ``keep_newlines`` (indented JSON)."""
    if text.isprintable():
        return text
    return "".join(_json_escape(char) if is_unsafe(char) and not (keep_newlines and char == "\n") else char
                   for char in text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # outside the basic plane JSON spells a character as a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"

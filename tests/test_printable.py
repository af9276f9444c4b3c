"""Control characters from data are shown escaped, never sent to the terminal."""

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from patience.printable import printable


def test_plain_text_and_polish_letters_are_unchanged():
    assert printable("Kwadratura Koła ♥ 10") == "Kwadratura Koła ♥ 10"


def test_terminal_controls_are_escaped():
    assert printable("a\x1b]0;owned\x07b") == "a\\x1b]0;owned\\x07b"
    assert printable("x\ry\bz") == "x\\ry\\x08z"
    assert printable("\x9b31m") == "\\x9b31m"  # the 8-bit CSI
    assert printable("left\u202eright") == "left\\u202eright"  # a bidirectional override


def test_newlines_kept_only_when_asked():
    assert printable("a\nb") == "a\\nb"
    assert printable("a\nb", keep_newlines=True) == "a\nb"
    assert printable("a\n\x1bb", keep_newlines=True) == "a\n\\x1bb"


@given(st.text())
def test_nothing_unsafe_survives(text):
    shown = printable(text)
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn") for c in shown)

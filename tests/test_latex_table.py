"""bibtext's table of braced accents and letters gives what pylatexenc gives (bibtext.to_text
skips pylatexenc, and does not import it, where the table and the simple rules suffice)."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from sitemigrate.formats import bibtext


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def _forms() -> list[str]:
    letters = [*string.ascii_letters, "\\i", "\\j"]
    forms = [f"{{\\{m}}}" for m in bibtext._LETTER_MACROS]
    for accent in bibtext._ACCENT_MARKS:
        for letter in letters:
            if accent.isalpha():  # \c{c}: a letter accent takes its letter in braces
                forms.append(f"{{\\{accent}{{{letter}}}}}")
            else:
                forms += [f"{{\\{accent}{letter}}}", f"{{\\{accent}{{{letter}}}}}"]
    return forms


FORMS = _forms()


def test_every_form_of_the_table_reads_as_pylatexenc_reads_it():
    differ = []
    for form in FORMS:
        for text in (form, f"Ab{form}cd", f"x {form} y--z"):
            got = bibtext._table_text(text)
            if got is not None and _norm(got) != _norm(bibtext._pylatexenc_text(text)):
                differ.append((text, got, bibtext._pylatexenc_text(text)))
    assert differ == []
    assert sum(bibtext._table_text(f"a{f}") is not None for f in FORMS) > 400  # it is taken


PIECES = ["a", "Zb", "é", "1", " ", "-", "--", "---", "{", "}", "~", ".", ",", "\\&", "\\%",
          "{GPU}", *FORMS[::7]]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(PIECES), max_size=10).map("".join))
def test_table_text_agrees_with_pylatexenc(latex):
    got = bibtext._table_text(latex)
    if got is not None:
        assert _norm(got) == _norm(bibtext._pylatexenc_text(latex))


def test_names_of_the_generated_bibliography_skip_pylatexenc():
    for latex, text in [(r"Garc{\'\i}a", "García"), (r"{\O}stberg", "Østberg"),
                        (r"Fran{\c{c}}ois", "François"), (r"Br{\aa}ten", "Bråten"),
                        (r"M{\"u}ller", "Müller"), (r"Y{\i}lmaz", "Yılmaz")]:
        assert bibtext._table_text(latex) == text

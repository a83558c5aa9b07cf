"""Links an owner's bibliography layout made of an entry's fields, when an upgrade takes the
new checkout's layout, which links other fields under the same labels. Invented people."""

from __future__ import annotations

from sitemigrate.formats.bibtex import parse_bib
from sitemigrate.jekyll.bibshown import shown_as_note
from sitemigrate.report import Report


def _site(root, layout):
    (root / "_layouts").mkdir(parents=True)
    (root / "_config.yml").write_text("scholar:\n  bibliography_template: bib\n")
    (root / "_layouts/bib.liquid").write_text("---\n---\n" + layout)


def test_two_moved_links_of_one_entry_are_each_kept(tmp_path):
    """An entry with two links the owner's layout made (`Video` of `film`, `Slides` of
    `deck`) that the new layout links from other fields under the same labels (`video`,
    `slides`): the entry gets both, each said once, and neither is reported lost (the
    second used to be: the entry's text had changed with the first)."""
    src, dest = tmp_path / "src", tmp_path / "dest"
    _site(src, '<a href="{{ entry.film }}" class="btn">Video</a>\n'
               '<a href="{{ entry.deck }}" class="btn">Slides</a>\n')
    _site(dest, '{% if entry.video %}<a href="{{ entry.video }}">Video</a>{% endif %}\n'
                '{% if entry.slides %}<a href="{{ entry.slides }}">Slides</a>{% endif %}\n')
    text = ("@inproceedings{vale2022fern,\n  title = {Ferns at Dusk},\n"
            "  film = {https://example.org/fern.mp4},\n  deck = {fern-deck.pdf},\n}\n\n"
            "@misc{vale2021reed,\n  title = {Reeds},\n  deck = {reeds.pdf}\n}\n")
    report = Report()
    out = shown_as_note(text, "_bibliography/papers.bib", src, dest, report)
    fields = {e.key: e.fields for e in parse_bib(out).entries}
    assert fields["vale2022fern"]["video"] == "https://example.org/fern.mp4"
    assert fields["vale2022fern"]["slides"] == "fern-deck.pdf"
    assert fields["vale2022fern"]["film"] == "https://example.org/fern.mp4"  # kept as written
    assert fields["vale2021reed"]["slides"] == "reeds.pdf"
    said = [(f.severity, f.message) for f in report.findings if f.code == "bib-link-shown"]
    assert not [m for s, m in said if s == "loss"]
    assert len(said) == 3 and all(f.line for f in report.findings)


def test_two_moved_links_onto_one_label_keep_the_first(tmp_path):
    """Two of the owner's links under one label (`Code` of `repo` and of `source`) that the
    new layout links from one field: the entry gets the first; the second is said lost."""
    src, dest = tmp_path / "src", tmp_path / "dest"
    _site(src, '<a href="{{ entry.repo }}">Code</a>\n<a href="{{ entry.source }}">Code</a>\n')
    _site(dest, '<a href="{{ entry.code }}">Code</a>\n')
    text = ("@article{vale2020moss,\n  title = {Moss},\n  repo = {https://example.org/a},\n"
            "  source = {https://example.org/b}\n}\n")
    report = Report()
    out = shown_as_note(text, "_bibliography/papers.bib", src, dest, report)
    assert parse_bib(out).entries[0].fields["code"] == "https://example.org/a"
    lost = [f.message for f in report.findings if f.code == "bib-link-shown"
            and f.severity == "loss"]
    assert len(lost) == 1 and "`source`" in lost[0]

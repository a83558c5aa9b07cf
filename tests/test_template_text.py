"""The template's example text recognised in versions between the checkouts the table knows
(sitemigrate.template_text): an example post reworded a little, re-keyed or renamed, an example
CV of another month, an example BibTeX entry with other fields are the template's; an item the
owner named or wrote into, a data file with the owner's name in it, and an about page in the
template's shape with the owner's text are the owner's.

The template is an invented miniature in the shape of al-folio (file and key names only); its
table is made by the same function as the shipped ones (scripts/template_digests.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_checkout import _write

import sitemigrate.template_files as tf
from sitemigrate import template_text
from sitemigrate.api import read_site
from sitemigrate.registry import get_theme
from sitemigrate.report import Report

POST = ("---\nlayout: post\ntitle: a post with pictures\ndate: 2015-05-15\n"
        "description: what pictures of the example look like\ntags: pictures\n---\n"
        "Lanterns drift over the harbour while the ferryman counts copper coins and hums an "
        "old tune about salt, rope and the long winter.\n\n"
        '<div class="row">\n{% include figure.html path="assets/img/9.jpg" %}\n</div>\n\n'
        "A caption can sit between rows of pictures, after each row, or nowhere at all, "
        "whichever suits the page you are making.\n\n"
        "Gulls argue on the pier about bread crusts, the tide turns twice a day, and the "
        "lighthouse keeper writes letters nobody answers.\n")
PROJECT = ("---\nlayout: page\ntitle: project 1\ndescription: a project with a picture\n"
           "img: assets/img/12.jpg\nimportance: 1\n---\n"
           "Every project has a page of its own where pictures sit in a grid of three "
           "columns, and you can make each picture a third, two thirds or the full width.\n\n"
           "The grid keeps its rows even on a small screen, and each picture can carry a "
           "short caption below it that explains what it shows.\n")
CV = ("- title: General Information\n  type: map\n  contents:\n"
      "    - name: Full Name\n      value: Nobody Example Person\n"
      "    - name: Date of Birth\n      value: 1st of January 1900\n"
      "    - name: Languages\n      value: Esperanto, Volapuk and the language of birds\n"
      "- title: Education\n  type: time_table\n  contents:\n"
      "    - title: Doctorate in Imaginary Studies\n      institution: University of Nowhere,"
      " Faraway\n      year: 1925\n      description:\n"
      "        - Thesis on the weather of countries that do not exist\n"
      "        - Supervised by the example person's own example advisor\n")
ENTRY = ("@article{nobody1925weather,\n  title={On the Weather of Countries That Do Not Exist},\n"
         "  author={Person, Nobody Example},\n  journal={Annals of Nowhere},\n  year={1925}\n}\n")
ABOUT = ("---\nlayout: about\ntitle: about\npermalink: /\nsubtitle: affiliations, address\n"
         "profile:\n  align: right\n  image: prof_pic.jpg\n---\n"
         "Write your story here. Tell the visitors who you are, what you study and where "
         "they can find your papers, your code and your email address.\n\n"
         "Put your address below your picture, or switch any of these parts off in the front "
         "matter of this page; your publications page is made from your bibliography file.\n")


def _template(root: Path) -> Path:
    return _write(root, {
        "_config.yml": "first_name: Nobody\nlast_name: Person\n",
        "_pages/about.md": ABOUT,
        "_posts/2015-05-15-images.md": POST,
        "_projects/1_project.md": PROJECT,
        "_data/cv.yml": CV,
        "_bibliography/papers.bib": ENTRY,
        "_layouts/about.liquid": "{{ content }}\n",
    })


@pytest.fixture
def template(tmp_path, monkeypatch):
    """A checkout of the miniature template; its table knows that checkout only."""
    tpl = _template(tmp_path / "al-folio-2099")
    built = tf.build_table(get_theme("al-folio"), [tpl])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         template_text.load_text(built["text"]))
    monkeypatch.setattr(tf, "templates", lambda theme: known if theme.name == "al-folio"
                        else tf.Templates())
    return tpl


def _owner(template: Path, tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "owner"
    shutil.copytree(template, src)
    _write(src, {"_config.yml": "first_name: Vera\nlast_name: Vega\n", **files})
    return src


def _older(text: str) -> str:
    """The same file as an older version of the template had it: a word or two reworded,
    a front-matter key it did not have yet, other markup."""
    return (text.replace("tags: pictures\n", "").replace("importance: 1\n", "")
            .replace("Lanterns drift", "Lanterns float").replace("nowhere at all", "not at all")
            .replace('{% include figure.html path="assets/img/9.jpg" %}',
                     '<img class="col three" src="{{ site.baseurl }}/assets/img/9.jpg">')
            .replace("project 1", "Project 1").replace("short caption", "small caption"))


def test_an_example_item_of_another_version_is_the_templates(template, tmp_path):
    """No checkout has these bytes: the example post (its old extension too) and project
    as an older version of the template had them."""
    src = _owner(template, tmp_path, {"_projects/1_project.md": _older(PROJECT),
                                      "_posts/2015-05-15-images.markdown": _older(POST)})
    (src / "_posts/2015-05-15-images.md").unlink()
    assert not tf.templates(get_theme("al-folio")).owners(
        "_projects/1_project.md", (src / "_projects/1_project.md").read_bytes())
    report = Report()
    site = read_site(src, "al-folio", report)
    assert site.posts == [] and site.projects == []
    lines = [f.message for f in report.findings if f.code == "template-content"]
    assert any(m.startswith("posts: 1 item") for m in lines), lines


def test_an_item_the_owner_named_or_wrote_is_theirs(template, tmp_path):
    """The example project with the owner's title (its text still the template's), and the
    example post with its title kept but the owner's own paragraphs, are the owner's."""
    mine = ("---\nlayout: post\ntitle: a post with pictures\ndate: 2024-05-01\n---\n"
            "Vera Vega planted moon gardens on the roof of the observatory in the spring of "
            "2024, and measured how the tides of the soil follow the phases.\n\n"
            "The beans grew best at the new moon; the radishes never cared, and the "
            "tomatoes climbed the telescope mount before anyone could stop them.\n\n"
            "A caption can sit between rows of pictures, after each row, or nowhere at all, "
            "whichever suits the page you are making.\n")
    src = _owner(template, tmp_path, {
        "_projects/1_project.md": PROJECT.replace("title: project 1", "title: Moon gardens"),
        "_posts/2015-05-15-images.md": mine})
    site = read_site(src, "al-folio", Report())
    assert [p.title for p in site.projects] == ["Moon gardens"]
    assert [p.title for p in site.posts] == ["a post with pictures"]
    assert "Vera Vega planted moon gardens" in site.posts[0].body


def test_example_cv_data_of_another_version_is_not_the_owners(template, tmp_path):
    """The example person's CV with a year of another version is the template's; the same
    CV with the owner's name and languages in it is the owner's."""
    page = {"_pages/cv.md": "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n"}
    src = _owner(template, tmp_path, {**page, "_data/cv.yml": CV.replace("1925", "1926")})
    assert read_site(src, "al-folio", Report()).cv is None
    mine = CV.replace("Nobody Example Person", "Vera Vega").replace(
        "Esperanto, Volapuk and the language of birds", "Catalan and Basque")
    src = _owner(template, tmp_path / "b", {**page, "_data/cv.yml": mine})
    cv = read_site(src, "al-folio", Report()).cv
    assert cv is not None and "Vera Vega" in str(cv.sections)


def test_an_example_entry_with_other_fields_is_the_templates(template, tmp_path):
    """An example BibTeX entry as another version wrote it (a field added, others moved) is
    the template's; the owner's entries stay, one with an example key too."""
    other = ("@article{nobody1925weather,\n  abbr={AoN},\n  title={On the Weather of Countries"
             " That Do Not Exist},\n  journal={Annals of Nowhere},\n  year={1925},\n"
             "  author={Person, N. E.},\n  selected={true}\n}\n")
    mine = ("@article{vega2024tides,\n  title={Tidal Gardens of the Moon},\n  year={2024}\n}\n"
            "@article{nobody1925weather,\n  title={Soil Tides Under a New Moon},\n"
            "  year={2025}\n}\n")
    src = _owner(template, tmp_path, {"_bibliography/papers.bib": other + "\n" + mine,
                                      # jekyll-scholar shows a file where a tag lists it
                                      "_pages/publications.md": "---\nlayout: page\npermalink: "
                                      "/publications/\n---\n{% bibliography -f papers %}\n"})
    site = read_site(src, "al-folio", Report())
    assert sorted(p.title for p in site.publications) == [
        "Soil Tides Under a New Moon", "Tidal Gardens of the Moon"]


def test_the_owners_about_page_in_the_templates_shape_is_theirs(template, tmp_path):
    """An about page with the template's front matter, layout and paragraph shape but the
    owner's words is the owner's home page, in a switch and in an upgrade."""
    from sitemigrate.api import convert
    about = ABOUT.replace(
        "Write your story here. Tell the visitors who you are, what you study and where "
        "they can find your papers, your code and your email address.",
        "Vera Vega studies how the tides of the soil follow the moon, and grows gardens on "
        "the roof of the observatory to measure them.")
    src = _owner(template, tmp_path, {"_pages/about.md": about})
    site = read_site(src, "al-folio", Report())
    assert "Vera Vega studies how the tides" in site.page("about").body
    dest = shutil.copytree(template, tmp_path / "dest")
    plan = convert(src, dest, to="al-folio")
    assert b"Vera Vega studies how the tides" in plan.files["_pages/about.md"]


def test_near_needs_enough_words_of_the_templates():
    """Words the template has, in an order of the owner's that no shingle holds, are the
    owner's; a short file without a title is the template's only byte for byte."""
    words = [f"w{i}" for i in range(10)] * 3
    facts = template_text.load_text(template_text.build_text(
        [("_data/cv.yml", ("- " + " ".join(words)).encode())], []))
    assert facts.near("_data/cv.yml", ("- " + " ".join(words)).encode())
    assert not facts.near("_data/cv.yml", ("- " + " ".join(reversed(words))).encode())
    assert not facts.near("_data/cv.yml", ("- " + " ".join(words[:10])).encode())
    assert not facts.near("_data/cv.yml", ("- Vera Vega " + " ".join(words)).encode())


def test_shipped_tables_hold_facts_of_the_example_text_only():
    """The shipped tables have the example text's facts, as numbers and digests."""
    import json
    for theme in ("al-folio", "academicpages"):
        known = tf.templates(get_theme(theme))
        assert len(known.text.shingles) > 1000 and known.text.titles, theme
        assert all(len(t) == 16 and set(t) <= set("0123456789abcdef")
                   for t in known.text.titles | known.text.entries | known.text.keys)
        package = Path(tf.__file__).parent / "themes" / theme.replace("-", "") / tf.TABLE
        text = json.loads(package.read_text("utf-8"))["text"]
        assert set(text) == {"k", "shingles", "titles", "entries", "keys"}
        assert len(known.text.keys) <= len(known.text.entries)


def test_a_data_file_nested_deeper_than_python_reads_is_words_not_a_crash():
    facts = template_text.load_text(template_text.build_text(
        [("_data/cv.yml", b"- one two three four five six")], []))
    deep = b"[" * 200_000 + b"]" * 200_000
    assert template_text.prose("assets/json/resume.json", deep) == ([], None)
    assert not facts.near("assets/json/resume.json", deep)
    assert list(template_text.strings([[["a", {"k": ["b"]}], "c"]])) == ["a", "b", "c"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["tide", "gauge", "salt", "marsh", "heron", "reed"]),
                min_size=template_text.UNTITLED_WORDS, max_size=120),
       st.lists(st.sampled_from(["tide", "gauge", "salt", "marsh", "heron", "reed"]),
                min_size=template_text.K, max_size=60))
def test_the_early_stop_of_an_untitled_file_agrees_with_counting_every_word(words, example):
    """`near` stops reading a long file once more of its words than an example may leave
    uncovered are: it never stops a file that counting every word would find near."""
    text = template_text.ExampleText(shingles=frozenset(template_text.shingles(example)))
    share, _ = text.uncovered(words)
    if not text._covered_enough(words):
        assert share > template_text.UNTITLED
    if share <= template_text.UNTITLED:
        assert text._covered_enough(words)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["tide", "gauge", "salt", "marsh", "heron", "reed"]),
                max_size=40),
       st.lists(st.sampled_from(["tide", "gauge", "salt", "marsh", "heron", "reed"]),
                max_size=40),
       st.integers(1, 8), st.integers(0, 8))
def test_the_early_stop_of_a_paragraph_agrees_with_counting_every_word(words, example, most,
                                                                        longest):
    """`few_uncovered` stops reading a paragraph as soon as too many of its words, or too
    long a run of them, are uncovered: its answer is the one counting every word gives."""
    text = template_text.ExampleText(shingles=frozenset(template_text.shingles(example)))
    share, run = text.uncovered(words)
    assert text.few_uncovered(words, most, longest) == (
        round(share * len(words)) < most and run <= longest)


def test_an_example_projects_description_kept_on_the_owners_project_is_reported(
        tmp_path, monkeypatch):
    """The owner wrote their own project (title, text) over the template's example one but
    kept its one-line `description`, which the project's page and listing show: the table
    knows the example items' descriptions too, so the example-text report names its line."""
    from sitemigrate.example_paragraphs import example_blocks
    tpl = _template(tmp_path / "al-folio-2099")
    built = tf.build_table(get_theme("al-folio"), [tpl])
    known = tf.Templates(built["templates"], built["files"], built["entries"],
                         template_text.load_text(built["text"]), set(built["settings"]))
    monkeypatch.setattr(tf, "templates", lambda theme: known if theme.name == "al-folio"
                        else tf.Templates())
    src = _owner(tpl, tmp_path, {"_projects/1_project.md": (
        "---\nlayout: page\ntitle: Heron counts\ndescription: a project with a picture\n"
        "importance: 1\n---\nI count herons on the salt marsh every spring with two "
        "friends and a very old pair of binoculars.\n")})
    found = [(rel, line) for rel, line, _ in example_blocks(
        src, get_theme("al-folio"), ["_projects/1_project.md"])]
    assert found == [("_projects/1_project.md", 4)], found


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["tide", "gauge", "salt", "marsh", "heron", "reed"]),
                max_size=60),
       st.lists(st.sampled_from(["tide", "gauge", "salt", "marsh", "heron", "reed"]),
                min_size=template_text.K, max_size=60),
       st.integers(0, 70))
def test_an_owners_run_in_the_first_words_agrees_with_counting_every_word(words, example,
                                                                          first):
    """`owners_run` finds a run of uncovered words in a text's first words only where counting
    every word finds one too (then the text is never `near`), and finds it there whenever it
    lies wholly among them."""
    text = template_text.ExampleText(shingles=frozenset(template_text.shingles(example)))
    found = text.owners_run(iter(words), first)
    if found:
        assert text.uncovered(words)[1] > template_text.LONGEST_RUN
    k, final = template_text.K, min(first, len(words)) - template_text.K + 1
    covered = [False] * len(words)  # as `uncovered` marks them
    for i, h in enumerate(template_text.shingles(words) if len(words) >= k else []):
        if h in text.shingles:
            covered[i:i + k] = [True] * k
    run = longest = 0
    for c in covered[:max(final, 0)]:  # the words whose every shingle is among the first
        run = 0 if c else run + 1
        longest = max(longest, run)
    assert found == (longest > template_text.LONGEST_RUN)


def test_a_bibliography_of_the_owners_is_told_from_its_first_entry():
    """A bibliography whose first entry is the owner's is not the template's, however long;
    one of the template's example entries alone stays the template's."""
    example = ("@article{nobody1925weather,\n  title={On the Weather of Countries That Do Not "
               "Exist},\n  journal={Annals of Nowhere},\n  year={1925},\n  author={Person, N. E.}"
               ",\n}\n")
    facts = template_text.load_text(template_text.build_text(
        [("_bibliography/papers.bib", example.encode())], []))
    assert facts.near("_bibliography/papers.bib", example.encode())
    mine = "".join(f"@article{{vega{i},\n  title={{Tidal Gardens of Moon {i}}},\n"
                   "  year={2024}\n}\n" for i in range(300))
    assert facts.owners_run(template_text.words(mine))
    assert not facts.near("_bibliography/papers.bib", (mine + example).encode())

"""Tests for sitemigrate.jekyll.liquid: lossless tokenising, problem reports, include helpers,
translation through neutral constructs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemigrate.ir import Publication
from sitemigrate import registry
from sitemigrate.jekyll import checkout, liquid
from sitemigrate.jekyll.liquid import (Problem, Token, find_problems, include_name, include_params,
                                raw_literal, replace_tokens, tokenize)
from sitemigrate.mapdata import load_mapping
from sitemigrate.plan import Plan


def kinds(text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in tokenize(text)]


# --- tokenize: exact token lists -------------------------------------------------------------

def test_include_base_path_at_top_of_markdown_page():
    src = "{% include base_path %}\n\n## Talks\n"
    assert tokenize(src) == [
        Token("tag", "{% include base_path %}", 0, 1, "include", "base_path"),
        Token("text", "\n\n## Talks\n", 23, 1),
    ]


def test_output_and_text():
    assert tokenize("Hi {{ site.title | escape }}!") == [
        Token("text", "Hi ", 0, 1),
        Token("output", "{{ site.title | escape }}", 3, 1, "", "site.title | escape"),
        Token("text", "!", 28, 1),
    ]


def test_empty_input():
    assert tokenize("") == []


def test_loop_inside_html_comment():
    src = ("<!-- <ul>{% for post in site.publications reversed %}\n"
           "    {% include archive-single-cv.html %}\n"
           "  {% endfor %}</ul> -->\nafter")
    assert tokenize(src) == [
        Token("text", "<!-- <ul>", 0, 1, in_html_comment=True),
        Token("tag", "{% for post in site.publications reversed %}", 9, 1, "for",
              "post in site.publications reversed", True),
        Token("text", "\n    ", 53, 1, in_html_comment=True),
        Token("tag", "{% include archive-single-cv.html %}", 58, 2, "include",
              "archive-single-cv.html", True),
        Token("text", "\n  ", 94, 2, in_html_comment=True),
        Token("tag", "{% endfor %}", 97, 3, "endfor", "", True),
        Token("text", "</ul> -->", 109, 3, in_html_comment=True),
        Token("text", "\nafter", 118, 3),
    ]
    assert find_problems(src) == []


def test_stray_comment_close_is_plain_text_outside_comment():
    assert [(t.text, t.in_html_comment) for t in tokenize("<!-- a --> --> b")] == [
        ("<!-- a -->", True), (" --> b", False)]


def test_html_comments_do_not_nest():
    assert [(t.text, t.in_html_comment) for t in tokenize("<!-- <!-- x --> {{ y }}")] == [
        ("<!-- <!-- x -->", True), (" ", False), ("{{ y }}", False)]


def test_whitespace_control_dashes():
    toks = tokenize("{%- if a -%}{{- b -}}{%-endif-%}")
    assert [(t.kind, t.name, t.markup) for t in toks] == [
        ("tag", "if", "a"), ("output", "", "b"), ("tag", "endif", "")]
    assert [t.text for t in toks] == ["{%- if a -%}", "{{- b -}}", "{%-endif-%}"]


def test_multiline_tag():
    src = 'x\n{% include figure.liquid\n   path="a.jpg"\n   class="img" %}\ny'
    toks = tokenize(src)
    assert [t.kind for t in toks] == ["text", "tag", "text"]
    tag = toks[1]
    assert (tag.start, tag.line, tag.name) == (2, 2, "include")
    assert tag.markup == 'figure.liquid\n   path="a.jpg"\n   class="img"'
    assert toks[2] == Token("text", "\ny", len(src) - 2, 4)


def test_raw_block_is_one_untouched_token():
    src = "a {% raw %}{{ not liquid }} {% if %}{% endraw %} b"
    assert tokenize(src) == [
        Token("text", "a ", 0, 1),
        Token("raw", "{% raw %}{{ not liquid }} {% if %}{% endraw %}", 2, 1),
        Token("text", " b", 48, 1),
    ]
    assert find_problems(src) == []


def test_comment_block_is_one_token_and_hides_html_comments():
    src = "{%- comment -%}\n{% include x %} <!--\n{%- endcomment -%}\n{{ y }}"
    toks = tokenize(src)
    assert [(t.kind, t.line) for t in toks] == [("comment", 1), ("text", 3), ("output", 4)]
    assert toks[0].text == "{%- comment -%}\n{% include x %} <!--\n{%- endcomment -%}"
    assert find_problems(src) == []


def test_crlf_line_numbers():
    src = "a\r\n{% if x %}\r\n\r\n{{ y }}\r\n{% endif %}\r\n"
    toks = tokenize(src)
    assert [(t.kind, t.line) for t in toks] == [
        ("text", 1), ("tag", 2), ("text", 2), ("output", 4), ("text", 4), ("tag", 5), ("text", 5)]
    assert "".join(t.text for t in toks) == src


def test_unterminated_openers_stay_text():
    assert kinds("{{ page.title\n{% include base_path %}") == [
        ("text", "{{ page.title\n"), ("tag", "{% include base_path %}")]
    assert kinds("{% if x\n{{ y }}\n{% endif %}") == [
        ("text", "{% if x\n"), ("output", "{{ y }}"), ("text", "\n"), ("tag", "{% endif %}")]
    assert kinds("a {% b") == [("text", "a {% b")]
    assert kinds("{{{{ x }}") == [("text", "{"), ("output", "{{{ x }}")]


def test_output_inside_tag_is_allowed():
    assert kinds("{% include {{ page.x }} a=b %}") == [("tag", "{% include {{ page.x }} a=b %}")]


def test_unclosed_raw_is_a_tag_and_tokenising_continues():
    assert [(t.kind, t.name) for t in tokenize("{% raw %} {{ x }} {% raw %}")] == [
        ("tag", "raw"), ("text", ""), ("output", ""), ("text", ""), ("tag", "raw")]


def test_unclosed_comment_is_a_tag():
    assert [(t.kind, t.name) for t in tokenize("{% comment %}{{ x }}")] == [
        ("tag", "comment"), ("output", "")]


# --- find_problems ---------------------------------------------------------------------------

def test_no_problems_for_correct_input():
    src = ("---\ntitle: x\n---\n{% include base_path %}\n<!-- note -->\n"
           "{% for p in site.posts %}{% if p.x %}{{ p.title }}{% else %}-{% endif %}{% endfor %}\n"
           "{% capture c %}{% case a %}{% when 1 %}1{% endcase %}{% endcapture %}\n"
           "{% highlight python %}x = {1: 2}{% endhighlight %}\n"
           "{% unless u %}{% tablerow t in ts %}{{ t }}{% endtablerow %}{% endunless %}\n"
           "{% raw %}{% if %}{% endraw %}{% comment %}{% for %}{% endcomment %}")
    assert find_problems(src) == []


def test_block_never_closed():
    assert find_problems("a\n\n{% for x in y %}\n{{ x }}\n") == [
        Problem(3, "`{% for %}` opened here is never closed with `{% endfor %}`")]


def test_block_closed_without_opening():
    assert find_problems("a\nb\n{%- endif -%}") == [
        Problem(3, "`{% endif %}` closes a `{% if %}` that was never opened")]


def test_blocks_closed_in_wrong_order():
    problems = find_problems("{% if a %}\n{% for x in y %}\n{% endif %}\n{% endfor %}")
    assert problems == [
        Problem(3, "`{% endif %}` closes `{% if %}` from line 1 while `{% for %}` opened on line 2"
                   " is still open (closed in the wrong order)"),
        Problem(4, "`{% endfor %}` closes a `{% for %}` that was never opened"),
    ]


def test_unclosed_raw_and_comment_and_highlight():
    assert find_problems("x\n{% raw %}\n{% comment %}\n{% highlight ruby %}") == [
        Problem(2, "`{% raw %}` opened here is never closed with `{% endraw %}`"),
        Problem(3, "`{% comment %}` opened here is never closed with `{% endcomment %}`"),
        Problem(4, "`{% highlight %}` opened here is never closed with `{% endhighlight %}`"),
    ]


def test_unterminated_output_and_tag():
    assert find_problems("ok\r\n{{ page.title\r\n{{{ x\n{% include base_path") == [
        Problem(2, "`{{` is never closed with `}}`"),
        Problem(3, "`{{` is never closed with `}}`"),
        Problem(4, "`{%` is never closed with `%}`"),
    ]


def test_unterminated_tag_before_next_tag():
    # as in Liquid, the `if` tag ends at the next `%}` (its markup `a {% endif`): one `if`,
    # never closed (what Jekyll says too)
    assert find_problems("{% if a \n{% endif %}") == [
        Problem(1, "`{% if %}` opened here is never closed with `{% endif %}`")]


def test_stray_html_comment_close():
    assert find_problems("<!-- a -->\nb -->\n") == [
        Problem(2, "`-->` closes an HTML comment that was never opened with `<!--`")]


def test_each_stray_html_comment_close_names_its_own_line():
    # a diagram's arrows after a tag: each `-->` was told at the first one's line
    problems = find_problems("{% diagram %}\n[a]-->[b]\n\n[b]-->[c]\n{% enddiagram %}\n")
    assert [p.line for p in problems] == [2, 4]


def test_html_comment_never_closed():
    assert find_problems("a\n<!-- old\n{% include x.html %}\n") == [
        Problem(2, "`<!--` opened here is never closed with `-->`")]


def test_problems_inside_html_comment_are_still_reported():
    assert find_problems("<!--\n{% for x in y %}\n-->") == [
        Problem(2, "`{% for %}` opened here is never closed with `{% endfor %}`")]


# --- include helpers -------------------------------------------------------------------------

def tag(src: str) -> Token:
    (tok,) = tokenize(src)
    return tok


def test_include_name():
    assert include_name(tag("{% include base_path %}")) == "base_path"
    assert include_name(tag('{% include figure.liquid path="a.jpg" class="x" %}')) == "figure.liquid"
    assert include_name(tag("{% include archive-single-cv.html  %}")) == "archive-single-cv.html"
    assert include_name(tag("{%- include_relative _x/y.md -%}")) == "_x/y.md"
    assert include_name(tag("{% include {{ page.x }} a=1 %}")) == "{{ page.x }}"
    assert include_name(tag("{% include {{ page.x }}.html %}")) == "{{ page.x }}.html"
    assert include_name(tag("{% if a %}")) is None
    assert include_name(tag("{{ include }}")) is None
    assert include_name(Token("text", "include x", 0, 1)) is None


def test_include_params():
    tok = tag("{% include figure.liquid path=\"assets/a b.jpg\" class='img-fluid rounded'\n"
              "   zoomable=true title=page.title %}")
    assert include_params(tok) == {"path": "assets/a b.jpg", "class": "img-fluid rounded",
                                   "zoomable": "true", "title": "page.title"}
    assert include_params(tag("{% include base_path %}")) == {}
    assert include_params(tag('{% include x.html caption="" %}')) == {"caption": ""}
    assert include_params(tag("{% for a in b %}")) == {}


# --- replace_tokens --------------------------------------------------------------------------

def test_replace_tokens_changes_only_the_chosen_tokens():
    src = ("{% include base_path %}\r\n<!-- {{ x  }} -->  -->\n"
           "[cv]({{ base_path }}/cv/) {% raw %}{% include base_path %}{% endraw %} {{ oops\n")

    def fn(tok: Token) -> str | None:
        if include_name(tok) == "base_path":
            return ""
        if tok.kind == "output" and tok.markup == "base_path":
            return "{{ site.baseurl }}"
        return None

    assert replace_tokens(src, fn) == (
        "\r\n<!-- {{ x  }} -->  -->\n"
        "[cv]({{ site.baseurl }}/cv/) {% raw %}{% include base_path %}{% endraw %} {{ oops\n")
    assert replace_tokens(src, lambda tok: None) == src


# --- properties ------------------------------------------------------------------------------

ALPHABET = st.sampled_from(list("{}%-<!>\n\r ab") + ["{%", "%}", "{{", "}}", "<!--", "-->",
                                                       "{% raw %}", "{% endraw %}", "{% if a %}",
                                                       "{% endif %}", "{%- comment -%}",
                                                       "{% endcomment %}"])
LIQUIDISH = st.lists(ALPHABET, max_size=60).map("".join)


@settings(max_examples=500)
@given(LIQUIDISH)
def test_round_trip_and_offsets(text: str):
    toks = tokenize(text)
    assert "".join(t.text for t in toks) == text
    offset = 0
    for tok in toks:
        assert tok.text and tok.start == offset
        assert tok.line == text.count("\n", 0, offset) + 1
        offset += len(tok.text)
    find_problems(text)  # never raises


@given(st.text())
def test_round_trip_any_text(text: str):
    assert "".join(t.text for t in tokenize(text)) == text


@given(LIQUIDISH)
def test_replace_tokens_identity(text: str):
    assert replace_tokens(text, lambda tok: None) == text
    assert replace_tokens(text, lambda tok: "X" if tok.kind == "output" else None) == "".join(
        "X" if t.kind == "output" else t.text for t in tokenize(text))


@given(st.lists(LIQUIDISH, min_size=1, max_size=4).map(lambda texts: texts + texts[::-1]))
def test_replace_tokens_reuses_tokens_only_of_the_same_text(texts: list[str]):
    """replace_tokens keeps the tokens of the text it saw last (a body goes through it twice
    in a row): every call gives what fresh tokens give, also when ``fn`` itself calls it on
    another text."""
    def fn(tok: Token) -> str | None:
        replace_tokens("{{ other }}", lambda t: None)
        return f"<{tok.kind}>" if tok.kind != "text" else None

    for text in texts:
        assert replace_tokens(text, fn) == "".join(
            f"<{t.kind}>" if t.kind != "text" else t.text for t in tokenize(text))


def test_large_adversarial_inputs_round_trip():
    """Large, adversarial bodies still tokenise exactly (a quadratic scan would not finish;
    speed itself is measured in bench/, never asserted here)."""
    bodies = [
        ("<p>{% include base_path %} {{ a }} <!-- c --> text\n" * 20000)[:1_000_000],
        "{{ " * 340_000,                        # unterminated openers everywhere
        "{% raw %}" * 110_000,                  # unclosed raw blocks
        "<!--" * 250_000 + "-->" * 10,
        "{% if " + "x" * 1_000_000 + " %}",
    ]
    for body in bodies:
        assert "".join(t.text for t in tokenize(body)) == body


def test_comment_blocks_nest_and_hide_raw_as_liquid_pairs_them():
    """Liquid pairs a comment's end with its start across nested comments, and a raw block
    inside a comment hides an `endcomment` it holds: the whole block is one token."""
    nested = "{% comment %}a {%- comment -%} b {%- endcomment -%} {% include x %}{% endcomment %}"
    raw = "{% comment %}{% raw %}{% endcomment %}{% endraw %}{% include y %}{% endcomment %}"
    for src in (nested, raw):
        toks = tokenize(src + "{{ z }}")
        assert [t.kind for t in toks] == ["comment", "output"] and toks[0].text == src
    # one never closed stays a tag, and the scan goes on
    assert [t.kind for t in tokenize("{% comment %}{% comment %}x{% endcomment %}")][0] == "tag"


def test_an_opener_passed_over_starts_a_tag_that_ends_at_the_next_closer_as_in_liquid():
    """Ruby's Liquid ends a tag at its first `%}`: `{% details a {%endraw%}` is one tag,
    `details` with markup `a {%endraw`, valid (not an unclosed `{%` and a stray `endraw`)."""
    src = "x\n{% details Why {%endraw%} here? %}\nBody.\n{% enddetails %}"
    toks = tokenize(src)
    assert kinds(src) == [("text", "x\n"), ("tag", "{% details Why {%endraw%}"),
                          ("text", " here? %}\nBody.\n"), ("tag", "{% enddetails %}")]
    assert (toks[1].name, toks[1].markup, toks[1].line) == ("details", "Why {%endraw", 2)
    assert find_problems(src) == []
    # an opener before an output stays text, as before (a missing `%}` is reported there)
    assert kinds("{% if x\n{{ y }}")[0] == ("text", "{% if x\n")


def test_raw_literal_shows_text_holding_an_endraw_as_written():
    text = "{% details Why {%endraw%}"
    wrapped = raw_literal(text)
    assert wrapped == "{% raw %}{% details Why {%{% endraw %}endraw%}"
    assert [t.kind for t in tokenize(wrapped)] == ["raw", "text"]
    assert raw_literal("{% x %}") == "{% raw %}{% x %}{% endraw %}"
    assert raw_literal("a {%- endraw -%} b") == "{% raw %}a {%{% endraw %}- endraw -%}{% raw %} b{% endraw %}"


# --- translation through neutral constructs (a theme's `liquid: {reads, writes}`) -----------


def _tag(src: str) -> Token:
    return next(t for t in tokenize(src) if t.kind == "tag")


def test_a_tag_reads_into_a_construct_that_another_theme_writes(tmp_path):
    alfolio = registry.vocabulary("al-folio")["liquid"]
    academicpages = registry.vocabulary("academicpages")["liquid"]
    plan = Plan(dest=tmp_path / "dest")
    plan.urls["publication:b"] = "/publication/b/"

    cite = _tag("{% cite a b %}")
    [read] = liquid.reads_for(alfolio["reads"], cite)
    assert liquid.read_construct(read, cite) == ("cite", {"keys": ["a", "b"]})
    plan.entries["a"] = Publication(key="a", authors=["Ansel Quill"], year=2019)
    # as jekyll-scholar shows it: author and year, the publication's page or the reference
    assert liquid.write_construct(academicpages["writes"]["cite"], {"keys": ["a", "b", "c"]},
                                  plan) == ("([Quill, 2019](#a); [b]({{ '/publication/b/' | "
                                            "relative_url }}); c)")

    figure = _tag('{% include figure.liquid path="assets/img/x.jpg" title="X" class="r" %}')
    [read] = liquid.reads_for(alfolio["reads"], figure)
    construct, args = liquid.read_construct(read, figure)
    assert (construct, args) == ("figure", {"path": "assets/img/x.jpg", "title": "X",
                                            "class": "r"})
    assert liquid.write_construct(academicpages["writes"]["figure"], args, plan) == \
        '<img src="{{ \'/assets/img/x.jpg\' | relative_url }}" alt="X" class="r">'
    # al-folio writes what academicpages (or a third theme) reads into a figure
    assert liquid.write_construct(alfolio["writes"]["figure"], args, plan) == \
        '{% include figure.liquid path="assets/img/x.jpg" title="X" class="r" %}'
    assert liquid.write_construct(alfolio["writes"]["cite"], {"keys": ["a", "b"]}, plan) == \
        "{% cite a b %}"

    base = _tag("{% include base_path %}")
    [read] = liquid.reads_for(academicpages["reads"], base)
    construct, args = liquid.read_construct(read, base)
    assert (construct, args) == ("root-url-variable", {"name": "base_path"})
    assert liquid.write_construct(alfolio["writes"][construct], args, plan) == \
        "{% assign base_path = site.url | append: site.baseurl %}"


def test_a_construct_the_target_cannot_write_stays_raw_and_is_reported(tmp_path, monkeypatch):
    """al-folio's `{% bibliography %}` reads into `bibliography-listing`; a target whose
    mapping has no write for it (and no plugin that runs the tag) keeps the tag inside
    {% raw %} with a report line, as for any tag nothing translates. A variable parameter
    the write needs is no figure either."""
    real = liquid.liquid_vocabulary
    alfolio, academicpages = registry.get_theme("al-folio"), registry.get_theme("academicpages")
    ap = real(academicpages)
    writes = {k: v for k, v in ap["writes"].items() if k != "bibliography-listing"}
    monkeypatch.setattr(checkout, "liquid_vocabulary", lambda theme: (
        {"reads": ap["reads"], "writes": writes} if theme is academicpages else real(theme)))
    plan = Plan(dest=tmp_path / "dest", themes=registry.all_themes())
    body = ("{% cite a %}\n{% bibliography %}\n{% include figure.liquid path=page.img %}\n"
            "{% social_links %}\n")
    out = checkout.translate_liquid(body, alfolio, academicpages, plan, None)
    assert out == ("(a)\n{% raw %}{% bibliography %}{% endraw %}\n"  # `a`: in no `.bib`
                   "{% include figure.liquid path=page.img %}\n\n")
    codes = [(f.code, f.message) for f in plan.report.findings]
    assert ("liquid-unknown-tag", "`{% bibliography %}`: academicpages has no `bibliography` "
            "tag; kept as text inside {% raw %} so the site builds. Replace it by hand or add "
            "the plugin that provides it.") in codes
    assert sum(code == "liquid" for code, _ in codes) == 2  # cite and social_links mapped


def test_a_theme_translates_its_own_liquid_to_nothing(tmp_path):
    plan = Plan(dest=tmp_path / "dest", themes=registry.all_themes())
    body = '{% cite a %} {% include figure.liquid path="x.jpg" %}'
    alfolio = registry.get_theme("al-folio")
    assert checkout.translate_liquid(body, alfolio, alfolio, plan, None) == body


MAPPINGS = Path(__file__).resolve().parents[1] / "mappings"


@pytest.mark.parametrize("name", ["al-folio", "academicpages"])
def test_liquid_mappings_name_constructs_never_themes(name):
    """Every read and write names a construct of mappings/jekyll.yml; no theme's rules name
    another theme (translation goes through the constructs, not theme pairs)."""
    constructs = load_mapping("jekyll")["liquid_constructs"]
    section = load_mapping(name)["liquid"]
    assert {read["construct"] for read in section["reads"]} <= set(constructs)
    assert set(section["writes"]) <= set(constructs)
    assert "translations" not in load_mapping(name)
    others = [t for t in registry.THEMES if t != name]
    text = (MAPPINGS / f"{name}.yml").read_text()
    liquid_text = text[text.index("\nliquid:"):]
    liquid_text = liquid_text[:re.search(r"\n\S", liquid_text[1:]).start() + 1]
    assert not any(re.search(rf"^\s*-?\s*{re.escape(t)}\s*:", liquid_text, re.M)
                   for t in others)


def test_tokenize_is_read_once_and_each_caller_gets_its_own_list():
    """A text is tokenised once a run (the reader's checks, the example-text report and the
    writer's translations ask in turn); the tokens are shared, the list is the caller's."""
    text = "Kelp {% if page.tide %}{{ page.tide }}{% endif %} and <!-- {{ x }} -->"
    first = tokenize(text)
    first.clear()
    again = tokenize(text)
    assert "".join(t.text for t in again) == text
    assert [t.kind for t in again] == ["text", "tag", "output", "tag", "text", "text", "output",
                                       "text"]
    assert liquid.replace_tokens(text, lambda t: "X" if t.kind == "output" else None) \
        == "Kelp {% if page.tide %}X{% endif %} and <!-- X -->"

"""Rules found by upgrading whole real al-folio sites outside the corpus onto a newer checkout
of al-folio, each in a miniature invented site in the exact shape of the theme's files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import FIXTURES

import sitemigrate

# the shape of al-folio's post layout: the date line shows the post's author and meta
POST_LAYOUT = """---
layout: default
---
<div class="post">
  <h1 class="post-title">{{ page.title }}</h1>
  <p class="post-meta">
    {{ page.date | date: '%B %d, %Y' }}
    {% if page.author %}by {{ page.author }}{% endif %}
    {% if page.meta %}&bull; {{ page.meta }}{% endif %}
  </p>
  {% if page.series == "tides" %}<p class="series">part of a series</p>{% endif %}
  <article class="post-content">{{ content }}</article>
</div>
"""

POST = """---
layout: post
title: Counting tide pools
author: Ada Quill
meta: an earlier version ran in the harbour newsletter
mood: calm
series: pools
---

Three pools on the north shore, counted twice a day.
"""


def _checkout(dest: Path) -> Path:
    """A DEST checkout with al-folio's layouts of a default, a page and a post."""
    (dest / "_layouts").mkdir(parents=True)
    (dest / "_layouts/default.liquid").write_text("<html><body>{{ content }}</body></html>\n")
    (dest / "_layouts/page.liquid").write_text("---\nlayout: default\n---\n{{ content }}\n")
    (dest / "_layouts/post.liquid").write_text(POST_LAYOUT)
    return dest


def _key_findings(plan, rel: str) -> dict[str, object]:
    return {f.message.split("`")[1]: f for f in plan.report.findings
            if f.code.startswith("extra-key") and f.path == rel}


def test_a_post_key_the_new_post_layout_shows_is_not_said_to_have_no_meaning(tmp_path):
    """`author` and `meta` of a post are shown by the new checkout's post layout (its date
    line): kept, and the report says where they show, not that they mean nothing there. A
    key no layout of DEST reads, or one it only tests (`series`), is still named as one that
    means nothing there."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_posts/2022-05-02-tide-pools.md").write_text(POST)
    dest = _checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    rel = "_posts/2022-05-02-tide-pools.md"
    keys = _key_findings(plan, rel)
    for key, line in (("author", 4), ("meta", 5)):
        assert keys[key].outcome == "mapped" and keys[key].severity == "info", keys[key]
        assert "layout `post` shows it" in keys[key].message and keys[key].line == line
    for key in ("mood", "series"):
        assert keys[key].outcome == "verbatim" and "no al-folio meaning" in keys[key].message
    written = (dest / rel).read_text()
    assert "author: Ada Quill" in written and "harbour newsletter" in written


def test_a_key_the_new_checkout_lays_out_elsewhere_still_means_nothing_on_a_page(tmp_path):
    """`meta` on a page laid out by `page` (which does not read it) shows nowhere, even
    though DEST's post layout reads `page.meta`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_pages/pools.md").write_text("---\nlayout: page\ntitle: pools\npermalink: /pools/\n"
                                         "meta: not shown here\n---\n\nThe pools.\n")
    dest = _checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    keys = _key_findings(plan, "_pages/pools.md")
    assert keys["meta"].outcome == "verbatim", keys["meta"]


# jekyll-katex's block: the math between dollars inside it is rendered with KaTeX
KATEX_POST = """---
layout: post
title: Summing two buoys
---

{% katexmm %}
The total is $s = b_1 + b_2$, and over a day

$$S = \\sum_t s_t$$
{% endkatexmm %}

After the block.
"""

MATHJAX_SETUP = """window.MathJax = {
  tex: {
    inlineMath: [
      ["$", "$"],
      ["\\\\(", "\\\\)"],
    ],
  },
};
"""


def _katex_site(tmp_path: Path, dollars: bool) -> tuple[Path, Path]:
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_posts/2022-06-01-two-buoys.md").write_text(KATEX_POST)
    dest = _checkout(tmp_path / "dest")
    (dest / "assets/js").mkdir(parents=True)
    (dest / "assets/js/mathjax-setup.js").write_text(
        MATHJAX_SETUP if dollars else MATHJAX_SETUP.replace('["$", "$"],', ""))
    return src, dest


def test_a_katexmm_block_leaves_its_math_to_a_mathjax_that_reads_dollars(tmp_path):
    """`{% katexmm %}` (jekyll-katex, which the new checkout does not load) marks math
    written between dollars. The new checkout's MathJax reads `$x$` and `$$x$$`: the tags go
    (said, each at its line) and the math stays as written, so no tag shows as text."""
    src, dest = _katex_site(tmp_path, dollars=True)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    post = (dest / "_posts/2022-06-01-two-buoys.md").read_text()
    assert "katexmm" not in post and "{% raw %}" not in post
    assert "The total is $s = b_1 + b_2$, and over a day" in post
    assert "$$S = \\sum_t s_t$$" in post and "After the block." in post
    said = [(f.line, f.severity) for f in plan.report.findings
            if f.code == "liquid-math-block" and f.path == "_posts/2022-06-01-two-buoys.md"]
    assert said and set(said) <= {(6, "info"), (10, "info")} and len(set(said)) == 2, said


def test_a_katexmm_block_writes_its_inline_math_as_kramdowns_for_a_default_mathjax(tmp_path):
    """Without `$` among the new MathJax's inline delimiters, `$x$` would show as written and
    the kept tags as text. MathJax reads kramdown's inline math (`$$x$$` in a paragraph, which
    kramdown writes as `\\(x\\)`) by default: the block's `$x$` are written so, its tags go,
    and code spans inside it (`$HOME`) stay as they are. An HTML file, which no Markdown
    converter reads, gets `\\(x\\)` itself."""
    src, dest = _katex_site(tmp_path, dollars=False)
    (src / "_posts/2022-06-02-costs.md").write_text(
        "---\nlayout: post\ntitle: Costs\n---\n\n{% katexmm %}\nA cost of $c_t$ per day; "
        "the path is `$HOME/$LOG` and\n\n```\necho $a$\n```\n{% endkatexmm %}\n\n"
        "Outside: $q$ stays.\n")
    (src / "_pages/tides.html").write_text(
        "---\nlayout: page\ntitle: tides\npermalink: /tides/\n---\n"
        "{% katexmm %}<p>The height $h$ rises.</p>{% endkatexmm %}\n")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    post = (dest / "_posts/2022-06-01-two-buoys.md").read_text()
    assert "katexmm" not in post and "{% raw %}" not in post
    assert "The total is $$s = b_1 + b_2$$, and over a day" in post
    assert "$$S = \\sum_t s_t$$" in post and "After the block." in post
    costs = (dest / "_posts/2022-06-02-costs.md").read_text()
    assert "A cost of $$c_t$$ per day; the path is `$HOME/$LOG` and" in costs
    assert "echo $a$" in costs and "Outside: $q$ stays." in costs
    assert "katexmm" not in costs
    tides = next(dest.rglob("tides.html")).read_text()
    assert "<p>The height \\(h\\) rises.</p>" in tides and "katexmm" not in tides
    said = [f for f in plan.report.findings if f.code == "liquid-math-block"
            and f.path == "_posts/2022-06-01-two-buoys.md"]
    assert {f.line for f in said} == {6, 10} and all("$$x$$" in f.message for f in said)


def test_a_katexmm_block_stays_visible_where_the_new_site_has_no_mathjax(tmp_path):
    """With no MathJax in the new checkout nothing would render the math: the tags stay
    visible (inside `{% raw %}`), named as tags to replace, and the math as written."""
    src, dest = _katex_site(tmp_path, dollars=False)
    (dest / "assets/js/mathjax-setup.js").unlink()
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    post = (dest / "_posts/2022-06-01-two-buoys.md").read_text()
    assert "{% raw %}{% katexmm %}{% endraw %}" in post
    assert "The total is $s = b_1 + b_2$, and over a day" in post
    assert not [f for f in plan.report.findings if f.code == "liquid-math-block"]
    assert [f for f in plan.report.findings if f.code == "liquid-unknown-tag"
            and "katexmm" in f.message]


def test_an_address_of_the_own_host_outside_the_base_path_is_another_sites(tmp_path):
    """A project site (`baseurl: /lab`) is served at `url` + `/lab/`: its link to
    `https://HOST/assets/pdf/x.pdf` is the owner's user site, kept as written and not
    reported as a missing file of this one; `https://HOST/lab/assets/pdf/buoys.pdf` is this
    site's file and carried."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    config = src / "_config.yml"
    config.write_text(config.read_text().replace('baseurl: ""', "baseurl: /lab/"))
    (src / "_pages/thesis.md").write_text(
        "---\nlayout: page\ntitle: thesis\npermalink: /thesis/\n---\n\n"
        "[the thesis](https://ihalvorsen.example.edu/assets/pdf/dissertation.pdf) and\n"
        "[the buoys](https://ihalvorsen.example.edu/lab/assets/pdf/buoys.pdf)\n")
    dest = _checkout(tmp_path / "dest")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    page = (dest / "_pages/thesis.md").read_text()
    assert "[the thesis](https://ihalvorsen.example.edu/assets/pdf/dissertation.pdf)" in page
    assert "[the buoys](https://ihalvorsen.example.edu/lab/assets/pdf/buoys.pdf)" in page
    assert (dest / "assets/pdf/buoys.pdf").read_bytes() == \
        (src / "assets/pdf/buoys.pdf").read_bytes()
    assert not [f.message for f in plan.report.findings if f.code == "missing-file"
                and "dissertation.pdf" in f.message]


def _projects_site(tmp_path: Path, card: str) -> tuple[Path, Path]:
    """The owner's 2020-23 projects page (the masonry `grid` around a loop of the card
    include, by category) into a checkout whose card include is ``card``."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    page = src / "_pages/projects.md"
    page.write_text(page.read_text().replace("title: projects", "title: field work"))
    dest = _checkout(tmp_path / "dest")
    (dest / "_includes").mkdir()
    (dest / "_includes/projects.liquid").write_text(card)
    return src, dest


def test_an_old_masonry_grid_of_cards_is_written_as_the_new_templates_row(tmp_path):
    """2020-23 projects pages lay their cards out in `<div class="grid">`, which masonry
    arranges by `.grid-item`; the 2024+ card include marks its cards `.col`, so the grid got
    no height and every card lay over the next (and over the headings below). The owner's
    page keeps its categories and its text; only the grid becomes the new template's row."""
    src, dest = _projects_site(tmp_path, '<div class="col"><div class="card">'
                               "{{ project.title }}</div></div>\n")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    page = (dest / "_pages/projects.md").read_text()
    assert "title: field work" in page and '<div class="grid">' not in page
    assert page.count('<div class="row row-cols-1 row-cols-md-3">') == 1
    assert "{%- for category in page.display_categories %}" in page
    assert "{% include projects.liquid %}" in page
    said = [f for f in plan.report.findings if f.code == "upgrade-container"]
    assert [f.path for f in said] == ["_pages/projects.md"]
    # the owner's listing is what the page holds: not said to be replaced by the new one's
    assert not [f for f in plan.report.findings if f.path == "_pages/projects.md"
                and f.code in ("listing", "listing-section")]


def test_an_old_grid_stays_where_the_new_cards_are_still_grid_items(tmp_path):
    src, dest = _projects_site(tmp_path, '<div class="grid-item"><div class="card">'
                               "{{ project.title }}</div></div>\n")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert '<div class="grid">' in (dest / "_pages/projects.md").read_text()
    assert not [f for f in plan.report.findings if f.code == "upgrade-container"]


def test_a_carried_page_of_the_owners_own_listings_is_not_said_to_lose_them(tmp_path):
    """A page that lists chosen papers with queries of its own, one tag each: carried as
    the owner wrote it, so nothing of the writer's swap (each listing 'replaced all the
    same', 'split it by hand') is said of it; the tags are all still there."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    tags = "".join(f"  {{% bibliography --query @*[key={k}] %}}\n"
                   for k in ("halvorsen2023buoys", "halvorsen2016thesis"))
    (src / "_pages/buoys.md").write_text("---\nlayout: page\ntitle: buoys\npermalink: /buoys/\n"
                                         "---\n\nThe buoy work.\n\n<div class=\"publications\">\n"
                                         + tags + "</div>\n")
    dest = _checkout(tmp_path / "dest")
    (dest / "_config.yml").write_text("plugins: [jekyll/scholar]\n")  # its build runs them
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    assert tags in (dest / "_pages/buoys.md").read_text()
    said = [f.code for f in plan.report.findings if f.path == "_pages/buoys.md"]
    assert not [c for c in said if c.startswith("listing")], said


# an owner's about layout of an early generation: the picture's folder is the layout's own
OWN_ABOUT = """---
layout: default
---
<h1>{{ page.title }}</h1>
{% if page.profile.image %}
<img src="{{ page.profile.image | prepend: '/assets/photos/' | prepend: site.baseurl }}">
{% endif %}
{{ content }}
"""

# the shape of the new about layout: it reads the picture below assets/img/ (and reads the
# file itself for its digest, so a picture it cannot find stops the build)
NEW_ABOUT = """---
layout: default
---
{% assign path = page.profile.image | prepend: 'assets/img/' %}
<img src="{{ path | relative_url }}">
{{ content }}
"""


def _upgraded_about(tmp_path, name: str, layout: str, picture: str) -> tuple[str, Path]:
    src = tmp_path / f"src-{name}"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/about.html").write_text(layout)
    about = (src / "_pages/about.md").read_text().replace("prof_pic.png", "ada.png")
    (src / "_pages/about.md").write_text(about)
    if picture:
        (src / picture).mkdir(exist_ok=True)
        (src / picture / "ada.png").write_bytes(b"\x89PNG ada")
    dest = _checkout(tmp_path / f"dest-{name}")
    (dest / "_layouts/about.liquid").write_text(NEW_ABOUT)
    sitemigrate.convert(src, dest, to="al-folio").apply()
    front = (dest / "_pages/about.md").read_text().split("---")[1]
    return front, dest


def test_an_upgraded_pages_picture_names_the_file_below_the_new_layouts_folder(tmp_path):
    """The owner's about layout showed `profile.image: ada.png` from `assets/photos/`; the
    new about layout reads it below `assets/img/`. The upgraded page keeps the owner's front
    matter, but its picture names the file the old page showed, where the new layout looks
    (the page named a missing file and stopped the build). A picture the old site lacks is
    left out, as in a conversion; a layout that read the template's folder keeps the value."""
    front, dest = _upgraded_about(tmp_path, "own", OWN_ABOUT, "assets/photos")
    image = next(line.split(":", 1)[1].strip() for line in front.splitlines()
                 if line.strip().startswith("image:"))
    assert image != "ada.png"
    assert (dest / "assets/img" / image).read_bytes() == b"\x89PNG ada"
    assert "Harbour Lab, Pier 3" in front  # the rest of the owner's profile stays

    front, _ = _upgraded_about(tmp_path, "missing", OWN_ABOUT, "")
    assert "ada.png" not in front

    same = OWN_ABOUT.replace("/assets/photos/", "/assets/img/")
    front, _ = _upgraded_about(tmp_path, "same", same, "assets/img")
    assert "image: ada.png" in front


def test_a_kept_value_the_new_template_prints_inside_quotes_holds_no_quote(tmp_path):
    """An old page's `description` with a link (`<a href="...">`) is carried as written,
    but the new template prints it unescaped inside `<meta content="...">`: its first `"`
    ended the attribute and the rest spilled onto the top of the page. The kept value's
    quotes of a tag become `'` (the link stays a link); a value printed escaped is kept."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    page = ('---\nlayout: page\ntitle: lab\npermalink: /lab/\ndescription: Our '
            '<a href="https://dunes.example.org/">dune lab</a>, "Pier 3"\n'
            'summary: a "quoted" word\n---\nSand.\n')
    (src / "_pages/lab.md").write_text(page)
    dest = _checkout(tmp_path / "dest")
    (dest / "_includes").mkdir()
    (dest / "_includes/metadata.liquid").write_text(
        '<meta name="description" content="{{ page.description }}">\n'
        '<meta name="summary" content="{{ page.summary | escape }}">\n')
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    front = (dest / "_pages/lab.md").read_text().split("---")[1]
    assert ("description: Our <a href='https://dunes.example.org/'>dune lab</a>, "
            "&quot;Pier 3&quot;") in front
    assert 'summary: a "quoted" word' in front
    told = [f for f in plan.report.findings if f.code == "upgrade-quoted"]
    assert [(f.path, f.line) for f in told] == [("_pages/lab.md", 5)]


def test_a_kept_value_of_a_key_the_writer_does_not_write_is_fitted_inside_the_site(tmp_path):
    """A page key both about layouts read below a folder, which the writer knows nothing of
    (`hero.image`): the kept value names the old file from the new folder; one that climbs
    out of the site (`../../../x.png`) names no file of it and is left as written."""
    own = OWN_ABOUT.replace("{{ content }}", "<img src=\"{{ page.hero.image | prepend: "
                            "'/assets/banners/' }}\">\n{{ content }}")
    new = NEW_ABOUT.replace("{{ content }}", "<img src=\"{{ page.hero.image | prepend: "
                            "'/images/' }}\">\n{{ content }}")
    for value, written in (("sea.png", "../assets/banners/sea.png"),
                           ("../../../x.png", "../../../x.png")):
        src = tmp_path / f"src-{len(value)}"
        shutil.copytree(FIXTURES / "al-folio-2020-23", src)
        (src / "_layouts").mkdir()
        (src / "_layouts/about.html").write_text(own)
        about = (src / "_pages/about.md").read_text().replace(
            "news: true", f"hero:\n  image: {value}\nnews: true")
        (src / "_pages/about.md").write_text(about)
        dest = _checkout(tmp_path / f"dest-{len(value)}")
        (dest / "_layouts/about.liquid").write_text(new)
        sitemigrate.convert(src, dest, to="al-folio").apply()
        front = (dest / "_pages/about.md").read_text().split("---")[1]
        assert f"image: {written}" in front, front


def test_a_kept_value_the_new_layout_links_as_written_names_the_old_file(tmp_path):
    """The owner's CV layout linked `cv_pdf: halvorsen_cv.pdf` below `assets/pdf/`; the new
    CV layout links the value as written (`{{ page.cv_pdf | relative_url }}`), so the kept
    value named `/halvorsen_cv.pdf`, a dead link. It now names the file as a site path."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    (src / "_layouts").mkdir()
    (src / "_layouts/cv.html").write_text(
        "---\nlayout: default\n---\n<h1>{{ page.title }} <a href=\"{{ page.cv_pdf | prepend: "
        "'assets/pdf/' | relative_url }}\">PDF</a></h1>\n{{ content }}\n")
    dest = _checkout(tmp_path / "dest")
    (dest / "_layouts/cv.liquid").write_text(
        "---\nlayout: default\n---\n{% if page.cv_pdf contains '://' %}<a href=\"{{ page.cv_pdf"
        " }}\">PDF</a>{% else %}<a href=\"{{ page.cv_pdf | relative_url }}\">PDF</a>{% endif %}"
        "\n{{ content }}\n")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    front = yaml.safe_load((dest / "_pages/cv.md").read_text().split("---")[1])
    assert (dest / front["cv_pdf"].lstrip("/")).is_file(), front["cv_pdf"]
    assert front["cv_pdf"].startswith("/")
    told = [f for f in plan.report.findings if f.code == "upgrade-folder"]
    assert [f.path for f in told] == ["_pages/cv.md"] and "as written" in told[0].message



def test_a_kept_slash_value_an_old_layout_read_below_a_folder_is_where_the_report_says(
        tmp_path):
    """The old CV layout put `assets/pdf/` in front of `cv_pdf`, also of one written from
    the root (`/halvorsen cv.pdf`, a file the site does not have); the run says the link now
    points to `/assets/pdf/halvorsen cv.pdf` (put the file there), but the kept value, which
    the new layout links as written, named `/halvorsen cv.pdf`: the page and the report
    disagreed. The page now holds the address the report gives."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    cv = src / "_pages/cv.md"
    cv.write_text(cv.read_text().replace("cv_pdf: halvorsen_cv.pdf", "cv_pdf: /halvorsen cv.pdf"))
    (src / "_layouts").mkdir()
    (src / "_layouts/cv.html").write_text(
        "---\nlayout: default\n---\n<a href=\"{{ page.cv_pdf | prepend: 'assets/pdf/' | "
        "relative_url }}\">PDF</a>\n{{ content }}\n")
    dest = _checkout(tmp_path / "dest")
    (dest / "_layouts/cv.liquid").write_text(
        "---\nlayout: default\n---\n<a href=\"{{ page.cv_pdf | relative_url }}\">PDF</a>\n"
        "{{ content }}\n")
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    front = yaml.safe_load((dest / "_pages/cv.md").read_text().split("---")[1])
    missing = [f.message for f in plan.report.findings if f.code == "missing-file"
               and f.path == "_pages/cv.md"]
    assert missing and f"`{front['cv_pdf']}`: put the file there" in missing[0], (front, missing)



def test_the_line_an_old_about_layout_showed_from_description_stays_under_the_heading(
        tmp_path):
    """The owner's old about layout showed the page's `description` under the heading (the
    newer layouts show `subtitle` there, the description only in the page's <meta>): it
    becomes the home page's `subtitle`, or the line is gone. A layout that shows the
    description only in an attribute changes nothing."""
    for shown, expect in (('<h5 class="post-description">{{ page.description }}</h5>', True),
                          ('<meta content="{{ page.description }}">', False)):
        src = tmp_path / f"src{expect}"
        shutil.copytree(FIXTURES / "al-folio-2020-23", src)
        (src / "_layouts").mkdir()
        (src / "_layouts/about.html").write_text(
            f"---\nlayout: default\n---\n<h1>{{{{ page.title }}}}</h1>\n{shown}\n"
            "{{ content }}\n")
        about = src / "_pages/about.md"
        about.write_text("\n".join(
            "description: Tide gauges and harbour sound." if line.startswith("subtitle:")
            else line for line in about.read_text().split("\n")))
        dest = _checkout(tmp_path / f"dest{expect}")
        (dest / "_layouts/about.liquid").write_text(
            "---\nlayout: default\n---\n<p class=\"desc\">{{ page.subtitle }}</p>{{ content }}\n")
        sitemigrate.convert(src, dest, to="al-folio").apply()
        front = yaml.safe_load((dest / "_pages/about.md").read_text().split("---")[1])
        assert (front.get("subtitle") == "Tide gauges and harbour sound.") is expect, front


NEW_HOME = """---
layout: default
---
{{ content }}
{% if page.selected_papers %}<h2><a href="{{ '/publications/' | relative_url }}">selected
publications</a></h2>{% endif %}
{% if page.latest_posts.enabled %}<a href="{{ '/blog/' | relative_url }}">posts</a>{% endif %}
"""


def test_a_fixed_address_the_new_home_layout_links_answers(tmp_path):
    """The new about layout links its selected papers' heading to `/publications/`; the
    owner's publications page is at `/papers/`, so the home page would show a dead link.
    The address forwards to the owner's publications page, said; a link to a page of the
    checkout (its blog) needs nothing. With no publications page at all, the dead link is
    said at the home page."""
    for pubs in ("/papers/", ""):
        src = tmp_path / f"src{len(pubs)}"
        shutil.copytree(FIXTURES / "al-folio-2020-23", src)
        page = src / "_pages/publications.md"
        if pubs:
            page.write_text(page.read_text().replace("/publications/", pubs, 1))
        else:
            page.unlink()
        dest = _checkout(tmp_path / f"dest{len(pubs)}")
        (dest / "_layouts/about.liquid").write_text(NEW_HOME)
        (dest / "_pages").mkdir()
        (dest / "_pages/blog.md").write_text("---\nlayout: default\npermalink: /blog/\n---\n")
        plan = sitemigrate.convert(src, dest, to="al-folio")
        plan.apply()
        said = [f for f in plan.report.findings if f.code == "fixed-link"]
        assert [f.message.split("`")[1] for f in said] == ["/publications/"]
        stubs = [p for p in dest.rglob("*.md") if "permalink: /publications/" in p.read_text()]
        if pubs:
            assert len(stubs) == 1 and "redirect: /papers/" in stubs[0].read_text()
            assert said[0].outcome == "mapped"
        else:
            assert not stubs and said[0].outcome == "problem" and said[0].path == "_pages/about.md"



NEWS_HOME = """---
layout: default
---
{{ content }}
{% if page.announcements and page.announcements.enabled %}<h2><a href="{{ '/news/' |
relative_url }}">news</a></h2>{% include news.liquid %}{% endif %}
"""


def test_a_listing_page_the_new_home_layout_links_stays(tmp_path):
    """The owner's home page shows the news list (`news: true`) but the site has no news of
    its own; the new about layout links the list's heading to `/news/`, which only the
    checkout's own news page answers. That page is the template's listing page, which a run
    removes where the owner has no such items: it is kept (with the example news gone), or
    the home page's heading is a dead link."""
    from test_checkout import alfolio_checkout
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-2020-23", src)
    shutil.rmtree(src / "_news")
    dest = alfolio_checkout(tmp_path / "dest")
    (dest / "_layouts/about.liquid").write_text(NEWS_HOME)
    news_page = ("---\nlayout: page\ntitle: news\npermalink: /news/\n---\n\n"
                 "{% include news.liquid %}\n")
    (dest / "_pages/news.md").write_text(news_page)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    plan.apply()
    home = (dest / "_pages/about.md").read_text()
    assert "enabled: true" in home.split("announcements:")[1].split("\n")[1], home
    assert not (dest / "_news/announcement_1.md").exists()
    kept = dest / "_pages/news.md"
    assert kept.is_file() and kept.read_text() == news_page

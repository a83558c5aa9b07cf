"""Files of the site travel with it: every file of academicpages' images/ and files/, files
named in front matter, and nothing that only looks like a path."""

from __future__ import annotations

import shutil

from conftest import FIXTURES

import sitemigrate


def site_copy(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    return src


def test_every_file_of_files_travels_even_with_a_page_suffix(tmp_path):
    """A slide deck saved as `files/talk-slides.html` is a file, not a page: it is copied to
    al-folio and reported like any other file (it used to vanish without a line)."""
    src = site_copy(tmp_path)
    (src / "files/talk-slides.html").write_text("<html><body>slides</body></html>\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    assert (tmp_path / "out/assets/pdf/talk-slides.html").read_text().startswith("<html>")
    assert any(f.code == "asset" and "/files/talk-slides.html" in f.message
               for f in plan.report.findings)


def test_text_that_looks_like_a_path_is_left_alone(tmp_path):
    """A front-matter value is carried as a file only when it is a path: `cover:
    images/cover.png` is; a sentence ending in `fig/a.png` is not rewritten."""
    src = site_copy(tmp_path)
    item = src / "_portfolio/moose-counter.md"
    (src / "covers").mkdir()
    shutil.copy(src / "images/moose.png", src / "covers/moose-cover.png")
    text = item.read_text().replace("---\n", "---\nnote: the setup is in fig/a.png\n"
                                    "cover: images/moose.png\nposter: covers/moose-cover.png\n",
                                    1)
    item.write_text(text)
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    out = (tmp_path / "out/_projects/moose-counter.md").read_text()
    assert "note: the setup is in fig/a.png" in out
    assert "cover: assets/img/moose.png" in out
    assert "poster: assets/img/moose-cover.png" in out  # any folder of the site
    assert (tmp_path / "out/assets/img/moose-cover.png").is_file()
    assert not [f for f in plan.report.findings if "fig/a.png" in f.message]


def test_a_figure_path_climbing_above_the_root_is_the_file_a_browser_loads(tmp_path):
    """`{% include figure.liquid path="../assets/img/x.png" %}` renders `/../assets/img/x.png`
    (relative_url), which a browser asks for as `/assets/img/x.png` (no segment above the
    root): the file is found and carried, not reported missing under a path of its own."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    post = src / "_posts/2024-05-01-hello.md"
    post.write_text(post.read_text() + '\n{% include figure.liquid '
                    'path="../assets/img/greensched.png" class="img-fluid" %}\n')
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    written = next((tmp_path / "out/_posts").glob("*hello*")).read_text()
    assert "'/images/greensched.png'" in written and "assets/img" not in written
    assert (tmp_path / "out/images/greensched.png").is_file()
    assert not [f for f in plan.report.findings if f.code == "missing-file"]


def test_a_link_to_a_section_of_a_carried_file_keeps_its_section(tmp_path):
    """`[notes](/files/notes.pdf#page=3)` and a `#section` of a saved HTML file lead where
    they led: the file is carried and the link keeps its `#...` and `?...` (was: the
    fragment dropped, the link led to the top of the file)."""
    src = site_copy(tmp_path)
    shutil.copy(src / "images/moose.png", src / "files/notes.pdf")
    (src / "files/cv.html").write_text("<html><body><h2 id=\"talks\">Talks</h2></body></html>\n")
    about = src / "_pages/about.md"
    about.write_text(about.read_text() + "\n[notes](/files/notes.pdf#page=3) and "
                     "<a href=\"{{ '/files/cv.html#talks' | relative_url }}\">talks</a> and "
                     "[raw](/files/notes.pdf?raw=1)\n")
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    out = (tmp_path / "out/_pages/about.md").read_text()
    assert "(/assets/pdf/notes.pdf#page=3)" in out
    assert "'/files/cv.html#talks' | relative_url" in out  # a saved page keeps its path
    assert (tmp_path / "out/files/cv.html").is_file()
    assert "(/assets/pdf/notes.pdf?raw=1)" in out


def test_a_profile_picture_saved_as_jfif_is_an_image_the_sidebar_finds(tmp_path):
    """A JPEG saved by a browser as `.jfif` is a picture: al-folio shows it as the profile
    picture, and academicpages' sidebar reads `author.avatar` below `images/`. It used to
    go to `files/` as a plain file, and the avatar became `/images//files/x.jfif`, a
    broken image on every page."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    shutil.copy(src / "assets/img/prof_pic.jpg", src / "assets/img/portrait.jfif")
    about = src / "_pages/about.md"
    about.write_text(about.read_text().replace("image: prof_pic.jpg", "image: portrait.jfif"))
    plan = sitemigrate.convert(src, tmp_path / "out", to="academicpages")
    plan.apply()
    assert (tmp_path / "out/images/portrait.jfif").is_file()
    config = (tmp_path / "out/_config.yml").read_text()
    assert "avatar: portrait.jfif" in config


def test_a_link_inside_a_liquid_comment_block_names_no_file(tmp_path):
    """Jekyll renders nothing of a `{% comment %}` block: a page that keeps the template's
    guide in one (its `![example](/images/guide-shot.png)` naming a file the owner deleted)
    shows no such image, so no file is missing and the commented text stays as written; the
    same link outside the block is still carried and reported."""
    from sitemigrate.formats.content import rewrite_links
    body = ("[a](/x.pdf)\n{% comment %}\n[b](/x.pdf)\n{%- endcomment -%}\n[c](/x.pdf)\n"
            "~~~\n[d](/x.pdf)\n~~~\n")
    assert rewrite_links(body, lambda u: "/NEW" + u) == (
        "[a](/NEW/x.pdf)\n{% comment %}\n[b](/x.pdf)\n{%- endcomment -%}\n[c](/NEW/x.pdf)\n"
        "~~~\n[d](/x.pdf)\n~~~\n")
    assert rewrite_links("{% comment %}[b](/x.pdf){% endcomment %}", lambda u: "/NEW" + u,
                         liquid=False) == "{% comment %}[b](/NEW/x.pdf){% endcomment %}"
    src = site_copy(tmp_path)
    (src / "_pages/burrows.md").write_text(
        "---\ntitle: Burrows\npermalink: /burrows/\n---\n\nWhere the moles live.\n\n"
        "{% comment %}\nHow to edit this page\n======\n"
        "![A screenshot](/images/guide-shot.png)\n{% endcomment %}\n\n"
        "![A map](/images/burrow-map.png)\n")
    plan = sitemigrate.convert(src, tmp_path / "out", to="al-folio")
    plan.apply()
    missing = [f.message for f in plan.report.findings if f.code == "missing-file"]
    assert not [m for m in missing if "guide-shot" in m]
    assert [m for m in missing if "burrow-map" in m]
    text = next((tmp_path / "out/_pages").glob("burrows.*")).read_text()
    assert "![A screenshot](/images/guide-shot.png)" in text
    assert "![A map](/assets/img/burrow-map.png)" in text

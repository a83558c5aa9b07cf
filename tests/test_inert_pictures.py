"""Issue 31 / the link rule: a raster picture held in a ``data:`` address where a page loads a
picture (``<img src>``, ``srcset``, a Markdown image) is kept as a file of the site, named by
its content, in the target theme's folder of pictures, and linked in its place; SVG, other
types and bad input stay dropped with a finding naming file and line
(sitemigrate.inert_pictures). The people and sites are invented."""

from __future__ import annotations

import base64
import hashlib
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_inert_text import SWITCHES, switched
from test_upgrade import new_checkout, old_site

import sitemigrate
from sitemigrate import inert_pictures
from sitemigrate.inert_pictures import decode
from sitemigrate.inert_text import defuse, defuse_plan
from sitemigrate.plan import Plan

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(40))
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF" + bytes(20)
GIF = b"GIF89a\x01\x00\x01\x00" + bytes(10)
WEBP = b"RIFF\x1a\x00\x00\x00WEBPVP8 " + bytes(12)
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


def b64(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode()}"


def stored(data: bytes, suffix: str, folder: str) -> str:
    return f"{folder}/data-{hashlib.sha256(data).hexdigest()[:20]}.{suffix}"


@pytest.mark.parametrize(("url", "data", "suffix"), [
    (b64("image/png", PNG), PNG, "png"),
    (b64("IMAGE/JPEG", JPEG), JPEG, "jpg"),
    (b64("image/gif", GIF).rstrip("="), GIF, "gif"),  # padding is optional to a browser
    ("data:image/webp;base64," + " ".join(base64.b64encode(WEBP).decode()), WEBP, "webp"),
    ("data:image/png," + quote_from_bytes(PNG), PNG, "png"),  # percent-encoded
    (b64("image/png", PNG).replace("+", "&#43;"), PNG, "png"),  # as written in HTML
])
def test_a_raster_picture_is_read_from_its_address(url, data, suffix):
    assert decode(url) == (data, suffix)


@pytest.mark.parametrize(("url", "why"), [
    (b64("image/svg+xml", SVG), "`image/svg+xml`"),
    (b64("text/html", b"<script>x</script>"), "`text/html`"),
    ("data:,hello", "`text/plain`"),
    ("data:image/png;base64,iVBO!!Rw0K", "base64 is not valid"),
    ("data:image/png;base64,iVBOR", "base64 is not valid"),
    (b64("image/png", JPEG), "bytes are `image/jpeg`"),
    (b64("image/png", SVG), "no PNG, JPEG, GIF or WebP picture"),
    ("data:image/png", "no `data:` address"),
])
def test_what_holds_no_raster_picture_is_refused_with_a_reason(url, why):
    found = decode(url)
    assert isinstance(found, str) and why in found


def test_a_hostile_size_is_refused_before_it_is_decoded(monkeypatch):
    monkeypatch.setattr(inert_pictures, "MAX_BYTES", 1000)
    assert decode(b64("image/png", PNG + bytes(2000))) == \
        "it holds more than 1000 bytes, the most kept of a picture"
    assert decode("data:image/png," + "%00" * 1200) == \
        "it holds more than 1000 bytes, the most kept of a picture"
    assert decode(b64("image/png", PNG + bytes(500)))[0] == PNG + bytes(500)
    monkeypatch.setattr(inert_pictures, "MAX_BYTES", 10 * 1024 * 1024)
    assert decode("data:image/png;base64," + "A" * (15 * 1024 * 1024)) == \
        "it holds more than 10 MiB, the most kept of a picture"  # not decoded: too long


def _plan(tmp_path, rel: str, text: str) -> Plan:
    plan = Plan(dest=tmp_path / "dest")
    plan.write(rel, text)
    return plan


PAGE = ("---\nlayout: page\ntitle: Field notes\n---\n"
        "Mosses of the north shore:\n\n"
        f'<img class="bi" alt="moss" src="{b64("image/png", PNG)}">\n'
        f"![a lichen]({b64('image/jpeg', JPEG)} \"lichen\")\n"
        f'<picture><source srcset="{b64("image/webp", WEBP)} 2x, /a.png 1x">'
        f'<img src="{b64("image/png", PNG)}" alt="again"></picture>\n'
        f'<img src="{b64("image/svg+xml", SVG)}" alt="a fern">\n'
        f'<iframe src="{b64("image/png", PNG)}"></iframe>\n'
        "<img src=\"data:image/gif;base64,R0lG!!\" alt=\"broken\">\n"
        f"[![a gull]({b64('image/gif', GIF)})](/birds/)\n")


def test_the_pictures_of_a_page_become_files_and_the_rest_is_dropped(tmp_path):
    plan = _plan(tmp_path, "_pages/notes.md", PAGE)
    defuse_plan(plan, "images")
    text = plan.files["_pages/notes.md"].decode()
    png, jpg = stored(PNG, "png", "images"), stored(JPEG, "jpg", "images")
    webp, gif = stored(WEBP, "webp", "images"), stored(GIF, "gif", "images")
    for rel, data in ((png, PNG), (jpg, JPEG), (webp, WEBP), (gif, GIF)):
        assert plan.files[rel] == data
    # one file per content (the PNG is loaded twice)
    assert sorted(k for k in plan.files if k.startswith("images/")) == sorted([png, jpg, webp, gif])
    assert f"""<img class="bi" alt="moss" src="{{{{ '/{png}' | relative_url }}}}">""" in text
    assert f"""![a lichen]({{{{ '/{jpg}' | relative_url }}}} "lichen")""" in text
    assert f"""srcset="{{{{ '/{webp}' | relative_url }}}} 2x, /a.png 1x">""" in text
    assert f"""[![a gull]({{{{ '/{gif}' | relative_url }}}})](/birds/)""" in text
    assert '<img alt="a fern">' in text and "<iframe></iframe>" in text
    assert '<img alt="broken">' in text and "data:" not in text
    kept = {(f.line, f.message.split("file `")[1].split("`")[0]) for f in plan.report.findings
            if f.code == "data-picture"}
    assert kept == {(7, png), (8, jpg), (9, webp), (13, gif)}
    assert all(f.outcome == "mapped" for f in plan.report.findings if f.code == "data-picture")
    dropped = {f.line: f.message for f in plan.report.findings if f.code == "unsafe-link"}
    assert sorted(dropped) == [10, 11, 12]
    assert "`image/svg+xml`" in dropped[10] and "base64 is not valid" in dropped[12]
    assert "not kept" not in dropped[11]  # no place a picture is loaded: no file asked for


def test_a_file_copied_as_it_is_links_its_picture_by_a_relative_path(tmp_path):
    plan = _plan(tmp_path, "demo/figures/plot.html",
                 f'<p><img src="{b64("image/png", PNG)}"></p>')
    defuse_plan(plan, "assets/img")
    png = stored(PNG, "png", "assets/img")
    assert plan.files["demo/figures/plot.html"].decode() == f'<p><img src="../../{png}"></p>'
    assert plan.files[png] == PNG


def test_inside_raw_liquid_the_path_is_written_as_it_is(tmp_path):
    plan = _plan(tmp_path, "_pages/raw.md", "---\ntitle: r\n---\n{% raw %}"
                 f"![x]({b64('image/png', PNG)}){{% endraw %}}\n")
    defuse_plan(plan, "images")
    assert f"{{% raw %}}![x](/{stored(PNG, 'png', 'images')}){{% endraw %}}" in \
        plan.files["_pages/raw.md"].decode()


def test_without_a_folder_of_pictures_the_address_is_dropped_as_before(tmp_path):
    plan = _plan(tmp_path, "_pages/notes.md", PAGE)
    defuse_plan(plan)
    assert not any(k.startswith("images/") for k in plan.files)
    assert "data:" not in plan.files["_pages/notes.md"].decode()


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from([("image/png", PNG[:8]), ("image/jpeg", JPEG[:3]),
                             ("image/gif", GIF[:6])]),
       tail=st.binary(max_size=300), percent=st.booleans())
def test_the_files_bytes_are_the_decoded_bytes(tmp_path_factory, kind, tail, percent):
    data = kind[1] + tail
    url = f"data:{kind[0]}," + quote_from_bytes(data) if percent else b64(kind[0], data)
    plan = _plan(tmp_path_factory.mktemp("p"), "about.html",
                 f'---\n---\n<img src="{url}" alt="a">')
    defuse_plan(plan, "images")
    files = [v for k, v in plan.files.items() if k.startswith("images/")]
    assert files == [data]


def test_srcset_is_read_as_a_browser_reads_it():
    out, dropped = defuse(f'<img srcset="{b64("image/png", PNG)} 1x,/b.png 2x" alt="x">', False,
                          lambda url, text, at: "/p.png")
    assert out == '<img srcset="/p.png 1x,/b.png 2x" alt="x">' and dropped == []
    out, dropped = defuse(f'<img srcset="{b64("image/png", PNG)} 1x, javascript:x 2x">', False,
                          lambda url, text, at: "/p.png")
    assert out == "<img>" and dropped  # one address not a picture: the whole set goes


PICTURE_PAGE = ("---\nlayout: page\ntitle: gallery\npermalink: /gallery/\n---\n"
                "Quill Harrow's drawings:\n\n"
                f'<img alt="heron" src="{b64("image/png", PNG)}">\n\n'
                f"![a tern]({b64('image/gif', GIF)})\n")


@pytest.mark.parametrize(("fixture", "theme", "to"), SWITCHES)
def test_a_theme_switch_keeps_the_pictures_in_the_targets_folder(tmp_path, fixture, theme, to):
    folder = {"academicpages": "images", "al-folio": "assets/img"}[to]  # (their mappings')
    plan = switched(tmp_path, fixture, theme, to, {"_pages/gallery.md": PICTURE_PAGE})
    page = next(v.decode() for k, v in plan.files.items() if k.endswith("gallery.md"))
    png, gif = stored(PNG, "png", folder), stored(GIF, "gif", folder)
    assert plan.files[png] == PNG and plan.files[gif] == GIF
    assert f"""<img alt="heron" src="{{{{ '/{png}' | relative_url }}}}">""" in page
    assert f"""![a tern]({{{{ '/{gif}' | relative_url }}}})""" in page
    assert {(f.path, f.line) for f in plan.report.findings if f.code == "data-picture"} == {
        ("_pages/gallery.md", 8), ("_pages/gallery.md", 10)}
    assert not any(f.code == "unsafe-link" and f.path == "_pages/gallery.md"
                   for f in plan.report.findings)


def test_an_upgrade_keeps_the_pictures_of_the_owners_pages(tmp_path):
    src, dest = old_site(tmp_path / "old"), new_checkout(tmp_path / "new")
    (src / "_pages/gallery.md").write_text(PICTURE_PAGE)
    plan = sitemigrate.convert(src, dest, to="al-folio")
    page = plan.files["_pages/gallery.md"].decode()
    png = stored(PNG, "png", "assets/img")
    assert plan.files[png] == PNG and "data:" not in page
    assert f"{{{{ '/{png}' | relative_url }}}}" in page
    assert any(f.code == "data-picture" and f.path == "_pages/gallery.md" and f.line == 8
               for f in plan.report.findings)

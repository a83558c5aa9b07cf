"""Publications and talks as the source shows them and the target links them: an entry two
shown `.bib` files hold (a list of every paper and a list per project, by the same key) is
one publication; an entry key holds what bibtex-ruby's key reads (spaces, dots:
`Del Prete_2018`); a publication's permalink on another site is no address of this one; a
talk's flag (`slides: true`) is no link."""

from __future__ import annotations

import shutil

from conftest import FIXTURES

import sitemigrate

TOPIC = """@inproceedings{okonkwo2025carbon,
  title = {Carbon-Aware Scheduling for {GPU} Clusters},
  author = {Okonkwo, Ada Q.},
  booktitle = {EuroSys},
  year = {2025},
}

@misc{okonkwo2024lamp,
  title = {A Lamp for Counting Buoys by Night},
  author = {Okonkwo, Ada Q.},
  year = {2024},
}
"""


def site(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "al-folio-site", src)
    (src / "_bibliography/greensched.bib").write_text(TOPIC)
    project = src / "_projects/1_project.md"
    project.write_text(project.read_text() + "\n{% bibliography -f greensched %}\n")
    return src


def test_an_entry_of_two_shown_files_is_one_publication(tmp_path):
    read = sitemigrate.read_site(site(tmp_path))
    keys = [p.key for p in read.publications]
    assert sorted(keys) == ["okonkwo2022notes", "okonkwo2023storage", "okonkwo2024lamp",
                            "okonkwo2025carbon"]
    carbon = next(p for p in read.publications if p.key == "okonkwo2025carbon")
    # read from the publications page's file, not from the project's, which sorts first
    assert carbon.origin and carbon.origin.path == "_bibliography/papers.bib"


def test_two_lists_of_publications_pages_keep_their_own_entries(tmp_path):
    """Two files a publications page lists each (a list per language, say) keep every entry,
    also one whose key the other has: each list shows its own copy."""
    src = site(tmp_path)
    page = src / "_pages/publications.md"
    page.write_text(page.read_text() + "\n{% bibliography -f greensched %}\n")
    keys = [p.key for p in sitemigrate.read_site(src).publications]
    assert keys.count("okonkwo2025carbon") == 2


def test_an_entry_key_with_spaces_is_read_as_jekyll_scholar_reads_it(tmp_path):
    src = site(tmp_path)
    (src / "_bibliography/greensched.bib").write_text(
        "@article{Okonkwo_Del Prete_et al._2019,\n  title = {Buoys at Dusk},\n"
        "  author = {Okonkwo, Ada Q.},\n  journal = {Sea Notes},\n  year = {2019},\n}\n")
    read = sitemigrate.read_site(src)
    dusk = [p for p in read.publications if p.title == "Buoys at Dusk"]
    assert [p.key for p in dusk] == ["Okonkwo_Del Prete_et al._2019"]
    assert dusk[0].venue == "Sea Notes" and dusk[0].year == 2019


def test_a_publication_whose_permalink_is_on_another_site_gets_a_page_here(tmp_path):
    """`permalink: https://journal.example.org/corridors` on a publication with text: its
    page in al-folio is at an address of the site, and the bibliography links that page
    (not the site's base path glued to the other site's address)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    pub = src / "_publications/2021-03-10-corridors.md"
    pub.write_text(pub.read_text().replace(
        "permalink: /publication/2021-03-10-corridors",
        "permalink: https://journal.example.org/corridors") + "\nThe corridors we mapped.\n")
    (src / "_config.yml").write_text((src / "_config.yml").read_text().replace(
        'baseurl: ""', 'baseurl: "/lab"'))
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    bib = (tmp_path / "out/_bibliography/papers.bib").read_text()
    page = next((tmp_path / "out/_pages/publications").glob("*.md")).read_text()
    assert "https://journal.example.org/corridors" not in page
    assert "permalink: /publications/" in page
    assert "website = {/lab/publications/" in bib


def test_a_flag_is_no_link_of_a_talks_details(tmp_path):
    """`slides: true` switches the owner's own slide layout on; it names no file: the line of
    details al-folio's talk page gets has no `Slides` link to `/true`."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "academicpages-site", src)
    talk = src / "_talks/2024-09-12-field-robots.md"
    talk.write_text(talk.read_text().replace("---\n", "---\nslides: true\n", 1))
    sitemigrate.convert(src, tmp_path / "out", to="al-folio").apply()
    written = next((tmp_path / "out/_talks").glob("*.md")).read_text()
    assert "Nordic Ecology Meeting" in written or "page.venue" in written
    assert "page.slides" not in written

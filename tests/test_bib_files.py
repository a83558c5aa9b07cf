"""A site's `.bib` files as jekyll-scholar reads and shows them: an entry that two shown files
hold (a list of every paper and a list per project, by the same key) is one publication, and
an entry key holds what bibtex-ruby's key reads (spaces, dots: `Del Prete_2018`)."""

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
    project.write_text(project.read_text().replace("---\n", "---\nbibliography: greensched\n", 1))
    return src


def test_an_entry_of_two_shown_files_is_one_publication(tmp_path):
    read = sitemigrate.read_site(site(tmp_path))
    keys = [p.key for p in read.publications]
    assert sorted(keys) == ["okonkwo2022notes", "okonkwo2023storage", "okonkwo2024lamp",
                            "okonkwo2025carbon"]
    carbon = next(p for p in read.publications if p.key == "okonkwo2025carbon")
    assert carbon.origin and carbon.origin.path == "_bibliography/papers.bib"  # the listed file


def test_an_entry_key_with_spaces_is_read_as_jekyll_scholar_reads_it(tmp_path):
    src = site(tmp_path)
    (src / "_bibliography/greensched.bib").write_text(
        "@article{Okonkwo_Del Prete_et al._2019,\n  title = {Buoys at Dusk},\n"
        "  author = {Okonkwo, Ada Q.},\n  journal = {Sea Notes},\n  year = {2019},\n}\n")
    read = sitemigrate.read_site(src)
    dusk = [p for p in read.publications if p.title == "Buoys at Dusk"]
    assert [p.key for p in dusk] == ["Okonkwo_Del Prete_et al._2019"]
    assert dusk[0].venue == "Sea Notes" and dusk[0].year == 2019

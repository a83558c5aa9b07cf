"""A project Jekyll does not publish (its name starts with `_`) is no page of the site: its
image is no file of the site to carry, and nothing says it is missing. Invented people."""

from __future__ import annotations

from test_read_rules import write

import sitemigrate

CONFIG = ("first_name: Ilse\nlast_name: Varga\ntitle: Ilse Varga\n"
          "collections:\n  projects:\n    output: true\n")
PROJECT = ("---\nlayout: page\ntitle: {title}\nimg: {img}\ncategory: work\n---\n"
           "Notes on {title}.\n")


def test_the_image_of_an_unpublished_project_is_not_looked_for(tmp_path):
    src = write(tmp_path / "src", {
        "_config.yml": CONFIG,
        "_pages/projects.md": "---\nlayout: page\ntitle: projects\npermalink: /projects/\n"
                              "nav: true\n---\n",
        "_projects/_kiln.md": PROJECT.format(title="Kiln draft", img="assets/img/kiln.png"),
        "_projects/loom.md": PROJECT.format(title="Loom", img="/assets/img/loom.png"),
    })
    plan = sitemigrate.convert(src, tmp_path / "dest", to="academicpages", from_="al-folio")
    missing = [f for f in plan.report.findings if f.code == "missing-file"]
    assert not [f for f in missing if "kiln" in f.message], missing
    # the published project's missing image is still said, at its file
    assert [f.path for f in missing if "loom" in f.message] == ["_projects/loom.md"]

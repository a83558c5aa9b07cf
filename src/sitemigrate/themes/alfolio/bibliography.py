"""al-folio writer: publications as `_bibliography/papers.bib` entries, and the pages of
publications with text of their own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ruamel.yaml.comments import CommentedMap

from ...formats import bibtex as bib
from ...formats.bibgrammar import MONTH_NAMES
from ...formats.bibtext import shown_braces, slugify
from ...formats.citation import (
    citation_authors,
    citation_details,
    citation_month,
    doi_in,
    entry_type_for,
)
from ...formats.content import is_external
from ...ir import Publication, Site
from ...jekyll.assets import AssetCopier
from ...jekyll.documents import front_matter_unread
from ...jekyll.liquid import attribute_safe, raw_literal
from ...jekyll.listings import in_sections, listed_sections
from ...jekyll.site import site_path
from ...plan import Plan
from ...report import Report
from . import THEME
from .menu import _nav_entry
from .reader import (
    LINK_FIELDS,
    PUB_FRONT_ONLY,
    TYPE_OF_CATEGORY,
    UNPRINTED_VENUE_FIELD,
    VENUE_FIELD,
)

if TYPE_CHECKING:
    from ...theme import Theme


def _unique_keys(pubs: list[Publication], report: Report) -> None:
    """One BibTeX key per entry: a key seen before (two `.bib` files of another theme with
    the same key) gets a suffix, and the entry is written from its fields."""
    seen: set[str] = set()
    for pub in pubs:
        key = pub.key
        n = 2
        while key.lower() in seen:
            key = f"{pub.key}-{n}"
            n += 1
        if key != pub.key:
            report.problem("duplicate-key", f"BibTeX key `{pub.key}` is used by another "
                           f"publication too; this one is `{key}` in al-folio. Update "
                           f"`{{% cite {pub.key} %}}` where it means this one.", pub.origin)
            pub.key, pub.bibtex = key, ""
        seen.add(key.lower())


# DEST's bib layout gives each entry the id of its key (`<div id="{{ entry.key }}"`): a
# publications page then has an anchor per entry
_ENTRY_ID = re.compile(r"""\bid\s*=\s*["']\{\{-?\s*entry\.key\s*-?\}\}["']""")
_FRAGMENT = re.compile(r"[A-Za-z0-9_.:-]+")  # a key a fragment spells as it is


def anchor_entries(pubs: list[Publication], plan: Plan, bib_layout: str | None,
                   page_out: str) -> None:
    """The anchor of each publication listed on the publications page (DEST file
    ``page_out``), where DEST's bib layout gives each entry its key as id: the old address of
    a publication without a page of its own forwards to its entry there."""
    if not bib_layout or not _ENTRY_ID.search(bib_layout):
        return
    for pub in pubs:
        if pub.origin and plan.origins.get(pub.origin.path) == page_out \
                and _FRAGMENT.fullmatch(pub.key):
            plan.anchors[pub.origin.path] = pub.key


def _carry_entry_files(pub: Publication, copier: AssetCopier) -> None:
    """The files an entry written as it was read names (`pdf`, `slides`, ... and `preview`,
    relative to their al-folio folders): copied along, as for an entry built from fields."""
    written: dict[str, str] = {}
    for kind, url in pub.links.items():
        base = LINK_FIELDS.get(kind)
        if base and url.startswith("/") and not url.startswith(f"/{base}/"):
            # a value the owner's bib layout looked for in a folder of its own: DEST's
            # layout looks for the value as written in its folder, so the file goes there
            written = written or {k.lower(): v.strip() for entry in bib.parse_bib(
                pub.bibtex).entries[:1] for k, v in entry.fields.items()}
            value = written.get(kind, "")
            if value and site_path(value, base) == f"/{base}/{value}":
                folder = f"{base}/{value}".rsplit("/", 1)[0]
                copier.carry(url, pub.origin, f"{kind} of `{pub.key}`", folder)
                continue
        if base and url.startswith("/"):
            copier.carry(url, pub.origin, f"{kind} of `{pub.key}`")
    preview = str(pub.fields.get("preview", ""))
    if preview.startswith("/"):
        copier.carry(preview, pub.origin, f"preview of `{pub.key}`",
                     THEME.vocabulary["paths"]["publication_preview"])


def _bib_entry(pub: Publication, copier: AssetCopier, owner: tuple[str, str],
               report: Report | None, shown: set[str] | None) -> str | bib.BibEntry:
    """The entry `papers.bib` holds for ``pub``: its BibTeX as written (a publication of an
    al-folio source), with the fields a listing of a page selects it by (the file it came
    from, the part of a page it is in: :mod:`.bibsections`) added where it lacks them, each
    under the name a query reads (``bib_field_aliases``), so that a page's listing of a
    file's entries finds them in the one file; else one made from what was read of it."""
    if not pub.bibtex:
        return _bibtex_of(pub, copier, owner, report, shown)
    spec = THEME.vocabulary["listings"]["publications"]["filtered"]
    aliases = THEME.vocabulary.get("bib_field_aliases", {})  # a field bibtex-ruby queries
    marks = {aliases.get(k, k): str(v) for k, v in pub.fields.items()
             if k == spec["by_file"] or str(k).startswith(spec["by_query"])}
    return bib.with_fields(pub.bibtex, marks) if marks else pub.bibtex


def _bibtex_of(pub: Publication, copier: AssetCopier, owner: tuple[str, str] = ("", ""),
               report: Report | None = None, shown: set[str] | None = None) -> bib.BibEntry:
    """``shown``: the `entry.*` fields DEST's bib layout prints (None: no layout)."""
    from ...inert import decode_entities as text  # academicpages escapes `& " ' <`
    # BibTeX holds the text, not markup; its own braces shown, not read as groups
    fields: dict[str, str] = {"title": shown_braces(text(pub.title))}
    if pub.year:
        fields["year"] = str(pub.year)
    stated = pub.entry_type or _stated_type(pub)
    entry_type = stated or TYPE_OF_CATEGORY.get(pub.category, "misc")
    if (pub.venue and not stated and not pub.category and shown is not None
            and "journal" in shown and not {"note", "howpublished"} & shown):
        entry_type = "article"  # an untyped venue, where DEST shows an article's only
        if report is not None:
            report.mapped("publication-type", f"publication `{pub.key}` has no type, and "
                          "DEST's bib layout shows a venue only as an article's journal or a "
                          "proceedings' book title: written as `@article` with its venue as "
                          "`journal`, so that the venue is shown.", pub.origin)
    venue_key = VENUE_FIELD.get(entry_type) or UNPRINTED_VENUE_FIELD.get(entry_type,
                                                                         "howpublished")
    if pub.venue:
        fields[venue_key] = text(pub.venue)
    if pub.abstract:
        fields["abstract"] = _shown_abstract(pub.abstract, copier, pub)
    for kind, url in pub.links.items():
        if kind == "bibtex":
            continue
        base = LINK_FIELDS.get(kind)
        url = copier.local(url)
        if base and url.startswith("/"):  # al-folio prefixes relative values with its folder
            url = copier.carry(url, pub.origin, f"{kind} of `{pub.key}`")
            url = url.removeprefix(f"/{base}/")
        fields[kind] = url
    fields.update(pub.fields)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", pub.date) and not pub.date.endswith("-01-01") \
            and not {"date", "month"} & fields.keys():
        fields["date"] = pub.date  # biblatex's full date: a day that `year` alone would lose
    aliases = THEME.vocabulary.get("bib_field_aliases", {})
    carried: dict[str, str] = {}  # front-matter key -> the BibTeX field that holds it
    empty: list[str] = []
    for name, value in pub.extra.items():  # front matter of another theme (`note`, `pubtype`,
        key = name.lower()                   # al-folio's own `abbr` ...): BibTeX fields
        key = aliases.get(key, key) if aliases.get(key) != "author" or pub.authors else key
        if key in PUB_FRONT_ONLY and not (key == "published" and not isinstance(value, bool)):
            continue  # Jekyll's `published` hides a document only as `false`: any other
            # value is the owner's field (a page may list publications by it)
        if value in (None, "", []):
            empty.append(name)
            continue
        if (key == "author" and pub.authors) or (key == "year" and str(value) == fields.get(key)):
            carried[name] = key  # read into the entry's authors / year
            continue
        if key == "author":  # names not read: never BibTeX's `author` (split at "and")
            _unread_authors(pub, name, value, fields, copier, report)
            continue
        if key in fields:
            if report is not None and str(value) != fields[key]:
                report.lost("publication-field", f"publication `{pub.key}`: front-matter key "
                            f"`{name}` not carried: the entry's `{key}` holds another value "
                            f"(`{fields[key][:60]}`).", pub.origin)
            continue
        if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
            value = ", ".join(str(v) for v in value)
        if hasattr(value, "isoformat"):  # a date
            value = value.isoformat()
        if isinstance(value, (str, int, float, bool)):
            fields[key] = str(value).lower() if isinstance(value, bool) else str(value)
            carried[name] = key
        elif report is not None:
            report.lost("publication-field", f"publication `{pub.key}`: front-matter key "
                        f"`{key}` holds a structure a BibTeX field cannot; not carried.",
                        pub.origin)
    cited = _cited_month(pub, text(pub.title)) if pub.citation and "month" not in fields \
        else None
    if cited:
        items = list(fields.items())
        items.insert(list(fields).index("year") + 1 if "year" in fields else len(items),
                     ("month", MONTH_NAMES[cited - 1][:3].lower()))
        fields = dict(items)
    if "arxiv" in fields:
        _arxiv_identifier(fields, pub, report)
    if pub.citation and "doi" not in fields and (doi := doi_in(pub.citation)):
        fields["doi"] = doi  # the citation's DOI link: al-folio links `doi` as a button
    if fields.get("preview", "").startswith("/"):
        folder = THEME.vocabulary["paths"]["publication_preview"]
        new = copier.carry(fields["preview"], pub.origin, f"preview of `{pub.key}`", folder)
        fields["preview"] = new.removeprefix(f"/{folder}/")
    if pub.selected:
        fields["selected"] = "true"
    if pub.venue and entry_type not in VENUE_FIELD and "note" not in fields:
        fields["note"] = text(pub.venue)  # al-folio prints `note` in the venue line
    if pub.venue and shown is not None and not {venue_key, "note"} & shown \
            and report is not None:  # an older bib layout: venues of articles, proceedings
        report.lost("publication-venue", f"publication `{pub.key}` (`@{entry_type}`): DEST's "
                    f"bib layout shows no `{venue_key}` or `note`, so its venue "
                    f"(`{text(pub.venue)[:60]}`) is in `_bibliography/papers.bib` but not on "
                    "the page; a newer al-folio template shows it.", pub.origin)
    if not fields["title"].strip():
        _headline_title(pub, fields, carried, copier, report)
    if report is not None and shown is not None:
        _owner_shown(pub, fields, carried, shown, copier, report)
    authors, why = (pub.authors, None) if pub.authors or not pub.citation else \
        citation_authors(pub.citation, owner, pub.title)
    if pub.citation and not authors:
        kept = "note" if "note" not in fields else "additional_info"
        fields.setdefault(kept, _plain_citation(pub.citation))
        if report is not None:
            report.verbatim("citation-authors", f"publication `{pub.key}`: the authors of its "
                            f"`citation` could not be read ({why}); the citation is kept whole "
                            f"in `{kept}`. Add `author = {{...}}` to the entry.",
                            pub.origin and pub.origin.path,
                            copier.line_of(pub.origin, "citation:"))
    if pub.citation and authors and pub.venue and report is not None \
            and (details := citation_details(pub.citation, pub.venue, pub.year, cited)):
        free = [f"`{f}`" for f in ("additional_info", "note") if f in (shown or ())
                and f not in fields]
        report.lost("citation-details", f"publication `{pub.key}`: what its `citation` says "
                    f"after the venue (`{details[:60]}`) is in no field of the entry that "
                    "DEST's publication list shows (authors, title, venue, year): not "
                    "carried" + (f"; add it to the entry's {' or '.join(free)} to show it."
                                 if free else "."),
                    pub.origin and pub.origin.path, copier.line_of(pub.origin, "citation:"))
    if (carried or empty) and report is not None:
        said = [", ".join(f"`{k}`" + (f" as `{v}`" if v != k else "")
                          for k, v in carried.items()) + " carried as BibTeX field(s) of its "
                "entry"] if carried else []
        said += [", ".join(f"`{k}`" for k in empty) + " empty, left out"] if empty else []
        report.mapped("publication-field", f"publication `{pub.key}`: front-matter "
                      + "; ".join(said) + ".", pub.origin)
    persons = {"author": authors} if authors else {}
    # an entry, not its text: dump_bib formats it and need not parse it back
    return bib.BibEntry(pub.key, entry_type, fields, persons)


def _unread_authors(pub: Publication, name: str, value: object, fields: dict[str, str],
                    copier: AssetCopier, report: Report | None) -> None:
    """A front-matter author text the reader could not read as names (a citation in a shape
    it does not know): BibTeX's `author` would split it at each "and" and show it as people,
    markup and all; it is shown whole in the entry's `note` (or `additional_info`)."""
    text = _plain_citation(", ".join(map(str, value)) if isinstance(value, list)
                           else str(value) if isinstance(value, str) else "")  # a structure: no
    kept = "note" if "note" not in fields else "additional_info"
    if kept in fields or not text:
        kept = ""
    else:
        fields[kept] = text
    if report is not None:
        where = f"kept whole in `{kept}`" if kept else "not carried"
        report.verbatim("citation-authors", f"publication `{pub.key}`: `{name}: {text[:80]}` "
                        f"could not be read as a list of names; it is {where}, not as the "
                        "entry's `author`. Add `author = {...}` to the entry, names joined by "
                        "`and`.", pub.origin and pub.origin.path,
                        copier.line_of(pub.origin, f"{name}:"))


#: an arXiv identifier: new style (`2401.16243`) or old (`cond-mat/0102536`), any version
_ARXIV_ID = r"(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"


def _cited_month(pub: Publication, title: str) -> int | None:
    """The month al-folio's list is to show beside the year of ``pub`` (a publication of
    another theme, whose list showed the year of its date and its citation): the month its
    citation names beside that year (`(2020, April).`), where its date agrees or tells no
    month (a year alone, or `-01-01`, which often stands for one); None where the two
    differ (`Accepted in April 2025` of a paper dated June): the old page never said which.
    ``title``: its title as text."""
    month = citation_month(pub.citation, pub.year, title)
    dated = re.match(r"\d{4}-(\d{2})-(\d{2})", pub.date)
    told = int(dated[1]) if dated and dated[0][5:] != "01-01" else None
    return month if month and told in (None, month) else None


def _arxiv_identifier(fields: dict[str, str], pub: Publication, report: Report | None) -> None:
    """al-folio's bib layout links `arxiv` as `arxiv.org/abs/<arxiv>`: an identifier. A value
    written with its prefix (`arXiv:2401.16243`, `arXiv.2401.16243`) is that identifier; one
    that holds none (a label, a typo) takes the identifier of an arXiv address the entry
    has (`arxiv.org/abs/ID`, the DOI `10.48550/arXiv.ID`); with none either, it would link
    to no paper, so it is kept under another name and reported."""
    value = fields["arxiv"].strip()
    m = re.fullmatch(rf"(?:arxiv\s*[:.]?\s*)?({_ARXIV_ID})", value, re.I)
    found = m[1] if m else next(
        (a or b for v in fields.values() for a, b in re.findall(
            rf"arxiv\.org/(?:abs|pdf)/({_ARXIV_ID})|10\.48550/arxiv\.({_ARXIV_ID})", v, re.I)),
        "")
    if found:
        fields["arxiv"] = found
        return
    fields["arxiv_label"] = fields.pop("arxiv")
    if report is not None:
        report.verbatim("publication-arxiv", f"publication `{pub.key}`: `{value}` is no arXiv "
                        f"identifier, and al-folio would link it as `arxiv.org/abs/{value}` "
                        "(no paper); it is kept as `arxiv_label`. Add the paper's identifier "
                        "as `arxiv` to the entry.",
                        pub.origin)


def _stated_type(pub: Publication) -> str:
    """The BibTeX type a publication's own words name: a `pubtype`-like front-matter key, a
    `category` academicpages does not define (``workingpapers``, ``bookchapters`` ...), or,
    with no category, a venue that says it is a journal or proceedings."""
    for key in ("pubtype", "pub_type", "publication_type", "type"):
        if isinstance(pub.extra.get(key), str) and (found := entry_type_for(pub.extra[key])):
            return found
    category = pub.extra.get("category")
    if isinstance(category, str) and (found := entry_type_for(category)):
        return found
    if not pub.category:  # no type at all: a venue named "Journal ..." or "Proceedings ..."
        found = entry_type_for(pub.venue) if pub.venue else None
        return found if found in ("article", "inproceedings") else ""
    return ""


def _has_year(pub: Publication, report: Report) -> bool:
    """An entry without a year stops jekyll-scholar's build when the bibliography is grouped
    by year (every template's `group_by: year`): such a publication is left out of
    `papers.bib`, kept on its own page when it has text, and reported, unless its front
    matter is invalid YAML: that is reported already, with what to do (its date is there).
    One whose text states its year (:func:`_stated_year`) is of that year."""
    if pub.year or (pub.bibtex and re.search(r"\b(year|date)\s*=", pub.bibtex, re.I)):
        return True
    if pub.origin and front_matter_unread(report, pub.origin.path):
        return False  # its front matter was not read, as Jekyll reads none of it (no title,
        # no date: its list showed nothing of it); the invalid YAML is reported, with its fix
    if _stated_year(pub, report):
        return True
    kept = "its text stays on its own page" if pub.body.strip() else "nothing else of it is shown"
    report.lost("publication-no-year", f"publication `{pub.key}` has no date; al-folio's "
                "bibliography is grouped by year and a yearless entry stops the build, so it "
                f"is not in `_bibliography/papers.bib` ({kept}). Give it a date.", pub.origin)
    return False


# a year as a citation states it: in parentheses, perhaps with a letter or a `+` (`(2023+)`)
_CITED_YEAR = re.compile(r"\((\d{4})[a-z+]?\)")


def _stated_year(pub: Publication, report: Report) -> bool:
    """A publication without a date whose own text states one year as a citation does
    (`citation: ... (2019).`, an owner's `author: Berg, O. (2019)`): its list showed that
    year, and the entry takes it (its year, not the day of the build Jekyll would date it)."""
    texts = [pub.citation, *(v for v in pub.extra.values() if isinstance(v, str))]
    years = {int(y) for t in texts for y in _CITED_YEAR.findall(t)}
    if len(years) != 1:
        return False
    pub.year = years.pop()
    report.mapped("publication-year", f"publication `{pub.key}` has no date; its text states "
                  f"the year ({pub.year}): its entry is of that year. Give it a `date:` if "
                  "that is not its year.", pub.origin)
    return True


def _has_own_page(pub: Publication, unlisted: frozenset[str] = frozenset()) -> bool:
    """A publication whose text is more than its abstract keeps it on a page of its own; so
    does one of ``unlisted`` (:func:`unlisted`), its page being the only place it shows."""
    return (bool(pub.body.strip()) and pub.body.strip() != pub.abstract.strip()) \
        or pub.key in unlisted


def unlisted(site: Site, source: Theme | None) -> frozenset[str]:
    """The keys of the publications that had a page of their own in the source (a document
    of a collection Jekyll writes: `output: true`) but that its publications page does not
    list: it lists them by sections only (one per category, or the owner's `{% if %}`s),
    and none holds them, or it lists none of them (a list written by hand, which its
    Liquid never draws from the collection). The publications page of al-folio does not
    list them either; their own page is where a visitor still finds them."""
    page = site.page("publications")
    if page is None:
        return frozenset()
    sections = listed_sections(page.body, "publications", source)
    by_hand = not sections and not re.search(r"\bsite\.publications\b|\{%-?\s*bibliography\b",
                                             page.body)
    if not sections and not by_hand:
        return frozenset()
    collections = site.config_extra.get("collections")
    out = set()
    for pub in site.publications:
        folder = pub.origin.path.split("/", 1)[0] if pub.origin else ""
        spec = collections.get(folder[1:]) if isinstance(collections, dict) \
            and folder.startswith("_") else None
        fields = {"venue": pub.venue, "citation": pub.citation, **pub.fields, **pub.extra}
        if isinstance(spec, dict) and spec.get("output") \
                and (by_hand or not in_sections(fields, sections or [])):
            out.add(pub.key)
    return frozenset(out)


def _page_url(pub: Publication) -> str:
    """The address of a publication's own page (`_has_own_page`): its permalink, unless that
    is an address on another site (`permalink: https://journal.example/x`), which is no
    address of this one (Jekyll would make an odd folder of it)."""
    if pub.permalink and not is_external(pub.permalink):
        return pub.permalink
    return f"/publications/{pub.slug or pub.key}/"


def _write_publication_page(pub: Publication, plan: Plan, copier: AssetCopier,
                            site: Site, listed: bool = True) -> None:
    """A publication with its own text keeps it on a page at its old address; the bib entry
    links there (`website`), and the owner's menu too where it linked that address. One the
    publications page does not list (``listed`` False) shows its files' links there too."""
    url = _page_url(pub)
    front = CommentedMap([("layout", "page"), ("title", pub.title or pub.key),
                          ("permalink", url)])
    entry = _nav_entry(site, url)
    if entry is not None:
        front["nav"] = True
        front["nav_order"] = entry[0]
    if pub.citation:
        front["description"] = attribute_safe(_plain_citation(pub.citation))
    out = f"_pages/publications/{slugify(pub.slug or pub.key)}.md"
    body = copier.rewrite(pub.body, url, pub.origin)
    if pub.venue.strip():  # the source's page shows it; al-folio's page layout has no place
        venue = _as_written(pub.venue.strip())
        body = f"<p><em>{venue}</em>{f', {pub.year}' if pub.year else ''}</p>\n\n{body}"
    shown = [name for name, value in (("venue", pub.venue.strip()), ("citation", pub.citation))
             if value]
    if not listed:  # its page is the only place it shows: its abstract and links too
        abstract = pub.abstract.strip()
        if abstract and abstract not in body:
            body = body.rstrip("\n") + "\n\n" + _as_written(abstract) + "\n"
            shown.append("abstract")
        links = _links_line(pub, copier)
        body = body.rstrip("\n") + "\n\n" + links
        shown += ["links"] if links else []
    plan.write_document(out, front, body)
    # the bibliography prints `website` as written: a page of the site needs its baseurl
    pub.links.setdefault("website", plan.urls.get("site:baseurl", "") + url)
    if pub.origin:
        plan.origins[pub.origin.path] = out
    if listed:
        plan.report.mapped("publication-page", f"the text of publication `{pub.key}` kept on "
                           f"its own page `{url}` (`{out}`), linked from the bibliography.",
                           pub.origin)
        return
    with_what = f", with its {', '.join(shown)}" if shown else ""
    plan.report.mapped("publication-page", f"publication `{pub.key}` is in none of the "
                       "sections of the publications page, as in the source; its own page "
                       f"`{url}` (`{out}`) is kept{with_what}. Give it the value of a section "
                       "to have it listed.", pub.origin)


def _headline_title(pub: Publication, fields: dict[str, str], carried: dict[str, str],
                    copier: AssetCopier, report: Report | None) -> None:
    """A publication with no title of its own whose list, the owner's own include, heads it
    with another front-matter text (`<h2>{{ post.papertitle }}</h2>`): that text is the
    title a visitor read, and the entry's title (al-folio's bib layout heads an entry with
    `title`). Its field moves to `title`."""
    from ...jekyll.layouts import owner_code_reading
    if pub.origin is None:
        return
    for name, key in list(carried.items()):
        value = fields.get(key, "").strip()
        code = owner_code_reading(copier.plan, name, pub.origin.path) if value else None
        heads = re.compile(r"<h[1-6]\b[^>]*>\s*\{\{-?\s*post\." + re.escape(name)
                           + r"\s*-?\}\}\s*</h[1-6]>")
        if code is None or not heads.search(copier.plan.source_text(code) or ""):
            continue
        fields["title"] = fields.pop(key)
        carried[name] = "title"
        if report is not None:
            report.mapped("publication-title", f"publication `{pub.key}` has no `title`; your "
                          f"own `{code}` headed it with its `{name}`: that is its title now.",
                          pub.origin)
        return


def _owner_shown(pub: Publication, fields: dict[str, str], carried: dict[str, str],
                 shown: set[str], copier: AssetCopier, report: Report) -> None:
    """A carried field that DEST's bib layout does not print, but SRC's own include printed
    where it listed the publication (an owner's `archive-single.html`: `Status: {{
    post.status }}`, `<a href="{{ post.thesisurl }}">`), also goes where DEST shows it: an
    address to `html` (al-folio's HTML button), a text to `note` (its venue line), each
    when the entry has none; else it is said that a visitor no longer sees it. An address is
    an http(s) one, or a path of the site (`/files/a.bib`) the include printed only as a
    link's target (`href="{{ site.url }}{{ post.biburl }}"`): the visitor saw a link, not
    the path; its file is copied along to the folder DEST's layout reads the field from."""
    from ...jekyll.layouts import owner_code_reading
    if pub.origin is None:
        return
    for name, key in list(carried.items()):
        value = fields.get(key, "")
        if key in shown or not value:
            continue
        code = owner_code_reading(copier.plan, name, pub.origin.path)
        prints = re.compile(r"\{\{-?\s*post\." + re.escape(name) + r"\s*(?:\||-?\}\})")
        source = copier.plan.source_text(code) if code is not None else None
        if code is None or not prints.search(source or ""):
            continue  # read in a condition only (`post.category == ...`): not shown
        url = re.match(r"https?://", value, re.I) is not None or (
            value.startswith("/") and not value.startswith("//")
            and _printed_as_address(source or "", prints))
        target = _button_for(copier, code, name) if url else ""
        target = target if target and target not in fields \
            else "html" if url else "note" if "://" not in value else ""
        if url and target and not re.match(r"https?://", value, re.I):
            value = _site_file_for(copier, value, target, pub)
            target = target if value else ""
        if target not in shown or target in fields:
            report.lost("publication-field-shown", f"publication `{pub.key}`: your own "
                        f"`{code}` showed its `{name}`; DEST's bib layout does not show "
                        f"`{key}`, so a visitor no longer sees it (it is kept in the entry).",
                        pub.origin)
            continue
        fields[target] = value
        report.mapped("publication-field-shown", f"publication `{pub.key}`: your own `{code}` "
                      f"showed its `{name}`, which DEST's bib layout does not show: also "
                      f"written as `{target}`, shown "
                      + (f"as its `{target}` button." if url else "in its venue line."),
                      pub.origin)


def _printed_as_address(text: str, prints: re.Pattern[str]) -> bool:
    """Whether every place ``text`` prints a variable (``prints``) is inside a link's or an
    image's address (`<a href="{{ site.url }}{{ post.biburl }}">`): an address, not text."""
    places = list(prints.finditer(text))
    return bool(places) and all(re.search(r"\b(?:href|src)\s*=\s*(?:\"[^\"<>]*|'[^'<>]*)$",
                                          text[max(0, m.start() - 300):m.start()])
                                for m in places)


def _site_file_for(copier: AssetCopier, path: str, field: str, pub: Publication) -> str:
    """The value of al-folio's link field ``field`` for the site's file at ``path``: the file
    copied along to the folder DEST's layout reads that field from (`html`: `assets/html`),
    and named as the layout reads it; ``""`` where the path is a page, not a file (DEST's
    layout would look for it in that folder)."""
    base = LINK_FIELDS.get(field)
    new = copier.carry(path, pub.origin, f"{field} of `{pub.key}`", base)
    if base is None:
        return new
    return new.removeprefix(f"/{base}/") if new.startswith(f"/{base}/") else ""


def _link_label(text: str, variable: str) -> str:
    """The words of the links a layout wraps around ``{{ variable }}`` (`<a href="{{
    post.codeurl }}">Code</a>` -> ``code``), lower-cased; ``""`` where there are none, or
    several different ones."""
    found = {" ".join(m.split()).lower() for m in re.findall(
        r"<a\b[^>]*\bhref\s*=\s*[\"']\s*\{\{-?\s*" + re.escape(variable)
        + r"\s*(?:\|[^}]*)?-?\}\}[^\"']*[\"'][^>]*>\s*([^<{]+?)\s*</a>", text)}
    return found.pop() if len(found) == 1 else ""


def _button_for(copier: AssetCopier, code: str, name: str) -> str:
    """The field DEST's bib layout shows as the button the source showed a publication's
    link ``name`` as (the owner's include: `<a href="{{ post.codeurl }}">Code</a>`; DEST's:
    `<a href="{{ entry.code }}" ...>Code</a>`): the same words, the same button; ``""``."""
    from ...jekyll.checkout import layout_text
    label = _link_label(copier.plan.source_text(code) or "", f"post.{name}")
    layout = layout_text(copier.plan, "bib") or ""
    if not label:
        return ""
    return next((f for f in sorted(set(re.findall(r"\bentry\.(\w+)", layout)))
                 if _link_label(layout, f"entry.{f}") == label), "")


#: a Markdown inline link `[label](target)` (no nested brackets, no title)
_MD_LINK = re.compile(r"\[([^\[\]\n]+)\]\(\s*<?([^()\s<>]+(?:\([^()\s]*\))?[^()\s<>]*)>?\s*\)")


def _shown_abstract(text: str, copier: AssetCopier, pub: Publication) -> str:
    """The abstract as al-folio's bib layout shows it: it prints `abstract` into the page as
    it stands (HTML, no Markdown), where the source's listing ran its excerpt through
    `markdownify`; a Markdown link `[label](url)` becomes an `<a>` (a site path keeps
    the site's `baseurl`, a file it links is carried), one of another scheme its label."""
    import html
    text = shown_braces(text)  # through BibTeX's LaTeX filter, as the title
    if "](" not in text:
        return text
    base = "/" + (copier.site.identity.baseurl or "").strip("/")
    text = copier.rewrite(text, pub.permalink or "/", pub.origin)

    def link(m: re.Match[str]) -> str:
        label, url = m.group(1), m.group(2)
        if url.startswith("/") and not url.startswith("//"):
            url = base.rstrip("/") + url
        elif not re.match(r"(?:https?:|mailto:)", url, re.I):
            return label
        return f'<a href="{html.escape(url, quote=True)}">{label}</a>'
    return _MD_LINK.sub(link, text)


def _as_written(text: str) -> str:
    """Text of the source shown as written (its Liquid does not run)."""
    return raw_literal(text) if "{{" in text or "{%" in text else text


def _links_line(pub: Publication, copier: AssetCopier) -> str:
    """The publication's links (its PDF, slides ...) as one line of a page."""
    import html
    links = []
    for kind, url in pub.links.items():
        url = copier.carry(url, pub.origin, f"{kind} of `{pub.key}`") if url else ""
        if url.startswith("/") and not url.startswith("//") and "'" not in url:
            href = "{{ '" + url + "' | relative_url }}"
        elif re.match(r"https?://", url, re.I):
            href = html.escape(url, quote=True)
        else:
            continue  # a page's own link (`website`), or no link a page may write
        label = kind.upper() if len(kind) <= 4 and kind not in ("code", "blog") else \
            kind.capitalize()
        links.append(f'<a href="{href}">{label}</a>')
    return " | ".join(links) + "\n" if links else ""


def _plain_citation(citation: str) -> str:
    import html
    return re.sub(r"<[^>]+>", "", html.unescape(citation)).strip()

"""mappings/socials.yml and sitemigrate.socials: the table is well-formed, handles survive every
theme-to-theme trip, and the keys the themes' own templates use are all known."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemigrate import socials
from sitemigrate.ir import Social
from sitemigrate.mapdata import load_mapping, mappings_dir
from sitemigrate.socials import KINDS, load_table, read_social, write_social

from conftest import CORPUS, needs_shared

AF, OLD, AP = "al-folio", "al-folio-old", "academicpages"
ROWS = load_table()
BY_SERVICE = {row.service: row for row in ROWS}
ROUND_TRIP_ROWS = [row for row in ROWS if row.url_template and row.parse_regex]


# -- the table ----------------------------------------------------------------------------------

def test_mappings_dir_and_cached_loader():
    assert (mappings_dir() / "socials.yml").is_file()
    assert load_mapping("socials") is load_mapping("socials")
    assert load_mapping("socials") == load_mapping("socials.yml")
    assert load_table() == load_table(mappings_dir() / "socials.yml")


def test_columns_are_the_three_theme_ids():
    assert socials.themes() == [AP, AF, OLD]
    assert {theme for row in ROWS for theme in row.columns} == {AF, OLD, AP}


def test_every_service_either_theme_knows_has_a_row():
    wanted = {
        "email", "homepage", "google_scholar", "orcid", "github", "gitlab", "linkedin", "x",
        "bluesky", "mastodon", "researchgate", "semantic_scholar", "dblp", "arxiv", "inspire_hep",
        "pubmed", "scopus", "publons", "stackoverflow", "kaggle", "medium", "keybase", "instagram",
        "facebook", "youtube", "wikipedia", "wikidata", "telegram", "whatsapp", "discord", "zotero",
        "lattes", "osf", "academia", "zhihu", "weibo", "flickr", "pinterest", "spotify", "lastfm",
        "quora", "unsplash", "blogger", "leetcode", "acm", "ieee", "impactstory", "bitbucket",
        "codepen", "dribbble", "foursquare", "goodreads", "soundcloud", "steam", "tumblr", "vine",
        "xing", "google_plus", "artstation", "strava", "rss", "wechat",
    }
    assert wanted <= set(BY_SERVICE)


def test_rows_are_well_formed():
    services = [row.service for row in ROWS]
    assert len(services) == len(set(services))
    for row in ROWS:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", row.service), row.service
        assert row.label and row.columns, row.service
        if row.url_template is not None:
            assert "{id}" in row.url_template, row.service
            assert row.url_template.startswith(("https://", "http://", "mailto:")), row.service
        if row.parse_regex is not None:
            assert re.compile(row.parse_regex).groups >= 1, row.service
        for theme, (key, kind) in row.columns.items():
            assert kind in KINDS, (row.service, theme)
            assert row.specs[theme].key == key and row.specs[theme].kind == kind
            if kind == "fields":
                col = row.specs[theme]
                names = set(re.findall(r"{(\w+)}", col.url_template))
                assert names and names <= set(re.compile(col.parse_regex).groupindex)


def test_each_key_is_unique_within_its_theme_column():
    for theme in socials.themes():
        keys = [k for row in ROWS if theme in row.specs
                for k in (row.specs[theme].key, *row.specs[theme].aliases)]
        assert len(keys) == len(set(keys)), theme
        assert set(keys) == socials.known_keys(theme)


def test_url_kind_needs_no_template_but_id_kind_to_url_kind_does():
    # A service shown by handle in one theme and by URL in another must be convertible.
    for row in ROWS:
        kinds = {kind for _, kind in row.columns.values()}
        if {"id", "url"} <= kinds:
            assert row.url_template and row.parse_regex, row.service


def test_malformed_tables_are_refused(tmp_path: Path):
    cases = {
        "dup": "- {service: a, al-folio: {key: a_id}}\n- {service: a, al-folio: {key: b_id}}\n",
        "dupkey": "- {service: a, al-folio: {key: k}}\n- {service: b, al-folio: {key: k}}\n",
        "alias": "- {service: a, al-folio: {key: k}}\n"
                 "- {service: b, al-folio: {key: j, aliases: [k]}}\n",
        "noid": '- {service: a, url: "https://a.org/user", al-folio: {key: k}}\n',
        "badre": '- {service: a, url: "https://a.org/{id}", parse: "a.org/(", al-folio: {key: k}}\n',
        "nogroup": '- {service: a, url: "https://a.org/{id}", parse: "a.org/", al-folio: {key: k}}\n',
        "kind": "- {service: a, al-folio: {key: k, value: handle}}\n",
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.yml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError):
            load_table(path)


# -- handle -> url -> handle, across every pair of themes ---------------------------------------

ALNUM = st.from_regex(r"[a-z][a-z0-9]{0,14}", fullmatch=True)
DIGITS = st.from_regex(r"[1-9][0-9]{3,10}", fullmatch=True)
HANDLES = {
    "email": st.from_regex(r"[a-z][a-z0-9.]{0,10}@[a-z]{2,10}\.org", fullmatch=True),
    "google_scholar": st.from_regex(r"[A-Za-z0-9_-]{12}", fullmatch=True),
    "orcid": st.from_regex(r"0000-000[0-9]-[0-9]{4}-[0-9]{3}[0-9X]", fullmatch=True),
    "mastodon": st.from_regex(r"[a-z]{2,10}\.(social|org|exchange)/@[A-Za-z0-9_]{1,12}",
                              fullmatch=True),
    "semantic_scholar": DIGITS, "inspire_hep": DIGITS, "scopus": DIGITS, "lattes": DIGITS,
    "acm": DIGITS, "ieee": DIGITS, "whatsapp": DIGITS, "discord": DIGITS, "strava": DIGITS,
    "wikidata": st.from_regex(r"Q[1-9][0-9]{0,8}", fullmatch=True),
    "stackoverflow": st.from_regex(r"[1-9][0-9]{0,7}(/[a-z][a-z-]{0,10})?", fullmatch=True),
    "dblp": st.from_regex(r"[0-9]{2,3}/[0-9]{3,5}(-[0-9])?", fullmatch=True),
    "goodreads": st.from_regex(r"user/show/[1-9][0-9]{2,8}-[a-z]{1,8}", fullmatch=True),
    "flickr": st.from_regex(r"(photos/)?[a-z0-9]{1,12}", fullmatch=True),
    "linkedin": st.from_regex(r"[a-z][a-z0-9-]{1,20}[a-z0-9]", fullmatch=True),
    "bluesky": st.from_regex(r"[a-z][a-z0-9]{1,10}\.bsky\.social", fullmatch=True),
}


def _pairs(row):
    themes = list(row.columns)
    return [(t1, t2) for t1, t2 in product(themes, themes)
            if row.specs[t1].writable and row.specs[t2].writable]


@pytest.mark.parametrize("row", ROUND_TRIP_ROWS, ids=lambda r: r.service)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_handle_survives_every_theme_to_theme_trip(row, data):
    handle = data.draw(HANDLES.get(row.service, ALNUM), label="handle")
    assert row.parse_url(row.build_url(handle)) == handle
    pairs = _pairs(row)
    assert pairs, row.service
    for t1, t2 in pairs:
        source = write_social(t1, Social(row.service, handle, row.build_url(handle)))
        assert source is not None, (row.service, t1)
        social = read_social(t1, *source)
        assert social is not None and social.service == row.service
        assert social.handle == handle, (t1, source)
        target = write_social(t2, social)
        assert target is not None, (row.service, t1, t2)
        back = read_social(t2, *target)
        assert back is not None and back.handle == handle, (t1, t2, target)


def test_round_trip_covers_every_row_with_template_and_parse():
    assert len(ROUND_TRIP_ROWS) >= 50
    assert {"google_scholar", "orcid", "x", "mastodon", "bluesky"} <= {
        r.service for r in ROUND_TRIP_ROWS}


# -- concrete cases -----------------------------------------------------------------------------

def test_scholar_id_becomes_academicpages_url():
    social = read_social(AF, "scholar_userid", "qc6CJjYAAAAJ")
    assert social == Social("google_scholar", "qc6CJjYAAAAJ",
                            "https://scholar.google.com/citations?user=qc6CJjYAAAAJ")
    assert write_social(AP, social) == (
        "googlescholar", "https://scholar.google.com/citations?user=qc6CJjYAAAAJ")


def test_scholar_url_becomes_al_folio_id():
    url = "https://scholar.google.com/citations?user=PS_CX0AAAAAJ&hl=en"
    social = read_social(AP, "googlescholar", url)
    assert (social.service, social.handle, social.url) == ("google_scholar", "PS_CX0AAAAAJ", url)
    assert write_social(AF, social) == ("scholar_userid", "PS_CX0AAAAAJ")
    assert write_social(OLD, social) == ("scholar_userid", "PS_CX0AAAAAJ")


@pytest.mark.parametrize("url, handle", [
    # real sites: another Google domain, and an `authuser=` parameter after `user=`
    ("https://scholar.google.com/citations?user=T3mPijUAAAAJ&hl=en&authuser=1&oi=ao", "T3mPijUAAAAJ"),
    ("https://scholar.google.fr/citations?user=Rx507eQAAAAJ&hl", "Rx507eQAAAAJ"),
    ("https://scholar.google.com.au/citations?user=n-NtUVIAAAAJ&hl=en", "n-NtUVIAAAAJ"),
    ("https://scholar.google.com/citations?hl=en&user=zw1me-MBbngC", "zw1me-MBbngC"),
])
def test_scholar_url_variants(url, handle):
    assert read_social(AP, "googlescholar", url).handle == handle


def test_scholar_id_with_stray_query_is_cleaned():
    # a real al-folio config has `scholar_userid: 1W2Tio4AAAAJ&hl`
    social = read_social(OLD, "scholar_userid", "1W2Tio4AAAAJ&hl")
    assert social.handle == "1W2Tio4AAAAJ"
    assert write_social(AP, social)[1] == "https://scholar.google.com/citations?user=1W2Tio4AAAAJ"


def test_orcid_url_and_id():
    social = read_social(AP, "orcid", "https://orcid.org/0000-0003-1966-9946")
    assert social.handle == "0000-0003-1966-9946"
    assert write_social(AF, social) == ("orcid_id", "0000-0003-1966-9946")
    back = read_social(AF, "orcid_id", "0000-0002-4727-715X")
    assert write_social(AP, back) == ("orcid", "https://orcid.org/0000-0002-4727-715X")
    # http:// (2017 template era) parses too
    assert read_social(AP, "orcid", "http://orcid.org/0000-0003-1910-3969").handle == \
        "0000-0003-1910-3969"


def test_orcid_placeholder_url_cannot_become_an_id():
    social = read_social(AP, "orcid", "https://orcid.org/yourorcidurl")
    assert social.handle is None and social.url == "https://orcid.org/yourorcidurl"
    assert write_social(AF, social) is None
    assert write_social(AP, social) == ("orcid", "https://orcid.org/yourorcidurl")


def test_twitter_x_username_and_old_twitter_username():
    social = read_social(AP, "twitter", "JaydenC")
    assert (social.service, social.handle) == ("x", "JaydenC")
    assert write_social(AF, social) == ("x_username", "JaydenC")
    assert write_social(OLD, social) == ("twitter_username", "JaydenC")
    old = read_social(OLD, "twitter_username", "CorentK")
    assert write_social(AP, old) == ("twitter", "CorentK")
    # early-2024 configs already use the new name at the top level
    assert read_social(OLD, "x_username", "0xtob").handle == "0xtob"
    assert "x_username" in socials.known_keys(OLD)
    assert read_social(AF, "twitter_username", "someone") is None
    assert read_social(AP, "twitter", "https://twitter.com/Ali0mrani").handle == "Ali0mrani"
    assert read_social(AP, "twitter", "https://x.com/@Ali0mrani").handle == "Ali0mrani"


def test_email_everywhere():
    social = read_social(AF, "email", "agreen57@kennesaw.edu")
    assert social == Social("email", "agreen57@kennesaw.edu", "mailto:agreen57@kennesaw.edu")
    for theme in (AF, OLD, AP):
        assert write_social(theme, social) == ("email", "agreen57@kennesaw.edu")
    assert read_social(AP, "email", "mailto:a@b.org").handle == "a@b.org"


def test_service_academicpages_lacks_is_not_written():
    wechat = read_social(AF, "wechat_qr", "wechat-qr.png")
    assert wechat == Social("wechat", "wechat-qr.png", None)
    assert write_social(AP, wechat) is None
    assert write_social(AF, wechat) == ("wechat_qr", "wechat-qr.png")
    for key, value in [("zotero_username", "andygreenphd"), ("osf_id", "abc12"),
                       ("whatsapp_number", "4915112345678"), ("dblp_url", "https://dblp.org/pid/276/3150.html")]:
        assert write_social(AP, read_social(AF, key, value)) is None, key


def test_service_al_folio_lacks_is_not_written():
    for key, value in [("pubmed", "https://www.ncbi.nlm.nih.gov/pubmed/?term=john+snow"),
                       ("xing", "jdoe"), ("arxiv", "https://arxiv.org/a/doe_j_1.html")]:
        social = read_social(AP, key, value)
        assert social is not None
        assert write_social(AF, social) is None and write_social(OLD, social) is None


def test_handle_and_url_kinds_convert_both_ways():
    masto = read_social(AF, "mastodon_username", "infosec.exchange/@AndyGreenPhD")
    assert write_social(AP, masto) == ("mastodon", "https://infosec.exchange/@AndyGreenPhD")
    assert write_social(AF, read_social(AP, "mastodon", "https://mastodon.social/@jdoe")) == \
        ("mastodon_username", "mastodon.social/@jdoe")
    rg = read_social(AP, "researchgate", "https://www.researchgate.net/profile/Nicola_Garau")
    assert write_social(AF, rg) == ("research_gate_profile", "Nicola_Garau")
    inspire = read_social(AF, "inspirehep_id", 1010907)  # YAML integer
    assert write_social(AP, inspire) == ("inspire-hep", "https://inspirehep.net/authors/1010907")
    sem = read_social(AF, "semanticscholar_id", 46868553)
    assert write_social(AP, sem) == ("semantic", "https://www.semanticscholar.org/author/46868553")
    assert read_social(AP, "semantic",
                       "https://www.semanticscholar.org/author/Yichi-Zhang/46868553").handle == "46868553"
    sky = read_social(AP, "bluesky", "jdoe.bsky.social")
    assert write_social(AF, sky) == ("bluesky_url", "https://bsky.app/profile/jdoe.bsky.social")
    tg = read_social(AF, "telegram_username", "jdoe")
    assert write_social(AP, tg) == ("telegram", "https://telegram.me/jdoe")
    assert read_social(AP, "telegram", "https://t.me/jdoe").handle == "jdoe"
    med = read_social(AP, "medium", "https://medium.com/@jdoe")
    assert write_social(AF, med) == ("medium_username", "jdoe")


def test_homepage_is_url_only():
    site = read_social(AF, "work_url", "https://facultyweb.kennesaw.edu/agreen57/index.php")
    assert site.service == "homepage" and site.handle is None
    assert write_social(AP, site) == ("uri", "https://facultyweb.kennesaw.edu/agreen57/index.php")
    assert write_social(OLD, read_social(AP, "uri", "https://example.org/")) == \
        ("work_url", "https://example.org/")


def test_lenient_reading_of_real_values():
    # URL under a username key, with and without scheme; trailing slash on a handle
    assert read_social(AP, "linkedin", "https://www.linkedin.com/in/alocin/").handle == "alocin"
    assert read_social(AP, "linkedin", "david-van-dijcke/").handle == "david-van-dijcke"
    social = read_social(AF, "linkedin_username", "linkedin.com/in/andygreenphd")
    assert social.handle == "andygreenphd" and social.url.startswith("https://")
    # a bare handle under a URL key is expanded
    assert read_social(AF, "bluesky_url", "jdoe.bsky.social").url == \
        "https://bsky.app/profile/jdoe.bsky.social"
    # "user number/name" for Stack Overflow is kept whole
    assert read_social(AP, "stackoverflow", "7718843/jaydenm-c").handle == "7718843/jaydenm-c"


def test_flags_and_empty_values():
    assert read_social(AF, "rss_icon", True) == Social("rss")
    assert write_social(AF, Social("rss")) == ("rss_icon", True)
    assert write_social(AP, Social("rss")) is None
    for value in (False, None, "", "   ", "false"):
        assert read_social(OLD, "rss_icon", value) is None
    for value in (None, "", "  "):
        assert read_social(OLD, "github_username", value) is None
    assert "github_username" in socials.known_keys(OLD)


def test_unknown_keys_services_and_themes():
    assert read_social(AF, "custom_social", {"logo": "x.png", "title": "T", "url": "https://a.b"}) is None
    assert read_social(AP, "alphaxiv", "https://www.alphaxiv.org/@david-van-dijcke") is None
    assert read_social(AP, "name", "Your Sidebar Name") is None
    assert write_social(AF, Social("myspace", "tom")) is None
    with pytest.raises(ValueError):
        read_social("jekyll-now", "github", "x")
    with pytest.raises(ValueError):
        socials.known_keys("jekyll-now")


def test_read_only_columns_are_read_but_not_written():
    # early-2024 top-level keys the 2020-23 templates do not render
    inspire = read_social(OLD, "inspirehep_id", "1010907")
    assert inspire.handle == "1010907"
    assert write_social(OLD, inspire) is None
    assert write_social(AF, inspire) == ("inspirehep_id", "1010907")
    # academia_edu {organization, username}, seen in some al-folio copies only
    aca = read_social(AF, "academia_edu", {"organization": "kennesaw", "username": "AGreen"})
    assert aca.url == "https://kennesaw.academia.edu/AGreen"
    assert write_social(AP, aca) == ("academia", "https://kennesaw.academia.edu/AGreen")
    assert write_social(AF, aca) is None


def test_social_from_url():
    hit = socials.social_from_url("https://github.com/alshedivat")
    assert (hit.service, hit.handle) == ("github", "alshedivat")
    assert socials.social_from_url("https://orcid.org/0000-0001-5825-3447").service == "orcid"
    assert socials.social_from_url("https://www.alberteinstein.com/") is None
    assert socials.social_from_url("not a url") is None


# -- the themes' own key lists are all known ----------------------------------------------------

def _yaml_keys(text: str, indent: str = "") -> set[str]:
    """Keys (commented-out ones too) at one indentation level of a YAML text."""
    rx = re.compile(rf"^{indent}#?\s?([A-Za-z][\w-]*)\s*:", re.MULTILINE)
    return set(rx.findall(text))


def test_upstream_al_folio_socials_keys_are_known():
    text = needs_shared(CORPUS / "upstream/al-folio/_data/socials.yml").read_text(encoding="utf-8")
    keys = _yaml_keys(text) - {"custom_social", "logo", "title", "url"}
    assert len(keys) >= 40
    assert keys <= socials.known_keys(AF), keys - socials.known_keys(AF)


def test_legacy_al_folio_config_social_keys_are_known():
    text = needs_shared(CORPUS / "upstream/al-folio-legacy/_config.yml").read_text(encoding="utf-8")
    keys = {k for k in _yaml_keys(text)
            if re.search(r"_(username|userid|id|url|profile|number)$", k)}
    assert {"github_username", "twitter_username", "scholar_userid", "dblp_url"} <= keys
    # the 2020-23 writer may write every one of them
    writable = {row.specs[OLD].key for row in ROWS if OLD in row.specs and row.specs[OLD].writable}
    assert keys <= writable, keys - writable


@pytest.mark.parametrize("path", ["upstream/academicpages/_config.yml",
                                  "upstream/academicpages-variants/legacy-2017/_config.yml"])
def test_academicpages_author_keys_are_known(path):
    text = needs_shared(CORPUS / path).read_text(encoding="utf-8")
    block = re.search(r"^author:\n((?:[ \t]+.*\n|\n)+)", text, re.MULTILINE).group(1)
    keys = _yaml_keys(block, indent="  ")
    identity = {"avatar", "name", "pronouns", "bio", "location", "employer"}
    assert {"googlescholar", "github", "twitter", "orcid"} <= keys
    missing = keys - identity - socials.known_keys(AP)
    assert not missing, missing


def test_real_al_folio_socials_files():
    files = sorted(needs_shared(CORPUS / "real/al-folio").glob("*/_data/socials.yml"))
    assert files
    from ruamel.yaml import YAML
    seen = 0
    for file in files:
        data = YAML(typ="safe").load(file.read_text(encoding="utf-8")) or {}
        for key, value in data.items():
            if isinstance(value, dict):
                continue  # custom entry
            social = read_social(AF, key, value)
            if value is False:  # a switch turned off (`rss_icon: false`): no profile shown
                assert social is None, (file, key)
                continue
            assert social is not None, (file, key)
            seen += 1
            if social.service == "google_scholar":
                assert re.fullmatch(r"[A-Za-z0-9_-]{12}", social.handle)
                assert write_social(AP, social)[1].endswith("user=" + social.handle)
    assert seen >= 8


def test_real_academicpages_scholar_links_give_ids():
    files = sorted(needs_shared(CORPUS / "real/academicpages").glob("*/_config.yml"))
    found = 0
    for file in files:
        for url in re.findall(r'^\s+googlescholar\s*:\s*"([^"]+)"', file.read_text(encoding="utf-8"),
                              re.MULTILINE):
            key, value = write_social(AF, read_social(AP, "googlescholar", url))
            assert key == "scholar_userid" and re.fullmatch(r"[A-Za-z0-9_-]{12}", value), url
            found += 1
    assert found >= 5

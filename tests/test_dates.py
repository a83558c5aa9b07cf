"""Dates are read as Jekyll reads them (Ruby's ``Time.parse``), with a finding when ambiguous."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import pytest
from hypothesis import given, strategies as st

from sitemigrate.dates import jekyll_date, parse_date, split_dated_line
from sitemigrate.report import Report
from sitemigrate.textio import SourceText, split_document
from sitemigrate.jekyll.site import item_date

# What Ruby 3.1's Time.parse gives (checked with `ruby -rtime -e 'p Time.parse(ARGV[0])'`);
# None: Jekyll stops with "Invalid date".
RUBY = {
    "01-02-2018": "2018-02-01", "01/02/2018": "2018-02-01", "01.02.2018": "2018-02-01",
    "3-4-2018": "2018-04-03", "13-02-2018": "2018-02-13", "21-05-12": "2021-05-12",
    "70-01-02": "1970-01-02", "68-01-02": "2068-01-02", "2018-1-2": "2018-01-02",
    "2018/01/02": "2018-01-02", "2018-02-30": "2018-03-02", "2019-02-29": "2019-03-01",
    "12/2018": "2018-12-01", "March 5, 2018": "2018-03-05", "March 2018": "2018-03-01",
    "2015-10-22 15:59:00-0400": "2015-10-22",
    "02-13-2018": None, "2018": None, "2018-13-01": None, "2018-02-32": None,
    "Fall 2018": None, "2018-05": None, "2018/05": "2018-05-01",
    "janvier 2019": "2019-01-01", "Mars 2021": "2021-03-01", "Mai 2018": None,
    "Été 2018": None, "Juin 2018": None, "août 2019": None,
}


@pytest.mark.parametrize("text, iso", RUBY.items())
def test_jekyll_date_is_rubys_reading(text, iso):
    got = jekyll_date(text)
    assert (got.iso() if got else None) == iso


@pytest.mark.skipif(shutil.which("ruby") is None, reason="ruby not installed")
def test_the_table_is_what_ruby_says():
    script = ("require 'time'; ENV['TZ']='UTC'; ARGV.each { |s| begin; "
              "puts Time.parse(s).strftime('%Y-%m-%d'); rescue ArgumentError; puts 'None'; end }")
    out = subprocess.run(["ruby", "-e", script, *RUBY], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == [str(v) for v in RUBY.values()]


def test_ambiguous_numeric_dates_are_day_first_with_a_warning():
    d, warn = parse_date("01-02-2018")
    assert d.iso() == "2018-02-01" and "ambiguous" in warn and "day first" in warn
    d, warn = parse_date("21-05-12")
    assert d.iso() == "2021-05-12" and "two-digit year" in warn
    assert parse_date("13-02-2018") == (jekyll_date("13-02-2018"), None)
    # only month-first makes a date: read so (text Jekyll never parses, e.g. a news line)
    assert parse_date("12-31-2018")[0].iso() == "2018-12-31"
    assert split_dated_line("01/02/2018: Paper accepted")[0].iso() == "2018-02-01"


@given(st.dates(min_value=dt.date(1970, 1, 1), max_value=dt.date(2068, 12, 31)),
       st.sampled_from(["-", "/", "."]))
def test_day_month_year_round_trips(day, sep):
    """A date written day-month-year reads back as that date, as Jekyll reads it."""
    text = f"{day.day:02d}{sep}{day.month:02d}{sep}{day.year}"
    assert jekyll_date(text).iso() == day.isoformat()
    assert parse_date(text)[0].iso() == day.isoformat()
    short = f"{day.year % 100:02d}-{day.month:02d}-{day.day:02d}"
    assert jekyll_date(short).iso() == parse_date(short)[0].iso() == day.isoformat()


def _doc(front: str, rel: str = "_posts/x.md"):
    return split_document(SourceText(f"---\n{front}\n---\nBody.\n"), rel, None)


def test_front_matter_date_is_jekylls_and_ambiguity_is_reported():
    report = Report()
    doc = _doc("title: Field day\ndate: 01-02-2018", "_posts/2018-01-02-field-day.md")
    assert item_date(doc, "2018-01-02-field-day.md", report) == "2018-02-01"
    (f,) = report.findings
    assert f.code == "ambiguous-date" and f.line == 3 and "2018-02-01" in f.message
    assert "file name's date 2018-01-02" in f.message


def test_file_name_with_a_two_digit_year_is_dated():
    assert item_date(_doc("title: Short"), "21-05-12-short.md", Report()) == "2021-05-12"


def test_a_day_past_the_months_end_rolls_over_as_in_jekyll():
    report = Report()
    assert item_date(_doc("date: '2018-02-30'"), "x.md", report) == "2018-03-02"
    unquoted = split_document(SourceText("---\ntitle: Kept\ndate: 2018-02-30\n---\nB.\n"),
                              "x.md", report)   # YAML keeps it as text, as Ruby's does
    assert unquoted.data["title"] == "Kept" and item_date(unquoted, "x.md") == "2018-03-02"
    (f,) = report.findings
    assert f.code == "bad-date" and "rolls it over to 2018-03-02" in f.message


def test_a_date_jekyll_cannot_read_is_reported_and_read_month_first():
    report = Report()
    assert item_date(_doc("date: 12-31-2018"), "x.md", report) == "2018-12-31"
    (f,) = report.findings
    assert f.code == "bad-date" and "Invalid date" in f.message and f.line == 2


def test_a_date_neither_jekyll_nor_sitemigrate_reads_says_jekyll_stops_on_it():
    """`date: 2023-2024` (an academic year): Jekyll's build stops on it ("Invalid date"),
    in the source as in an upgraded copy, which keeps the file as written; the finding says
    so (before: only that sitemigrate could not read it, and that it was "left undated",
    which an upgrade does not do)."""
    report = Report()
    assert item_date(_doc("date: 2023-2024"), "x.md", report) == ""
    (f,) = report.findings
    assert f.code == "bad-date" and "Invalid date" in f.message
    assert "left undated" not in f.message and "YYYY-MM-DD" in f.message


def test_a_news_list_written_month_first_keeps_its_convention():
    """Jekyll never parses a news line: an ambiguous one follows the rest of its list."""
    from sitemigrate.formats.content import extract_news
    body = ("## News\n- [11/20/2024] Best poster award.\n- [11/1/2024] Short paper accepted.\n"
            "\n## Other\nText.\n")
    found = extract_news(body, "_pages/about.md")
    assert [i.date for i in found.items] == ["2024-11-20", "2024-11-01"]
    ((_, warn),) = found.warnings
    assert "month first like the other dates" in warn
    day_first = extract_news("## News\n- [20/11/2024] A.\n- [1/11/2024] B.\n", "a.md")
    assert [i.date for i in day_first.items] == ["2024-11-20", "2024-11-01"]


@given(st.lists(st.sampled_from(["2018", "21", "-", "01", "5", ".", "md", "x", ".."]),
                max_size=8).map("".join))
def test_dated_name_is_read_off_the_name_as_off_its_stem(name):
    """item_date matches Jekyll's date pattern on a file's name, not on its
    ``PurePosixPath(name).stem``: the same date either way."""
    from pathlib import PurePosixPath

    from sitemigrate.jekyll.site import _DATED_NAME
    by_stem = _DATED_NAME.match(PurePosixPath(name).stem)
    by_name = _DATED_NAME.match(name)
    assert (by_stem and by_stem.group(1)) == (by_name and by_name.group(1))


def test_a_year_alone_is_a_date_jekyll_cannot_read():
    """`date: 2024` is YAML's number: Jekyll parses its text and stops the build ("Invalid
    date"); it is reported with what to write, and read as the year the owner meant (was:
    read as no date, the publication left out of the new bibliography as dateless)."""
    report = Report()
    assert item_date(_doc("date: 2024"), "x.md", report) == "2024-01-01"
    (f,) = report.findings
    assert f.code == "bad-date" and "Invalid date" in f.message and f.line == 2


def test_an_empty_date_is_one_jekyll_stops_on():
    """`date:` left empty (`date: ""`, or no value at all) in a post or a collection's item:
    Jekyll reads the empty text as a date and its build stops ("Invalid date ''"); it was
    read as no date without a line, and the converted site built where the old one did
    not. It is reported with what to do; a document without a `date` line is not."""
    for front in ('title: Field methods\ndate: ""', "title: Field methods\ndate:"):
        report = Report()
        assert item_date(_doc(front, "_teaching/field.md"), "field.md", report) == ""
        (f,) = report.findings
        assert f.code == "bad-date" and "Invalid date ''" in f.message and f.line == 3
    report = Report()
    named = _doc('date: ""', "_posts/2019-04-02-gulls.md")
    assert item_date(named, "2019-04-02-gulls.md", report) == "2019-04-02"
    assert "file name's date 2019-04-02" in report.findings[0].message
    report = Report()
    assert item_date(_doc("title: Undated"), "x.md", report) == "" and not report.findings


def test_a_time_with_its_offset_is_the_day_the_build_shows():
    """`date: 2021-03-01 02:15:00+0900` (al-folio's news style, text to YAML): Jekyll reads
    the instant and shows it in the build's time zone (`timezone`, else UTC on GitHub Pages):
    28 February; in Tokyo's zone, 1 March. Before, the day as written was carried."""
    import zoneinfo
    news = _doc("title: Kyoto talk\ndate: 2021-03-01 02:15:00+0900", "_news/kyoto.md")
    report = Report()
    assert item_date(news, "kyoto.md", report) == "2021-02-28"
    assert not report.findings  # Jekyll's own reading: nothing to report
    assert item_date(news, "kyoto.md", Report(), zoneinfo.ZoneInfo("Asia/Tokyo")) == "2021-03-01"
    late = _doc("date: 2019-11-30 21:40:00 -05:00", "_news/late.md")
    assert item_date(late, "late.md", Report()) == "2019-12-01"
    # a time without an offset is local time: the day as written
    assert item_date(_doc("date: 2021-03-01 02:15:00"), "x.md", Report()) == "2021-03-01"


@pytest.mark.skipif(shutil.which("ruby") is None, reason="ruby not installed")
def test_the_build_day_is_what_jekyll_gives():
    texts = ["2021-03-01 02:15:00+0900", "2019-11-30 21:40:00 -05:00", "2015-10-22 15:59:00-0400"]
    script = ("require 'time'; ENV['TZ']='UTC'; ARGV.each { |s| "
              "puts Time.parse(s).localtime.strftime('%Y-%m-%d') }")
    out = subprocess.run(["ruby", "-e", script, *texts], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == [item_date(_doc(f"date: {t}"), "x.md", Report()) for t in texts]

"""Mapping files are kept parsed in ``__pycache__/`` beside them (like ``.pyc``): read back
only when the file's content is the one they were parsed from, never trusted otherwise."""

from __future__ import annotations

import datetime

import pytest

from sitemigrate import mapdata, textio


@pytest.fixture
def mapping(tmp_path):
    path = tmp_path / "vocab.yml"
    path.write_text("# a comment\nnames: [a, b]\nnested:\n  n: 1\n  flag: true\n")
    mapdata.load_mapping_file.cache_clear()
    yield path
    mapdata.load_mapping_file.cache_clear()


def _load(path):
    mapdata.load_mapping_file.cache_clear()  # a new run: only the file on disk is shared
    return mapdata.load_mapping_file(path)


def _no_yaml(monkeypatch):
    def refuse(*a, **k):
        raise AssertionError("the YAML was parsed again")
    monkeypatch.setattr(textio, "load_safe", refuse)


def test_a_second_run_reads_the_kept_form_not_the_yaml(mapping, monkeypatch):
    first = _load(mapping)
    assert first == {"names": ["a", "b"], "nested": {"n": 1, "flag": True}}
    kept = mapdata._compiled(mapping)
    assert kept.parent.name == "__pycache__" and kept.is_file()
    _no_yaml(monkeypatch)
    again = _load(mapping)
    assert again == first and list(again) == list(first)  # key order too


def test_an_edited_file_is_parsed_again(mapping):
    _load(mapping)
    mapping.write_text("names: [c]\n")
    assert _load(mapping) == {"names": ["c"]}
    # same size, other content: the hash tells, not the size or the time
    mapping.write_text("names: [d]\n")
    assert _load(mapping) == {"names": ["d"]}


def test_a_damaged_or_foreign_kept_file_is_ignored(mapping):
    _load(mapping)
    kept = mapdata._compiled(mapping)
    blob = kept.read_bytes()
    kept.write_bytes(blob[:-3])  # cut short
    assert _load(mapping)["names"] == ["a", "b"]
    kept.write_bytes(b"not ours at all")
    assert _load(mapping)["names"] == ["a", "b"]
    assert kept.read_bytes() == blob  # written anew


def test_a_folder_that_cannot_be_written_still_loads(mapping):
    (mapping.parent / "__pycache__").write_text("a file where the folder would be")
    assert _load(mapping)["nested"]["n"] == 1
    assert _load(mapping)["nested"]["n"] == 1
    assert (mapping.parent / "__pycache__").read_text() == "a file where the folder would be"
    assert sorted(p.name for p in mapping.parent.iterdir()) == ["__pycache__", "vocab.yml"]


def test_a_value_marshal_cannot_hold_is_loaded_not_kept(mapping):
    mapping.write_text("since: 2024-01-02\n")
    assert _load(mapping) == {"since": datetime.date(2024, 1, 2)}
    assert not mapdata._compiled(mapping).exists()


def test_the_shipped_mapping_files_read_back_as_parsed(monkeypatch):
    """Every file of mappings/ gives the same values (and key order) kept as parsed."""
    for path in sorted(mapdata.mappings_dir().glob("*.yml")):
        parsed = textio.load_safe(path.read_text(encoding="utf-8"), bounded=False)
        assert _load(path) == parsed
        assert _load(path) == parsed  # the second from the kept form
        assert repr(_load(path)) == repr(parsed), path.name
    mapdata.load_mapping_file.cache_clear()

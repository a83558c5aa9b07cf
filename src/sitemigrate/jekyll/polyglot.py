"""jekyll-polyglot's rules (facts of the gem's `Site` patches): the languages a site is built
in, the language of a page or document, and the address each build serves it at.

The site is built once per language: the default language (`default_lang`, `en` when unset)
at the site's root, every other language ``L`` into ``/L/``. A page or document is in the
language of its `lang:`, else (with `lang_from_path: true`) of the language folder it sits in
(`_pages/fr/x.md`: the folder under a `_` folder; `fr/x.md`: the top folder), else in the
default language. Documents whose Jekyll URLs differ only by language segments (`/fr/`,
`.fr.`) are versions of one page: each build shows the version of its own language, else the
default language's, else another's (`coordinate_documents`), at that version's own URL (under
``/L`` in the build of ``L``): a page of the default language that has no French version is
also served under `/fr/`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

SETTINGS = ("languages", "default_lang", "exclude_from_localization", "parallel_localization",
            "lang_from_path", "lang_vars")
"""The `_config.yml` keys jekyll-polyglot reads."""

# jekyll-polyglot's language folder name (`derive_lang_from_path`): `fr`, `pt-BR`, `zh_Hant`
_FOLDER = re.compile(r"^[a-z]{2,3}(?:[_-](?:[A-Za-z]{2}){1,2}){0,2}$")


@dataclass(frozen=True)
class Languages:
    """The languages of a jekyll-polyglot site (its `_config.yml`)."""

    languages: tuple[str, ...]
    default: str
    from_path: bool

    @classmethod
    def of(cls, config: Any) -> Languages | None:
        """The site's languages; None when it is in one language (no `languages:` list of
        more than one)."""
        langs = config.get("languages") if isinstance(config, dict) else None
        if not isinstance(langs, list):
            return None
        names = tuple(dict.fromkeys(str(x) for x in langs if x is not None and str(x)))
        default = config.get("default_lang")
        default = str(default) if isinstance(default, str) and default else "en"
        if len(set(names) | {default}) < 2:
            return None
        return cls(names, default, config.get("lang_from_path") is True)

    def language(self, path: str, lang: Any) -> str:
        """The language of the page or document at ``path`` with front-matter `lang`."""
        if isinstance(lang, str) and lang:
            return lang
        if self.from_path:
            parts = path.split("/")
            if path.startswith("_") and len(parts) > 2 and _FOLDER.match(parts[1]):
                return parts[1]
            if not path.startswith("_") and len(parts) > 1 and _FOLDER.match(parts[0]):
                return parts[0]
        return self.default

    def strip(self, url: str) -> str:
        """A Jekyll URL without its language segments (polyglot's `document_url_regex`)."""
        if not url.startswith("/") or url.startswith("//"):
            return url
        codes = "|".join(re.escape(c) for c in sorted(self.languages, key=len, reverse=True))
        return re.sub(rf"[/.](?:{codes})[/.]", "/", url)

    def address(self, url: str, lang: str) -> str:
        """The address the build of ``lang`` serves a page of Jekyll URL ``url`` at: the URL
        itself (Jekyll keeps the URL it computed first; polyglot's language-free
        `permalink` only decides which document each build shows), under ``/L`` for a
        language other than the default."""
        if lang == self.default or not url.startswith("/") or url.startswith("//"):
            return url
        return f"/{lang}{url}"

    def builds(self) -> tuple[str, ...]:
        """The languages the site is built in, the default first."""
        return tuple(dict.fromkeys((self.default, *self.languages)))

    def built(self, lang: str) -> bool:
        """Whether the site is built in ``lang`` (the default, or one of `languages:`)."""
        return lang in self.builds()

    def unshown(self, docs: Sequence[tuple[str, str]]) -> set[int]:
        """The indices of ``docs`` ((Jekyll URL, language), in Jekyll's order) that no build
        shows: a document of a language the site is not built in (`lang: de` where
        `languages:` has no `de`) is shown only where neither the build's language nor the
        default language has a version of it (:meth:`coordinate`)."""
        return set(range(len(docs))) - {i for _, _, i in self.coordinate(docs)}

    def coordinate(self, docs: Sequence[tuple[str, str]]) -> list[tuple[str, str, int]]:
        """Every address the builds serve for ``docs`` ((Jekyll URL, language), in the order
        Jekyll reads them): (the build's language, address, index of the document shown
        there), the default language's build first."""
        out: list[tuple[str, str, int]] = []
        for active in self.builds():
            shown: dict[str, int] = {}
            langs: dict[str, str] = {}
            for i, (url, lang) in enumerate(docs):
                key = self.strip(url)
                if langs.get(key) == active or (langs.get(key) == self.default
                                                 and lang != active):
                    continue
                shown[key], langs[key] = i, lang
            out += [(active, self.address(docs[i][0], active), i) for i in shown.values()]
        return out

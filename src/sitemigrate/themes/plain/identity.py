"""The plain reader's identity part: whose page it is (front matter, a name-like first
heading, the HTML ``<title>``, or ``--name``), the profile picture, the e-mail address and
the profile links of the site owner."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ... import socials
from ...formats.content import is_external, split_name
from ...ir import Identity, Origin
from ...jekyll.assets import record_asset
from .state import ReaderBase
from .text import _plain

_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


class IdentityReader(ReaderBase):
    """Reads the site owner's identity."""

    def _name_like(self, title: str) -> bool:
        words = _plain(title).split()
        stop = set(self.vocab.words("not_name_words"))
        return (1 < len(words) <= 5 and not any(ch.isdigit() for ch in title)
                and all(w[0].isupper() or w.lower() in {"van", "von", "de", "der", "da", "di",
                                                        "del", "la", "le", "bin", "al", "y"}
                        for w in words)
                and not any(w.lower().strip(".,:!") in stop for w in words))

    def _is_avatar(self, alt: str, url: str) -> bool:
        hints = self.vocab.words("avatar_hints")
        text = f"{alt} {PurePosixPath(url).name}".lower()
        return any(h in text for h in hints)

    def _set_avatar(self, url: str, origin: Origin) -> None:
        if is_external(url):
            self.report.verbatim("avatar-remote", f"the profile picture `{url}` is on another "
                                 "site; download it into the site and set it by hand.", origin)
            return
        self.site.identity.avatar = url
        record_asset(self.site, url, "image")
        self.report.mapped("avatar", f"picture `{url}` is the profile picture.", origin)

    def _email(self, email: str, origin: Origin) -> None:
        email = email.strip().removeprefix("mailto:")
        if not self.site.identity.email and _EMAIL.fullmatch(email):
            self.site.identity.email = email
            self.report.mapped("email", f"e-mail address `{email}` → the site's identity.",
                               origin)

    def _social(self, url: str, origin: Origin) -> None:
        if url.startswith("mailto:"):
            self._email(url, origin)
            return
        social = socials.social_from_url(url)
        if social is None or social.service == "email":
            return
        if any(s.service == social.service for s in self.site.identity.socials):
            return
        social.origin = origin
        self.site.identity.socials.append(social)
        self.report.mapped("social", f"link `{url}` is your {social.service} profile; it also "
                           "goes to the theme's social links.", origin)

    def _name(self) -> None:
        ident: Identity = self.site.identity
        if self.person_name:
            name, origin, how = self.person_name, None, "`--name`"
        elif self.names:
            name, origin, how = self.names[0]
        else:
            where = self.source.rel if self.source else None
            self.report.problem("no-name", "the page does not say whose it is (no `name`/`title` "
                                "front matter, no name heading, no `<h1>`/`<title>`); the site "
                                "was written without a name. Run again with "
                                "`--name \"First Last\"`.", where)
            return
        ident.full_name = name
        ident.first_name, ident.middle_name, ident.last_name = split_name(name)
        ident.origin = origin
        self.report.mapped("name", f"the site owner's name `{name}` taken from {how}.", origin)

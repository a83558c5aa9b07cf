"""Pictures held in ``data:`` addresses of the owner's text, kept as files of the site.

A ``data:`` address may not be written (:mod:`sitemigrate.inert`), but one that holds a raster
picture where a page loads a picture (``<img src>``, ``srcset``, a Markdown image) is what the
visitor saw: its bytes are decoded, checked to be the picture its type names (the file's first
bytes), and written as one file of the site per distinct content, named by its hash; the text
then links that file. SVG (it can hold script) and every other type stay dropped."""

from __future__ import annotations

import base64
import binascii
import hashlib
import html
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import unquote_to_bytes

if TYPE_CHECKING:
    from .plan import Plan

MAX_BYTES = 10 * 1024 * 1024
"""The largest picture kept (decoded): a ``data:`` address beyond it is dropped and reported."""

RASTER = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp"}
"""The picture types kept, with the suffix of their file."""

_DATA = re.compile(r"data:([^,]*),(.*)", re.IGNORECASE | re.DOTALL)
_BLANKS = re.compile(rb"[\t\n\f\r ]+")
_RAW = re.compile(r"\{%-?\s*(end)?raw\s*-?%\}")


def _too_large() -> str:
    mib = MAX_BYTES / (1024 * 1024)
    return (f"it holds more than {mib:g} MiB, the most kept of a picture" if mib >= 1
            else f"it holds more than {MAX_BYTES} bytes, the most kept of a picture")


def kind_of(data: bytes) -> str | None:
    """The raster picture type ``data`` is, by its first bytes."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def decode(url: str) -> tuple[bytes, str] | str:
    """The picture of a ``data:`` address and its file suffix, or why it is none to keep
    (words for a finding)."""
    address = re.sub(r"[\x00-\x20\x7f]+", "", html.unescape(url)) if "&" in url else url.strip()
    found = _DATA.match(address)
    if found is None:
        return "it is no `data:` address a browser reads"
    params = [p.strip() for p in found.group(1).split(";")]
    declared = params[0].lower() or "text/plain"
    if declared not in RASTER:
        return f"it holds `{declared}`, not a PNG, JPEG, GIF or WebP picture"
    is_base64 = len(params) > 1 and params[-1].lower() == "base64"
    payload = found.group(2)
    if len(payload) > (MAX_BYTES * 4 // 3 + 1024 if is_base64 else MAX_BYTES * 3):
        return _too_large()
    try:
        data = unquote_to_bytes(payload)
        if is_base64:
            data = _BLANKS.sub(b"", data).rstrip(b"=")  # padding is optional to a browser
            if len(data) % 4 == 1:
                raise binascii.Error("truncated")
            data = base64.b64decode(data + b"=" * (-len(data) % 4), validate=True)
    except (binascii.Error, ValueError):
        return "its base64 is not valid"
    if len(data) > MAX_BYTES:
        return _too_large()
    real = kind_of(data)
    if real != declared:
        return (f"it says `{declared}` but its bytes are "
                + (f"`{real}`" if real else "no PNG, JPEG, GIF or WebP picture"))
    return data, RASTER[declared]


@dataclass
class Pictures:
    """The pictures of ``data:`` addresses one run keeps: written into ``folder`` of DEST
    (the target theme's folder of pictures, from its mapping)."""

    plan: Plan
    folder: str
    kept: dict[str, str] = field(default_factory=dict)
    """``data:`` address -> the DEST path of its file."""
    refused: dict[str, str] = field(default_factory=dict)
    """``data:`` address -> why it is not kept."""
    _data: dict[str, bytes] = field(default_factory=dict, repr=False)

    def keep(self, url: str) -> str | None:
        """The DEST path (``images/data-<hash>.png``) of the picture ``url`` holds (written
        by :meth:`write`), None when it holds none to keep (the reason in :attr:`refused`)."""
        if url in self.kept:
            return self.kept[url]
        if url in self.refused:
            return None
        found = decode(url)
        if isinstance(found, str):
            self.refused[url] = found
            return None
        data, suffix = found
        rel = f"{self.folder.strip('/')}/data-{hashlib.sha256(data).hexdigest()[:20]}.{suffix}"
        self.kept[url] = rel
        self._data[rel] = data
        return rel

    def write(self, url: str) -> str:
        """Write the file of ``url``'s picture (one :meth:`keep` gave a path), its path."""
        rel = self.kept[url]
        return self.plan.write(rel, self._data[rel])


def address(rel: str, text: str, at: int, path: str) -> str:
    """How the file at DEST ``path`` is linked from ``text`` (DEST's ``rel``) at ``at``: a
    page Jekyll renders gets ``relative_url`` (the site's ``baseurl``, as its other pictures);
    a file copied as it is (no front matter), a path relative to its own."""
    liquid = rel.startswith("_") or text.lstrip("\ufeff").startswith("---")
    raw = [m.group(1) for m in _RAW.finditer(text, 0, at)]
    if liquid and (not raw or raw[-1]):
        return "{{ '/" + path + "' | relative_url }}"
    if liquid:
        return "/" + path  # inside `{% raw %}`: written as it is (a site at its root)
    depth = rel.count("/")
    return "../" * depth + path

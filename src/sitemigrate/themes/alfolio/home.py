"""al-folio reader: what the about page's own layout shows of the site's news."""

from __future__ import annotations

import re
from typing import Any

from ...ir import Page, plain


def news_by_layout(page: Page, data: dict[str, Any], config: dict[str, Any],
                   layout: str | None) -> None:
    """The about page's news list as its own layout (``layout``: its text) decides it. A
    layout that tests `page.news` (2020-24) shows the list when the page's `news` is set
    (anything but nil and false, as Liquid reads it) and, when it also tests
    `site.announcements.enabled` (2023-24), the config's switch is on too; the list then
    takes its `limit` and `scrollable` from the config's `announcements`. The page's own
    `announcements:` block is read by none of these layouts: it shows nothing there. A
    layout that tests `page.announcements` (2025+), or that SRC does not have, leaves the
    page's switches as read."""
    if layout is None or re.search(r"\bpage\.announcements\b", layout) \
            or not re.search(r"\bpage\.news\b", layout):
        return
    value = data.get("news")
    news: dict[str, Any] = ({str(k): plain(v) for k, v in value.items()}
                            if isinstance(value, dict) else {})
    news["enabled"] = value is not None and value is not False
    if re.search(r"\bsite\.announcements\.enabled\b", layout):
        switch = config.get("announcements")
        settings = switch if isinstance(switch, dict) else {}
        news["enabled"] = news["enabled"] and settings.get("enabled") not in (None, False)
        news.update({str(k): plain(v) for k, v in settings.items()
                     if k in ("limit", "scrollable")})
    page.features.news = news

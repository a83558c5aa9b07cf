"""Synthetic Jekyll sites for benchmarking sitemigrate: al-folio or academicpages, any scale.

The sites have the shape of each theme's real files (front matter with YAML comments, Liquid
in bodies, BibTeX with @string and LaTeX accents, small binary images); every word is
invented here and the output is a pure function of (theme, counts, seed).

    python bench/gen.py al-folio /tmp/site --scale large
    python bench/gen.py academicpages /tmp/site --publications 50 --news 10
"""

from __future__ import annotations

import argparse
import random
import struct
import sys
import zlib
from dataclasses import asdict, dataclass, replace
from pathlib import Path

THEMES = ("al-folio", "academicpages")


@dataclass(frozen=True)
class Scale:
    pages: int
    publications: int
    news: int
    posts: int
    talks: int
    projects: int
    images: int


SCALES = {
    "tiny": Scale(pages=5, publications=6, news=4, posts=3, talks=2, projects=2, images=3),
    "small": Scale(pages=10, publications=30, news=20, posts=10, talks=5, projects=4, images=8),
    "large": Scale(pages=50, publications=1000, news=500, posts=300, talks=100, projects=20,
                   images=60),
}
SCALES["huge"] = Scale(**{k: v * 10 for k, v in asdict(SCALES["large"]).items()})

# --- invented vocabulary ------------------------------------------------------------------

FIRST = ["Ilse", "Bruno", "Chidi", "Dagny", "Emre", "Fenna", "Goran", "Hana", "Ines", "Jarek",
         "Kaito", "Lior", "Mirela", "Nuno", "Oona", "Pavel", "Quirin", "Rosa", "Sven", "Talia"]
# (LaTeX, plain) pairs: BibTeX spells accents with braces, Markdown with the letter itself.
LAST = [("M{\\\"u}ller", "Müller"), ("Ben{\\'e}t", "Benét"), ("Garc{\\'\\i}a", "García"),
        ("Nov{\\'a}k", "Novák"), ("{\\O}stberg", "Østberg"), ("Y{\\i}lmaz", "Yılmaz"),
        ("Sch{\\\"o}n", "Schön"), ("Fran{\\c{c}}ois", "François"), ("Petrov", "Petrov"),
        ("Okafor", "Okafor"), ("Lindgren", "Lindgren"), ("Tanaka", "Tanaka"),
        ("Kowalczyk", "Kowalczyk"), ("D{\\'\\i}az", "Díaz"), ("Br{\\aa}ten", "Bråten")]
TOPICS = ["sparse sensing", "river sediment", "lattice codes", "soil microbes", "edge caching",
          "glacier melt", "graph sketches", "urban heat", "protein folding", "query planning",
          "bird migration", "solar forecasting", "wave energy", "robust control", "peat carbon",
          "coral acoustics", "traffic flow", "crop yield", "dark matter halos", "error bounds"]
NOUNS = ["Estimators", "Surveys", "Models", "Bounds", "Datasets", "Benchmarks", "Sensors",
         "Schedulers", "Maps", "Simulations", "Proofs", "Pipelines"]
ADJ = ["Fast", "Robust", "Scalable", "Frugal", "Adaptive", "Sparse", "Streaming", "Verified",
       "Low-Power", "Distributed", "Noisy", "Private"]
VENUES = [("jfs", "Journal of Field Systems"), ("tcs", "Transactions on Careful Sensing"),
          ("nlc", "Northern Lights Conference"), ("ws", "Workshop on Slow Data"),
          ("aer", "Annals of Everyday Robotics")]
PLACES = ["Tallinn, Estonia", "Porto, Portugal", "Kyoto, Japan", "Leuven, Belgium",
          "Valparaíso, Chile", "Tromsø, Norway", "Windhoek, Namibia", "Ghent, Belgium"]
WORDS = ["we", "measure", "the", "thing", "again", "with", "a", "cheaper", "sensor", "and", "find",
         "the", "old", "estimate", "was", "off", "by", "a", "margin", "that", "matters", "for",
         "planning", "the", "next", "field", "season", "in", "the", "valley"]
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


def slugify(s: str) -> str:
    out = "".join(c.lower() if c.isalnum() else "-" for c in s)
    return "-".join(p for p in out.split("-") if p)


def png(rng: random.Random, w: int = 24, h: int = 24) -> bytes:
    """A small valid RGB PNG with noisy pixels (so it does not compress to nothing)."""
    raw = b"".join(b"\x00" + bytes(rng.getrandbits(8) for _ in range(w * 3)) for _ in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


class Gen:
    def __init__(self, theme: str, root: Path, scale: Scale, seed: int) -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}")
        self.theme, self.root, self.n = theme, root, scale
        self.rng = random.Random(f"{theme}:{seed}")
        self.files = 0

    # -- helpers ---------------------------------------------------------------------------
    def write(self, rel: str, content: str | bytes) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8", newline="\n")
        else:
            path.write_bytes(content)
        self.files += 1

    def sentence(self, words: int = 12) -> str:
        w = [self.rng.choice(WORDS) for _ in range(words)]
        return " ".join(w).capitalize() + "."

    def paragraph(self, sentences: int = 3) -> str:
        return " ".join(self.sentence(self.rng.randint(8, 16)) for _ in range(sentences))

    def title(self) -> str:
        return (f"{self.rng.choice(ADJ)} {self.rng.choice(NOUNS)} for "
                f"{self.rng.choice(TOPICS).title()}")

    def date(self, i: int, total: int, hours: bool = False) -> tuple[int, int, int, str]:
        """Dates spread over 2008..2025, newest last, unique per index."""
        day = int(i * (18 * 365) / max(total, 1))
        y = 2008 + day // 365
        m = 1 + (day % 365) // 31
        d = 1 + (day % 31) % 28
        iso = f"{y}-{m:02d}-{d:02d}"
        if hours:
            iso += f" {9 + i % 9:02d}:00:00-0400"
        return y, m, d, iso

    def liquid_body(self, img: str) -> str:
        """A body with the Liquid that real pages carry."""
        r = self.rng
        if self.theme == "al-folio":
            fig = (f'{{% include figure.liquid loading="eager" path="{img}" '
                   f'title="figure" class="img-fluid rounded z-depth-1" %}}')
            link = "{{ site.baseurl }}/publications/"
        else:
            fig = f'<img src="{{{{ base_path }}}}/{img}" alt="figure">'
            link = "{{ base_path }}/publications/"
        return (f"{self.paragraph(r.randint(2, 4))}\n\n"
                f"{fig}\n\n"
                f"See [the list of papers]({link}) for details.\n\n"
                "{% if site.data.repositories %}\n"
                f"{self.paragraph(1)}\n"
                "{% endif %}\n\n"
                f"{self.paragraph(r.randint(1, 3))}\n")

    # -- shared ----------------------------------------------------------------------------
    def images(self, folder: str) -> list[str]:
        out = []
        for i in range(self.n.images):
            rel = f"{folder}/fig_{i:04d}.png"
            self.write(rel, png(self.rng))
            out.append(rel)
        return out

    def generate(self) -> dict[str, int]:
        (self.al_folio if self.theme == "al-folio" else self.academicpages)()
        return {**asdict(self.n), "files": self.files}

    # -- al-folio --------------------------------------------------------------------------
    def al_folio(self) -> None:
        r, n = self.rng, self.n
        self.write("_config.yml", AF_CONFIG)
        self.write("_data/socials.yml", "# Social icons, in display order.\n"
                   "email: ilse@example.org\nscholar_userid: QwErTy098765\n"
                   "orcid_id: 0000-0002-0000-0001\ngithub_username: ilse-example\n"
                   "# x_username: not on it any more\n")
        imgs = self.images("assets/img")
        self.write("assets/img/prof_pic.jpg", png(r, 32, 32))
        self.write("_pages/about.md",
                   AF_ABOUT.format(body=self.paragraph(4), more=self.paragraph(1)))
        self.write("_pages/publications.md", AF_PUBS)
        self.write("_pages/projects.md", AF_PROJECTS)
        fixed = 3
        for i in range(max(n.pages - fixed, 0)):
            title = f"{r.choice(TOPICS)} notes {i}"
            nav = f"nav: true\nnav_order: {i + 4}\n" if i < 3 else "nav: false\n"
            self.write(f"_pages/page_{i:03d}.md",
                       f"---\nlayout: page\ntitle: {title}\npermalink: /{slugify(title)}/\n"
                       f"description: {self.sentence(6)}\n{nav}"
                       "# toc:\n#   sidebar: left\n---\n\n" + self.liquid_body(r.choice(imgs)))
        for i in range(n.news):
            _, _, _, iso = self.date(i, n.news, hours=True)
            if i % 4 == 0:
                head = f"title: {self.title()}\ninline: false\n"
                body = (f"{self.paragraph(2)}\n\n"
                        "{% if page.related_posts %}\nmore\n{% endif %}\n")
            else:
                head = "inline: true\n"
                body = (f"Our paper on {r.choice(TOPICS)} was accepted at "
                        f"**{r.choice(VENUES)[1]}**. :sparkles:\n")
            self.write(f"_news/announcement_{i + 1}.md",
                       f"---\nlayout: post\n{head}date: {iso}\nrelated_posts: false # "
                       f"no list under it\n---\n\n{body}")
        for i in range(n.posts):
            _, _, _, iso = self.date(i, n.posts)
            title = f"{self.title()} {i}"
            self.write(f"_posts/{iso}-{slugify(title)}.md",
                       f"---\nlayout: post\ntitle: \"{title}\"\ndate: {iso} 12:00:00\n"
                       f"description: {self.sentence(7)}\n"
                       f"tags: {r.choice(TOPICS).split()[0]} notes\n"
                       "categories: blog # one category only\n"
                       f"giscus_comments: {str(i % 3 == 0).lower()}\n---\n\n"
                       + self.liquid_body(r.choice(imgs)))
        for i in range(n.projects):
            title = f"{r.choice(ADJ)} {r.choice(NOUNS)} {i}"
            self.write(f"_projects/{i + 1}_project.md",
                       f"---\nlayout: page\ntitle: {title}\ndescription: {self.sentence(5)}\n"
                       f"img: {imgs[i % len(imgs)]}\nimportance: {1 + i % 3}\n"
                       f"category: {'work' if i % 2 else 'fun'}\n"
                       "# related_publications: true\n---\n\n" + self.liquid_body(r.choice(imgs)))
        for i in range(n.talks):
            _, _, _, iso = self.date(i, n.talks)
            title = f"{self.title()} (talk {i})"
            self.write(f"_talks/{iso}-talk-{i}.md",
                       f"---\nlayout: page\ntitle: \"{title}\"\ndate: {iso}\n"
                       f"location: \"{r.choice(PLACES)}\" # city, country\n---\n\n"
                       f"{self.paragraph(1)}\n")
        self.write("_bibliography/papers.bib", self.bibtex())

    def bibtex(self) -> str:
        r, n = self.rng, self.n
        out = ["---\n---\n"]
        for key, name in VENUES:
            out.append(f"@string{{{key} = {{{name}}}}}\n")
        out.append("\n@comment{Entries are generated; newest first.}\n")
        for i in reversed(range(n.publications)):
            y, m, _, _ = self.date(i, n.publications)
            names = [("Example", "Example")] + [r.choice(LAST) for _ in range(r.randint(1, 4))]
            r.shuffle(names)
            authors = [f"{tex}, {'Ilse' if tex == 'Example' else r.choice(FIRST)}"
                       for tex, _ in names]
            ascii = names[0][1].encode("ascii", "ignore").decode().lower()
            key = f"{ascii[:8] or 'anon'}{y}p{i}"
            kind = ("article", "inproceedings", "misc")[i % 3]
            venue_key = r.choice(VENUES)[0]
            fields = [f"  title = {{{self.title()} with {{GPU}} {{B}}udgets}}",
                      f"  author = {{{' and '.join(authors)}}}",
                      f"  year = {{{y}}}", f"  month = {MONTHS[m - 1]}"]
            if kind == "article":
                fields += [f"  journal = {venue_key}", f"  volume = {{{1 + i % 40}}}",
                           f"  pages = {{{i % 90 + 1}--{i % 90 + 12}}}"]
            elif kind == "inproceedings":
                fields += [f"  booktitle = {venue_key}", f"  abbr = {{{venue_key.upper()}}}"]
            else:
                fields += ["  howpublished = {arXiv preprint}",
                           f"  arxiv = {{{y % 100:02d}01.{i:05d}}}"]
            if i % 5 == 0:
                fields.append(f"  abstract = {{{self.paragraph(2)} We save 30\\% of the cost.}}")
            if i % 7 == 0:
                fields.append("  selected = {true}")
            if i % 2 == 0:
                fields.append("  bibtex_show = {true}")
            if i % 11 == 0:
                fields.append(f"  doi = {{10.5555/{y}.{i:05d}}}")
            out.append(f"\n@{kind}{{{key},\n" + ",\n".join(fields) + "\n}\n")
        return "".join(out)

    # -- academicpages ---------------------------------------------------------------------
    def academicpages(self) -> None:
        r, n = self.rng, self.n
        self.write("_config.yml", AP_CONFIG)
        self.write("_data/navigation.yml", AP_NAV)
        imgs = self.images("images")
        self.write("images/profile.png", png(r, 32, 32))
        news = []
        for i in reversed(range(n.news)):
            y, m, d, _ = self.date(i, n.news)
            stamp = (f"[{m}/{y}]", f"{y}.{m:02d}", f"[{m}/{d}/{y}]")[i % 3]
            news.append(f"- {stamp} {self.sentence(r.randint(6, 12))[:-1]} at "
                        f"**{r.choice(VENUES)[1]}**.")
        self.write("_pages/about.md", AP_ABOUT.format(body=self.paragraph(4),
                                                       news="\n".join(news)))
        for rel, body in AP_FIXED_PAGES.items():
            self.write(rel, body)
        fixed = 1 + len(AP_FIXED_PAGES)
        for i in range(max(n.pages - fixed, 0)):
            title = f"{r.choice(TOPICS)} notes {i}"
            self.write(f"_pages/page_{i:03d}.md",
                       f"---\nlayout: single\ntitle: \"{title.title()}\"\n"
                       f"permalink: /{slugify(title)}/\nauthor_profile: true\n"
                       "# redirect_from: an old URL could go here\n---\n\n"
                       "{% include base_path %}\n\n" + self.liquid_body(r.choice(imgs)))
        cats = ("manuscripts", "conferences", "books")
        for i in range(n.publications):
            y, m, d, iso = self.date(i, n.publications)
            title = f"{self.title()} {i}"
            slug = f"{iso}-{slugify(title)[:40]}"
            authors = ", ".join(f"{r.choice(LAST)[1]}, {r.choice(FIRST)[0]}."
                                for _ in range(r.randint(1, 4)))
            venue = r.choice(VENUES)[1]
            extra = f"paperurl: 'http://example.org/papers/{slug}.pdf'\n" if i % 3 == 0 else ""
            body = f"{self.paragraph(2)}\n" if i % 2 == 0 else ""
            self.write(f"_publications/{slug}.md",
                       f"---\ntitle: \"{title}\"\ncollection: publications\n"
                       f"category: {cats[i % 3]} # one of publication_category\n"
                       f"permalink: /publication/{slug}\n"
                       f"excerpt: '{self.sentence(8)}'\ndate: {iso}\nvenue: '{venue}'\n{extra}"
                       f"citation: '{authors} ({y}). &quot;{title}.&quot; "
                       f"<i>{venue}</i>. {1 + i % 30}({1 + i % 4}).'\n---\n{body}")
        for i in range(n.talks):
            _, _, _, iso = self.date(i, n.talks)
            title = f"{self.title()} (talk {i})"
            slug = f"{iso}-talk-{i}"
            self.write(f"_talks/{slug}.md",
                       f"---\ntitle: \"{title}\"\ncollection: talks\ntype: \"Talk\"\n"
                       f"permalink: /talks/{slug}\nvenue: \"{r.choice(VENUES)[1]}\"\n"
                       f"date: {iso}\nlocation: \"{r.choice(PLACES)}\"\n---\n\n"
                       "[More information here](http://example.org/talks/)\n\n"
                       f"{self.paragraph(1)}\n")
        for i in range(max(n.talks // 5, 1)):
            _, _, _, iso = self.date(i, max(n.talks // 5, 1))
            slug = f"{iso[:4]}-course-{i}"
            self.write(f"_teaching/{slug}.md",
                       f"---\ntitle: \"Course {i}: {r.choice(TOPICS).title()}\"\n"
                       f"collection: teaching\ntype: \"Undergraduate course\"\n"
                       f"permalink: /teaching/{slug}\nvenue: \"Example University\"\n"
                       f"date: {iso}\nlocation: \"{r.choice(PLACES)}\"\n---\n\n"
                       f"{self.paragraph(1)}\n")
        for i in range(n.projects):
            title = f"{r.choice(ADJ)} {r.choice(NOUNS)} {i}"
            img = imgs[i % len(imgs)]
            self.write(f"_portfolio/portfolio-{i + 1}.md",
                       f"---\ntitle: \"{title}\"\nexcerpt: \"{self.sentence(6)}<br/>"
                       f"<img src='/{img}'>\"\ncollection: portfolio\n---\n\n"
                       + self.liquid_body(r.choice(imgs)))
        for i in range(n.posts):
            y, m, d, iso = self.date(i, n.posts)
            title = f"{self.title()} {i}"
            slug = slugify(title)
            self.write(f"_posts/{iso}-{slug}.md",
                       f"---\ntitle: '{title}'\ndate: {iso}\n"
                       f"permalink: /posts/{y}/{m:02d}/{slug}/\ntags:\n"
                       f"  - {r.choice(TOPICS).split()[0]}\n  - notes\n---\n"
                       + self.liquid_body(r.choice(imgs)))


AF_CONFIG = """\
# -----------------------------------------------------------------------------
# Site settings (a generated benchmark site; every name is invented)
# -----------------------------------------------------------------------------
title: blank # the website title (if blank, full name will be used instead)
first_name: Ilse
middle_name: B.
last_name: Example
description: > # the ">" symbol means to ignore newlines until "footer_text:"
  A generated site for benchmarking: field sensing and cheap instruments.
footer_text: >
  Powered by <a href="https://jekyllrb.com/" target="_blank">Jekyll</a>.
keywords: sensing, instruments, fieldwork # add your own keywords or leave empty
lang: en # the language of your site (for example: en, fr, cn, ru, etc.)
url: https://ilse-example.example.org # the base hostname & protocol for your site
baseurl: "" # the subpath of your site, e.g. /blog/
contact_note: >
  Email is best; I answer on Fridays.

# -----------------------------------------------------------------------------
# Collections
# -----------------------------------------------------------------------------
include: ["_pages"]
collections:
  news:
    defaults:
      layout: post
    output: true
  projects:
    output: true
  talks:
    output: true

permalink: /blog/:year/:title/
blog_name: field notes

scholar:
  last_name: [Example]
  first_name: [Ilse, I.]
  style: apa
  locale: en
  source: /_bibliography/
  bibliography: papers.bib
  bibliography_template: bib
  replace_strings: true
  join_strings: true
  query: "@*"
  group_by: year
  group_order: descending

enable_math: true # enables math typesetting (uses MathJax)
enable_darkmode: true
third_party_libraries:
  download: false
"""

AF_ABOUT = """\
---
layout: about
title: about
permalink: /
subtitle: Researcher at <a href='https://example.edu/'>Example University</a>. # shown under the name

profile:
  align: right
  image: prof_pic.jpg
  image_circular: false # crops the image to make it circular
  more_info: >
    <p>{more}</p>

announcements:
  enabled: true # includes a list of news items
  scrollable: true # adds a vertical scroll bar if there are more than 3 news items
  limit: 5 # leave blank to include all the news in the `_news` folder
latest_posts:
  enabled: true
  limit: 3
selected_papers: true # includes a list of papers marked as "selected={{true}}"
social: true # includes social icons at the bottom of the page
---

{body}

Read the [blog]({{{{ site.baseurl }}}}/blog/) or the [papers]({{{{ '/publications/' | relative_url }}}}).
"""  # noqa: E501 (the generated page's own lines, kept as a site would have them)

AF_PUBS = """\
---
layout: page
permalink: /publications/
title: publications
description: publications by year in reverse chronological order.
nav: true
nav_order: 2
---

<!-- _pages/publications.md -->
<div class="publications">

{% bibliography %}

</div>
"""

AF_PROJECTS = """\
---
layout: page
title: projects
permalink: /projects/
description: a growing collection of projects.
nav: true
nav_order: 3
display_categories: [work, fun]
horizontal: false
---

<div class="projects">
{% assign sorted_projects = site.projects | sort: "importance" %}
{% for project in sorted_projects %}
  {% include projects.liquid %}
{% endfor %}
</div>
"""

AP_CONFIG = """\
# Welcome to a generated academicpages site (benchmark data; every name is invented)

# Basic site settings
locale                   : "en-US"
site_theme               : "default"
title                    : "Bruno Example"
title_separator          : "-"
name                     : &name "Bruno Example"
description              : &description "Sensors, rivers and cheap instruments"
url                      : https://bruno-example.example.org # the base hostname
baseurl                  : "" # the subpath of your site, e.g. "/blog"
repository               : "bruno-example/bruno-example.github.io"

# Site author - The following information is used to populate the author profile
author:
  # Biographic information
  avatar           : "profile.png"
  name             : "Bruno Example"
  pronouns         : # example: "she/her"
  bio              : "Builds instruments for rivers"
  location         : "Ghent, Belgium"
  employer         : "Example Institute"
  uri              :
  email            : "bruno@example.org"

  # Academic websites
  googlescholar    : "https://scholar.google.com/citations?user=AbCd0123EfGh"
  orcid            : "https://orcid.org/0000-0001-0000-0002"
  researchgate     : # example: "https://www.researchgate.net/profile/yourprofile"

  # Repositories and software development
  github           : "bruno-example"

  # Social media
  bluesky          : "bruno-example.bsky.social"
  twitter          :

publication_category:
  books:
    title: 'Books'
  manuscripts:
    title: 'Journal Articles'
  conferences:
    title: 'Conference Papers'

# Collections
collections:
  teaching:
    output: true
    permalink: /:collection/:path/
  publications:
    output: true
    permalink: /:collection/:path/
  portfolio:
    output: true
    permalink: /:collection/:path/
  talks:
    output: true
    permalink: /:collection/:path/

include:
  - _pages
  - files

plugins:
  - jekyll-feed
  - jekyll-sitemap
  - jekyll-redirect-from
"""

AP_NAV = """\
# main links
main:
  - title: "Publications"
    url: /publications/
  - title: "Talks"
    url: /talks/
  - title: "Teaching"
    url: /teaching/
  - title: "Portfolio"
    url: /portfolio/
  - title: "Blog Posts"
    url: /year-archive/
#  - title: "CV"
#    url: /cv/
"""

AP_ABOUT = """\
---
permalink: /
title: "About me"
excerpt: "About me"
author_profile: true
redirect_from: # old addresses of this page
  - /about/
  - /about.html
---

{body}

## News
{news}

## Research
Most of the work is on [the portfolio page]({{{{ base_path }}}}/portfolio/).
"""

AP_FIXED_PAGES = {
    "_pages/publications.md": """\
---
layout: archive
title: "Publications"
permalink: /publications/
author_profile: true
---

{% include base_path %}

{% for post in site.publications reversed %}
  {% include archive-single.html %}
{% endfor %}
""",
    "_pages/talks.html": """\
---
layout: archive
title: "Talks and presentations"
permalink: /talks/
author_profile: true
---

{% include base_path %}

{% for post in site.talks reversed %}
  {% include archive-single-talk.html %}
{% endfor %}
""",
    "_pages/portfolio.html": """\
---
layout: archive
title: "Portfolio"
permalink: /portfolio/
author_profile: true
---

{% include base_path %}

{% for post in site.portfolio %}
  {% include archive-single.html %}
{% endfor %}
""",
    "_pages/year-archive.html": """\
---
layout: archive
permalink: /year-archive/
title: "Blog posts"
author_profile: true
redirect_from:
  - /wordpress/blog-posts/
---

{% include base_path %}
{% capture written_year %}'None'{% endcapture %}
{% for post in site.posts %}
  {% capture year %}{{ post.date | date: '%Y' }}{% endcapture %}
  {% if year != written_year %}
    <h2 id="{{ year | slugify }}" class="archive__subtitle">{{ year }}</h2>
    {% capture written_year %}{{ year }}{% endcapture %}
  {% endif %}
  {% include archive-single.html %}
{% endfor %}
""",
}


def generate(theme: str, root: str | Path, scale: str | Scale = "small", seed: int = 0,
             **counts: int) -> dict[str, int]:
    """Write a site of ``theme`` into ``root`` (created; must not exist or be empty).
    ``scale`` is a name in SCALES or a Scale; keyword counts override it. Returns the counts
    and the number of files written."""
    base = SCALES[scale] if isinstance(scale, str) else scale
    root = Path(root)
    if root.exists() and any(root.iterdir()):
        raise FileExistsError(f"{root}: not empty")
    return Gen(theme, root, replace(base, **counts), seed).generate()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("theme", choices=THEMES)
    p.add_argument("dest", type=Path)
    p.add_argument("--scale", choices=sorted(SCALES), default="small")
    p.add_argument("--seed", type=int, default=0)
    for field in Scale.__dataclass_fields__:
        p.add_argument(f"--{field}", type=int)
    a = p.parse_args(argv)
    counts = {f: getattr(a, f) for f in Scale.__dataclass_fields__ if getattr(a, f) is not None}
    info = generate(a.theme, a.dest, a.scale, a.seed, **counts)
    print(" ".join(f"{k}={v}" for k, v in info.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""File formats, theme-neutral: CV codecs (Markdown, JSON Resume), Markdown bodies and sections."""

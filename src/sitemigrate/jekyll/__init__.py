"""Shared Jekyll machinery: site files, URLs, includes and checkouts, assets, Liquid."""

"""The static site's pages, their tables, charts and citations, the search index and the verification pages."""

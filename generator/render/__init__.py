"""Renderers of the public view: the gazette PDF (pdf/), the site (site/), the open data (data/), citations and the cargo worker processes."""

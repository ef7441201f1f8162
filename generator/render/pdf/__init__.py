"""The gazette PDF: laid out and drawn by gazeta (layout, direct, tags), front matter by WeasyPrint, assembled as PDF/A-3 with PDF/UA tags; per-cargo extracts."""

"""The merged PDF's pages, kept in a Python list and written into the page tree once.

pikepdf's page list asks qpdf for a copy of the whole page vector at every call (`count()`, `get_page()`: one
QPDFPageObjectHelper per page), so appending or indexing one page costs O(pages): about 1.4 ms per append and
0.7 ms per index at 19,000 pages, 28 s for the national exam's merge (issue 20). Here pages are appended in O(1)
and the tree's /Kids written once (ISO 32000-1 §7.7.3.2: a flat tree, every page's /Parent the root node, /Count
the number of leaves, as qpdf's own addPage leaves it).

qpdf caches its page list on first use and is not told of a /Kids written directly: once `write` ran, the session
must not use `pdf.pages` again (its answer would be the old list). Callers read pages from here instead; the
saved file, opened again, has them all (the merge checks the count there)."""
from __future__ import annotations

import pikepdf

# Page attributes a page may inherit from its ancestors in the page tree (ISO 32000-1 §7.7.3.4, Table 30).
INHERITABLE = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")


class PageTree:
    """The document's pages in order: the file's own (read once, at the start), then the appended ones."""

    def __init__(self, pdf: pikepdf.Pdf):
        self.pdf = pdf
        self.pages: list[pikepdf.Object] = [page.obj for page in pdf.pages]
        self.written = False

    def __len__(self) -> int:
        return len(self.pages)

    def __getitem__(self, index: int) -> pikepdf.Object:
        return self.pages[index]

    def __iter__(self):
        return iter(self.pages)

    def extend(self, pages: list[pikepdf.Object]) -> None:
        """Append indirect page dictionaries of this file (made here, or copied by `copy_page`)."""
        if self.written:
            raise RuntimeError("páginas acrescentadas depois de gravada a árvore de páginas")
        self.pages.extend(pages)

    def write(self) -> None:
        """Make the file's page tree these pages, flat, in this order."""
        root = self.pdf.Root.Pages
        for page in self.pages:
            page.Parent = root
        root.Kids = pikepdf.Array(self.pages)
        root.Count = len(self.pages)
        self.written = True


def copy_page(pdf: pikepdf.Pdf, source: pikepdf.Pdf, page: pikepdf.Object) -> pikepdf.Object:
    """A page of another file copied into `pdf`, with the attributes it inherits from its ancestors made its own,
    as qpdf does when it adds a foreign page (qpdf leaves /Parent behind when it copies a page object)."""
    inherited = {}
    node = page.get("/Parent")
    while node is not None:
        for key in INHERITABLE:
            if key not in page and key not in inherited and key in node:
                inherited[key] = node[key]
        node = node.get("/Parent")
    copied = pdf.copy_foreign(page)
    for key, value in inherited.items():
        if isinstance(value, pikepdf.Object) and not value.is_indirect and \
                isinstance(value, (pikepdf.Dictionary, pikepdf.Array)):
            value = source.make_indirect(value)  # copy_foreign takes indirect objects only
        copied[key] = pdf.copy_foreign(value) if isinstance(value, pikepdf.Object) and value.is_indirect else value
    return copied

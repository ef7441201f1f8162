"""The merge's page tree (render/pdf/pagetree): pages appended in a Python list and written into /Kids once give the
file pikepdf's own page list gives, without its O(pages) cost per append."""
import pikepdf
import pytest

from generator.render.pdf.pagetree import PageTree, copy_page


def _source_with_inherited_attributes(tmp_path):
    """A file whose pages inherit /Resources, /MediaBox and /Rotate from an intermediate node of a nested tree."""
    src = pikepdf.new()
    font = src.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    root = src.Root.Pages
    node = src.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Parent=root, Count=3,
                                                MediaBox=[0, 0, 300, 400], Rotate=90,
                                                Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))))
    kids = []
    for n in range(3):
        contents = src.make_stream(f"BT /F1 12 Tf 10 10 Td (pagina {n}) Tj ET".encode())
        kids.append(src.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Page, Parent=node, Contents=contents)))
    node.Kids = pikepdf.Array(kids)
    root.Kids = pikepdf.Array([node])
    root.Count = 3
    path = tmp_path / "fonte.pdf"
    src.save(path)
    return path


def _front(tmp_path, pages=2):
    pdf = pikepdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=(595, 842))
    path = tmp_path / "frente.pdf"
    pdf.save(path)
    return path


def test_appended_pages_land_in_order_with_what_they_inherited(tmp_path):
    source_path = _source_with_inherited_attributes(tmp_path)
    out = tmp_path / "saida.pdf"
    with pikepdf.open(_front(tmp_path)) as pdf, pikepdf.open(source_path) as source:
        tree = PageTree(pdf)
        drawn = [pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 10, 20 + n]))
                 for n in range(4)]
        tree.extend(drawn[:2])
        tree.extend([copy_page(pdf, source, page.obj) for page in source.pages])
        tree.extend(drawn[2:])
        tree.write()
        assert len(tree) == 2 + 2 + 3 + 2
        pdf.save(out)
    with pikepdf.open(out) as saved:
        pages = [page.obj for page in saved.pages]
        assert len(pages) == int(saved.Root.Pages.Count) == 9
        assert all(page.Parent.objgen == saved.Root.Pages.objgen for page in pages)
        assert [float(p.MediaBox[3]) for p in pages[2:4] + pages[7:]] == [20, 21, 22, 23]
        copied = pages[4:7]
        assert [p.Contents.read_bytes().decode().split("(")[1][:8] for p in copied] == \
            ["pagina 0", "pagina 1", "pagina 2"]
        for page in copied:  # inherited from the source's intermediate node, now the page's own
            assert [float(x) for x in page.MediaBox] == [0, 0, 300, 400] and int(page.Rotate) == 90
            assert str(page.Resources.Font.F1.BaseFont) == "/Helvetica"


def test_same_pages_as_pikepdfs_page_list(tmp_path):
    """Against the library's way (pdf.pages.extend / append): the same pages, attributes and contents, in order."""
    source_path = _source_with_inherited_attributes(tmp_path)

    def described(path):
        with pikepdf.open(path) as pdf:
            return [(tuple(float(x) for x in p.obj.MediaBox), int(p.obj.get("/Rotate", 0)),
                     p.obj.Contents.read_bytes() if "/Contents" in p.obj else b"",
                     sorted(p.obj.Resources.get("/Font", pikepdf.Dictionary()).keys()) if "/Resources" in p.obj else [])
                    for p in pdf.pages]

    ours, theirs = tmp_path / "nossa.pdf", tmp_path / "pikepdf.pdf"
    with pikepdf.open(_front(tmp_path)) as pdf, pikepdf.open(source_path) as source:
        tree = PageTree(pdf)
        tree.extend([copy_page(pdf, source, page.obj) for page in source.pages])
        tree.write()
        pdf.save(ours)
    with pikepdf.open(_front(tmp_path)) as pdf, pikepdf.open(source_path) as source:
        pdf.pages.extend(source.pages)
        pdf.save(theirs)
    assert described(ours) == described(theirs)


def test_no_page_after_the_tree_is_written(tmp_path):
    with pikepdf.open(_front(tmp_path)) as pdf:
        tree = PageTree(pdf)
        tree.write()
        with pytest.raises(RuntimeError):
            tree.extend([pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Page))])

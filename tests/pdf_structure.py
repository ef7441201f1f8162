"""Reading a tagged PDF's structure tree and marked content with pikepdf, for the PDF/UA tests (our own checks:
no PDF/UA validator beyond the `pdfua` subset runs here)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pikepdf

SHOW = {"Tj", "TJ", "'", '"'}
PAINT = SHOW | {"Do", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh"}


@dataclass
class Element:
    kind: str
    obj: pikepdf.Object
    kids: list = field(default_factory=list)  # Element or (page index, mcid)
    parent: "Element | None" = None

    def text(self, marks: dict) -> str:
        return "".join(kid.text(marks) if isinstance(kid, Element) else marks.get(kid, "") for kid in self.kids)

    def walk(self):
        yield self
        for kid in self.kids:
            if isinstance(kid, Element):
                yield from kid.walk()

    def children(self, kind: str | None = None) -> list["Element"]:
        return [k for k in self.kids if isinstance(k, Element) and (kind is None or k.kind == kind)]


def _cmap(font: pikepdf.Object) -> tuple[int, dict[bytes, str]]:
    """(code width in bytes, code → text) from a font's ToUnicode CMap (bfchar and bfrange)."""
    width = 2 if font.get("/Subtype") == "/Type0" else 1
    table: dict[bytes, str] = {}
    if "/ToUnicode" not in font:
        return width, table
    data = font.ToUnicode.read_bytes().decode("latin-1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            table[bytes.fromhex(src)] = bytes.fromhex(dst).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start, end, first = int(lo, 16), int(hi, 16), int(dst, 16)
            for code in range(start, end + 1):
                table[code.to_bytes(len(lo) // 2, "big")] = chr(first + code - start)
    return width, table


class Document:
    """A tagged PDF: its structure tree (with page indexes and MCIDs) and the text of every marked content."""

    def __init__(self, path: Path):
        self.pdf = pikepdf.open(path)
        self.page_index = {page.obj.objgen: i for i, page in enumerate(self.pdf.pages)}
        self.marks: dict[tuple[int, int], str] = {}  # (page, mcid) → text
        self.unmarked: list[tuple[int, str]] = []  # (page, operator) painted outside any marked content
        self.artifact_text: list[str] = []
        self.mcid_pages: dict[int, set[int]] = {}
        for index, page in enumerate(self.pdf.pages):
            self._read_page(index, page)
        tree = self.pdf.Root.StructTreeRoot
        self.root = Element("StructTreeRoot", tree)
        self._build(self.root, tree.K, None)

    def close(self):
        self.pdf.close()

    def _read_page(self, index: int, page: pikepdf.Page) -> None:
        fonts = {}
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        for name, font in resources.get("/Font", pikepdf.Dictionary()).items():
            fonts[name] = _cmap(font)
        stack: list[object] = []  # MCID, or "artifact", or None (other marked content)
        font = (1, {})
        seen = set()
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op == "BDC":
                props = operands[1]
                if str(operands[0]) == "/Artifact":
                    stack.append("artifact")
                elif isinstance(props, pikepdf.Dictionary) and "/MCID" in props:
                    mcid = int(props.MCID)
                    assert mcid not in seen, f"MCID {mcid} repetido na página {index + 1}"
                    seen.add(mcid)
                    stack.append(mcid)
                else:
                    stack.append(None)
            elif op == "BMC":
                stack.append("artifact" if str(operands[0]) == "/Artifact" else None)
            elif op == "EMC":
                stack.pop()
            elif op == "Tf":
                font = fonts.get(str(operands[0]), (1, {}))
            if op in PAINT:
                inside = [m for m in stack if m is not None]
                if not inside:
                    self.unmarked.append((index, op))
            if op in SHOW:
                text = self._decode(operands, font)
                owner = next((m for m in reversed(stack) if m is not None), None)
                if isinstance(owner, int):
                    key = (index, owner)
                    self.marks[key] = self.marks.get(key, "") + text
                elif owner == "artifact":
                    self.artifact_text.append(text)
        self.mcid_pages[index] = seen
        assert not stack, f"marcação não fechada na página {index + 1}"

    @staticmethod
    def _decode(operands, font) -> str:
        width, table = font
        pieces = operands[-1] if isinstance(operands[-1], pikepdf.Array) else [operands[-1]]
        out = []
        for piece in pieces:
            if isinstance(piece, pikepdf.String):
                data = bytes(piece)
                out += [table.get(data[i:i + width], "\ufffd") for i in range(0, len(data), width)]
        return "".join(out)

    def _build(self, parent: Element, node, page: int | None) -> None:
        if isinstance(node, pikepdf.Array):
            for kid in node:
                self._build(parent, kid, page)
        elif isinstance(node, int):
            assert page is not None, f"MCID {node} sem página em {parent.kind}"
            parent.kids.append((page, int(node)))
        elif isinstance(node, pikepdf.Dictionary):
            kind = node.get("/Type")
            if kind == "/MCR":
                parent.kids.append((self.page_index[node.Pg.objgen] if "/Pg" in node else page, int(node.MCID)))
            elif kind == "/OBJR":
                parent.kids.append(("objr", node.Obj.objgen))
            else:
                element = Element(str(node.S).lstrip("/"), node, parent=parent)
                assert node.P.objgen == (parent.obj.objgen if parent.obj.is_indirect else node.P.objgen), \
                    f"/P de {element.kind} não aponta para o pai"
                parent.kids.append(element)
                own = self.page_index[node.Pg.objgen] if "/Pg" in node else page
                if "/K" in node:
                    self._build(element, node.K, own)

    def reached(self) -> set[tuple[int, int]]:
        """(page, mcid) of every marked content the tree reaches."""
        out = set()
        for element in self.root.walk():
            out.update(k for k in element.kids if isinstance(k, tuple) and k[0] != "objr")
        return out

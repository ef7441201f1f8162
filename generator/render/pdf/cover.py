"""The cover of a cargo's PDF extract, drawn straight into a content stream (issue 20 item 2): the masthead, the act's
title, the page range the extract reproduces, the act's closing block and the footer every page of the act prints,
tagged for PDF/UA-1 (headings and paragraphs; the masthead, footer and rules artifacts, as on the full PDF's front
matter).

It used to be one WeasyPrint document per cargo (templates/pdf/extract.html): 201 renders at national scale. The
cover's text is a handful of short centred or left-aligned paragraphs, so we break its lines ourselves with the
fonts' metrics (pdf_fonts.width, as the body's typesetter does) and draw them in the body's embedded DejaVu faces
(pdf_direct), subset once per exam for the characters of all its covers. The coat of arms, an SVG or PNG that only
a real renderer draws faithfully, is rendered once per exam by WeasyPrint, alone on a page the size of its box, and
placed on every cover as a Form XObject (an artifact, like the rest of the masthead). Text that needs shaping
(pdf_direct.needs_shaping: RTL, combining marks) is not drawn here: the caller keeps the WeasyPrint cover for it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from xml.sax.saxutils import escape

import pikepdf

from .direct import FOOTER, RESOURCE, font_dictionary, hex_text, needs_shaping, subset_face
from .fonts import FACES, width
from .html import edition_year, masthead_name
from .layout import GEOMETRY

G = GEOMETRY
ASCENT, DESCENT = 1901 / 2048, 483 / 2048  # DejaVu hhea, all three faces
ARMS_HEIGHT = 42.0  # gazette.css .masthead .brasao
LINK_COLOUR = "0 0 0.933333"  # #0000ee, the colour WeasyPrint gave the cover's link
COVER_FOLIO = "Extrato — capa"  # the bottom-right box of the cover (the body pages print «Página X de Y» there)


@dataclass
class Run:
    """A piece of a paragraph in one face and size; `link`: the URI it opens."""
    text: str
    face: str = "regular"
    size: float = 8.0
    link: str = ""


@dataclass
class Block:
    """A paragraph: runs broken into lines of the body's width, centred or flush left. `tag`: its structure type
    (H1, H2, P), or "" for an artifact (the masthead)."""
    runs: list[Run]
    tag: str
    leading: float
    align: str = "left"
    before: float = 0.0
    after: float = 0.0
    spacing: float = 0.0  # letter spacing (the masthead's name)
    rule_below: tuple[float, float] | None = None  # (gap, width) of a rule under the block


@dataclass
class CoverText:
    """Everything a cover prints, as blocks in reading order."""
    masthead: list[Block]
    content: list[Block]  # H1, P, then the extract's section (H2 + P) and the closing block
    section: tuple[int, int]  # content[section[0]:section[1]] is the extract's own section (a Sect)
    closing: int  # content[closing:] is the closing block
    footer: list[str]
    folio: str = COVER_FOLIO

    def chars(self) -> dict[str, set[str]]:
        used: dict[str, set[str]] = {face: set() for face in FACES}
        for block in self.masthead + self.content:
            for run in block.runs:
                used[run.face].update(run.text)
        used["regular"].update("".join(self.footer) + self.folio)
        return used

    def needs_shaping(self) -> bool:
        return any(needs_shaping(part, run.face) for block in self.masthead + self.content for run in block.runs
                   for part in run.text.split("\n")) or any(needs_shaping(line) for line in self.footer)


def cover_text(exam: dict, cargo, full: dict, verification: list[str]) -> CoverText:
    """The blocks of templates/pdf/extract.html (masthead, act heading, extract section, closing), with the
    gazette.css sizes and spacing. `full`: the full PDF's name, pages, sha256 and url."""
    pub = exam["publicacao"]
    masthead: list[Block] = []
    if exam.get("previa"):
        masthead.append(Block([Run(f"PRÉVIA — NÃO PUBLICADO: {', '.join(exam['previa'])}", "bold")], "", 11,
                              "center", after=4))
    name = masthead_name(pub["diario"])
    masthead.append(Block([Run(line, "bold", name["size"]) for line in name["lines"]], "", name["leading"],
                          "center", after=4, spacing=0.5))
    publication = f"Publicado em {pub['data_extenso']}"
    if pub.get("edicao"):
        publication += f" | Edição nº {pub['edicao']}"
    if pub.get("extra"):
        publication += " | Edição extra"
    if pub.get("suplemento"):
        publication += " | Suplemento"
    publication += f" | Ano {edition_year(pub)}"
    masthead.append(Block([Run(publication)], "", 11, "center"))
    section = (f"Entidade: {pub['entidade']} | " if pub.get("entidade") else "") + f"Seção: {pub['secao']}"
    if pub.get("subsecao"):
        section += f" | Subseção: {pub['subsecao']}"
    masthead.append(Block([Run(section)], "", 11, "center", rule_below=(5, 1.2)))

    act = exam.get("ato") or {}
    numbered = bool(act.get("numero"))
    title = act["titulo"] if numbered else exam["titulo"]
    agency = (f"{exam['titulo']} · " if numbered else "") + exam["orgao"] + (
        f" · {exam['edital']}" if exam.get("edital") else "")
    content = [Block([Run(title.upper(), "bold", 11)], "H1", 14, "center", before=10, after=6),
               Block([Run(agency, size=G.size)], "P", G.leading, "center", after=8)]
    first = len(content)
    content.append(Block([Run(f"Extrato: {cargo.codigo} — {cargo.nome}", "bold", 9)], "H2", 12, before=12,
                         after=4, rule_below=(0, 0.6)))
    content.append(Block([Run(f"Este arquivo reproduz as páginas {cargo.first} a {cargo.last} do PDF completo desta "
                              f"publicação ({full['name']}, {full['pages']} páginas), sem alteração e com a mesma "
                              "numeração. Elas trazem as listas, a ordem de nomeação e os resultados das comissões "
                              "do cargo.")], "P", 10.5, after=4))
    runs = [Run("PDF completo")]
    if full.get("url"):
        runs += [Run(": "), Run(full["url"], link=full["url"])]
    runs += [Run(". SHA-256 do PDF completo: "), Run(full["sha256"], size=6.5), Run(".")]
    content.append(Block(runs, "P", 10.5, after=4))
    content.append(Block([Run("Para citar, cite o ato e as páginas do PDF completo; o extrato é uma cópia de "
                              "consulta.")], "P", 10.5, after=4))
    closing = len(content)
    place = (f"{act['local']}, " if act.get("local") else "") + f"{act.get('data_extenso') or pub['data_extenso']}."
    content.append(Block([Run(place)], "P", 10.5, "center", before=10, after=12))
    for signer in act.get("assinaturas") or [{"nome": exam["orgao"]}]:
        runs = [Run(signer["nome"].upper(), "bold")]
        if signer.get("cargo"):
            runs.append(Run("\n" + signer["cargo"]))
        content.append(Block(runs, "P", 10.5, "center", after=8))
    return CoverText(masthead, content, (first, closing), closing, verification)


# -- line breaking ---------------------------------------------------------------------------------------------
@dataclass
class _Piece:
    text: str
    run: Run
    w: float


@dataclass
class _Line:
    pieces: list[_Piece] = field(default_factory=list)

    @property
    def w(self) -> float:
        return sum(p.w for p in self.pieces)


def _tokens(block: Block) -> list[_Piece | None]:
    """Words with the space after them, each in its run's style; None for a forced line break."""
    out: list[_Piece | None] = []
    for run in block.runs:
        for k, part in enumerate(run.text.split("\n")):
            if k:
                out.append(None)
            words = part.split(" ")
            for n, word in enumerate(words):
                text = word + (" " if n + 1 < len(words) else "")
                if text:
                    out.append(_Piece(text, run, _width(text, run, block.spacing)))
    return out


def _width(text: str, run: Run, spacing: float) -> float:
    return width(text, run.face, run.size) + spacing * len(text)


def _break(block: Block, room: float = G.body_w) -> list[_Line]:
    """Greedy line breaking at spaces; a word wider than the line (an address, a hash) is cut anywhere, as
    overflow-wrap: anywhere does."""
    lines, line = [], _Line()
    for piece in _tokens(block):
        if piece is None:
            lines.append(line)
            line = _Line()
            continue
        if line.pieces and line.w + _width(piece.text.rstrip(" "), piece.run, block.spacing) > room:
            lines.append(line)
            line = _Line()
        while _width(piece.text.rstrip(" "), piece.run, block.spacing) > room:
            cut = len(piece.text)
            while cut > 1 and _width(piece.text[:cut], piece.run, block.spacing) > room - line.w:
                cut -= 1
            head = _Piece(piece.text[:cut], piece.run, _width(piece.text[:cut], piece.run, block.spacing))
            line.pieces.append(head)
            lines.append(line)
            line = _Line()
            rest = piece.text[cut:]
            piece = _Piece(rest, piece.run, _width(rest, piece.run, block.spacing))
        line.pieces.append(piece)
    lines.append(line)
    # A wrapped line keeps the space the break replaced, so the text reads as the sentence it is (screen readers,
    # copy and paste; pdf_direct._joined does the same for the body), but that space is not counted when centring.
    for each in lines:
        if each.pieces and each.pieces[-1].text.endswith(" "):
            last = each.pieces[-1]
            each.pieces[-1] = _Piece(last.text, last.run, _width(last.text[:-1], last.run, block.spacing))
    return [each for each in lines if each.pieces]


def _runs_of(line: _Line) -> list[_Piece]:
    """The line's words joined run by run: one text-showing operator per run (and one marked-content sequence)."""
    out: list[_Piece] = []
    for piece in line.pieces:
        if out and out[-1].run is piece.run:
            out[-1] = _Piece(out[-1].text + piece.text, piece.run, out[-1].w + piece.w)
        else:
            out.append(piece)
    return out


# -- drawing ---------------------------------------------------------------------------------------------------
@dataclass
class Drawn:
    """The cover's content stream, its structure (element kind → MCIDs, in order), link rectangles."""
    stream: bytes
    elements: list[tuple[str, list]]  # (tag, [mcid | ("Link", uri, [mcid...], [rect...])]) in reading order
    section: tuple[int, int]
    closing: int


def draw(text: CoverText, arms: bool) -> Drawn:
    """Lay the blocks out from the top margin down and write the page's content stream."""
    out: list[str] = []
    rules: list[tuple[float, float, float, float]] = []  # y, x1, x2, width
    links: list[str] = []  # the links' underlines
    mcid = [0]
    y = G.page_h - G.margin_top
    after = 0.0  # the bottom margin of the block above

    def place(block: Block, tagged: bool) -> list:
        """Draw one block at y (moving it down); return its structure kids."""
        nonlocal y, after
        y -= max(0.0, block.before - after)  # vertical margins collapse, as in CSS
        kids: list = []
        for line in _break(block):
            size = max(p.run.size for p in line.pieces)
            base = y - (block.leading - (ASCENT + DESCENT) * size) / 2 - ASCENT * size
            x = G.margin_x + ((G.body_w - line.w) / 2 if block.align == "center" else 0)
            for piece in _runs_of(line):
                if not piece.text:
                    continue
                if tagged:
                    number = mcid[0]
                    mcid[0] += 1
                    out.append(f"/{'Link' if piece.run.link else 'Span'} <</MCID {number}>> BDC")
                # q … Q: the letter spacing (Tc) and the link's colour are graphics state, kept to this piece
                out.append("q BT" + (f" {block.spacing} Tc" if block.spacing else "") +
                           (f" {LINK_COLOUR} rg" if piece.run.link else ""))
                out.append(f"{RESOURCE[piece.run.face]} {piece.run.size} Tf")
                out.append(f"1 0 0 1 {x:.2f} {base:.2f} Tm <{hex_text(piece.text, piece.run.face)}> Tj ET Q")
                out.append("EMC" if tagged else "")
                if piece.run.link:  # underlined, as a link on the web: an artifact
                    under = base - 0.1 * piece.run.size
                    links.append(f"{LINK_COLOUR} RG 0.5 w {x:.2f} {under:.2f} m {x + piece.w:.2f} {under:.2f} l S")
                if tagged and piece.run.link:
                    rect = [round(x, 2), round(y - block.leading, 2), round(x + piece.w, 2), round(y, 2)]
                    if kids and isinstance(kids[-1], tuple) and kids[-1][1] == piece.run.link:
                        kids[-1][2].append(number)
                        kids[-1][3].append(rect)
                    else:
                        kids.append(("Link", piece.run.link, [number], [rect]))
                elif tagged:
                    kids.append(number)
                x += piece.w
            y -= block.leading
        if block.rule_below:
            gap, thickness = block.rule_below
            y -= gap + thickness / 2
            rules.append((y, G.margin_x, G.page_w - G.margin_x, thickness))
            y -= thickness / 2
        y -= block.after
        after = block.after
        return kids

    out.append("/Artifact BMC")
    if text.masthead and text.masthead[0].runs[0].text.startswith("PRÉVIA"):
        place(text.masthead[0], False)
        rest = text.masthead[1:]
    else:
        rest = text.masthead
    if arms:
        out.append(f"q 1 0 0 1 {G.margin_x:.2f} {y - ARMS_HEIGHT:.2f} cm /Brasao Do Q")
        y -= ARMS_HEIGHT + 4
    for block in rest:
        place(block, False)
    out.append("EMC")
    elements = [(block.tag, place(block, True)) for block in text.content]
    # The footer every page of the act prints, and the cover's own folio box: pagination artifacts.
    out.append(FOOTER)
    base = G.margin_bottom - 4 - 0.93 * 5.5
    for line in text.footer:
        out.append(f"BT {RESOURCE['regular']} 5.5 Tf 1 0 0 1 {G.margin_x:.2f} {base:.2f} Tm "
                   f"<{hex_text(line, 'regular')}> Tj ET")
        base -= 6.6
    folio_x = G.page_w - G.margin_x - width(text.folio, "regular", 7)
    out.append(f"BT {RESOURCE['regular']} 7 Tf 1 0 0 1 {folio_x:.2f} {G.margin_bottom - 4 - 0.93 * 7:.2f} Tm "
               f"<{hex_text(text.folio, 'regular')}> Tj ET")
    out.append("EMC")
    rules.append((G.margin_bottom - 1.5, G.margin_x, G.page_w - G.margin_x, 0.6))
    out.append("/Artifact BMC")
    out += [f"{w} w {x1:.2f} {ry:.2f} m {x2:.2f} {ry:.2f} l S" for ry, x1, x2, w in rules]
    out += links
    out.append("EMC")
    stream = "\n".join(line for line in out if line).encode("ascii")
    return Drawn(stream, elements, text.section, text.closing)


# -- the document ----------------------------------------------------------------------------------------------
@dataclass
class Shared:
    """What every cover of one exam shares, made once before the covers: the font subsets (for the characters of
    all covers) and the coat of arms drawn as a one-page PDF."""
    fonts: dict[str, tuple[set[str], bytes]]
    arms: bytes | None


def shared(texts: list[CoverText], coat_of_arms: str, tmp: Path) -> Shared:
    used: dict[str, set[str]] = {}
    for text in texts:
        for face, chars in text.chars().items():
            if chars:  # a face the covers never use (italic) is not embedded
                used.setdefault(face, {" "}).update(chars)
    fonts = {face: subset_face((face, frozenset(chars), True)) for face, chars in used.items()}
    return Shared(fonts, _arms_pdf(coat_of_arms, tmp) if coat_of_arms else None)


def _arms_pdf(coat_of_arms: str, tmp: Path) -> bytes:
    """The coat of arms as the masthead's CSS sizes it (42 pt high, centred in the body's width), drawn by
    WeasyPrint on a page of exactly that box: it is placed on each cover as a Form XObject."""
    from weasyprint import HTML

    css = (f"@page {{ size: {G.body_w}pt {ARMS_HEIGHT}pt; margin: 0 }} body {{ margin: 0 }} "
           f"img {{ display: block; margin: 0 auto; height: {ARMS_HEIGHT}pt; width: auto }}")
    html = f'<html><head><style>{css}</style></head><body><img src="{escape(Path(coat_of_arms).as_uri())}" alt="">' \
           "</body></html>"
    out = Path(tmp) / "brasao.pdf"
    HTML(string=html, base_url=str(tmp)).write_pdf(out, pdf_variant="pdf/a-3b", output_intent="")
    return out.read_bytes()


def new_cover(drawn: Drawn, common: Shared, meta: dict) -> tuple[pikepdf.Pdf, int]:
    """A one-page tagged PDF holding the cover: catalog, structure tree (Document → Art with the cover's H1, P,
    the extract's Sect and the closing Div), metadata. Returns it and the next free StructParents key."""
    pdf = pikepdf.new()
    fonts = font_dictionary(pdf, common.fonts)
    resources = pikepdf.Dictionary(Font=pdf.make_indirect(fonts))
    if common.arms is not None:
        with pikepdf.open(io.BytesIO(common.arms)) as arms:
            form = arms.pages[0].as_form_xobject()
            resources.XObject = pikepdf.Dictionary(Brasao=pdf.copy_foreign(form))
    contents = pikepdf.Stream(pdf, drawn.stream)
    page = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=[0, 0, G.page_w, G.page_h], Resources=resources, Contents=contents,
        StructParents=0, Tabs=pikepdf.Name.S))
    pdf.pages.append(pikepdf.Page(page))
    page = pdf.pages[0].obj

    root = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot))
    document = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document, P=root))
    art = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Art, P=document))
    sect = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Sect, P=art))
    closing = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Div, P=art))
    by_mcid: dict[int, pikepdf.Object] = {}
    annots = pikepdf.Array()
    nums: list = []
    art_kids, sect_kids, closing_kids = [], [], []
    for index, (tag, kids) in enumerate(drawn.elements):
        holder = sect if drawn.section[0] <= index < drawn.section[1] else closing if index >= drawn.closing \
            else art
        elem = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name("/" + tag),
                                                    P=holder, Pg=page))
        elem_kids = pikepdf.Array()
        for kid in kids:
            if isinstance(kid, int):
                elem_kids.append(kid)
                by_mcid[kid] = elem
                continue
            _, uri, mcids, rects = kid
            key = len(nums) // 2 + 1
            link = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Link,
                                                        P=elem, Pg=page))
            link_kids = pikepdf.Array(mcids)
            for mcid in mcids:
                by_mcid[mcid] = link
            for rect in rects:
                annot = pdf.make_indirect(pikepdf.Dictionary(
                    Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=rect, F=4, BS=pikepdf.Dictionary(W=0),
                    A=pikepdf.Dictionary(Type=pikepdf.Name.Action, S=pikepdf.Name.URI, URI=pikepdf.String(uri)),
                    StructParent=key, P=page))
                annots.append(annot)
                link_kids.append(pikepdf.Dictionary(Type=pikepdf.Name.OBJR, Obj=annot, Pg=page))
                nums += [key, link]
                key += 1
            link.K = link_kids
            elem_kids.append(link)
        elem.K = elem_kids[0] if len(elem_kids) == 1 else elem_kids
        (sect_kids if holder is sect else closing_kids if holder is closing else art_kids).append(elem)
    sect.K = pikepdf.Array(sect_kids)
    closing.K = pikepdf.Array(closing_kids)
    art.K = pikepdf.Array(art_kids[:drawn.section[0]] + [sect] + art_kids[drawn.section[0]:] + [closing])
    document.K = pikepdf.Array([art])
    root.K = document
    page_array = pikepdf.Array([by_mcid[m] for m in range(len(by_mcid))])
    root.ParentTree = pdf.make_indirect(pikepdf.Dictionary(Nums=pikepdf.Array([0, page_array] + nums)))
    next_key = 1 + len(nums) // 2
    root.ParentTreeNextKey = next_key
    if len(annots):
        page.Annots = annots
    pdf.Root.StructTreeRoot = root
    _metadata(pdf, meta)
    return pdf, next_key


def _metadata(pdf: pikepdf.Pdf, meta: dict) -> None:
    """Document information and its XMP copy (PDF/A: both say the same), PDF/A-3a; pdf_tags.mark_catalog adds
    the PDF/UA identification."""
    created: datetime = meta["created"]
    stamp = created.strftime("D:%Y%m%d%H%M%SZ")
    iso = created.strftime("%Y-%m-%dT%H:%M:%SZ")
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(
        Title=pikepdf.String(meta["title"]), Author=pikepdf.String(meta["author"]),
        Subject=pikepdf.String(meta["subject"]), Keywords=pikepdf.String(meta["keywords"]),
        Creator=pikepdf.String("gazeta"), Producer=pikepdf.String("gazeta"),
        CreationDate=pikepdf.String(stamp), ModDate=pikepdf.String(stamp)))
    e = escape
    xmp = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
           '<rdf:RDF xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" '
           'xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
           'xmlns:xmp="http://ns.adobe.com/xap/1.0/">'
           '<rdf:Description rdf:about="" pdfaid:part="3" pdfaid:conformance="A"/>'
           '<rdf:Description rdf:about="" pdf:Producer="gazeta"/>'
           f'<rdf:Description rdf:about=""><dc:title><rdf:Alt><rdf:li xml:lang="x-default">{e(meta["title"])}'
           '</rdf:li></rdf:Alt></dc:title></rdf:Description>'
           f'<rdf:Description rdf:about=""><dc:creator><rdf:Seq><rdf:li>{e(meta["author"])}</rdf:li></rdf:Seq>'
           '</dc:creator></rdf:Description>'
           '<rdf:Description rdf:about=""><dc:description><rdf:Alt><rdf:li xml:lang="x-default">'
           f'{e(meta["subject"])}</rdf:li></rdf:Alt></dc:description></rdf:Description>'
           f'<rdf:Description rdf:about=""><pdf:Keywords>{e(meta["keywords"])}</pdf:Keywords></rdf:Description>'
           '<rdf:Description rdf:about=""><xmp:CreatorTool>gazeta</xmp:CreatorTool></rdf:Description>'
           f'<rdf:Description rdf:about=""><xmp:CreateDate>{iso}</xmp:CreateDate></rdf:Description>'
           f'<rdf:Description rdf:about=""><xmp:ModifyDate>{iso}</xmp:ModifyDate></rdf:Description>'
           '</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>')
    pdf.Root.Metadata = pdf.make_stream(xmp.encode("utf-8"), Type=pikepdf.Name.Metadata, Subtype=pikepdf.Name.XML)


"""ato.md as HTML for the site and the PDF: no raw HTML, and links and images only to http(s), mailto or relative URLs."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from ..plain import multiline

ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
# What a browser does before reading the scheme (WHATWG URL: strip C0 controls and spaces, drop tabs and newlines).
_STRIPPED = "".join(map(chr, range(0x21)))
_TAB_NEWLINE = re.compile("[\t\n\r]")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_URL_ATTRIBUTES = {"a": "href", "img": "src"}


def allowed_url(url: str, relative: bool = True) -> bool:
    """True for http(s), mailto and (when `relative`) scheme-less URLs, judged on the text the browser will see."""
    # The serializer keeps character references (&#106;…), which the browser then decodes: judge the decoded text.
    seen = _TAB_NEWLINE.sub("", html.unescape(url)).strip(_STRIPPED)
    scheme = _SCHEME.match(seen)
    if scheme is None:
        return relative
    return scheme.group(1).lower() in ALLOWED_SCHEMES


class _SafeUrls(Treeprocessor):
    """Unlinks anchors and replaces images whose URL is not allowed (javascript:, data:, file:, vbscript:…)."""

    def __init__(self, md: markdown.Markdown, relative: bool) -> None:
        super().__init__(md)
        self.relative = relative

    def run(self, root: etree.Element) -> None:
        for element in list(root.iter()):
            attribute = _URL_ATTRIBUTES.get(element.tag)
            if attribute is None or allowed_url(element.get(attribute, ""), self.relative):
                continue
            if element.tag == "a":
                element.tag = "span"  # the link text stays, as plain text
                element.attrib.clear()
            else:  # an image becomes its alternative text
                alt = element.get("alt", "")
                element.tag = "span"
                element.attrib.clear()
                element.text = alt


class SafeUrls(Extension):
    """Python-Markdown extension registering _SafeUrls after the inline patterns (priority 20) made the links."""

    def __init__(self, relative: bool = True) -> None:
        super().__init__()
        self.relative = relative

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(_SafeUrls(md, self.relative), "gazeta_safe_urls", 5)


def act_html(text: str, relative: bool = True) -> str:
    """The act's editorial Markdown as HTML: raw HTML is printed as text, and unsafe links and images are dropped.

    relative=False (the PDF): a relative URL has no page to be relative to, and WeasyPrint would resolve it against
    the build's temporary folder (file:///tmp/…), so it is dropped as well."""
    md = markdown.Markdown(extensions=[SafeUrls(relative)], output_format="html")
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md.convert(multiline(text or ""))  # no NUL in the HTML, no bidi override reordering the act

"""A small SVG writer, standard library only (issue 22; python-chess's ``chess.svg`` is the model).

Byte-stable by construction: attributes are written in the order the drawing code gives
them (keyword order, never a hashed set), numbers through :func:`num` (at most two
decimals, no ``-0``, no exponent), text escaped by :func:`escape` (XML's five characters,
every non-ASCII character as a numeric reference, so the document is plain ASCII whatever
the stdout's encoding; control characters dropped). A document carries a ``<title>`` and a
``<desc>`` (the text alternative).

Fonts: an explicit family list with the generic family last (``FONTS``): resvg, the PNG
renderer, draws no text when only a generic family is named.
"""

from __future__ import annotations

FONTS = "DejaVu Sans, Verdana, Liberation Sans, Arial, Helvetica, sans-serif"
MONO = "DejaVu Sans Mono, Liberation Mono, Menlo, Consolas, monospace"


def num(value: float) -> str:
    """A coordinate as text: an integer without a point, else at most two decimals."""
    if isinstance(value, int):
        return str(value)
    if value.is_integer():  # most coordinates: the same digits the format below gives, sooner
        return str(int(value))
    text = f"{value:.2f}".rstrip("0").rstrip(".")  # correctly rounded, as round(value, 2) is
    return "0" if text in ("-0", "") else text


def _table(quote: bool) -> dict[int, str | None]:
    """The ASCII part of the escaping: XML's characters, and the control characters dropped."""
    table: dict[int, str | None] = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
    for code in (*range(32), 0x7F):
        table[code] = None  # not allowed in XML 1.0: dropped
    table[ord("\n")] = "&#10;" if quote else "\n"
    table[ord("\t")] = "&#9;" if quote else "\t"
    if quote:
        table[ord('"')] = "&quot;"
    return table


_TEXT, _ATTR = _table(False), _table(True)
_WIDE: dict[bool, dict[int, str | None]] = {}


def _wide(quote: bool) -> dict[int, str | None]:
    """The whole table, for a text with non-ASCII characters (built the first time one comes)."""
    table = _WIDE.get(quote)
    if table is None:
        table = _WIDE[quote] = dict(_ATTR if quote else _TEXT)
        for code in (*range(0x80, 0xA0), *range(0xD800, 0xE000), 0xFFFE, 0xFFFF):
            table[code] = None  # not allowed in XML 1.0 either: dropped
    return table


def escape(text: str, quote: bool = False) -> str:
    """``text`` as XML character data (``quote``: inside a double-quoted attribute)."""
    text = str(text)
    table = _ATTR if quote else _TEXT
    if text.isascii():
        return text.translate(table)
    # what the whole table adds is unprintable: a text printable but for its newlines and
    # tabs has none of it (a title with a "·"), so the ASCII part is enough
    if not text.replace("\n", "").replace("\t", "").isprintable():
        table = _wide(quote)
    return text.translate(table).encode("ascii", "xmlcharrefreplace").decode("ascii")


_NAMES: dict[str, str] = {}


def _attr_name(name: str) -> str:
    """``class_`` → ``class``, ``stroke_width`` → ``stroke-width``."""
    out = _NAMES.get(name)
    if out is None:
        out = _NAMES[name] = name.rstrip("_").replace("_", "-")
    return out


class Element:
    """An element: its start tag written out (the tag and attributes in the given order),
    children and text. The attributes are formatted once, when the element is made."""

    __slots__ = ("tag", "head", "children", "text")

    def __init__(self, tag: str, head: str, text: str | None = None) -> None:
        self.tag = tag
        self.head = head  # "<tag a=\"1\" b=\"2\"", escaped
        self.children: list[Element] = []
        self.text = text

    def add(self, child: Element) -> Element:
        self.children.append(child)
        return child

    def write(self, out: list[str], indent: int = 0) -> None:
        pad = "  " * indent
        if not self.children:
            if self.text is None:
                out.append(f"{pad}{self.head}/>")
            else:
                out.append(f"{pad}{self.head}>{escape(self.text)}</{self.tag}>")
            return
        out.append(f"{pad}{self.head}>" + (escape(self.text) if self.text else ""))
        for child in self.children:
            child.write(out, indent + 1)
        out.append(f"{pad}</{self.tag}>")


def el(tag: str, text: str | None = None, **attrs: object) -> Element:
    """An element; ``None`` attributes are left out, numbers go through :func:`num`."""
    head = "<" + tag
    for key, value in attrs.items():
        if type(value) is str:
            text_value = value.translate(_ATTR) if value.isascii() else escape(value, True)
        elif type(value) is int or type(value) is float:
            text_value = num(value)  # digits, a point, a sign: nothing to escape
        elif value is None:
            continue
        elif isinstance(value, int | float) and not isinstance(value, bool):
            text_value = escape(num(value), True)
        else:
            text_value = escape(str(value), True)
        name = _NAMES.get(key) or _attr_name(key)
        head += f' {name}="{text_value}"'
    return Element(tag, head, text)


def points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


class Drawing:
    """An SVG document: ``width`` × ``height`` user units, a title, a text alternative,
    a style sheet (class rules), definitions and the drawn elements in order."""

    def __init__(self, width: float, height: float, title: str, desc: str, style: str = "",
                 font: str = FONTS) -> None:
        self.width, self.height = width, height
        self.root = el("svg", xmlns="http://www.w3.org/2000/svg", width=width, height=height,
                       viewBox=f"0 0 {num(width)} {num(height)}", font_family=font)
        self.root.add(el("title", title))
        self.root.add(el("desc", desc))
        self.defs = self.root.add(el("defs"))
        if style:
            self.defs.add(el("style", style))

    def add(self, child: Element) -> Element:
        return self.root.add(child)

    def to_string(self) -> str:
        if not self.defs.children:
            self.root.children.remove(self.defs)
        out = ['<?xml version="1.0" encoding="UTF-8"?>']
        self.root.write(out)
        return "\n".join(out) + "\n"


MIN_SIZE, MAX_SIZE = 16, 8192


def to_png(svg: str, size: int | None = None) -> bytes:
    """PNG bytes of an SVG document through the optional ``png`` extra (resvg-py): its
    longer side ``size`` pixels (the other in proportion), by default the drawing's own size
    (one unit a pixel: an msm small square is 32 pixels, so even a 64x64 map stays legible).
    Rendering and PNG encoding grow with the pixels: the default keeps `show --png` cheap."""
    from claw.core.errors import UsageError

    if size is not None and not MIN_SIZE <= size <= MAX_SIZE:
        raise UsageError(f"--size must be {MIN_SIZE} to {MAX_SIZE} pixels: {size}")
    try:
        import resvg_py
    except ImportError:
        raise UsageError("--png needs the optional extra png: pip install 'claw-tabletop[png]' (resvg-py)") from None
    width = height = None
    if size is not None:  # which side is the longer: the root's width and height, as the writer puts them
        import re

        found = re.search(r'<svg [^>]*?width="([0-9.]+)" height="([0-9.]+)"', svg)
        wide = found is None or float(found.group(1)) >= float(found.group(2))
        width, height = (size, None) if wide else (None, size)
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff", sans_serif_family="DejaVu Sans",
                                           width=width, height=height))
    except ValueError as exc:  # resvg refuses only a broken document
        raise UsageError(f"the picture could not be rendered: {exc}") from None


def deliver(call, svg: str) -> None:
    """A command's picture: the SVG document on stdout, or with ``--png FILE`` a PNG
    written to FILE (atomically; ``--size PX`` its longer side). The state is not written."""
    call.query()
    deliver_to(call.output, svg, call.opts.get("png"), call.opts.get("size"))


def deliver_to(output, svg: str, png: str | None, size: int | None) -> None:
    """:func:`deliver` for a command without a call (``claw roll``)."""
    from claw.core.errors import UsageError

    if not png:
        if size is not None:
            raise UsageError("--size goes with --png FILE (an SVG has no pixel size)")
        output.emit(svg.rstrip("\n"))
        return
    data = to_png(svg, size)
    from claw.cli.store import atomic as safewrite

    kind, real = safewrite.destination(png)
    if kind == "stdout":
        raise UsageError("--png needs a file name (a PNG is not text for stdout): --png board.png")
    if kind == "stream":
        safewrite.write_stream(real, data, png)
    else:
        safewrite.replace_file(real, data, png, commit=False)
    output.say(f"wrote {png} ({len(data)} bytes)")


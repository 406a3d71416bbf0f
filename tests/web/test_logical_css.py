"""One stylesheet serves both directions (docs/languages.md, "Right to left"): the pages' CSS names
sides by the text's flow (``margin-inline-start``, ``text-align: end``, ``float: inline-start``),
never as left or right, so a Hebrew page (``<html dir="rtl">``) mirrors with no stylesheet of its own.

A physical side that comes back fails here, unless it is allowed below with its reason. A rule whose
selector names a direction (``[dir=rtl] ...``) says left or right on purpose. The PDFs' stylesheet
(print.css, laid out by WeasyPrint) is checked by the PDFs' own tests.
"""

from __future__ import annotations

import re

from scorekeeper.storage.paths import PACKAGE, STATIC

SCREEN_CSS = sorted(p for p in (STATIC / "css").glob("*.css") if p.name != "print.css")
#: (file, selector, property) that must stay physical, each with its reason
ALLOWED: dict[tuple[str, str, str], str] = {}
PHYSICAL_NAME = re.compile(
    r"^(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-\w+)?"
    r"|left|right|border-(?:top|bottom)-(?:left|right)-radius)$"
)
PHYSICAL_VALUE = re.compile(r"^(?:float|clear|text-align|text-align-last|caption-side|resize)$")
BOX_SHORTHAND = re.compile(r"^(?:margin|padding|inset|border-width|border-style|border-color|scroll-margin)$")


def physical(prop: str, value: str) -> bool:
    """Whether a declaration names a left or right side.

    >>> physical("margin-left", "1rem"), physical("margin-inline-start", "1rem")
    (True, False)
    >>> physical("text-align", "right"), physical("text-align", "end"), physical("float", "inline-start")
    (True, False, False)
    >>> physical("margin", "0.2rem 0.3rem 0.2rem 0"), physical("padding", "0 0.5rem 0.3rem 0.5rem")
    (True, False)
    """
    if PHYSICAL_NAME.match(prop):
        return True
    if PHYSICAL_VALUE.match(prop):
        return bool(re.search(r"\b(?:left|right)\b", value))
    if BOX_SHORTHAND.match(prop):
        parts = value.replace("!important", "").split()
        return len(parts) == 4 and parts[1] != parts[3]
    return False


def declarations(css: str):
    """``(selector, property, value)`` of every declaration, inside ``@media`` blocks too."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for selector, body in re.findall(r"([^{}]*)\{([^{}]*)\}", css):
        for declaration in body.split(";"):
            prop, _, value = declaration.partition(":")
            if value:
                yield " ".join(selector.split()), prop.strip().lower(), value.strip()


def test_the_pages_css_names_no_left_or_right():
    found = [
        f"{path.name}: {selector} {{ {prop}: {value} }}"
        for path in SCREEN_CSS
        for selector, prop, value in declarations(path.read_text(encoding="utf-8"))
        if physical(prop, value) and "[dir=" not in selector and (path.name, selector, prop) not in ALLOWED
    ]
    assert len(SCREEN_CSS) >= 9
    assert not found, "use the logical form (margin-inline-start, text-align: end ...):\n" + "\n".join(found)


def test_no_template_styles_a_side_inline():
    found = [
        f"{path.relative_to(PACKAGE)}: {style}"
        for path in (PACKAGE / "templates").rglob("*.html")
        if "pdf" not in path.parts
        for style in re.findall(r'style="([^"]*)"', path.read_text(encoding="utf-8"))
        for prop, _, value in (d.partition(":") for d in style.split(";"))
        if value and physical(prop.strip().lower(), value.strip())
    ]
    assert not found, found

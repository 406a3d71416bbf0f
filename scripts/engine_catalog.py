"""The engine's words to translate: writes engine.pot from the catalog (and every variant's describing
words: summary, option labels, help lines and choice words: display/variant_words.py), merges it into every
language's engine.po (new sentences untranslated, gone ones dropped) and compiles engine.mo.

    .venv/bin/python scripts/engine_catalog.py          # after changing scorekeeper/rules/messages/
    .venv/bin/python scripts/engine_catalog.py --add fr  # start a language

`make messages` and `make translations` run it too (beside the pages' catalog), so a new variant's
own sentences and describing words reach engine.po by the usual steps (docs/adding-a-variant.md).
Run it again after editing a .po: the compiled .mo is committed beside it
(tests/rules/test_engine_words.py fails when the two differ).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.display.variant_words import described_texts  # noqa: E402
from scorekeeper.rules.messages import MESSAGES  # noqa: E402

TRANSLATIONS = ROOT / "scorekeeper" / "translations"
DOMAIN = "engine"
FIXED = datetime(2026, 11, 25, tzinfo=UTC)  # no churn in the files from one run to the next


def template() -> Catalog:
    """Every English template, with its key as the translator's note, then every describing word,
    with where it shows."""
    catalog = Catalog(project="scorekeeper", domain=DOMAIN, fuzzy=False, creation_date=FIXED)
    for key, text in MESSAGES.items():
        catalog.add(text, auto_comments=[key], flags=["python-brace-format"] if "{" in text else [])
    for text, notes in described_texts().items():
        catalog.add(text, auto_comments=notes)
    return catalog


def po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(language: str, pot: Catalog) -> None:
    path = po_path(language)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=DOMAIN)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=language, domain=DOMAIN, project="scorekeeper", fuzzy=False)
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    with path.open("wb") as f:
        write_po(f, catalog, width=110, omit_header=False, sort_output=False)
    with path.with_suffix(".mo").open("wb") as f:
        write_mo(f, catalog)


def main(argv: list[str]) -> None:
    pot = template()
    with (TRANSLATIONS / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, pot, width=110)
    languages = {p.parents[1].name for p in TRANSLATIONS.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    if argv[:1] == ["--add"]:
        languages |= set(argv[1:])
    for language in sorted(languages):
        update(language, pot)
        print(f"{language}: {po_path(language).relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])

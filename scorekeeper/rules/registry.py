"""The variant registry: ``register`` a class, ``find_variant`` by slug.

Everything a variant brings is found through its class: its engine, its sentences (``messages``,
merged into the engine's catalog here), its samples for the shared tests (``samples``) and, above
the engine, its profile (docs/adding-a-variant.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .base import Variant
from .errors import UnknownVariant
from .messages import MESSAGES

_VARIANTS: dict[str, Variant] = {}


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: make a variant findable by its slug, its own sentences part of the catalog."""
    own_messages(cls.messages)
    _VARIANTS[cls.slug] = cls()
    return cls


def own_messages(messages: dict[str, str]) -> dict[str, str]:
    """A variant's sentences, in the engine's catalog at once (so its class body may ``say`` them);
    ValueError for a key the catalog holds with other words."""
    for key, template in messages.items():
        if MESSAGES.setdefault(key, template) != template:
            raise ValueError(f"message key {key} twice")
    return messages


def find_variant(slug: str) -> Variant:
    """The registered variant for ``slug`` (case-insensitive), or UnknownVariant."""
    key = str(slug).strip().lower() if slug is not None else ""
    try:
        return _VARIANTS[key]
    except KeyError:
        raise UnknownVariant(str(slug), list(_VARIANTS)) from None


def all_variants() -> list[Variant]:
    """Every registered variant, in registration order."""
    return list(_VARIANTS.values())


class PartKinds(Mapping[str, str]):
    """Slug -> kind of own-phone part, for the variants whose :attr:`.Variant.part_kind` is one of
    ``kinds``: read from the registry at each look-up, so a new variant edits no table."""

    def __init__(self, *kinds: str) -> None:
        self.kinds = kinds

    def _now(self) -> dict[str, str]:
        return {v.slug: k for v in _VARIANTS.values() if (k := getattr(v, "part_kind", None)) in self.kinds}

    def __getitem__(self, slug: str) -> str:
        return self._now()[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())

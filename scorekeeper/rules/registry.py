"""The variant registry: ``register`` a class, ``find_variant`` by slug."""

from __future__ import annotations

from .base import Variant
from .errors import UnknownVariant

_VARIANTS: dict[str, Variant] = {}


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: make a variant findable by its slug."""
    _VARIANTS[cls.slug] = cls()
    return cls


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

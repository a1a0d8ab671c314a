"""The variants the engine plays: ``VARIANTS``, assembled from the families' catalogues.

Each family declares its rule options (defaults, sources, research rows) and its variants in its
own package: :mod:`meldtable.canasta.catalogue` (the presets ``canasta-two-hand``,
``canasta-classic`` and ``kanaster``), :mod:`meldtable.threefifty.catalogue` (``3-ist-50``) and
:mod:`meldtable.continental.catalogue` (``continental``). Every place where a seed text is silent
or contradicts itself is an option there, documented in ``docs/rules/<variant>.md`` next to the
seed sentence it implements. This module only lists which family holds which variant, in the
order the page shows them, and loads a family's catalogue when one of its variants is first
looked up, so that ``import meldtable`` does not import the other families' packages.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .options import Variant

FAMILY_OF: dict[str, str] = {
    "canasta-two-hand": "canasta",
    "canasta-classic": "canasta",
    "kanaster": "canasta",
    "3-ist-50": "threefifty",
    "continental": "continental",
}
"""Variant id -> the family package whose ``catalogue`` module defines it (in ``VARIANTS``
order). A new variant is one line here and its entry in the family's ``catalogue.VARIANTS``."""


class _Variants(Mapping[str, Variant]):
    """``VARIANTS``: a read-only mapping variant id -> :class:`~meldtable.options.Variant` whose
    keys (ids, in the page's order) are known at once and whose values come from the family's
    ``catalogue`` module, imported on the first lookup of one of its variants. ``in``, ``len``,
    iteration and ``", ".join(VARIANTS)`` import nothing."""

    __slots__ = ("_loaded",)

    def __init__(self) -> None:
        self._loaded: dict[str, Variant] = {}

    def __getitem__(self, vid: str) -> Variant:
        v = self._loaded.get(vid)
        if v is None:
            family = FAMILY_OF[vid]  # KeyError for an unknown id, as a dict
            catalogue = importlib.import_module(f".{family}.catalogue", __package__)
            found: Mapping[str, Variant] = catalogue.VARIANTS
            for k, x in found.items():
                if FAMILY_OF.get(k) != family or x.family != family:
                    raise AssertionError(f"variant {k!r} of {family}.catalogue is not registered in FAMILY_OF")
                self._loaded[k] = x
            v = self._loaded[vid]
        return v

    def __contains__(self, vid: object) -> bool:
        return vid in FAMILY_OF

    def __iter__(self) -> Iterator[str]:
        return iter(FAMILY_OF)

    def __len__(self) -> int:
        return len(FAMILY_OF)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


VARIANTS: Mapping[str, Variant] = _Variants()
"""Variant id -> :class:`~meldtable.options.Variant` (players, options with defaults and sources),
in the order the page lists them; read-only."""

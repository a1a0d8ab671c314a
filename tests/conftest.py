"""Engine tests: make ``meldtable`` (engine/) and the ``positions`` helper importable when the
engine is not installed (``python3 -m pytest tests`` from a plain checkout)."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENGINE = HERE.parent / "engine"

try:  # installed (the venv of `python build.py test` installs it editable)
    import meldtable  # noqa: F401
except ImportError:  # pragma: no cover - plain checkout
    sys.path.insert(0, str(ENGINE))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

"""The engine's own seeded random generator (xoshiro256**), identical on CPython and Pyodide.

Python's ``random.shuffle`` is not promised to be stable across versions, and the engine must
never touch the global generator, so every shuffle goes through :class:`Rng`.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class Rng:
    """xoshiro256** seeded from ``(seed, purpose)`` through SHA-256.

    ``seed`` is any int (negative and huge ints work); ``purpose`` is a short text that separates
    independent streams (for example ``"deal 3"`` for the third deal of a match).
    """

    __slots__ = ("_s",)

    def __init__(self, seed: int, purpose: str = "") -> None:
        digest = hashlib.sha256(f"meldtable:{seed}:{purpose}".encode()).digest()
        s = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8)]
        if not any(s):  # pragma: no cover - probability 2**-256
            s[0] = 1
        self._s = s

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """Return a uniformly distributed integer in ``range(n)`` (``n >= 1``), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, each index drawn as :meth:`below` draws it).

        The generator is inlined here (a deal shuffles 108 cards: this is most of dealing's cost);
        the sequence is the one :meth:`next64` and :meth:`below` give, checked by
        tests/test_rng.py."""
        s0, s1, s2, s3 = self._s
        mask = _MASK
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = ((1 << 64) // n) * n
            while True:
                x = (s1 * 5) & mask
                x = ((((x << 7) | (x >> 57)) & mask) * 9) & mask
                t = (s1 << 17) & mask
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = ((s3 << 45) | (s3 >> 19)) & mask
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self._s = [s0, s1, s2, s3]

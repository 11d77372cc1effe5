"""Random generators for engines.

Randomness is drawn only inside ``execute`` / ``setup`` and its outcome is recorded in events, so
replay never needs a generator. The platform derives a fresh generator for each command from the
match's secret seed and the version the command is applied at: reproducible for an operator who
holds the seed, unpredictable for players who do not.
"""

from __future__ import annotations

import hashlib
import random


def command_rng(secret_seed: str, version: int, salt: str = "") -> random.Random:
    digest = hashlib.sha256(f"{secret_seed}:{version}:{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))

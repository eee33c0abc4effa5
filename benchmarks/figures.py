"""What the benchmark scripts share: percentiles of measured figures, and a free port for a server.

Two percentiles, both kept because the benchmarks' published figures were made with them:

* :func:`nearest_rank` (the web benchmarks): the smallest value with at least ``fraction`` of the
  values at or below it; of ``[1, 2, 3, 4]``, the 0.5 one is 2 and the 0.95 one is 4;
* :func:`rounded_rank` (the generator and hint benchmarks): the value at the index
  ``round(share × (n − 1))`` of the sorted values; of ``[1, 2, 3, 4]``, the 0.5 one is 3 (index
  round(1.5) = 2) and the 0.95 one is 4.
"""

from __future__ import annotations

import math
import socket


def nearest_rank(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def rounded_rank(values: list[float], share: float) -> float:
    """The sorted value at index ``round(share × (n − 1))``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port of ``host`` that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])

"""Cycle-collector control for bulk phases: a million acyclic candidates need no cycle collection."""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused_gc():
    """Pause the cycle collector for a bulk phase (restores its previous state).

    What the phase built goes straight to the oldest generation (gc.freeze, then gc.unfreeze: two list splices).
    Left in the youngest, the first allocation after the phase would have the collector walk all of it at once (a
    million candidates: half a second), and again on their way through the middle generation. The oldest one is
    still collected in full collections, so a cycle among those objects is not leaked. Inside `frozen_heap` they
    stay frozen with the rest, until it ends.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            if _frozen_depth == 0:
                gc.unfreeze()
            gc.enable()


@contextmanager
def frozen_heap():
    """Keep the cycle collector off every object that exists now (a loaded national exam: millions of them) while
    a long phase allocates more; forked workers then share those pages instead of copying them when it scans."""
    global _frozen_depth
    if _frozen_depth == 0:
        gc.freeze()
    _frozen_depth += 1  # nested phases (the PDF inside the build) must not unfreeze the outer one's objects
    try:
        yield
    finally:
        _frozen_depth -= 1
        if _frozen_depth == 0:
            gc.unfreeze()


_frozen_depth = 0

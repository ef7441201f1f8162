"""Cycle-collector control for bulk phases: a million acyclic candidates need no cycle collection."""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused_gc():
    """Pause the cycle collector for a bulk phase (restores its previous state)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
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

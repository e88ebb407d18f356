"""Pickle files in the temp folder that spare a start-up work: read with care, written atomically.

A cache file is named by a key, a hash of everything its content depends on, and holds
``(key, value)``. Reading returns None, meaning "rebuild it", for a missing file, a file
another user wrote (only our own files are unpickled), a truncated or otherwise unreadable
file, or one whose stored key differs. Writing goes through a temporary file in the same
folder and a rename, so a reader never sees half a file; a folder we cannot write to only
means there is no cache.
"""
from __future__ import annotations

import contextlib
import gc
import os
import pickle
import tempfile
from pathlib import Path


FOLDER_VARIABLE = "RIFTBOUND_CACHE_DIR"


def cache_path(prefix: str, key: str) -> Path:
    """Where the cache file of ``prefix`` with ``key`` lives: the temp folder, like Lark's own
    cache, or the folder the environment variable ``RIFTBOUND_CACHE_DIR`` names."""
    folder = os.environ.get(FOLDER_VARIABLE) or tempfile.gettempdir()
    return Path(folder) / f"{prefix}-{key}.pickle"


def shipped_path(prefix: str, key: str) -> Path | None:
    """The cache file of ``prefix`` with ``key`` shipped inside an installed wheel (hatch_build.py
    builds them), or None when there is none."""
    from .resources import shipped_caches_dir

    folder = shipped_caches_dir()
    path = folder / f"{prefix}-{key}.pickle" if folder is not None else None
    return path if path is not None and path.is_file() else None


def read(path: Path, key: str, unpickler: type[pickle.Unpickler] = pickle.Unpickler):
    """The value stored at ``path`` under ``key``, or None when there is no usable one."""
    try:
        if hasattr(os, "getuid") and path.stat().st_uid != os.getuid():
            return None
        with path.open("rb") as stream, _long_lived():
            stored = unpickler(stream).load()
    except Exception:  # NOTE: a damaged cache file can fail in many ways; each one means "rebuild"
        return None
    if not isinstance(stored, tuple) or len(stored) != 2 or stored[0] != key:
        return None
    return stored[1]


def write(path: Path, key: str, value, pickler: type[pickle.Pickler] = pickle.Pickler) -> None:
    """Store ``value`` under ``key`` at ``path`` atomically; give up quietly if that is not possible."""
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            pickler(stream, protocol=pickle.HIGHEST_PROTOCOL).dump((key, value))
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.remove(temporary)


@contextlib.contextmanager
def _long_lived():
    """Build objects that live as long as the process: no garbage collection while they are
    made, and none of them looked at by later collections.

    NOTE: a cache holds hundreds of thousands of objects; every collection during the
    unpickling walks all those made so far, which costs more than the unpickling itself, and
    later full collections (and the one at exit) walk them again. ``gc.freeze`` moves every
    object that exists now, the loaded ones included, out of the collector's sight;
    reference counting still frees them, and only a reference cycle already garbage at that
    moment is kept for good (a process reads each cache once or a few times).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        if enabled:
            gc.enable()

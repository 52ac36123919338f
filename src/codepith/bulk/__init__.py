"""Many files at once: trees (``run``), datasets on Dask (``datasets``), the
result cache, the worker pool, output documents (``formats``) and ratio
reports. A policy layer over :mod:`codepith.core`."""

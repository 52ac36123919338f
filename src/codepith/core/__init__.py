"""The engine: one file at a time.

The language registry (``registry``) and the queries it points at, parsing
(``languages``), one verdict per file (``verdict``), compression
(``compress``: captures -> ``edits``, with the bodies ``reach`` descends into,
the placeholder styles of ``elide`` and the ``outline`` pass -> slicer ->
result), the checkers of its promises, exact token counts, the hot
loops (the slicer and its pure-Python twin), and the small pieces every layer
above shares: safe reads and state writes, append-only logs, paths under a
root, the tree walk and settings files. Nothing here imports from a layer
above (bulk, packer, pressure, memory, cli).
"""

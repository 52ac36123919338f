"""The engine: one file at a time.

Languages and their queries, compression (classify -> captures -> edits ->
slicer -> result), the checkers of its promises, exact token counts, the hot
loops (the slicer and its pure-Python twin), and the small pieces every layer
above shares: safe reads and state writes, append-only logs, paths under a
root, the tree walk and settings files. Nothing here imports from a layer
above (bulk, packer, pressure, memory, cli).
"""

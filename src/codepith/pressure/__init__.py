"""Context pressure: the planner (turn-decay staleness, compress first, evict
last) and its native scoring loop, the session log, the simulation page and
the MCP server face. A policy layer over :mod:`codepith.core`."""

"""File-system and state plumbing below the engine: reading files safely
(:mod:`safeio`), state files and their locks (:mod:`statefiles`,
:mod:`locking`, :mod:`jsonl`), ignore rules, paths and the config file.
Nothing here knows a language or a compression level."""

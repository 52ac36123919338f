"""Project memory's default sizes, in exact tokens: a module of constants, so
the command line can show them without loading the builders they size."""

from __future__ import annotations

__all__ = ["DEFAULT_BUDGET", "DEFAULT_MAX_TOKENS", "DEFAULT_RULE_FILE_TOKENS", "DEFAULT_RULE_TOKENS"]

DEFAULT_MAX_TOKENS = 250  # the index block's ceiling
DEFAULT_RULE_TOKENS = 400  # per source file of a module's rule
DEFAULT_RULE_FILE_TOKENS = 400  # per rule file
DEFAULT_BUDGET = 600  # one recall's injection

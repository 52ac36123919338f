"""The repository map: a whole tree ranked, each file at the richest level
that fits an exact token budget (:func:`repo_map`)."""

from .options import MAP_FORMATS as MAP_FORMATS
from .options import MapOptions as MapOptions
from .run import LeftOut as LeftOut
from .run import MapFile as MapFile
from .run import RepoMap as RepoMap
from .run import repo_map as repo_map

__all__ = ["MAP_FORMATS", "LeftOut", "MapFile", "MapOptions", "RepoMap", "repo_map"]

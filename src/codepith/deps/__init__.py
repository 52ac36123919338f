"""The files a file imports, in the same tree: :mod:`finder` walks a file's
imports and asks the resolver of its language (one module per language
where the rules are long). Used by the packer and the pressure engine alike."""

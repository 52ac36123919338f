"""Rendering: every document codepith writes (bulk runs and packs, in
markdown, XML, JSON, JSONL and plain text) is drawn here, from results the
policies hand over. It sits above the engine and below the policies: it
knows how to show a file, never how to choose or compress one."""

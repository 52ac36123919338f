"""The MCP server, a face beside the command line: :mod:`server` runs it
over stdio, :mod:`tools` declares each tool over the policies, :mod:`text`
keeps every reply writable as UTF-8."""

"""Lua's dependency resolver: `require` of a module name to `a/b.lua` or `a/b/init.lua`."""

from __future__ import annotations

from pathlib import Path

from codepith.deps.finder import direct_dependencies

TREE = {
    "main.lua": 'local util = require "app.util"\nlocal cfg = require("app.config")\n'
    "require [[app.missing]]\nlocal json = require('dkjson')\nrequire('app.' .. name)\n"
    'local x = require("app.util").x\n',
    "app/util.lua": "return {}\n",
    "app/config/init.lua": 'local util = require("app.util")\nreturn {}\n',
    "lua/plugin/init.lua": 'require("plugin.core")\nrequire("helpers")\n',
    "lua/plugin/core.lua": "return {}\n",
    "lua/helpers.lua": "return {}\n",
    "dkjson.lua": "return {}\n",
}


def make(root: Path) -> Path:
    for rel, text in TREE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_require_maps_dots_to_folders_and_init_files(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "main.lua") == ["app/util.lua", "app/config/init.lua", "dkjson.lua"]
    assert direct_dependencies(root, "app/config/init.lua") == ["app/util.lua"]


def test_require_is_found_from_the_folders_above_the_file(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "lua/plugin/init.lua") == ["lua/plugin/core.lua", "lua/helpers.lua"]


def test_a_computed_or_missing_name_is_ignored(tmp_path):
    (tmp_path / "a.lua").write_text('require(prefix .. "x")\nrequire "nowhere"\nrequire "../up"\n')
    assert direct_dependencies(tmp_path, "a.lua") == []

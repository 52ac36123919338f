"""Ruby's dependency resolver: `require_relative` from the file, `require` under `lib/`."""

from __future__ import annotations

from pathlib import Path

from codepith.deps.finder import direct_dependencies

GEM = {
    "lib/shop.rb": 'require "shop/cart"\nrequire "json"\nrequire_relative "shop/version"\n'
    'autoload :Price, "shop/price"\nrequire "shop/#{x}"\n',
    "lib/shop/cart.rb": 'require_relative "../shop/version.rb"\nrequire_relative "missing"\nrequire "shop/price"\n',
    "lib/shop/version.rb": "VERSION = '1'\n",
    "lib/shop/price.rb": "class Price; end\n",
    "spec/cart_spec.rb": 'require "shop/cart"\nrequire_relative "spec_helper"\n',
    "spec/spec_helper.rb": "",
    "Rakefile": 'require_relative "lib/shop"\n',
}


def make(root: Path) -> Path:
    for rel, text in GEM.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_require_maps_to_lib_and_require_relative_to_the_folder(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "lib/shop.rb") == ["lib/shop/cart.rb", "lib/shop/version.rb", "lib/shop/price.rb"]
    assert direct_dependencies(root, "lib/shop/cart.rb") == ["lib/shop/version.rb", "lib/shop/price.rb"]


def test_specs_find_lib_from_the_root_and_rakefile_is_ruby(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "spec/cart_spec.rb") == ["lib/shop/cart.rb", "spec/spec_helper.rb"]
    assert direct_dependencies(root, "Rakefile") == ["lib/shop.rb"]

"""Solidity's dependency resolver: `import` of relative paths, remapped and
root paths, and packages under `node_modules/`."""

from __future__ import annotations

from pathlib import Path

from codepith.deps.finder import direct_dependencies

TREE = {
    "contracts/Vault.sol": 'pragma solidity ^0.8.0;\nimport "./IVault.sol";\nimport {A, B as C} from "../lib/Util.sol";\n'
    'import * as M from "./math/Math.sol";\nimport "./Missing.sol";\nimport "contracts/token/Token.sol" as T;\n'
    'import "@openzeppelin/contracts/access/Ownable.sol";\nimport "solmate/auth/Owned.sol";\n'
    'import "forge-std/Test.sol";\n',
    "contracts/IVault.sol": "interface IVault {}\n",
    "contracts/math/Math.sol": "library Math {}\n",
    "contracts/token/Token.sol": 'import "../IVault.sol";\ncontract Token {}\n',
    "lib/Util.sol": "library Util {}\n",
    "node_modules/@openzeppelin/contracts/access/Ownable.sol": "abstract contract Ownable {}\n",
    "lib/solmate/src/auth/Owned.sol": "abstract contract Owned {}\n",
    "remappings.txt": "solmate/=lib/solmate/src/\ntest:forge-std/=lib/forge-std/src/\n\n",
}


def make(root: Path) -> Path:
    for rel, body in TREE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return root


def test_imports_in_every_form_are_followed_in_order(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "contracts/Vault.sol") == [
        "contracts/IVault.sol",
        "lib/Util.sol",
        "contracts/math/Math.sol",
        "contracts/token/Token.sol",
        "node_modules/@openzeppelin/contracts/access/Ownable.sol",
        "lib/solmate/src/auth/Owned.sol",
    ]
    assert direct_dependencies(root, "contracts/token/Token.sol") == ["contracts/IVault.sol"]


def test_a_remapping_wins_over_the_root_and_its_context_is_ignored(tmp_path):
    root = make(tmp_path)
    (root / "lib/forge-std/src").mkdir(parents=True)
    (root / "lib/forge-std/src/Test.sol").write_text("abstract contract Test {}\n")
    (root / "forge-std").mkdir()
    (root / "forge-std/Test.sol").write_text("contract Decoy {}\n")
    assert direct_dependencies(root, "contracts/Vault.sol")[-1] == "lib/forge-std/src/Test.sol"


def test_paths_outside_the_tree_name_nothing(tmp_path):
    (tmp_path / "a.sol").write_text('import "/etc/x.sol";\nimport "../../outside.sol";\nimport "https://x/y.sol";\n')
    assert direct_dependencies(tmp_path, "a.sol") == []

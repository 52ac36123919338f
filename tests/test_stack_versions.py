"""The versions of the parsing and tokenizing stack, which cache keys hold."""

import os


def test_the_stack_versions_are_the_ones_importlib_metadata_finds():
    from importlib import metadata

    from codepith._version import STACK, stack_versions

    found = stack_versions()
    for dist in STACK:
        try:
            expected = metadata.version(dist)
        except metadata.PackageNotFoundError:
            expected = "not installed"
        assert found[dist] == expected


def test_a_version_folder_earlier_on_the_path_wins(tmp_path, monkeypatch):
    from codepith._version import stack_versions

    for folder, version in (("first", "9.9.9"), ("second", "1.0.0")):
        os.makedirs(tmp_path / folder / f"tree_sitter-{version}.dist-info")
    monkeypatch.setattr("sys.path", [str(tmp_path / "first"), str(tmp_path / "second")])
    found = stack_versions()
    assert found["tree-sitter"] == "9.9.9"

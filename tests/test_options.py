"""Options objects: built once at the edge, checked when made, passed down;
the same options by keyword build the same object."""

import dataclasses
import typing

import pytest

from codepith import InvalidOption, compress_tree
from codepith.bulk.datasets.rows import FrameOptions
from codepith.bulk.options import TreeOptions, TreeSettings
from codepith.cli.options import options_from
from codepith.core.discover import WalkOptions, walk


def test_the_settings_by_name_are_the_fields_of_the_options():
    assert set(typing.get_type_hints(TreeSettings)) == {f.name for f in dataclasses.fields(TreeOptions)}


def test_an_unknown_setting_is_a_type_error_naming_the_known_ones(tmp_path):
    with pytest.raises(TypeError, match=r"compress_tree\(\) got an unexpected keyword argument 'levle'.*level"):
        compress_tree(tmp_path, levle="outline")
    with pytest.raises(TypeError, match="walk"):
        list(walk(tmp_path, includes=["*.py"]))
    with pytest.raises(TypeError, match="TreeOptions"):
        compress_tree(tmp_path, WalkOptions())


@pytest.mark.parametrize(
    ("settings", "parameter"),
    [
        ({"level": "outlines"}, "level"),
        ({"levels": ("full", "nope")}, "levels"),
        ({"jobs": 0}, "jobs"),
        ({"max_file_bytes": 0}, "max_file_bytes"),
        ({"timeout": -1}, "timeout"),
    ],
)
def test_a_bad_value_is_refused_when_the_options_are_made(settings, parameter):
    with pytest.raises(InvalidOption) as info:
        TreeOptions(**settings)
    assert info.value.parameter == parameter


def test_sequences_become_tuples_and_a_lone_string_is_one_pattern():
    options = TreeOptions(include="*.py", exclude=["a/", "b/"], levels=["outline"])
    assert options.include == ("*.py",) and options.exclude == ("a/", "b/")
    assert options.all_levels == ("signatures", "outline")
    assert hash(options) == hash(TreeOptions(include=("*.py",), exclude=("a/", "b/"), levels=("outline",)))
    assert WalkOptions(skip="out.md").skip == ("out.md",)


def test_an_options_object_and_the_same_settings_by_name_give_the_same_results(tmp_path):
    (tmp_path / "a.py").write_text("def f(x):\n    return x + 1\n")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "b.py").write_text("def g():\n    return 2\n")
    settings = {"level": "outline", "exclude": ("vendor/",), "jobs": 1, "timeout": 0, "cache": False}
    by_name = [(r.path, r.action, r.text) for r in compress_tree(tmp_path, **settings)]
    by_object = [(r.path, r.action, r.text) for r in compress_tree(tmp_path, TreeOptions(**settings))]
    replaced = [(r.path, r.action, r.text) for r in compress_tree(tmp_path, TreeOptions(level="outline"), **settings)]
    assert by_name == by_object == replaced
    assert [p for p, action, _ in by_name if action == "compressed"] == ["a.py"]


def test_the_walk_of_a_run_never_reads_the_results_cache(tmp_path):
    walk_options = TreeOptions(cache_dir=tmp_path / "cache", exclude=["x/"]).walk_options()
    assert walk_options.state_dirs == (str(tmp_path / "cache"),)
    assert walk_options.exclude == ("x/",)


def test_command_line_flags_fill_the_options_and_the_rest_stays():
    params = {
        "level": "outline",
        "no_cache": True,
        "no_gitignore": False,
        "allow_secret": ("a.env",),
        "quiet": True,
    }
    options = options_from(TreeOptions, params, jobs=2)
    assert (options.level, options.cache, options.gitignore, options.allow_secrets, options.jobs) == (
        "outline",
        False,
        True,
        ("a.env",),
        2,
    )
    assert params == {"quiet": True}


def test_frame_options_are_checked_when_made():
    with pytest.raises(InvalidOption) as info:
        FrameOptions(path_column="x", content_column="x")
    assert info.value.parameter == "content_column"


def test_pack_settings_by_name_are_the_fields_of_its_options():
    from codepith.packer.options import PackOptions, PackSettings

    assert set(typing.get_type_hints(PackSettings)) == {f.name for f in dataclasses.fields(PackOptions)}


def test_pack_takes_an_options_object_and_refuses_a_bad_one_before_reading(tmp_path):
    from codepith import PackOptions, pack

    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    options = PackOptions(mode="compact", pr_paths=["a.py"], write_audit=False)
    assert pack(tmp_path, options).output == pack(tmp_path, mode="compact", pr_paths=["a.py"], write_audit=False).output
    with pytest.raises(InvalidOption) as info:
        PackOptions(mode="compact", pr_paths="a.py")
    assert info.value.parameter == "pr_paths"
    with pytest.raises(InvalidOption) as info:
        pack(tmp_path, options, byte_budget=0)
    assert info.value.parameter == "byte_budget"

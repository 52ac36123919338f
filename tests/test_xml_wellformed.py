"""``--format xml`` is well-formed for any content, read back with a real XML
parser: every golden case file, hostile content (``</file>``, ``]]>``, NUL and
other control characters, U+FFFE, lone surrogates, invalid UTF-8) and any text
Hypothesis finds. What XML 1.0 cannot hold is shown (a C0 control as its
control picture, U+FFFE/U+FFFF and lone surrogates as U+FFFD), counted in the
file's ``replaced`` attribute and named on standard error — never dropped."""

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.bulk.results import FileResult
from codepith.cli import main
from codepith.render.formats import make_writer
from codepith.render.primitives import xml_chars

CASES = Path(__file__).parent / "cases"
CASE_FILES = sorted(p for p in CASES.rglob("*") if p.is_file())


def block(text: str, path: str = "a.py") -> ET.Element:
    """The <file> element the XML writer gives ``text``, parsed."""
    buf = io.StringIO()
    writer = make_writer("xml", buf)
    writer.file(FileResult(path=path, action="compressed", language="python", text=text))
    return ET.fromstring(("<files>" + buf.getvalue() + "</files>").encode("utf-8"))[0]


def shown(text: str) -> str:
    """What a parser gives back for ``text``: forbidden characters shown, line
    ends read as XML 1.0 reads them, a last newline added."""
    text = text if not text or text.endswith("\n") else text + "\n"
    return xml_chars(text)[0].replace("\r\n", "\n").replace("\r", "\n")


def test_every_golden_case_file_parses_back_to_its_text():
    assert len(CASE_FILES) > 100
    for case in CASE_FILES:
        text = case.read_bytes().decode("utf-8", "replace")
        element = block(text, str(case.relative_to(CASES)))
        assert (element.text or "") == shown(text), case
        assert element.get("path") == str(case.relative_to(CASES))


def test_the_golden_cases_folder_as_one_xml_document(capsys):
    assert main(["compress", str(CASES), "--format", "xml", "--no-cache", "-j", "1", "-q"]) == 0
    root = ET.fromstring(capsys.readouterr().out.encode("utf-8"))
    assert len(root.find("files")) > 100


HOSTILE = {
    "closing tags": "x = '</file></files></codepith>'\n",
    "cdata end": "s = ']]>' + ']]]]>' + '<![CDATA[' \n",
    "markup": "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e 'boom'>]>&e; &amp; &#0; \n",
    "nul and controls": "a = '\x00\x01\x08\x0b\x0c\x1b\x1f'\n",
    "non-characters": "b = '\ufffe\uffff'\n",
    "lone surrogates": "c = '\udcff\ud800'\n",
    "line ends": "d = 1\r\ne = 2\rf = 3\n",
}


REPLACING = {"nul and controls", "non-characters", "lone surrogates"}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_content_parses_and_replacements_are_counted(name):
    text = HOSTILE[name]
    element = block(text)
    assert element.text == shown(text)
    replaced = xml_chars(text)[1]
    assert int(element.get("replaced", "0")) == replaced
    # nothing dropped: one character shown for each one XML cannot hold
    assert len(element.text) == len(shown(text)) and (replaced > 0) == (name in REPLACING)


def test_controls_become_control_pictures_and_the_rest_u_fffd():
    element = block("\x00\x0c\x1b\ufffe\udcff\n")
    assert element.text == "\u2400\u240c\u241b\ufffd\ufffd\n"
    assert element.get("replaced") == "5"


@given(st.text(max_size=200))
def test_hyp_any_text_gives_a_block_that_parses_back(text):
    assert (block(text).text or "") == shown(text)


def test_a_run_with_hostile_files_is_well_formed_and_says_what_it_replaced(tmp_path, capsys):
    root = tmp_path / "proj"
    root.mkdir()
    (root / "tags.py").write_text(HOSTILE["closing tags"] + HOSTILE["cdata end"])
    (root / "feed.py").write_bytes(b"x = 1\n\x0c\ny = '\x1b[0m'\n")
    (root / "latin1.py").write_bytes(b"name = 'caf\xe9'\n")  # not UTF-8
    (root / "nul.py").write_bytes(b"a = 1\x00\n")
    (root / "<file ]]>&'.py").write_text("z = 1\n")
    report = tmp_path / "r.json"
    rc = main(
        [
            "compress",
            str(root),
            "--format",
            "xml",
            "--level",
            "full",
            "--no-cache",
            "-j",
            "1",
            "-q",
            "--report",
            str(report),
        ]
    )
    assert rc == 0
    captured = capsys.readouterr()
    doc = ET.fromstring(captured.out.encode("utf-8"))
    files = {f.get("path"): f for f in doc.find("files")}
    assert files["tags.py"].text == HOSTILE["closing tags"] + HOSTILE["cdata end"]
    assert files["feed.py"].text == "x = 1\n\u240c\ny = '\u241b[0m'\n" and files["feed.py"].get("replaced") == "2"
    assert files["latin1.py"].text == "name = 'caf\ufffd'\n"  # invalid UTF-8 is read with U+FFFD
    assert "<file ]]>&'.py" in files
    # a file with NUL bytes is binary: left out, and the report says so
    assert "nul.py" not in files
    assert '"path": "nul.py", "action": "skipped:binary"' in report.read_text()
    assert "2 characters XML 1.0 cannot hold" in captured.err and "feed.py" in captured.err

"""ge.pyatc.__main__.main in this process: the argv it hands to
GeApiWrapper_Atc_Main (through a recording library), exit statuses, and one real in-process run."""

from __future__ import annotations

import os
import sys

import pytest

import ge.pyatc.__main__ as pyatc_main
from ge._capi import pypyatc_wrapper


class _RecordingAtcLib:
    def __init__(self, status=0):
        self.status = status
        self.calls = []

    def GeApiWrapper_Atc_Main(self, argc, argv):
        self.calls.append([argv[i].decode("utf-8", "surrogateescape") for i in range(argc)])
        assert argv[argc] is None  # NULL-terminated like a C argv
        return self.status


@pytest.fixture
def recording(monkeypatch):
    lib = _RecordingAtcLib()
    monkeypatch.setattr(pyatc_main, "pyatc_lib", lib)
    return lib


def _exit_code(func, *args):
    with pytest.raises(SystemExit) as info:
        func(*args)
    return info.value.code


def test_the_library_is_loaded():
    assert pypyatc_wrapper.is_pyatc_lib_loaded() is True
    assert pypyatc_wrapper.get_pyatc_lib() is pypyatc_wrapper.pyatc_lib
    assert hasattr(pypyatc_wrapper.pyatc_lib, "GeApiWrapper_Atc_Main")


def test_main_forwards_sys_argv(recording, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/usr/bin/pyatc", "--mode=6", "--om=a.om"])
    assert _exit_code(pyatc_main.main) == 0
    assert recording.calls == [["/usr/bin/pyatc", "--mode=6", "--om=a.om"]]


def test_args_are_ignored_without_argv0(recording, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["pyatc", "--help"])
    assert _exit_code(pyatc_main.main, None, ["--mode=1"]) == 0
    assert recording.calls == [["pyatc", "--help"]]


def test_explicit_argv0_and_args(recording):
    assert _exit_code(pyatc_main.main, "/opt/cann/bin/pyatc", ["--mode=6", "--om=x.om"]) == 0
    assert _exit_code(pyatc_main.main, "pyatc", None) == 0
    assert recording.calls == [["/opt/cann/bin/pyatc", "--mode=6", "--om=x.om"], ["pyatc"]]


def test_module_form_becomes_executable_dash_m(recording, monkeypatch):
    script = os.path.join(os.path.dirname(pyatc_main.__file__), "__main__.py")
    monkeypatch.setattr(sys, "argv", [script, "--help"])
    assert _exit_code(pyatc_main.main) == 0
    assert recording.calls == [[sys.executable + " -m ge.pyatc", "--help"]]


def test_the_binding_module_attribute_is_looked_up_at_call_time(monkeypatch):
    lib = _RecordingAtcLib(status=-1)
    monkeypatch.setattr(pypyatc_wrapper, "pyatc_lib", lib)
    assert _exit_code(pyatc_main.main, "pyatc", ["--x"]) == -1  # exit status 255
    assert lib.calls == [["pyatc", "--x"]]


def test_non_utf8_file_names_pass_through(recording):
    name = os.fsdecode(b"model_\xff.onnx")
    assert _exit_code(pyatc_main.main, "pyatc", [f"--model={name}"]) == 0
    assert recording.calls[0][1] == f"--model={name}"


def test_real_in_process_help(capfd):
    assert _exit_code(pyatc_main.main, "pyatc", ["--help"]) == 0
    out = capfd.readouterr().out
    assert out.startswith("ATC start working now, please wait for a moment.\n")
    assert "usage: pyatc <args>" in out


def test_real_in_process_failure_returns_minus_one(capfd):
    assert _exit_code(pyatc_main.main, "pyatc", ["--mode=7"]) == -1
    out = capfd.readouterr().out
    assert "ATC run failed, Please check the detail log, Try 'pyatc --help'" in out
    assert "--mode=7 (OM2) is not supported" in out


def test_empty_argv_is_rejected_with_status_1(monkeypatch):
    monkeypatch.setattr(sys, "argv", [])
    assert _exit_code(pyatc_main.main) == 1


def test_package_exposes_main_lazily():
    import ge.pyatc

    assert ge.pyatc.main is pyatc_main.main
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        ge.pyatc.nope  # noqa: B018

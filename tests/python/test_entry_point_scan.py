"""The cheap pre-check that decides whether importlib.metadata is asked for pass plugins."""

from __future__ import annotations

import sys
import zipfile

import pytest

from ge._internal.entry_point_scan import group_may_be_declared

GROUP = "ge.passes.plugins"


def distribution(site, name: str, entry_points: str | None):
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    if entry_points is not None:
        (info / "entry_points.txt").write_text(entry_points)


@pytest.fixture
def only_path(monkeypatch):
    def use(*entries):
        monkeypatch.setattr(sys, "path", [str(entry) for entry in entries])

    return use


def test_no_distribution_declares_the_group(tmp_path, only_path):
    distribution(tmp_path, "plain", None)
    distribution(tmp_path, "scripts", "[console_scripts]\ntool = tool:main\n")
    only_path(tmp_path, tmp_path / "missing")
    assert group_may_be_declared(GROUP) is False


@pytest.mark.parametrize("header", ["[ge.passes.plugins]", "  [ ge.passes.plugins ]  "])
def test_a_declaring_distribution_is_found(tmp_path, only_path, header):
    distribution(tmp_path, "scripts", "[console_scripts]\ntool = tool:main\n")
    distribution(tmp_path, "my_passes", f"{header}\nmine = my_passes\n")
    only_path(tmp_path)
    assert group_may_be_declared(GROUP) is True
    assert group_may_be_declared("other.group") is False


def test_legacy_egg_info_directories_count_too(tmp_path, only_path):
    info = tmp_path / "old_passes.egg-info"
    info.mkdir()
    (info / "entry_points.txt").write_text("[ge.passes.plugins]\nold = old_passes\n")
    only_path(tmp_path)
    assert group_may_be_declared(GROUP) is True


def test_a_zip_on_the_path_cannot_be_ruled_out(tmp_path, only_path):
    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("x.py", "")
    only_path(archive)
    assert group_may_be_declared(GROUP) is True


def test_a_custom_distribution_finder_cannot_be_ruled_out(tmp_path, only_path, monkeypatch):
    class Finder:
        def find_spec(self, *args, **kwargs):
            return None

        def find_distributions(self, *args, **kwargs):
            return iter(())

    only_path(tmp_path)
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert group_may_be_declared(GROUP) is True

"""ge.session.load_om: a model compiled by atc into an .om file, run from Python."""

from __future__ import annotations

import copy
import os
import subprocess

import pytest

from ge.error import GeError
from ge.graph import Tensor
from ge.parser import parse_onnx
from ge.session import OmModel, Session, load_om

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def om_file(models, atc_path, tmp_path_factory):
    output = str(tmp_path_factory.mktemp("om") / "grouped_conv")
    done = subprocess.run(
        [
            atc_path,
            "--framework=5",
            f"--model={os.path.join(models, 'grouped_conv.onnx')}",
            f"--output={output}",
            "--soc_version=Ascend910B1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return output + ".om"


def test_om_round_trip_matches_the_online_session(ge_env, models, om_file):
    model = load_om(om_file)
    assert (model.input_count, model.output_count) == (1, 1)
    x = np.random.default_rng(5).standard_normal([1, 8, 16, 16]).astype(np.float32)
    (offline,) = model.run([Tensor.from_numpy(x)])
    session = Session()
    session.add_graph(1, parse_onnx(os.path.join(models, "grouped_conv.onnx")))
    (online,) = session.run_graph(1, [Tensor.from_numpy(x)])
    assert offline.get_shape() == online.get_shape() == [1, 8, 16, 16]
    np.testing.assert_allclose(offline.numpy(), online.numpy(), rtol=1e-5, atol=1e-5)


def test_om_model_errors(om_file, tmp_path):
    with pytest.raises(TypeError, match="^path must be a string$"):
        load_om(1)
    missing = str(tmp_path / "none.om")
    with pytest.raises(GeError, match="^LoadOm failed; path=.*none.om; .*none.om"):
        load_om(missing)
    with pytest.raises(RuntimeError, match="should not be created directly"):
        OmModel()
    model = load_om(om_file)
    with pytest.raises(RuntimeError, match="does not support copy"):
        copy.copy(model)
    with pytest.raises(TypeError, match="^inputs must be a list of Tensor$"):
        model.run(None)
    with pytest.raises(GeError, match=r"RunOmModel failed; path=.*; .*input 0.*\[1, 8, 16, 16\]"):
        model.run([Tensor.from_numpy(np.zeros([1, 8, 4, 4], np.float32))])
    model.close()
    with pytest.raises(RuntimeError, match="is closed"):
        model.run([])

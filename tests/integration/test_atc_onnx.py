"""End-to-end: the real atc on the ONNX models written by tests/models (docs/atc.md)."""

from __future__ import annotations

import json
import os
import re

import pytest

START = "ATC start working now, please wait for a moment."
SUCCESS = "ATC run success, welcome to the next use."
FAILURE = "ATC run failed, Please check the detail log, Try 'atc --help' for more information"

FIVE_MODELS = [
    "add_zero.onnx",
    "matmul_add.onnx",
    "grouped_conv.onnx",
    "resnet_small.onnx",
    "transformer_block.onnx",
]
VARIANTS = [
    "resnet_small_opset11.onnx",
    "resnet_small_external.onnx",
    "transformer_block_tanh_decomposed.onnx",
    "transformer_block_opset18.onnx",
    "transformer_block_gelu20.onnx",
]


def build(run_atc, models, name, out_dir, *extra, env=None):
    output = os.path.join(str(out_dir), os.path.splitext(name)[0])
    run = run_atc(
        f"--model={os.path.join(models, name)}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={output}",
        *extra,
        env=env,
    )
    return run, output + ".om"


def test_resnet_builds_an_om_that_mode_6_describes(run_atc, models, tmp_path):
    run, om = build(run_atc, models, "resnet_small.onnx", tmp_path / "out")
    assert run.returncode == 0, run.output
    assert run.stdout.splitlines()[0] == START
    assert run.stdout.splitlines()[-1] == SUCCESS
    assert os.path.getsize(om) > 80_000  # the weights are inside

    info = run_atc("--mode=6", f"--om={om}")
    assert info.returncode == 0, info.output
    assert "Display Model Info start" in info.stdout
    assert "soc_version[Ascend910B1]" in info.stdout
    assert "framework_type[5(ONNX)]" in info.stdout
    assert "Conv2D[6]" in info.stdout
    assert "input  [0]: input DT_FLOAT [1, 3, 32, 32] NCHW" in info.stdout
    assert info.stdout.splitlines()[-1] == SUCCESS


@pytest.mark.parametrize("name", FIVE_MODELS + VARIANTS)
def test_every_model_script_compiles(run_atc, models, tmp_path, name):
    run, om = build(run_atc, models, name, tmp_path)
    assert run.returncode == 0, run.output
    assert os.path.isfile(om)


def test_unmapped_op_fails_naming_the_node(run_atc, models, tmp_path):
    run, om = build(run_atc, models, "unmapped_op.onnx", tmp_path)
    assert run.returncode == 255
    assert FAILURE in run.stdout
    assert (
        "ONNX node 'the_unmapped_node' (op type 'RandomUniformLike', domain 'ai.onnx', opset 13) "
        "is not supported" in run.stdout
    )
    assert not os.path.exists(om)


def test_mode_1_writes_json_for_an_om_and_for_an_onnx_model(run_atc, models, tmp_path):
    _, om = build(run_atc, models, "matmul_add.onnx", tmp_path)
    from_om = tmp_path / "from_om.json"
    run = run_atc("--mode=1", f"--om={om}", f"--json={from_om}")
    assert run.returncode == 0, run.output
    document = json.loads(from_om.read_text())
    types = {op["type"] for op in document["graph"][0]["op"]}
    assert {"Data", "Const", "BatchMatMulV2", "Add", "NetOutput"} <= types
    assert document["om"]["platform"]["soc_version"] == "Ascend910B1"

    from_onnx = tmp_path / "from_onnx.json"
    run = run_atc(
        "--mode=1",
        "--framework=5",
        f"--om={os.path.join(models, 'matmul_add.onnx')}",
        f"--json={from_onnx}",
    )
    assert run.returncode == 0, run.output
    ops = {op["name"]: op for op in json.loads(from_onnx.read_text())["graph"][0]["op"]}
    assert ops["matmul"]["type"] == "BatchMatMulV2"
    # Unconnected optional inputs (bias, offset_w) keep their slots as "" (AIR edge rules).
    assert ops["matmul"]["input"] == ["x:0", "W_Initializer_0:0", "", ""]


def test_corrupt_om_is_reported_with_the_file_name(run_atc, models, tmp_path):
    _, om = build(run_atc, models, "add_zero.onnx", tmp_path)
    data = bytearray(open(om, "rb").read())
    data[-3] ^= 0xFF
    bad = tmp_path / "bad.om"
    bad.write_bytes(bytes(data))
    run = run_atc("--mode=6", f"--om={bad}")
    assert run.returncode == 255
    assert f"{bad}: .om checksum mismatch" in run.stdout

    truncated = tmp_path / "short.om"
    truncated.write_bytes(bytes(data[:40]))
    run = run_atc("--mode=6", f"--om={truncated}")
    assert run.returncode == 255
    assert str(truncated) in run.stdout and "byte offset" in run.stdout


def test_input_shape_overrides_the_model_input(run_atc, models, tmp_path):
    _, om = build(run_atc, models, "resnet_small.onnx", tmp_path, "--input_shape=input:2,3,32,32")
    info = run_atc("--mode=6", f"--om={om}")
    assert "input DT_FLOAT [2, 3, 32, 32] NCHW" in info.stdout, info.output


def test_flag_errors_exit_255_with_gflags_messages(run_atc):
    run = run_atc("--no_such_flag=1")
    assert run.returncode == 255
    assert "ERROR: unknown command line flag 'no_such_flag'" in run.stderr
    assert FAILURE in run.stdout

    run = run_atc("stray")
    assert run.returncode == 255
    assert "ERROR: Non-option parameter: stray" in run.stderr


def test_help_exits_zero(run_atc):
    run = run_atc("--help")
    assert run.returncode == 0
    assert "usage: atc" in run.stdout
    assert "--soc_version" in run.stdout


def test_missing_framework_reports_e10007(run_atc, models, tmp_path):
    run = run_atc(
        f"--model={os.path.join(models, 'add_zero.onnx')}",
        "--soc_version=Ascend910B1",
        f"--output={tmp_path / 'm'}",
    )
    assert run.returncode == 255
    assert "E10007: [--framework] is required" in run.stdout


def test_npu_only_flags_are_reported_not_applicable(run_atc, models, tmp_path):
    run, _ = build(run_atc, models, "add_zero.onnx", tmp_path, "--op_debug_level=2")
    assert run.returncode == 0, run.output
    assert "--op_debug_level=2 is not applicable on this target" in run.stdout


def test_compile_options_without_host_effect_are_reported(run_atc, models, tmp_path):
    run, _ = build(
        run_atc,
        models,
        "add_zero.onnx",
        tmp_path,
        "--precision_mode=allow_fp32_to_fp16",
        "--input_fp16_nodes=x",
        "--oo_level=O1",
    )
    assert run.returncode == 0, run.output
    effect = "is recorded in the .om but has no effect on the host runtime"
    assert run.stdout.count(f"--precision_mode=allow_fp32_to_fp16 {effect}") == 1
    assert run.stdout.count(f"--input_fp16_nodes=x {effect}") == 1
    assert "--oo_level" not in run.stdout  # acted on by the compiler


def test_debug_log_goes_to_stdout_when_asked(run_atc, models, tmp_path):
    run, _ = build(
        run_atc,
        models,
        "add_zero.onnx",
        tmp_path,
        "--log=info",
        env={"ASCEND_SLOG_PRINT_TO_STDOUT": "1"},
    )
    assert run.returncode == 0, run.output
    assert "imported" in run.stdout


def test_dump_ge_graph_writes_every_stage_with_the_specified_names(run_atc, models, tmp_path):
    dump_dir = tmp_path / "dumps"
    run, _ = build(
        run_atc,
        models,
        "resnet_small.onnx",
        tmp_path / "out",
        env={"DUMP_GE_GRAPH": "1", "DUMP_GRAPH_PATH": str(dump_dir)},
    )
    assert run.returncode == 0, run.output
    names = [name for _, _, files in os.walk(dump_dir) for name in files]
    for stage in ("PreRunBegin", "AfterInfershape", "PreRunAfterOptimizeOriginalGraph", "Build"):
        assert any(re.fullmatch(rf"ge_proto_\d{{8}}_graph_\d+_{stage}\.txt", n) for n in names), (
            stage,
            sorted(names),
        )
        assert any(re.fullmatch(rf"ge_onnx_\d{{8}}_graph_\d+_{stage}\.pbtxt", n) for n in names), (
            stage,
            sorted(names),
        )
    # One directory per process: <DUMP_GRAPH_PATH>/pid_<pid>_deviceid_<device>/.
    subdirs = [d for d in os.listdir(dump_dir)]
    assert len(subdirs) == 1 and re.fullmatch(r"pid_\d+_deviceid_\d+", subdirs[0]), subdirs


def test_unknown_soc_version_is_rejected_by_name(run_atc, models, tmp_path):
    run = run_atc(
        f"--model={os.path.join(models, 'add_zero.onnx')}",
        "--framework=5",
        "--soc_version=Ascend000X",
        f"--output={tmp_path / 'm'}",
    )
    assert run.returncode == 255
    assert "--soc_version=Ascend000X" in run.stdout
    assert not (tmp_path / "m.om").exists()


def test_om_records_the_platform_table_of_the_soc_version(run_atc, models, tmp_path):
    _, om = build(run_atc, models, "add_zero.onnx", tmp_path)
    out = tmp_path / "m.json"
    run = run_atc("--mode=1", f"--om={om}", f"--json={out}")
    assert run.returncode == 0, run.output
    platform = json.loads(out.read_text())["om"]["platform"]
    assert platform["soc_version"] == "Ascend910B1"
    assert int(platform["ai_core_count"]) > 0

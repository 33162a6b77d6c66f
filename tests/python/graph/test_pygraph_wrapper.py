"""ge._capi.pygraph_wrapper: every function of GE's graph wrapper library exists in the library
and is declared once."""

from __future__ import annotations

import ctypes

from ge._capi import pygraph_wrapper
from ge._capi._lib_loader import get_compiler_lib

SPEC_FUNCTIONS = """
AttrValue_Create AttrValue_Destroy AttrValue_GetValueType AttrValue_SetString AttrValue_GetString
AttrValue_SetFloat AttrValue_GetFloat AttrValue_SetBool AttrValue_GetBool AttrValue_SetInt
AttrValue_GetInt AttrValue_SetDataType AttrValue_GetDataType AttrValue_SetTensor AttrValue_GetTensor
AttrValue_SetListFloat AttrValue_SetListBool AttrValue_SetListInt AttrValue_SetListDataType
AttrValue_GetListFloat AttrValue_GetListBool AttrValue_GetListInt AttrValue_GetListDataType
AttrValue_SetListString AttrValue_GetListString FreeString FreeListString FreeListFloat
FreeListBool FreeListInt FreeListDataType
Graph_CreateGraph Graph_DestroyGraph Graph_FreeGraphArray Graph_GetName Graph_GetAllNodes
Graph_GetDirectNode Graph_GetAttr Graph_SetAttr Graph_Dump_To_File Graph_Dump_To_Stream
Graph_Dump_To_Onnx Graph_SaveToAir Graph_LoadFromAir Graph_RemoveNode Graph_RemoveEdge
Graph_AddDataEdge Graph_AddControlEdge Graph_FindNodeByName Graph_GetAllSubgraphs
Graph_GetSubGraph Graph_AddSubGraph Graph_RemoveSubgraph
GNode_DestroyGNode GNode_FreeGNodeArray GNode_FreeIntArray GNode_GetName GNode_GetType
GNode_GetInControlNodes GNode_GetOutControlNodes GNode_GetInDataNodesAndPortIndexes
GNode_GetOutDataNodesAndPortIndexes GNode_GetAttr GNode_SetAttr GNode_GetInputAttr
GNode_SetInputAttr GNode_GetOutputAttr GNode_SetOutputAttr GNode_GetInputsSize
GNode_GetOutputsSize GNode_HasAttr GNode_GetInputDesc GNode_GetOutputDesc GNode_UpdateInputDesc
GNode_UpdateOutputDesc
Operator_GetName Operator_GetType Operator_SetAttr Operator_InputRegister
Operator_OptionalInputRegister Operator_OutputRegister Operator_DynamicInputRegister
Operator_DynamicOutputRegister
TensorDesc_Create TensorDesc_Destroy TensorDesc_GetShape TensorDesc_GetOriginShape
TensorDesc_SetShape TensorDesc_SetOriginShape TensorDesc_GetFormat TensorDesc_GetOriginFormat
TensorDesc_GetDataType TensorDesc_SetFormat TensorDesc_SetOriginFormat TensorDesc_SetDataType
Tensor_CreateTensor Tensor_DestroyEsCTensor Tensor_SetFormat Tensor_SetDataType Tensor_GetFormat
Tensor_GetDataType Tensor_GetTensorDesc Tensor_GetShape Tensor_FreeDimsArray Tensor_GetData
Tensor_GetPlacement
""".split()


def test_graph_lib_is_the_compiler_library():
    assert pygraph_wrapper.graph_lib is get_compiler_lib()
    assert pygraph_wrapper.get_graph_lib() is pygraph_wrapper.graph_lib
    assert pygraph_wrapper.is_graph_lib_loaded() is True


def test_every_spec_function_is_exported_and_declared():
    lib = pygraph_wrapper.graph_lib
    missing = [name for name in SPEC_FUNCTIONS if not hasattr(lib, "GeApiWrapper_" + name)]
    assert missing == []
    undeclared = [
        name for name in SPEC_FUNCTIONS if getattr(lib, "GeApiWrapper_" + name).argtypes is None
    ]
    assert undeclared == []


def test_status_functions_return_uint32_and_handles_void_pointers():
    lib = pygraph_wrapper.graph_lib
    assert lib.GeApiWrapper_Graph_AddDataEdge.restype is ctypes.c_uint32
    assert lib.GeApiWrapper_Graph_CreateGraph.restype is ctypes.c_void_p
    assert lib.GeApiWrapper_Graph_CreateGraph(None) is None  # NULL name fails cleanly

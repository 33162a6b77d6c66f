"""ctypes binding of the graph C API: AttrValue, Graph, GNode, Operator, TensorDesc, Tensor.

GE ships this as ``libgraph_wrapper.so``; ge_py builds it into ``libge_compiler.so``, so
``graph_lib`` is the one process-wide compiler library. Every signature is declared here once;
handles travel as ``c_void_p`` so objects of ``ge.es`` and ``ge.graph`` interoperate without casts.
"""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import get_compiler_lib

__all__ = ["graph_lib", "get_graph_lib", "is_graph_lib_loaded"]

_VP = ctypes.c_void_p
_VPP = ctypes.POINTER(ctypes.c_void_p)
_STR = ctypes.c_char_p
_U32 = ctypes.c_uint32
_I32 = ctypes.c_int32
_I64 = ctypes.c_int64
_SIZE = ctypes.c_size_t
_BOOL = ctypes.c_bool
_I32P = ctypes.POINTER(ctypes.c_int32)
_I64P = ctypes.POINTER(ctypes.c_int64)
_I64PP = ctypes.POINTER(_I64P)
_SIZEP = ctypes.POINTER(ctypes.c_size_t)
_FLOATP = ctypes.POINTER(ctypes.c_float)
_BOOLP = ctypes.POINTER(ctypes.c_bool)
# Returned strings are malloc'd and must be freed, so they come back as raw pointers.
_CHARP = ctypes.POINTER(ctypes.c_char)
_CHARPP = ctypes.POINTER(_CHARP)

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    # ---- AttrValue ----
    "AttrValue_Create": (_VP, []),
    "AttrValue_Destroy": (None, [_VP]),
    "AttrValue_GetValueType": (_I32, [_VP]),
    "AttrValue_SetString": (_U32, [_VP, _STR]),
    "AttrValue_GetString": (_CHARP, [_VP]),
    "AttrValue_SetFloat": (_U32, [_VP, ctypes.c_float]),
    "AttrValue_GetFloat": (_U32, [_VP, _FLOATP]),
    "AttrValue_SetBool": (_U32, [_VP, _BOOL]),
    "AttrValue_GetBool": (_U32, [_VP, _BOOLP]),
    "AttrValue_SetInt": (_U32, [_VP, _I64]),
    "AttrValue_GetInt": (_U32, [_VP, _I64P]),
    "AttrValue_SetDataType": (_U32, [_VP, _I32]),
    "AttrValue_GetDataType": (_U32, [_VP, _I32P]),
    "AttrValue_SetTensor": (_U32, [_VP, _VP]),
    "AttrValue_GetTensor": (_VP, [_VP]),
    "AttrValue_SetListFloat": (_U32, [_VP, _FLOATP, _I64]),
    "AttrValue_GetListFloat": (_FLOATP, [_VP, _I64P]),
    "AttrValue_SetListBool": (_U32, [_VP, _BOOLP, _I64]),
    "AttrValue_GetListBool": (_BOOLP, [_VP, _I64P]),
    "AttrValue_SetListInt": (_U32, [_VP, _I64P, _I64]),
    "AttrValue_GetListInt": (_I64P, [_VP, _I64P]),
    "AttrValue_SetListDataType": (_U32, [_VP, _I32P, _I64]),
    "AttrValue_GetListDataType": (_I32P, [_VP, _I64P]),
    "AttrValue_SetListString": (_U32, [_VP, ctypes.POINTER(_STR), _I64]),
    "AttrValue_GetListString": (_CHARPP, [_VP, _I64P]),
    "FreeString": (None, [_CHARP]),
    "FreeListString": (None, [_CHARPP]),
    "FreeListFloat": (None, [_FLOATP]),
    "FreeListBool": (None, [_BOOLP]),
    "FreeListInt": (None, [_I64P]),
    "FreeListDataType": (None, [_I32P]),
    # ---- Graph ----
    "Graph_CreateGraph": (_VP, [_STR]),
    "Graph_DestroyGraph": (None, [_VP]),
    "Graph_FreeGraphArray": (None, [_VPP]),
    "Graph_GetName": (_CHARP, [_VP]),
    "Graph_GetAllNodes": (_VPP, [_VP, _SIZEP]),
    "Graph_GetDirectNode": (_VPP, [_VP, _SIZEP]),
    "Graph_GetAttr": (_U32, [_VP, _STR, _VP]),
    "Graph_SetAttr": (_U32, [_VP, _STR, _VP]),
    "Graph_Dump_To_File": (_U32, [_VP, _I32, _STR]),
    "Graph_Dump_To_Stream": (_CHARP, [_VP, _I32]),
    "Graph_Dump_To_Onnx": (_U32, [_VP, _STR, _STR]),
    "Graph_SaveToAir": (_U32, [_VP, _STR]),
    "Graph_LoadFromAir": (_U32, [_VP, _STR]),
    "Graph_RemoveNode": (_U32, [_VP, _VP]),
    "Graph_RemoveEdge": (_U32, [_VP, _VP, _I32, _VP, _I32]),
    "Graph_AddDataEdge": (_U32, [_VP, _VP, _I32, _VP, _I32]),
    "Graph_AddControlEdge": (_U32, [_VP, _VP, _VP]),
    "Graph_FindNodeByName": (_U32, [_VP, _STR, _VPP]),
    "Graph_GetAllSubgraphs": (_VPP, [_VP, _SIZEP]),
    "Graph_GetSubGraph": (_VP, [_VP, _STR]),
    "Graph_AddSubGraph": (_U32, [_VP, _VP]),
    "Graph_RemoveSubgraph": (_U32, [_VP, _STR]),
    # ---- GNode ----
    "GNode_DestroyGNode": (None, [_VP]),
    "GNode_FreeGNodeArray": (None, [_VPP]),
    "GNode_FreeIntArray": (None, [_I32P]),
    "GNode_GetName": (_CHARP, [_VP]),
    "GNode_GetType": (_CHARP, [_VP]),
    # Borrowed text (copied by c_char_p at once, nothing to free) and a one-call tensor attribute
    # read: the per-node accessors a pass calls for every match.
    "GNode_GetTypeRef": (_STR, [_VP]),
    "GNode_GetNameRef": (_STR, [_VP]),
    "GNode_GetTensorAttr": (_VP, [_VP, _STR, _I32P]),
    "GNode_GetInControlNodes": (_VPP, [_VP, _SIZEP]),
    "GNode_GetOutControlNodes": (_VPP, [_VP, _SIZEP]),
    "GNode_GetInDataNodesAndPortIndexes": (_U32, [_VP, _I32, _VPP, _I32P]),
    "GNode_GetOutDataNodesAndPortIndexes": (
        _U32,
        [_VP, _I32, ctypes.POINTER(_VPP), ctypes.POINTER(_I32P), ctypes.POINTER(ctypes.c_int)],
    ),
    "GNode_GetAttr": (_U32, [_VP, _STR, _VP]),
    "GNode_SetAttr": (_U32, [_VP, _STR, _VP]),
    "GNode_GetInputAttr": (_U32, [_VP, _STR, _U32, _VP]),
    "GNode_SetInputAttr": (_U32, [_VP, _STR, _U32, _VP]),
    "GNode_GetOutputAttr": (_U32, [_VP, _STR, _U32, _VP]),
    "GNode_SetOutputAttr": (_U32, [_VP, _STR, _U32, _VP]),
    "GNode_GetInputsSize": (_SIZE, [_VP]),
    "GNode_GetOutputsSize": (_SIZE, [_VP]),
    "GNode_HasAttr": (_BOOL, [_VP, _STR]),
    "GNode_GetInputDesc": (_VP, [_VP, _I32]),
    "GNode_GetOutputDesc": (_VP, [_VP, _I32]),
    "GNode_UpdateInputDesc": (_U32, [_VP, _I32, _VP]),
    "GNode_UpdateOutputDesc": (_U32, [_VP, _I32, _VP]),
    # ---- Operator (borrowed OpDesc of a node under construction) ----
    "Operator_GetName": (_CHARP, [_VP]),
    "Operator_GetType": (_CHARP, [_VP]),
    "Operator_SetAttr": (_U32, [_VP, _STR, _VP]),
    "Operator_InputRegister": (_U32, [_VP, _STR]),
    "Operator_OptionalInputRegister": (_U32, [_VP, _STR]),
    "Operator_OutputRegister": (_U32, [_VP, _STR]),
    "Operator_DynamicInputRegister": (_U32, [_VP, _STR, _U32]),
    "Operator_DynamicOutputRegister": (_U32, [_VP, _STR, _U32]),
    # ---- TensorDesc ----
    "TensorDesc_Create": (_VP, [_I64P, _SIZE, ctypes.c_int, ctypes.c_int]),
    "TensorDesc_Destroy": (None, [_VP]),
    "TensorDesc_GetShape": (_U32, [_VP, _I64PP, _SIZEP]),
    "TensorDesc_GetOriginShape": (_U32, [_VP, _I64PP, _SIZEP]),
    "TensorDesc_SetShape": (_U32, [_VP, _I64P, _SIZE]),
    "TensorDesc_SetOriginShape": (_U32, [_VP, _I64P, _SIZE]),
    "TensorDesc_GetFormat": (ctypes.c_int, [_VP]),
    "TensorDesc_GetOriginFormat": (ctypes.c_int, [_VP]),
    "TensorDesc_GetDataType": (ctypes.c_int, [_VP]),
    "TensorDesc_SetFormat": (_U32, [_VP, ctypes.c_int]),
    "TensorDesc_SetOriginFormat": (_U32, [_VP, ctypes.c_int]),
    "TensorDesc_SetDataType": (_U32, [_VP, ctypes.c_int]),
    # ---- Tensor ----
    "Tensor_CreateTensor": (_VP, []),
    "Tensor_CreateFromBytes": (_VP, [_VP, _SIZE, _I64P, _SIZE, _I32, _I32]),
    "Tensor_DestroyEsCTensor": (None, [_VP]),
    "Tensor_SetFormat": (_U32, [_VP, _I32P]),
    "Tensor_SetDataType": (_U32, [_VP, _I32P]),
    "Tensor_GetFormat": (ctypes.c_int, [_VP]),
    "Tensor_GetDataType": (ctypes.c_int, [_VP]),
    "Tensor_GetTensorDesc": (_VP, [_VP]),
    "Tensor_GetShape": (_U32, [_VP, _I64PP, _SIZEP]),
    "Tensor_FreeDimsArray": (None, [_I64P]),
    "Tensor_GetData": (_CHARP, [_VP]),
    "Tensor_GetDataTextAndDims": (_U32, [_VP, _VP, _SIZE, _SIZEP, _VP, _SIZE, _SIZEP]),
    "Tensor_GetPlacement": (_I32, [_VP]),
    # ---- error text (thread-local, owned by the library) ----
    "GEGetErrorMsg": (ctypes.c_char_p, []),
}

# Runtime-lib functions ge.graph.Tensor uses; declared when the library provides them.
_OPTIONAL_SIGNATURES = {
    "Tensor_ToHost": (ctypes.c_int, [_VP]),
    "Tensor_ToDevice": (ctypes.c_int, [_VP]),
}


# Accessors a pass calls for every match (and their frees): short, never call back into Python.
# They are bound as PyDLL functions, which keep the GIL across the call: releasing and re-taking
# it costs about a quarter of such a ctypes call.
_HOLD_GIL = (
    "FreeString",
    "AttrValue_Create",
    "AttrValue_Destroy",
    "AttrValue_GetValueType",
    "AttrValue_GetTensor",
    "GNode_DestroyGNode",
    "GNode_GetName",
    "GNode_GetType",
    "GNode_GetTypeRef",
    "GNode_GetNameRef",
    "GNode_GetTensorAttr",
    "GNode_GetAttr",
    "Graph_DestroyGraph",
    "Tensor_DestroyEsCTensor",
    "Tensor_GetFormat",
    "Tensor_GetDataType",
    "Tensor_GetShape",
    "Tensor_FreeDimsArray",
    "Tensor_GetData",
    "Tensor_GetDataTextAndDims",
    "Tensor_GetPlacement",
)


_PREFIX = "GeApiWrapper_"


def _declare(lib: ctypes.CDLL, name: str):
    """Bind ``GeApiWrapper_<name>`` with its declared signature and cache it on ``lib``."""
    restype, argtypes = _SIGNATURES.get(name) or _OPTIONAL_SIGNATURES[name]
    if name in _HOLD_GIL:
        hold_gil = vars(lib).get("_ge_hold_gil")
        if hold_gil is None:
            hold_gil = ctypes.PyDLL(lib._name, handle=lib._handle)
            vars(lib)["_ge_hold_gil"] = hold_gil
        func = hold_gil[_PREFIX + name]
    else:
        func = ctypes.CDLL.__getitem__(lib, _PREFIX + name)
    func.restype = restype
    func.argtypes = argtypes
    setattr(lib, _PREFIX + name, func)  # what lib.<name> returns from now on
    return func


def _configure(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Declare the graph API's signatures on ``lib``, each on first use.

    Setting up all ~150 prototypes at import took several milliseconds of every cold start of a
    compile with a Python pass, which touches a handful of them. ``lib`` is the process-wide
    compiler library the other binding modules share, so its class is swapped for a subclass
    whose ``__getattr__`` (only reached for functions not bound yet) declares the signature.
    Functions another module bound earlier are declared now. A symbol missing from a stale
    library fails at its first use, with ctypes' error naming the symbol and the library.
    """
    base = type(lib)

    class _GraphApiLibrary(base):
        def __getattr__(self, attr: str):
            if attr.startswith(_PREFIX):
                name = attr[len(_PREFIX) :]
                if name in _SIGNATURES or name in _OPTIONAL_SIGNATURES:
                    return _declare(self, name)
            return base.__getattr__(self, attr)

    if not hasattr(base, "_ge_graph_api"):
        _GraphApiLibrary._ge_graph_api = True
        lib.__class__ = _GraphApiLibrary
    for attr in list(vars(lib)):
        name = attr[len(_PREFIX) :]
        if attr.startswith(_PREFIX) and (name in _SIGNATURES or name in _OPTIONAL_SIGNATURES):
            _declare(lib, name)
    return lib


graph_lib = _configure(get_compiler_lib())


def get_graph_lib() -> ctypes.CDLL:
    return graph_lib


def is_graph_lib_loaded() -> bool:
    return graph_lib is not None


_string_at = ctypes.string_at
_byref = ctypes.byref
_free_string = graph_lib.GeApiWrapper_FreeString


def take_string(ptr) -> str | None:
    """Decodes a malloc'd C string returned by the graph lib and frees it; None for NULL."""
    if not ptr:
        return None
    try:
        # string_at copies straight from the address: no intermediate c_char_p object (this runs
        # for every Node.name / Node.type a pass reads).
        return _string_at(ptr).decode("utf-8", errors="replace")
    finally:
        _free_string(ptr)


def take_handle_array(array, count: int, free_name: str) -> list:
    """The element handles (as c_void_p) of a new[] handle array; the array itself is freed,
    the elements become the caller's."""
    if not array:
        return []
    try:
        return [ctypes.c_void_p(array[i]) for i in range(count) if array[i]]
    finally:
        getattr(graph_lib, free_name)(array)


def take_dims(get_func, handle) -> list | None:
    """Calls ``get_func(handle, &dims, &n)`` and returns the dims list (None on failure)."""
    dims = _I64P()
    count = ctypes.c_size_t(0)
    if get_func(handle, _byref(dims), _byref(count)) != 0:
        return None
    if not dims:
        return []
    try:
        return dims[: count.value]  # a list of Python ints in one slice
    finally:
        graph_lib.GeApiWrapper_Tensor_FreeDimsArray(dims)


def int64_array(values):
    """A ctypes int64 array of ``values`` (None when empty, as the C API accepts)."""
    if not values:
        return None
    return (ctypes.c_int64 * len(values))(*values)

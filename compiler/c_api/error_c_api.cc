// Thread-local error message of the C API (GEGetErrorMsg in GE's runtime wrapper).
#include "c_handles/c_handles.h"
#include "ge/c_api/ge_api.h"

extern "C" {

/// This thread's last error text; owned by the library, valid until the next failing call.
const char *GeApiWrapper_GEGetErrorMsg() { return ge::GetLastError().c_str(); }

void GeApiWrapper_ClearErrorMsg() { ge::ClearLastError(); }

}  // extern "C"

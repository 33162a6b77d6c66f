// The PythonFusionPassCallbacks the bridge registers for every Python pass: each one takes the
// GIL for its own duration, turns compiler objects into borrowed Python views, calls the
// ge.passes._bridge protocol, invalidates the views and translates results and exceptions.
#ifndef GE_NATIVE_BRIDGE_BRIDGE_CALLBACKS_H_
#define GE_NATIVE_BRIDGE_BRIDGE_CALLBACKS_H_

#include "ge/python_pass/python_pass_bridge_abi.h"

namespace ge {
namespace bridge {

const PythonFusionPassCallbacks &GetBridgeCallbacks();

}  // namespace bridge
}  // namespace ge

#endif  // GE_NATIVE_BRIDGE_BRIDGE_CALLBACKS_H_

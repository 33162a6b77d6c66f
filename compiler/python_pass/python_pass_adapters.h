// C++ passes that stand in for Python passes inside FusionPassExecutor. The
// executor creates one adapter per stage invocation through the shared
// creator; each Run creates a fresh Python pass instance (one "execution session"), so
// `self.<x>` caches never leak across graphs or runs, and destroys it when Run returns.
// Matching and rewriting stay in C++ (RunPatternFusion / RunDecompose); Python only supplies hooks.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_ADAPTERS_H_
#define GE_PYTHON_PASS_PYTHON_PASS_ADAPTERS_H_

#include "ge/fusion/pass/fusion_base_pass.h"
#include "python_pass/python_pass_descriptor.h"

namespace ge {
namespace python_pass {

/// The one creator registered for every Python pass (a bare function pointer): reads the TLS
/// create context, acquires the descriptor and builds the adapter of its kind. nullptr (with a
/// warning) when no context is installed or the descriptor is unknown.
fusion::FusionBasePass *CreatePythonPassAdapter();

/// How many Python pass instances are alive right now (created minus destroyed), for leak tests.
int GetLivePythonPassInstanceCount();

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_ADAPTERS_H_

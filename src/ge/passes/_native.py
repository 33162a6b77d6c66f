"""The native helper names, re-bound from ``_ge_pass_native`` (obtained via ge.passes.runtime).

Importing this module raises ImportError (naming what is missing) when no native module matches
this interpreter; everything pure Python in ge.passes works without it.
"""

from __future__ import annotations

import sys

# Inside the bridge the native module is already imported: skip ge.passes.runtime (artifact
# selection through ctypes, the fallback build) unless it has to find the module.
_module = sys.modules.get("ge.passes._ge_pass_native")
if _module is None:
    from .runtime import ensure_native_module

    _module = ensure_native_module()

PassContext = _module.PassContext
Pattern = _module.Pattern
MatchResult = _module.MatchResult
borrow_match_result = _module.borrow_match_result
find_matches = _module.find_matches
infer_shape = _module.infer_shape
PatternMatcherConfig = _module.PatternMatcherConfig
PatternMatcherConfigBuilder = _module.PatternMatcherConfigBuilder
clone_pattern_matcher_config = _module.clone_pattern_matcher_config
borrow_node = _module.borrow_node
# Used by _bridge only: a PassContext view of the context address the bridge hands over.
_borrow_pass_context = _module._borrow_pass_context
release_graph = _module.release_graph
SubgraphInput = _module.SubgraphInput
SubgraphOutput = _module.SubgraphOutput
SubgraphBoundary = _module.SubgraphBoundary
SubgraphRewriter = _module.SubgraphRewriter
can_fuse = _module.can_fuse
report_fuse = _module.report_fuse

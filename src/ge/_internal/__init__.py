"""Private helpers shared by ge.passes and ge.custom_op (plugin discovery, artifact selection)."""

"""Private helpers the ge packages share (plugin discovery, artifact selection)."""

"""Operators that generated code calls (autograph_py.ag__); each picks the Python or
the traced path, traces what the traced path needs and hands lowering a plan."""

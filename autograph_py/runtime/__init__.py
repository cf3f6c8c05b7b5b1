"""Operators that generated code calls; each picks the Python or the traced path."""

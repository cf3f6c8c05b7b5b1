"""AST rewrites, one per file; each exposes `transform(node, ctx)`.

The order they run in is `compiler.pipeline.PIPELINE`.
"""

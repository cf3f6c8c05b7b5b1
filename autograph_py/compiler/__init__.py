"""Source -> converted code object: parsing, analyses, converters, the pipeline and its
cache. Imports no JAX; the package gives it the runtime (pipeline.use_runtime)."""

"""Conversion machinery: parsing, templates, naming, the pipeline and its cache."""

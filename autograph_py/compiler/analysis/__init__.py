"""Analyses: passes that annotate nodes (see core/anno.py); converters read them."""

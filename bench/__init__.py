"""Benchmarks: each module prints its figures (make bench; python -m bench.<name>)."""

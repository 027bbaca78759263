"""Benchmarks: `python -m bench.run [--quick] [--only NAME ...]` (`make bench`)."""

"""`make bench` (`python -m bench`): the companion's throughput and latency under gunicorn,
measured with wrk against a bare Flask route served the same way, and written to BENCHMARKS.md.
A benchmark, not a test: it reports numbers against targets and never fails the build."""

"""`make bench` (`python -m bench`): tables simulated at their real rates against the app served as
`make run` serves it, with more tables each step, then each of the server's tunings switched off
in turn (bench/ablation.py), plus the page's weight, the cold load of a long game and the cost of
a durable commit; written to BENCHMARKS.md. A benchmark, not a test: it reports numbers against
targets and never fails the build."""

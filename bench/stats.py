"""Numbers of a step (per request kind: count, p50, p95, max, errors), the targets, whether a step
met them, and the largest number of tables that did. Plain logic, tested on fixed data."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

KINDS = ("check", "page", "tap")
TARGETS = {"check": 50.0, "page": 150.0, "tap": 100.0}  # p95 in ms, from issue 15
LAG_LIMIT = 10.0  # ms: p95 of how late the generator sent its scheduled requests


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile: the smallest value with at least p % of values at or below
    it (p in (0, 100]). NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


@dataclass(frozen=True)
class Kind:
    """Latency (ms) and failures of one kind of request in one step."""

    count: int
    p50: float
    p95: float
    max: float
    errors: int
    examples: tuple[tuple[str, int], ...] = ()  # the commonest failures and how many

    @classmethod
    def of(cls, latencies: list[float], errors: list[str]) -> Kind:
        return cls(len(latencies), percentile(latencies, 50), percentile(latencies, 95),
                   max(latencies, default=math.nan), len(errors),
                   tuple(Counter(errors).most_common(3)))


@dataclass(frozen=True)
class Step:
    """One step of the ramp: ``tables`` tables of five seated phones."""

    tables: int
    kinds: dict[str, Kind]
    lag_p95: float
    lag_max: float
    server_cpu: float  # share of one core, over the measured part
    generator_cpu: float
    seconds: float
    load: float = 0.0  # the machine's 1-min load average at the end (other work shows here)
    pressure: float = math.nan  # share of the last 10 s some runnable task waited for a CPU

    @property
    def kept_up(self) -> bool:
        """Whether the generator sent its requests on time (else it measured itself)."""
        return self.lag_p95 <= LAG_LIMIT

    def failures(self) -> list[str]:
        """Why this step does not pass, in words; empty when it does."""
        out = []
        for kind in KINDS:
            got = self.kinds[kind]
            if got.count == 0:
                out.append(f"no {kind} measured")
            elif not got.p95 <= TARGETS[kind]:
                out.append(f"{kind} p95 {got.p95:.1f} ms > {TARGETS[kind]:.0f} ms")
            if got.errors:
                out.append(f"{got.errors} {kind} errors")
        if not self.kept_up:
            out.append(f"generator lagged (p95 {self.lag_p95:.1f} ms > {LAG_LIMIT:.0f} ms)")
        return out

    @property
    def passed(self) -> bool:
        return not self.failures()


def step(tables: int, latencies: dict[str, list[float]], errors: dict[str, list[str]],
         lags: list[float], *, server_cpu: float, generator_cpu: float, seconds: float,
         load: float = 0.0, pressure: float = math.nan) -> Step:
    """A Step from the raw samples of a run."""
    return Step(tables, {k: Kind.of(latencies[k], errors[k]) for k in KINDS},
                percentile(lags, 95), max(lags, default=math.nan), server_cpu, generator_cpu,
                seconds, load, pressure)


def largest_passing(steps: list[Step]) -> int | None:
    """The largest number of tables such that its step and every smaller step passed; None when
    the smallest failed."""
    best = None
    for s in sorted(steps, key=lambda s: s.tables):
        if not s.passed:
            break
        best = s.tables
    return best

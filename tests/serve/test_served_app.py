"""The app as each server process serves it (``companion.serving.serve.served_app``): what it built
at start frozen for the garbage collector, and young objects collected less often, unless the
bench's switch turns it off. Run in a process of its own, as a worker is: the settings are the
interpreter's, not the app's."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.serving import serve

ROOT = Path(__file__).resolve().parent.parent.parent

WORKER = """
import gc, json
from companion.serving import serve
before = gc.get_freeze_count()
serve.served_app()
print(json.dumps({"frozen_before": before, "frozen": gc.get_freeze_count(),
                  "young": gc.get_threshold()[0]}))
"""


def served(tmp_path, *options: str) -> dict:
    """What ``served_app`` set in a process of its own, started with serve's ``options``."""
    env = {"PATH": "/usr/bin:/bin", "FLASK_SECRET_KEY": "served-app-test",
           "DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite'}",
           "COMPANION_INSTANCE": str(tmp_path / "instance"),
           **serve.worker_settings(serve.parse_args(list(options)))}
    out = subprocess.run([sys.executable, "-c", WORKER], cwd=ROOT, env=env, text=True,
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_server_process_freezes_what_it_built_at_start_and_collects_young_objects_less_often(
        tmp_path):
    seen = served(tmp_path)
    assert seen["frozen_before"] == 0
    assert seen["frozen"] > 10_000  # the app, its templates and libraries
    assert seen["young"] == serve.YOUNG_COLLECTION > 700  # (Python's default: 700)


def test_no_gc_tuning_leaves_the_collector_as_python_has_it(tmp_path):
    seen = served(tmp_path, "--no-gc-tuning")
    assert seen["frozen"] == 0
    assert seen["young"] == 700

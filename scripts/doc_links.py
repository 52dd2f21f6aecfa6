"""Bring the line numbers of docs/*.md's code links up to date: a link [`name`](../path#L12)
points at the line where ``name`` is defined in ``path`` (a def, class, function or constant)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[`([\w.]+)`\]\(\.\./([\w./-]+)#L(\d+)\)")


def defines(line: str, name: str) -> bool:
    """Whether ``line`` defines ``name`` (its last dotted part)."""
    short = re.escape(name.rsplit(".", 1)[-1])
    return re.search(rf"^\s*(async\s+)?(def|class|function)\s+{short}\b|^{short}\s*[:=]",
                     line) is not None


def where(path: str, name: str) -> int | None:
    lines = (ROOT / path).read_text().splitlines()
    return next((i for i, line in enumerate(lines, start=1) if defines(line, name)), None)


def fixed(text: str) -> tuple[str, list[str]]:
    missing = []

    def one(m: re.Match) -> str:
        line = where(m.group(2), m.group(1))
        if line is None:
            missing.append(f"{m.group(1)} in {m.group(2)}")
            return m.group(0)
        return f"[`{m.group(1)}`](../{m.group(2)}#L{line})"
    return LINK.sub(one, text), missing


def main() -> int:
    gone = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        text, missing = fixed(doc.read_text())
        doc.write_text(text)
        gone += missing
    for name in gone:
        print(f"not found: {name}", file=sys.stderr)
    return 1 if gone else 0


if __name__ == "__main__":
    sys.exit(main())

"""`make run`: prepare the instance (secret key, database), print the address phones can open (and
its QR code), then serve with gunicorn on all interfaces."""
from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lan_address() -> str:
    """The address other devices on this network reach us at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)

    from companion import create_app, write_instance_secret
    from companion.migrations import upgrade

    write_instance_secret(str(ROOT / "instance"))
    app = create_app()
    upgrade(app)
    url = f"http://{lan_address()}:{args.port}/"
    print(f"\nThe table companion is running. Phones on this network can open:\n\n    {url}\n")
    try:
        import segno
        segno.make(url, error="m").terminal(compact=True)
    except Exception as exc:  # a QR code is a convenience; never fail the start for it
        print(f"(no QR code: {exc})")
    sys.stdout.flush()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    os.execv(gunicorn, [gunicorn, "--bind", f"{args.host}:{args.port}", "--workers",
                        str(args.workers), "--no-control-socket", "--access-logfile", "-",
                        "--chdir", str(ROOT), "app:app"])


if __name__ == "__main__":
    main()

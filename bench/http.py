"""One phone's HTTP/1.1 connection, on asyncio streams.

The load generator shares this 2-core machine with the server it measures, so each request must
cost it little: measured against the app here, a request through aiohttp's client took ~0.7 ms
of the generator's CPU, these ~70 lines on uvloop ~0.25 ms. A phone keeps one connection, alive
as long as the server keeps it (gunicorn's sync workers close it after each answer), and its own
cookies, as a browser does.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field


@dataclass
class Response:
    """Status, headers (names in lower case; Set-Cookie already taken) and body of one answer."""

    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Phone:
    """A browser's part we need: one connection to the server at a time and a cookie jar."""

    host: str
    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes = b"") -> Response:
        """Send one request and read its whole answer. A GET sent on a kept connection that the
        server had closed meanwhile is sent once more on a new one, as browsers do."""
        reused = self.writer is not None
        try:
            return await self._exchange(method, path, headers or {}, body)
        except (ConnectionError, asyncio.IncompleteReadError):
            self.close()
            if not (reused and method == "GET"):
                raise
            return await self._exchange(method, path, headers or {}, body)

    async def _exchange(self, method: str, path: str, headers: dict[str, str],
                        body: bytes) -> Response:
        if self.writer is None or self.reader is None or self.reader.at_eof():
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status, got = self._head(head)
        payload = await self._body(got, status, method)
        if got.get("connection", "").lower() == "close":
            self.close()
        return Response(status, got, payload)

    def _head(self, head: bytes) -> tuple[int, dict[str, str]]:
        status_line, *rest = head.decode("latin-1").split("\r\n")
        got: dict[str, str] = {}
        for line in rest:
            if not line:
                continue
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                self._keep_cookie(value)
            else:
                got[name] = value
        return int(status_line.split()[1]), got

    def _keep_cookie(self, header: str) -> None:
        pair = header.split(";", 1)[0]
        name, _, value = pair.partition("=")
        expired = "expires=thu, 01 jan 1970" in header.lower() or "max-age=0" in header.lower()
        if not value or expired:
            self.cookies.pop(name.strip(), None)
        else:
            self.cookies[name.strip()] = value.strip()

    async def _body(self, got: dict[str, str], status: int, method: str) -> bytes:
        assert self.reader is not None
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            return b""
        if "content-length" in got:
            return await self.reader.readexactly(int(got["content-length"]))
        if "chunked" in got.get("transfer-encoding", "").lower():
            parts = []
            while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await self.reader.readexactly(size + 2))
            await self.reader.readuntil(b"\r\n")  # no trailers are sent to us
            return b"".join(p[:-2] for p in parts)
        got["connection"] = "close"  # the body ends where the connection does
        return await self.reader.read()

    def close(self) -> None:
        """Drop the connection (the next request opens a new one); cookies are kept."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

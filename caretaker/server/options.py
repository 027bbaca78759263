"""How uvicorn serves the app, in one place for every way it is started."""

from typing import Any

APPLICATION = "caretaker.asgi:application"
DEFAULT_ADDRESS = "127.0.0.1:8000"
# A page sends small JSON actions (an acknowledgement); nothing near this size.
MAX_FRAME_BYTES = 1024 * 1024
# On SIGTERM, open websockets are closed and requests in flight get this long.
SHUTDOWN_GRACE_SECONDS = 5


def address_parse(address: str) -> tuple[str, int]:
    """``"0.0.0.0:8000"``, ``"8000"`` or ``"[::1]:8000"`` as host and port."""
    host, _, port = address.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{address!r} is not an address and port (e.g. 0.0.0.0:8000)")
    return (host.strip("[]") or "127.0.0.1"), int(port)


def server_options(host: str, port: int) -> dict[str, Any]:
    """Keyword arguments for ``uvicorn.run``.

    - uvloop and httptools: the fan-out of one alert to 500 open dashboards is
      per-socket work on one event loop (``bench/fanout_bench.py``); daphne's
      Twisted reactor made three system calls and a dozen Python frames per frame
      sent, and the 500th dashboard had the alert 60 to 90 ms later than here.
    - No per-message deflate: browsers ask for it, and it would compress every
      frame once per socket; the frames are a few kilobytes of JSON on the ward's
      network.
    - No proxy headers: ``caretaker/proxy.py`` reads ``X-Forwarded-For`` with the
      number of trusted proxies the hospital configures; uvicorn's own rewriting
      would apply it twice.
    - No logging set-up of its own: Django's ``LOGGING`` (``LOG_LEVEL``) applies.
    """
    return {
        "app": APPLICATION,
        "host": host,
        "port": port,
        "loop": "uvloop",
        "http": "httptools",
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,
        "ws_max_size": MAX_FRAME_BYTES,
        "lifespan": "off",  # Channels' router has no lifespan protocol
        "proxy_headers": False,
        "server_header": False,
        "log_config": None,
        "timeout_graceful_shutdown": SHUTDOWN_GRACE_SECONDS,
    }

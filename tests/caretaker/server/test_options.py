"""The server's address argument and the options every start of it shares."""

import pytest
from django.core.management import CommandError, call_command, get_commands

from caretaker.server.options import address_parse, server_options


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("0.0.0.0:8000", ("0.0.0.0", 8000)),
        ("127.0.0.1:9001", ("127.0.0.1", 9001)),
        ("[::1]:8000", ("::1", 8000)),
        ("8000", ("127.0.0.1", 8000)),
    ],
)
def test_an_address_gives_host_and_port(address, expected):
    assert address_parse(address) == expected


@pytest.mark.parametrize("address", ["localhost", "0.0.0.0:http", "0.0.0.0:70000", ""])
def test_a_malformed_address_is_refused_with_an_example(address):
    with pytest.raises(ValueError, match="e.g. 0.0.0.0:8000"):
        address_parse(address)


def test_the_command_refuses_a_malformed_address_before_serving():
    with pytest.raises(CommandError, match="not an address and port"):
        call_command("runserver", "0.0.0.0:http")


def test_the_app_reads_the_proxy_headers_not_the_server():
    """caretaker/proxy.py applies the hospital's trusted-proxy count; uvicorn
    rewriting the client address too would apply it twice."""
    assert server_options("127.0.0.1", 8000)["proxy_headers"] is False


def test_runserver_is_this_server_not_djangos_wsgi_one():
    """Django's and staticfiles' runserver serve WSGI, without websockets."""
    assert get_commands()["runserver"] == "caretaker.server"

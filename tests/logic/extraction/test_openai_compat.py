"""The OpenAI-compatible backend against real servers on loopback (slow)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from logic.alphabet import Alphabet
from logic.extraction.backends.llama import model_path
from logic.extraction.backends.openai_compat import OpenAIBackend
from logic.extraction.extractor import extract
from logic.extraction.grammar import GuideMode
from logic.extraction.guide import guide_build
from logic.extraction.options import Endpoint, ExtractionOptions
from logic.extraction.wording import confirmation_reword
from tests.support.servers import chat_answering
from tests.support.servers import llama_server as serve

pytestmark = pytest.mark.slow
STRICT = ExtractionOptions(backend="openai", guide=GuideMode.STRICT, retries=2)


@pytest.fixture(scope="session")
def llama_server() -> Iterator[str]:
    """``llama_cpp.server`` serving the embedded SmolLM2 model on loopback."""
    with serve(model_path("smollm2"), "smollm2") as url:
        yield url


def backend(url: str, constraint: str) -> OpenAIBackend:
    return OpenAIBackend.from_endpoint(
        Endpoint(base_url=url, model="smollm2", constraint=constraint)
    )


@pytest.mark.parametrize("constraint", ["grammar"])
def test_constrained_server_gives_only_candidates(
    alphabet: Alphabet, llama_server: str, constraint: str
) -> None:
    """Through the server, with the guide as GBNF or JSON schema, every accepted
    statement is a candidate of the guide."""
    text = "BP 150 over 90, heart rate 72, no pain"
    result = extract(
        text,
        alphabet=alphabet,
        options=STRICT,
        backend=backend(llama_server, constraint),
    )
    allowed = {c.statement for c in guide_build(text, alphabet).candidates}
    assert set(result.statements) <= allowed
    assert result.raw, "the server was asked"


def test_server_ignoring_the_constraint_is_validated(
    alphabet: Alphabet, llama_server: str
) -> None:
    """With no constraint sent, the server writes what it likes; strict validation
    still lets only candidates through."""
    text = "temperature 39, pain 4"
    result = extract(
        text, alphabet=alphabet, options=STRICT, backend=backend(llama_server, "none")
    )
    assert {s.canonical(alphabet) for s in result.statements} <= {
        "data(temperature, 39.0)",
        "data(painLevel, 4)",
    }


GARBAGE = "data(heartRate, 150)\ndata(bloodPressure, 1)\nSure!"


class _Garbage(BaseHTTPRequestHandler):
    """Answers every chat completion with out-of-alphabet text, in OpenAI format."""

    requests: list[dict[str, Any]] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Garbage.requests.append(body)
        answer = {
            "id": "x",
            "object": "chat.completion",
            "created": 0,
            "model": "junk",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {
                        "role": "assistant",
                        "content": GARBAGE,
                    },
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 9, "total_tokens": 10},
        }
        raw = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *arguments: Any) -> None:
        pass


def test_garbage_server_output_never_enters_the_facts(alphabet: Alphabet) -> None:
    """A real HTTP server that ignores the schema: everything is rejected, the
    violation is counted, and retries stop after the bound."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Garbage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        result = extract(
            "temperature 39, pain 4",
            alphabet=alphabet,
            options=STRICT,
            backend=backend(url, "json_schema"),
        )
    finally:
        server.shutdown()
    assert result.statements == ()
    assert result.violations >= 1
    assert len(_Garbage.requests) == 3
    assert _Garbage.requests[0]["response_format"]["json_schema"]["strict"] is True
    assert set(result.unclear) == {"temperature 39", "pain 4"}


CONFIRMATION = "Recorded: temperature 38.4 °C (was 37.2 °C at 08:00), pain 3/10."


def test_rewording_by_the_real_server_never_changes_a_number(
    llama_server: str,
) -> None:
    """Whatever the small model writes, what is shown keeps exactly the numbers of
    the deterministic confirmation (the rewording is used, or the original)."""
    shown, reworded = confirmation_reword(CONFIRMATION, backend(llama_server, "none"))
    numbers = sorted(re.findall(r"\d+(?:\.\d+)?", CONFIRMATION))
    assert sorted(re.findall(r"\d+(?:\.\d+)?", shown)) == numbers
    assert reworded == (shown != CONFIRMATION)


@pytest.mark.parametrize(
    ("answer", "used"),
    [
        ("Temperature is 38.4 °C now (37.2 °C at 08:00); pain 3 out of 10.", True),
        ("Temperature is 39.4 °C now (37.2 °C at 08:00); pain 3/10.", False),
        ("Temperature is 38.4 °C now; pain 3/10.", False),  # dropped values
    ],
)
def test_rewording_that_adds_or_drops_a_value_is_refused(answer: str, used: bool):
    """A real HTTP server answering a fixed rewording."""
    with chat_answering(answer) as url:
        shown, reworded = confirmation_reword(CONFIRMATION, backend(url, "none"))
    assert reworded is used
    assert shown == (answer if used else CONFIRMATION)


def test_a_backend_that_cannot_chat_keeps_the_original(alphabet, scripted) -> None:
    assert confirmation_reword(CONFIRMATION, scripted([""])) == (CONFIRMATION, False)

"""Command line: ``python -m speech transcribe FILE`` prints the transcript as JSON."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections.abc import Sequence

from speech.errors import SpeechError
from speech.options import TranscriptionOptions
from speech.transcriber import transcribe

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 2 bad input or setting).

    Settings come from the ``CARETAKER_WHISPER_*`` environment variables. The
    transcript goes to stdout as one JSON object; errors go to stderr as
    ``{"error": code, "message": ...}``.
    """
    parser = argparse.ArgumentParser(
        prog="python -m speech", description="Offline speech-to-text for caretaker."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("transcribe", help="transcribe one recording")
    command.add_argument(
        "file", help="recording (WebM, MP4, Ogg, WAV...); '-' for stdin"
    )
    command.add_argument(
        "--no-bias", action="store_true", help="do not bias towards the ward vocabulary"
    )
    arguments = parser.parse_args(argv)
    try:
        options = TranscriptionOptions.from_env(os.environ)
        if arguments.no_bias:
            options = dataclasses.replace(options, bias="off")
        audio = sys.stdin.buffer.read() if arguments.file == "-" else arguments.file
        transcript = transcribe(audio, options)
    except SpeechError as error:
        print(json.dumps(error.to_dict(), ensure_ascii=False), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(transcript.to_dict(), ensure_ascii=False))
    return EXIT_OK

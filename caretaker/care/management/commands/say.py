"""python manage.py say RECORD "text" | --audio FILE [--at ISO8601]"""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from caretaker.care.actions import message_process
from caretaker.care.presenters import message_result
from caretaker.care.submissions import message_submit
from caretaker.wards.models import Patient
from logic.facts_file import moment_parse


class Command(BaseCommand):
    help = "Run what a nurse says about a patient through the whole pipeline."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("record", help="the patient's record number")
        parser.add_argument("text", nargs="?", default="", help="what the nurse says")
        parser.add_argument("--audio", type=Path, help="an audio file instead of text")
        parser.add_argument("--at", help="when it was said (ISO 8601; default now)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            patient = Patient.objects.get(record_number=options["record"])
        except Patient.DoesNotExist as error:
            raise CommandError(
                f"no patient with record number {options['record']!r}; "
                "admit one with: manage.py admit"
            ) from error
        if bool(options["text"].strip()) == bool(options["audio"]):
            raise CommandError('give either "text" or --audio FILE')
        try:
            said_at = moment_parse(options["at"]) if options["at"] else None
        except ValueError as error:
            raise CommandError(
                f"--at is not an ISO 8601 time: {options['at']!r}"
            ) from error
        audio = None
        if options["audio"]:
            try:
                audio = options["audio"].read_bytes()
            except OSError as error:
                raise CommandError(
                    f"cannot read {options['audio']}: {error.strerror}"
                ) from error
        message = message_submit(
            patient=patient,
            text=options["text"],
            audio=audio,
            audio_name=options["audio"].name if audio else "",
            said_at=said_at,
        )
        # With a broker, a worker may already be on it; processing twice is safe.
        message = message_process(message_id=message.pk)
        self.stdout.write(json.dumps(message_result(message), ensure_ascii=False))

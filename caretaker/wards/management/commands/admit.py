"""python manage.py admit RECORD --name NAME --ward WARD [--bed BED]"""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from caretaker.wards.services import patient_admit


class Command(BaseCommand):
    help = "Admit a patient (or update one already admitted)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("record", help="hospital record number")
        parser.add_argument("--name", required=True)
        parser.add_argument("--ward", required=True, help="ward code, created if new")
        parser.add_argument("--bed", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        patient, created = patient_admit(
            record_number=options["record"],
            name=options["name"],
            ward_code=options["ward"],
            bed=options["bed"],
        )
        self.stdout.write(
            json.dumps(
                {
                    "patient": patient.record_number,
                    "name": patient.name,
                    "ward": patient.ward.code,
                    "bed": patient.bed,
                    "created": created,
                }
            )
        )

"""python manage.py admit RECORD --name NAME --ward WARD [--bed BED]"""

import json

from django.core.management.base import BaseCommand

from caretaker.wards.services import patient_admit


class Command(BaseCommand):
    help = "Admit a patient (or update one already admitted)."

    def add_arguments(self, parser):
        parser.add_argument("record", help="hospital record number")
        parser.add_argument("--name", required=True)
        parser.add_argument("--ward", required=True, help="ward code, created if new")
        parser.add_argument("--bed", default="")

    def handle(self, *args, **options):
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

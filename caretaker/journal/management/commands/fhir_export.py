"""python manage.py fhir_export RECORD [--since ISO8601]"""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.journal.fhir import patient_fhir_bundle
from caretaker.wards.models import Patient
from logic.facts_file import moment_parse


class Command(BaseCommand):
    help = "Print a patient's observations as a FHIR R4 transaction Bundle (JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("record", help="the patient's record number (MRN)")
        parser.add_argument("--since", help="only what was said from then (ISO 8601)")

    def handle(self, *args: Any, **options: Any) -> None:
        patient = Patient.objects.filter(record_number=options["record"]).first()
        if patient is None:
            raise CommandError(f"no patient with record number {options['record']!r}")
        try:
            since = moment_parse(options["since"]) if options["since"] else None
        except ValueError as error:
            raise CommandError(
                f"--since is not an ISO 8601 time: {options['since']!r}"
            ) from error
        bundle = patient_fhir_bundle(patient=patient, since=since)
        audit_record(user=None, action=Action.FHIR_EXPORT, obj=patient,
                     detail={"since": options["since"] or "", "via": "command",
                             "observations": len(bundle["entry"])})  # fmt: skip
        self.stdout.write(json.dumps(bundle, ensure_ascii=False, indent=2))

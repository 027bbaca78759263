"""The demo ward that `make run` loads: a few patients with some history."""

from datetime import timedelta

from django.contrib.auth.models import Group, User
from django.db import transaction
from django.utils import timezone

from caretaker.care.actions import message_import, patient_refresh
from caretaker.wards.models import Ward
from caretaker.wards.services import patient_admit

DEMO_PASSWORD = "caretaker-demo"
ROLES = ("nurse", "ward lead", "rules admin")
USERS = (
    ("nurse", "Nora", "Nurse", "nurse"),
    ("lead", "Liam", "Lead", "ward lead"),
    ("admin", "Ada", "Admin", "rules admin"),
)

# (record, name, bed, [(hours ago, words, statements)])
PATIENTS = (
    (
        "RN1001",
        "Margaret Hill",
        "1",
        [
            (
                20,
                "She had surgery yesterday, a bowel resection. Temp 37.0.",
                ["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"],
            ),
            (
                19,
                "BP 128 over 76, pulse 88, resps 18, sats 96 on air, she's alert.",
                [
                    "data(systolicBP, 128)",
                    "data(diastolicBP, 76)",
                    "data(heartRate, 88)",
                    "data(respiratoryRate, 18)",
                    "data(oxygenSaturation, 96)",
                    "condition(oxygenSupply, air)",
                    "condition(consciousness, alert)",
                ],
            ),
            (8, "Pain 3 out of 10.", ["data(painLevel, 3)"]),
            (
                6,
                "Catheter drained 350 mL, she weighs 68 kilos.",
                ["data(urineOutput, 350)", "data(weight, 68.0)"],
            ),
        ],
    ),
    (
        "RN1002",
        "Arthur Price",
        "2",
        [
            (
                10,
                "Known COPD retainer, sats 89 on one litre, resps 20, pulse 84.",
                [
                    "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
                    "data(oxygenSaturation, 89)",
                    "condition(oxygenSupply, supplemental)",
                    "data(oxygenFlow, 1.0)",
                    "data(respiratoryRate, 20)",
                    "data(heartRate, 84)",
                ],
            ),
            (
                9,
                "BP 136 over 82, temp 36.9, alert.",
                [
                    "data(systolicBP, 136)",
                    "data(diastolicBP, 82)",
                    "data(temperature, 36.9)",
                    "condition(consciousness, alert)",
                ],
            ),
        ],
    ),
    (
        "RN1003",
        "Grace Okafor",
        "3",
        [
            (
                6,
                "Type 1 diabetic, BM 6.4, no pain.",
                [
                    "condition(backgroundInfo, diabetes)",
                    "data(bloodGlucose, 6.4)",
                    "data(painLevel, 0)",
                ],
            ),
            (2, "BM 12.4 before lunch.", ["data(bloodGlucose, 12.4)"]),
        ],
    ),
)


@transaction.atomic
def demo_ward_load() -> list[tuple[str, str, str]]:
    """Create the demo ward, its staff and patients (again from scratch if present).
    Returns (username, password, role) for each demo user."""
    ward = Ward.objects.filter(code="ward-7").first()
    if ward is not None and ward.patients.exists():
        return [(u, DEMO_PASSWORD, role) for u, _, _, role in USERS]
    ward, _ = Ward.objects.get_or_create(
        code="ward-7", defaults={"name": "Ward 7 (surgery)"}
    )
    for role in ROLES:
        Group.objects.get_or_create(name=role)
    for username, first, last, role in USERS:
        user, _ = User.objects.get_or_create(
            username=username, defaults={"first_name": first, "last_name": last}
        )
        user.set_password(DEMO_PASSWORD)
        user.is_staff = role == "rules admin"
        user.save()
        user.groups.add(Group.objects.get(name=role))
        ward.staff.add(user)
    now = timezone.now()
    for record, name, bed, history in PATIENTS:
        patient, _ = patient_admit(
            record_number=record,
            name=name,
            ward_code=ward.code,
            bed=bed,
            admitted_at=now - timedelta(days=1),
        )
        for hours, words, statements in history:
            message_import(
                patient=patient,
                said_at=now - timedelta(hours=hours),
                text=words,
                statements=statements,
            )
        patient_refresh(patient=patient, now=now)  # overdue observations show now
    return [(u, DEMO_PASSWORD, role) for u, _, _, role in USERS]

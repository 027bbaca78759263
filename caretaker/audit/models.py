"""The audit trail: who saw or changed what, when. Append-only."""

from typing import Any, NoReturn

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone

from caretaker.wards.models import Patient, Ward


class AuditImmutable(Exception):
    """An audit event was to be changed or deleted; the trail only grows."""


class Action(models.TextChoices):
    """The recorded actions; services of other apps may record their own names."""

    CHART_VIEW = "chart.view", "patient chart viewed"
    SERIES_VIEW = "series.view", "chart data read"
    BEDSIDE_VIEW = "bedside.view", "bedside page opened"
    BEDSIDE_SUBSCRIBE = "bedside.subscribe", "bedside live feed opened"
    WARD_VIEW = "ward.view", "ward dashboard opened"
    MESSAGE_SUBMIT = "message.submit", "message submitted"
    FACT_STORE = "fact.store", "fact stored"
    FACT_UNDO = "fact.undo", "fact undone"
    FACT_ASK = "fact.ask", "doubtful value asked about"
    FACT_CONFIRM = "fact.confirm", "doubtful value confirmed"
    FACT_CORRECT = "fact.correct", "doubtful value corrected"
    FACT_DISMISS = "fact.dismiss", "doubtful value dismissed"
    AUDIO_PLAY = "audio.play", "recording played"
    ALERT_ACKNOWLEDGE = "alert.acknowledge", "alert acknowledged"
    ALERT_RENOTIFY = "alert.renotify", "alert notified again"
    ALERT_ESCALATE = "alert.escalate", "alert escalated to the ward lead"
    ACCESS_REFUSE = "access.refuse", "access refused"
    RULE_CHANGE = "rule.change", "rules changed"
    AUDIT_EXPORT = "audit.export", "audit trail exported"
    AUDIT_VIEW = "audit.view", "audit trail read"
    ROLE_REFUSE = "role.refuse", "refused for want of a role"
    RULES_DRY_RUN = "rules.dry_run", "rule change dry run read"
    MESSAGE_RETRY = "message.retry", "message retried"
    MESSAGE_INSTRUCTION = (
        "message.instruction",
        "words addressed to the system, not done",
    )
    PASSWORD_RESET = "password.reset", "password reset asked for"
    FHIR_EXPORT = "fhir.export", "observations exported as FHIR"
    HANDOVER_VIEW = "handover.view", "shift handover read"


class AuditEventQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AuditImmutable("audit events cannot be changed")

    def delete(self) -> NoReturn:
        raise AuditImmutable("audit events cannot be deleted")


class AuditEvent(models.Model):
    at = models.DateTimeField(default=timezone.now, db_index=True)
    # PROTECT: a user with a trail is deactivated, never deleted.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    username = models.CharField(max_length=150, blank=True)  # as it was then
    action = models.CharField(max_length=64, db_index=True)
    object_type = models.CharField(max_length=100, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    patient = models.ForeignKey(
        Patient, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ward = models.ForeignKey(
        Ward, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    detail = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)

    objects = AuditEventQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["ward", "at"]),
            models.Index(fields=["patient", "at"]),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.username or '-'} {self.action}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AuditImmutable("audit events cannot be changed")
        kwargs.pop("force_update", None)
        kwargs["force_insert"] = True  # never an UPDATE, even with a preset pk
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AuditImmutable("audit events cannot be deleted")

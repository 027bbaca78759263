"""Warnings raised when a problem becomes active, until a nurse acknowledges them."""

from django.conf import settings
from django.db import models

from caretaker.journal.models import Message
from caretaker.wards.models import Patient


class Alert(models.Model):
    patient = models.ForeignKey(
        Patient, on_delete=models.PROTECT, related_name="alerts"
    )
    problem = models.CharField(max_length=100)
    severity = models.CharField(max_length=20)
    text = models.TextField()
    support = models.JSONField(default=list)
    first_derived_at = models.DateTimeField()
    message = models.ForeignKey(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="alerts"
    )
    ruleset_version = models.CharField(max_length=64, blank=True)
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Follow-up of an alert nobody acknowledged (caretaker.alerts.services).
    renotified_at = models.DateTimeField(null=True, blank=True)
    escalated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-first_derived_at", "id"]

    def __str__(self) -> str:
        return f"{self.problem} for {self.patient}"

"""Rule sets as immutable versions, which version is active where, and the audit."""

from typing import Any

from django.conf import settings
from django.db import models

from caretaker.wards.models import Ward

RULES_ADMIN_GROUP = "rules admin"


class RuleSetVersion(models.Model):
    """An alphabet, its .lp files and rule tests, never changed once stored.

    ``ward`` is the scope: empty for the global rule set, else the one ward it may be
    activated for. ``number`` counts versions across all scopes (the default is 1)."""

    number = models.PositiveIntegerField(unique=True)
    ward = models.ForeignKey(
        Ward,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ruleset_versions",
    )
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    alphabet = models.TextField()
    files = models.JSONField()  # {"news2.lp": "...", ...}
    tests = models.TextField(blank=True)
    comment = models.TextField(blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Validation passed when it was stored; activation validates again.
    validated_at = models.DateTimeField()

    class Meta:
        ordering = ["-number"]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """What alerts and snapshots record as the version that produced them."""
        return f"v{self.number}"

    @property
    def scope(self) -> str:
        return self.ward.code if self.ward is not None else "global"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("rule set versions are immutable; store a new version")
        super().save(*args, **kwargs)


class RuleSetActivation(models.Model):
    """Append-only: the latest activation of a scope (a ward, or global when ``ward``
    is empty) names its active version. A ward activation without a version hands
    the ward back to the global rule set."""

    class Kind(models.TextChoices):
        ACTIVATE = "activate"
        ROLLBACK = "rollback"

    ward = models.ForeignKey(
        Ward, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    version = models.ForeignKey(
        RuleSetVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="activations",
    )
    kind = models.CharField(max_length=10, choices=Kind, default=Kind.ACTIVATE)
    activated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    activated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]


class RuleSetAudit(models.Model):
    """Who created, validated, activated, rolled back, imported or exported what."""

    class Action(models.TextChoices):
        CREATED = "created"
        VALIDATED = "validated"
        VALIDATION_FAILED = "validation failed"
        ACTIVATED = "activated"
        ACTIVATION_REFUSED = "activation refused"
        ROLLED_BACK = "rolled back"
        IMPORTED = "imported"
        EXPORTED = "exported"

    action = models.CharField(max_length=20, choices=Action)
    version = models.ForeignKey(
        RuleSetVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="audit",
    )
    ward = models.ForeignKey(
        Ward, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True)
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} {self.version or ''}".strip()

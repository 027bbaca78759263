"""Wards, their staff, and the patients on them."""

from django.conf import settings
from django.db import models


class Ward(models.Model):
    code = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="wards", blank=True
    )

    def __str__(self) -> str:
        return self.name


class Patient(models.Model):
    ward = models.ForeignKey(Ward, on_delete=models.PROTECT, related_name="patients")
    record_number = models.CharField(max_length=32, unique=True)
    name = models.CharField(max_length=200)
    bed = models.CharField(max_length=20, blank=True)
    admitted_at = models.DateTimeField()

    class Meta:
        ordering = ["ward", "bed", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.record_number})"

"""The audit trail in the admin: readable, never editable."""

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from caretaker.audit.models import AuditEvent


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = ("at", "username", "action", "object_type", "object_id", "patient")
    list_filter = ("action", "ward")
    search_fields = ("username", "object_id", "patient__record_number")
    date_hierarchy = "at"
    readonly_fields = [f.name for f in AuditEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: Model | None = None
    ) -> bool:
        return False

    def has_delete_permission(
        self, request: HttpRequest, obj: Model | None = None
    ) -> bool:
        return False

"""Audit trail URLs (under /audit/)."""

from django.urls import path

from caretaker.audit import views

urlpatterns = [
    path("", views.audit_list, name="audit-list"),
    path("export.csv", views.audit_export, name="audit-export"),
]

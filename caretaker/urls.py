"""URL configuration."""

from django.contrib import admin
from django.urls import include, path

import caretaker.converters  # noqa: F401  (registers the id and number converters)
from caretaker.care.views import alerts, bedside, rulesets, wards

urlpatterns = [
    path("", wards.home, name="home"),
    path("wards/<slug:code>/", wards.ward_dashboard, name="ward-dashboard"),
    path("wards/<slug:code>/handover/", wards.ward_handover, name="ward-handover"),
    path("patients/<id:patient_id>/", wards.patient_detail, name="patient-detail"),
    path(
        "patients/<id:patient_id>/series.json",
        wards.patient_series,
        name="patient-series",
    ),
    path("patients/<id:patient_id>/bedside/", bedside.bedside, name="bedside"),
    path("patients/<id:patient_id>/fhir/", wards.patient_fhir, name="patient-fhir"),
    path(
        "patients/<id:patient_id>/handover/",
        wards.patient_handover_view,
        name="patient-handover",
    ),
    path(
        "patients/<id:patient_id>/messages/",
        bedside.message_create,
        name="message-create",
    ),
    path("facts/<id:fact_id>/undo/", bedside.fact_undo, name="fact-undo"),
    path(
        "messages/<id:message_id>/undo/",
        bedside.message_undo,
        name="message-undo",
    ),
    path(
        "facts/<id:fact_id>/answer/",
        bedside.question_answer_view,
        name="question-answer",
    ),
    path(
        "messages/<id:message_id>/audio/",
        bedside.message_audio,
        name="message-audio",
    ),
    path(
        "messages/<id:message_id>/retry/",
        bedside.message_retry_view,
        name="message-retry",
    ),
    path(
        "alerts/<id:alert_id>/acknowledge/",
        alerts.alert_acknowledge_view,
        name="alert-acknowledge",
    ),
    path("audit/", include("caretaker.audit.urls")),
    path("rules/", rulesets.rules_home, name="rules-home"),
    path("rules/edit/", rulesets.ruleset_edit, name="rules-edit"),
    path("rules/diff/", rulesets.version_diff, name="rules-diff"),
    path("rules/audit/", rulesets.rules_audit, name="rules-audit"),
    path("rules/v<number:number>/", rulesets.version_detail, name="rules-version"),
    path(
        "rules/v<number:number>/activate/",
        rulesets.version_activate,
        name="rules-activate",
    ),
    path(
        "rules/rollback/<slug:scope>/",
        rulesets.scope_rollback,
        name="rules-rollback",
    ),
    # Before Django's own: reset is off unless CARETAKER_PASSWORD_RESET, throttled.
    path("accounts/", include("caretaker.password_reset")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
]

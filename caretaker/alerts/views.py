"""Acknowledging alerts over HTTP (the dashboard also can over its websocket)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from caretaker.alerts.models import Alert
from caretaker.alerts.services import alert_acknowledge
from caretaker.audit.services import access_refusal_record
from caretaker.wards.selectors import alert_json, patient_visible


@login_required
@require_POST
def alert_acknowledge_view(request, alert_id: int):
    alert = get_object_or_404(Alert.objects.select_related("patient"), pk=alert_id)
    if not patient_visible(user=request.user, patient=alert.patient):
        access_refusal_record(user=request.user, what=request.path, obj=alert)
        raise Http404("no such alert on your wards")
    return JsonResponse(
        alert_json(alert=alert_acknowledge(alert=alert, user=request.user))
    )

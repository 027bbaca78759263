"""Acknowledging alerts over HTTP (the dashboard also can over its websocket)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_POST

from caretaker.alerts.models import Alert
from caretaker.audit.access import visible_or_404
from caretaker.care.actions import alert_acknowledge
from caretaker.care.presenters import alert_json
from caretaker.users import AuthenticatedHttpRequest


@login_required
@require_POST
def alert_acknowledge_view(
    request: AuthenticatedHttpRequest, alert_id: int
) -> HttpResponse:
    alert = visible_or_404(
        request, Alert.objects.select_related("patient"), pk=alert_id
    )
    return JsonResponse(
        alert_json(alert=alert_acknowledge(alert=alert, user=request.user))
    )

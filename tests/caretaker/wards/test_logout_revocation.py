"""Logout leaves no window: Django sends its logout signal before it deletes the
session, and under concurrent writes that delete can wait for the database while the
sockets check again. A session marked for logout is gone to every socket at once, and
a deleted session row closes the sockets it opened."""

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.contrib.sessions.models import Session

from caretaker.wards.access import socket_user_current
from tests.caretaker.wards.test_consumers import (  # noqa: F401
    _disconnect_every_socket,
    _open,
)
from tests.caretaker.wards.test_socket_access import (
    closed_with,
    logged_in,
    opened,
    socket,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_socket_finds_the_session_gone_before_logout_deletes_it(nurse):
    """A receiver connected after the app's runs where a slow delete would leave a
    socket's re-check: between the signal and the session's deletion."""
    client = logged_in(nurse)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    seen = []

    def in_the_window(sender, request, user, **kwargs):
        seen.append(
            (
                Session.objects.filter(session_key=key).exists(),
                socket_user_current(user=nurse, session_key=key),
            )
        )

    user_logged_out.connect(in_the_window, dispatch_uid="test-logout-window")
    try:
        client.post("/accounts/logout/")
    finally:
        user_logged_out.disconnect(dispatch_uid="test-logout-window")
    assert seen == [(True, None)]


def test_another_device_session_still_holds_during_a_logout(nurse):
    tablet, desktop = logged_in(nurse), logged_in(nurse)
    tablet.post("/accounts/logout/")
    desktop_key = desktop.cookies[settings.SESSION_COOKIE_NAME].value
    assert socket_user_current(user=nurse, session_key=desktop_key) == nurse


@pytest.mark.asyncio
async def test_deleting_a_session_closes_the_sockets_it_opened(ward, nurse, patient):
    """An administrator ending a session (or logout's own delete) closes its sockets
    at once, not at their next periodic check."""
    client = await sync_to_async(logged_in)(nurse)
    dashboard = await opened(socket(f"/ws/wards/{ward.code}/", client))
    bedside = await opened(socket(f"/ws/patients/{patient.pk}/", client))
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    await sync_to_async(Session.objects.filter(session_key=key).delete)()
    assert await closed_with(dashboard) == 4403
    assert await closed_with(bedside) == 4403

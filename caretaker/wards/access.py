"""Whether the user behind a live socket may still see a ward or a patient.

A websocket outlives the request that opened it. So each inbound action and each
push asks again: is the session that opened the socket still there and still this
user's (logout deletes it, a password change invalidates it), is the user still
active, and still on the ward.
"""

from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.utils.crypto import constant_time_compare

from caretaker.users import RequestUser, User
from caretaker.wards.models import Patient, Ward
from caretaker.wards.revocation import session_logging_out
from caretaker.wards.selectors import patient_visible, ward_visible


def socket_user_current(
    *, user: RequestUser | None, session_key: str | None
) -> User | None:
    """The user, read again, when the socket's session and account still hold;
    otherwise None. ``session_key`` is None only for a scope built without a session
    (tests that set the user directly); the ASGI app always has one."""
    if user is None or not user.is_authenticated:
        return None
    current = get_user_model().objects.filter(pk=user.pk, is_active=True).first()
    if current is None or session_key is None:
        return current
    if session_logging_out(session_key):
        return None  # logged out; the session row may still be on its way out
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    if str(store.get(SESSION_KEY, "")) != str(current.pk):
        return None  # logged out, expired or flushed
    if not constant_time_compare(
        store.get(HASH_SESSION_KEY, ""), current.get_session_auth_hash()
    ):
        return None  # the password changed since
    return current


def scope_session_key(scope: dict[str, Any]) -> str | None:
    session = scope.get("session")
    return None if session is None else session.session_key or ""


def _scope_user(scope: dict[str, Any]) -> User | None:
    return socket_user_current(
        user=scope.get("user"), session_key=scope_session_key(scope)
    )


def ward_access_current(*, scope: dict[str, Any], ward: Ward) -> bool:
    user = _scope_user(scope)
    return user is not None and ward_visible(user=user, ward=ward)


def patient_access_current(*, scope: dict[str, Any], patient_id: int) -> bool:
    user = _scope_user(scope)
    patient = Patient.objects.filter(pk=patient_id).first()
    return (
        user is not None
        and patient is not None
        and patient_visible(user=user, patient=patient)
    )

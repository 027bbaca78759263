"""Close a user's open sockets when her access changes: logout, deactivation, a
password change, removal from a ward or from a role.

Each socket joins its user's group; a change sends ``access.changed`` there after
commit, and each socket checks its access again and closes if it is gone (another
device's socket whose session still holds stays open).

Logout sends its signal before it deletes the session, and under concurrent writes the
delete can wait for the database while the sockets check again and find the session
still there. So logout first marks the session as logging out (in the cache, which
every server process shares in production), and sockets treat a marked session as
gone; the deleted session row asks its user's sockets to check once more.
"""

import hashlib
from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.signals import user_logged_out
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import models, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.http import HttpRequest

from caretaker.users import User
from caretaker.wards.models import Ward


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def user_sockets_recheck(user_ids: Iterable[int]) -> None:
    """Ask every open socket of these users to check its access again."""
    layer = get_channel_layer()
    if layer is None:
        return
    for user_id in set(user_ids):
        async_to_sync(layer.group_send)(user_group(user_id), {"type": "access.changed"})


def _after_commit(user_ids: Iterable[int]) -> None:
    ids = list(user_ids)
    transaction.on_commit(lambda: user_sockets_recheck(ids))


def _logout_mark_key(session_key: str) -> str:
    # A digest: the cache never holds a usable session key.
    return "caretaker:logout:" + hashlib.sha256(session_key.encode()).hexdigest()


def session_logging_out(session_key: str) -> bool:
    """Whether this session was logged out (its row may not be deleted yet)."""
    return bool(session_key) and cache.get(_logout_mark_key(session_key)) is not None


def _logged_out(
    sender: object, request: HttpRequest | None, user: User | None, **kwargs: object
) -> None:
    session_key = request.session.session_key if request is not None else None
    if session_key:
        cache.set(
            _logout_mark_key(session_key), True, timeout=settings.SESSION_COOKIE_AGE
        )
    if user is not None:
        _after_commit([user.pk])


def _session_deleted(
    sender: type[Session], instance: Session, **kwargs: object
) -> None:
    # Logout's own delete, an administrator's, clearsessions: the sockets it opened
    # check again once the row is gone for good.
    try:
        user_id = instance.get_decoded().get(SESSION_KEY)
    except Exception:  # noqa: BLE001 (a row Django cannot decode has no user)
        return
    if user_id is not None and str(user_id).isdigit():
        _after_commit([int(user_id)])


def _user_saved(
    sender: type[User],
    instance: User,
    created: bool,
    update_fields: Iterable[str] | None = None,
    **kwargs: object,
) -> None:
    # Deactivated, password changed, no longer a superuser ... (not each login).
    if not created and set(update_fields or ()) != {"last_login"}:
        _after_commit([instance.pk])


def _ward_staff_changed(
    sender: type[models.Model],
    instance: Ward | User,
    action: str,
    reverse: bool,
    pk_set: set[int] | None,
    **kwargs: object,
) -> None:
    if action not in ("post_remove", "post_clear", "pre_clear"):
        return
    if reverse:  # user.wards.remove(ward): instance is the user
        _after_commit([instance.pk])
    elif pk_set:
        _after_commit(pk_set)
    elif action == "pre_clear" and isinstance(instance, Ward):
        # ward.staff.clear(): who is on it before
        _after_commit(instance.staff.values_list("pk", flat=True))


def _roles_changed(
    sender: type[models.Model],
    instance: models.Model,
    action: str,
    reverse: bool,
    pk_set: set[int] | None,
    **kwargs: object,
) -> None:
    if action not in ("post_remove", "post_clear", "post_add"):
        return
    _after_commit(pk_set or () if reverse else [instance.pk])


def revocation_connect() -> None:
    """Connect the signals (from the wards app's ``ready``)."""
    user_model = get_user_model()
    user_logged_out.connect(_logged_out, dispatch_uid="caretaker-socket-logout")
    post_delete.connect(
        _session_deleted, sender=Session, dispatch_uid="caretaker-socket-session"
    )
    post_save.connect(
        _user_saved, sender=user_model, dispatch_uid="caretaker-socket-user"
    )
    m2m_changed.connect(
        _ward_staff_changed,
        sender=Ward.staff.through,
        dispatch_uid="caretaker-socket-ward",
    )
    m2m_changed.connect(
        _roles_changed,
        sender=user_model.groups.through,
        dispatch_uid="caretaker-socket-roles",
    )

"""The people behind a request or a socket, as types: a member of staff (the user
model, ``AUTH_USER_MODEL``: Django's own ``User``) or anyone not logged in."""

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest

# What ``request.user`` and a socket's ``scope["user"]`` hold.
RequestUser: TypeAlias = User | AnonymousUser

__all__ = ["AnonymousUser", "AuthenticatedHttpRequest", "RequestUser", "User"]


class AuthenticatedHttpRequest(HttpRequest):
    """The request of a view behind ``login_required``: its user is staff."""

    user: User

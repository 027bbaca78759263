"""Password reset by e-mail: off unless the hospital turns it on.

Most hospitals own passwords in their directory (SSO, LDAP); then a reset link from
this app is one more way in, and ``CARETAKER_PASSWORD_RESET`` stays off (404). When
on, each request is throttled per client and per address, and audited.
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.urls import path
from django_ratelimit.core import is_ratelimited

from caretaker.audit.models import Action
from caretaker.audit.services import audit_record

RATE = "5/h"


View = Callable[..., HttpResponseBase]


def _enabled(view: View) -> View:
    @login_not_required  # for people who cannot log in
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not settings.CARETAKER_PASSWORD_RESET:
            raise Http404("password reset is managed by the hospital's directory")
        return view(request, *args, **kwargs)

    return checked


def password_reset(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
    """Django's reset form, throttled and audited."""
    if request.method == "POST":
        address = request.POST.get("email", "").strip().lower()[:254]
        limited = any(
            is_ratelimited(request, group="password-reset", key=key, rate=RATE,
                           method="POST", increment=True)
            for key in ("ip", lambda _group, _request: address or "-")
        )  # fmt: skip
        audit_record(user=None, action=Action.PASSWORD_RESET,
                     detail={"email": address, "throttled": limited})  # fmt: skip
        if limited:
            response = HttpResponse("too many reset requests; try again later",
                                    status=429)  # fmt: skip
            response["Retry-After"] = "3600"
            return response
    return auth_views.PasswordResetView.as_view()(request, *args, **kwargs)


urlpatterns = [
    path("password_reset/", _enabled(password_reset), name="password_reset"),
    path("password_reset/done/",
         _enabled(auth_views.PasswordResetDoneView.as_view()),
         name="password_reset_done"),
    path("reset/<uidb64>/<token>/",
         _enabled(auth_views.PasswordResetConfirmView.as_view()),
         name="password_reset_confirm"),
    path("reset/done/", _enabled(auth_views.PasswordResetCompleteView.as_view()),
         name="password_reset_complete"),
]  # fmt: skip

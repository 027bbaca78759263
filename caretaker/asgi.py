"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "caretaker.settings.base")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from caretaker.collector import collector_tuned  # noqa: E402
from caretaker.origin import SameOriginValidator  # noqa: E402
from caretaker.routing import websocket_urlpatterns  # noqa: E402
from caretaker.server.body_limit import BodyLimit  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app),
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Last: what is loaded by now lives as long as the process (caretaker/collector.py).
collector_tuned()

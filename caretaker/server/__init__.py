"""The ASGI server: uvicorn serving ``caretaker.asgi:application``, HTTP and websockets.

Listed first in ``INSTALLED_APPS`` so that its ``runserver`` replaces Django's (a WSGI
server without websockets): ``make run``, the Docker image, the browser tests and the
benchmarks all serve through the one command.
"""

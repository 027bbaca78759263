"""python manage.py demo_setup: load the demo ward and users, print the credentials."""

from typing import Any

from django.core.management.base import BaseCommand

from caretaker.care.demo import demo_ward_load


class Command(BaseCommand):
    help = "Load a demo ward with patients, history and users."

    def handle(self, *args: Any, **options: Any) -> None:
        for username, password, role in demo_ward_load():
            self.stdout.write(f"  {role:12} user: {username:6} password: {password}")

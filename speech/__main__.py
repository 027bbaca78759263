"""Entry point for ``python -m speech``."""

import sys

from speech.cli import main

sys.exit(main())

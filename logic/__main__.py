"""``python -m logic``: see :mod:`logic.cli`."""

import sys

from logic.cli import main

sys.exit(main())

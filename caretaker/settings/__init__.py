"""Settings: `base` runs on embedded defaults; `production` requires its services."""

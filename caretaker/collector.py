"""The web process's garbage collector, set for hundreds of long-lived sockets.

CPython's full collection walks every tracked object. A web process holding 500 ward
dashboards tracks about 230,000 (half of them the app itself: modules, classes, URL
patterns, models; the rest the sockets' consumers, tasks and protocol objects), and
with the default thresholds it ran a full collection every 3 to 4 seconds while
messages were solved, each 120 to 150 ms with every thread stopped. An alert solved
during one reached the dashboards that much later (``bench/fanout_bench.py``).
"""

import gc

# Objects allocated between two young collections (CPython's default is 700). Each
# young collection moves the temporaries still alive at that moment (a solve's ORM
# rows, a presented payload) into the older generations, and their count is what
# triggers a full collection: collecting young objects less often promotes fewer of
# them. 20,000 young objects are a few megabytes and a collection of them is a
# millisecond or two.
YOUNG_THRESHOLD = 20_000


def collector_tuned() -> None:
    """Freeze what exists now (the loaded app lives as long as the process) out of
    every later collection, and collect young objects less often. Call once the
    application is loaded, before it serves."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)

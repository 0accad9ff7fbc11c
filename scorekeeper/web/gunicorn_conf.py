"""How gunicorn serves the app for real (README): threads, so slow clients wait alone.

    gunicorn -c python:scorekeeper.web.gunicorn_conf

Options on the command line win (`-b 0.0.0.0:8000`, `-w 4`). gunicorn's sync
workers read each request themselves: two clients sending their headers a byte
at a time held both of `-w 2`'s workers, and every other phone waited. A
threaded worker waits for a request's first bytes in its event loop, then
reads it in one of its threads: a slow client holds one thread, not a worker.
"""

from __future__ import annotations

import os

wsgi_app = "scorekeeper:create_app()"
bind = os.environ.get("BIND", "127.0.0.1:8000")
# Two processes (more with WEB_CONCURRENCY) of eight threads each: sixteen
# requests at once, each thread short on CPU (SQLite or PostgreSQL does the
# waiting). Bounded, so a flood queues instead of exhausting memory or the
# database's connections (SQLAlchemy's pool is 5 + 10 a process).
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = 8
# At most this many open connections a worker; more wait in the listen backlog.
worker_connections = 200
# A worker silent this long is restarted; a stop lets requests finish this long.
timeout = 30
graceful_timeout = 30
# An idle kept-alive connection is closed after this many seconds.
keepalive = 5
# Requests are small here: short request lines and few headers (gunicorn's
# defaults, said aloud so a change is seen).
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190

"""The CPU a server has run, read from /proc (Linux): what a busy machine moves
less than the time a request took. Shared by the benches that print it."""

from __future__ import annotations

import os
from pathlib import Path


def family(pid: int) -> list[int]:
    """Return a server's process and its children (gunicorn's workers)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [pid, *map(int, children)]


def cpu_seconds(pid: int) -> float:
    """Return the user and system time of a server and its workers."""
    total = 0
    for each in family(pid):
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def thread_ns(pid: int) -> int:
    """Return the nanoseconds one process's threads have run on a CPU
    (schedstat's first figure: finer than the clock ticks of `cpu_seconds`)."""
    return sum(
        int((task / "schedstat").read_text().split()[0])
        for task in Path(f"/proc/{pid}/task").iterdir()
    )


def server_ns(pid: int) -> int:
    """Return the nanoseconds a server's threads (its workers' too) have run."""
    return sum(thread_ns(each) for each in family(pid))

"""Time finding a rotation (mixer) schedule: well under a second for 8 to 24 players.

Prints, per roster size, the best and median of a few runs, the share of the
one-second budget, and how the schedule came out: every two players partners
exactly once, and how often the most-met two were opponents (2 for a whist
tournament, at most 3 allowed). Also times rosters that are not a multiple of
four (byes) and a night of 60 for scale.

Run: .venv/bin/python bench/nights_movement.py
"""

from __future__ import annotations

import statistics
import time

from scorekeeper.nights.movements.rotation import Meetings, rotation_schedule

RUNS = 5
BUDGET = 1.0


def timed(count: int) -> tuple[list[float], Meetings]:
    """Return the times of RUNS schedules for `count` players, and the meetings."""
    players = [f"Player {i}" for i in range(count)]
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        rounds = rotation_schedule(players)
        times.append(time.perf_counter() - start)
    return times, Meetings(rounds)


def main() -> None:
    """Print one line per roster size."""
    print(f"{'players':>7} {'best ms':>8} {'median ms':>9} {'of 1 s':>7}  schedule")
    for count in (8, 12, 16, 20, 24, 10, 15, 21, 60):
        times, meetings = timed(count)
        pairs = count * (count - 1) // 2
        partnered = sum(1 for n in meetings.partners.values() if n == 1)
        most = max(meetings.opponents.values())
        median = statistics.median(times)
        print(
            f"{count:>7} {min(times) * 1000:>8.1f} {median * 1000:>9.1f} "
            f"{median / BUDGET:>7.1%}  partners once: {partnered}/{pairs}, "
            f"most opposed: {most}"
        )


if __name__ == "__main__":
    main()

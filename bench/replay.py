"""Time replaying a long game: microseconds per hand should stay flat as it grows.

Run: .venv/bin/python bench/replay.py
"""

from __future__ import annotations

import timeit

from scorekeeper.scoring import Hand, make_hand, make_table, replay, rules_from_dict

# No target and no floor, and a limit the game never reaches: it never ends.
RULES = rules_from_dict(
    {"target": None, "floor": None, "hands_limit": 100_000, "lock": 490}
)
TABLE = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])
BIDDERS = ("Ann", "Bob", "Cat", "Dan")
CONTRACTS = ("6S", "7H", "8C", "misere", "9D", "pass", "10NT", "open_misere")


def build(count: int) -> list[Hand]:
    """Return `count` varied hands: made, failed, misère and all-pass."""
    hands = []
    for number in range(count):
        contract = CONTRACTS[number % len(CONTRACTS)]
        if contract == "pass":
            hands.append(make_hand(RULES, TABLE, contract="pass"))
            continue
        tricks = (number * 7) % 11
        hands.append(
            make_hand(
                RULES,
                TABLE,
                contract=contract,
                bidder=BIDDERS[number % 4],
                tricks=tricks,
            )
        )
    return hands


def main() -> None:
    """Print microseconds per hand for replays of 250, 500 and 1,000 hands."""
    hands = build(1000)
    state = replay(RULES, TABLE, hands)
    assert not state.finished
    print(f"1,000 hands, totals {state.totals}")
    for count in (250, 500, 1000):
        prefix = hands[:count]
        runs = max(1, 20_000 // count)
        best = min(
            timeit.repeat(
                lambda p=prefix: replay(RULES, TABLE, p), number=runs, repeat=5
            )
        )
        print(f"{count:>5} hands: {best / runs / count * 1e6:7.2f} µs per hand")


if __name__ == "__main__":
    main()

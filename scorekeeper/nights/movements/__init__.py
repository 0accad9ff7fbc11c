"""Who sits where each round, as pure functions over names: round 1, byes and
odd tables, the progressive and fixed-pairs movements (movement.py), the
mixer's schedule (rotation.py) and the pairings it is drawn from (pairing.py)."""

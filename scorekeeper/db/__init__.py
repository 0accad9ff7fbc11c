"""The database: its tables, migrations, transactions and the per-game lock."""

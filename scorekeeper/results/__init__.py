"""What is derived from the hands and kept beside them, rebuilt by `flask rescore`."""

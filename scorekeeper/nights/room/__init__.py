"""What the room sees beside the night's own pages: the director asked once
before an action that cannot be taken back, and a table told, at its round's
end, where each of its players goes next."""

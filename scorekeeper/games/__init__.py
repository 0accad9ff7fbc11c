"""Games: start one, score it hand by hand, follow it live, share and download it."""

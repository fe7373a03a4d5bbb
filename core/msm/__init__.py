"""Rules of The Cats of Mont Saint-Michel (board geometry, combat, spawning, rounds)."""

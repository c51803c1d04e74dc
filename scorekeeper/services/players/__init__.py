"""Players as persons: the club's list, renames, archives, merges, and the seats linked to them."""

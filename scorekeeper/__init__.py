"""scorekeeper: the scorekeeping and hand-auditing companion for Piedmontese tarot games."""

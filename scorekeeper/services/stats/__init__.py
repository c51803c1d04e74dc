"""The club's statistics: the rows worked out from the stored deals, the figures summed from
them, the ratings, and the periods they are asked for."""

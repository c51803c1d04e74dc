"""The statistics' storage: their rows beside the deals, and the SQL that sums them."""

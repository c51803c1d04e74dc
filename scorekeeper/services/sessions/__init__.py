"""Sessions: start, list and delete them; load one with its deals; its protocol; a paper
protocol entered at once; an export file imported."""

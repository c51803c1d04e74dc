"""Charts as server-rendered SVG: no script, no external reference, drawn alike by a browser
and by WeasyPrint (issue #23, "Charts where people would rather look than read").

session.py   session_chart: a session's running totals, one line per side, its games marked
player.py    score_per_month_chart and rating_chart: a player's course over time, his rating
             in front of the club's spread
club.py      club_chart: every regular player's rating over a season, named at the line ends
ranking.py   ranking_chart: a club ranking as horizontal bars
lines.py     the line chart all but the ranking are drawn with
marks.py     its heading, legend, shaded band and provisional markers
svg.py       the SVG builder: presentation attributes only, every text escaped

Why hand-written rather than pygal or leather: bench/charts.py measures all three on a
session's chart of 40 deals. The hand-written one is the fastest to make (under 1 ms against
pygal's 20 and leather's 5), the smallest, the cheapest for WeasyPrint, and meets every
requirement as it is: a dash pattern and a name at each line's end, the games marked, <title>
and <desc>, presentation attributes only. pygal colours its lines from a <style> element, which
the pages' Content-Security-Policy (style-src 'self') blocks inline, and writes a <script> even
with js=[]; leather has no title, no description and no line-end labels.

Each function returns a complete <svg> element with its XML namespace: inline in a page, as a
sheet's image, or served alone as image/svg+xml. Its sentences are in the current locale's language.
Work is linear in the points given (a 120-deal session, ten years of months: a few hundred).
"""

from .club import club_chart
from .player import rating_chart
from .player import score_per_month_chart
from .ranking import ranking_chart
from .session import session_chart

__all__ = ["club_chart", "rating_chart", "ranking_chart", "score_per_month_chart", "session_chart"]

"""The rules core: pure Python, standard library only, no I/O (rules.md Part A).

Glossary (rules.md A1), one meaning each:

ruleset   a named, frozen set of rule options (a preset, or a preset with house-rule overrides)
session   one sitting at one table: players in order of play, a ruleset, the deals played
game      the deals that make one result (by default until every player has dealt once)
deal      one hand from shuffling to counting
dealer    who deals; the next deal passes to the next player in order of play
trick     the cards played in one round of play (3, or 4 in Piedicavallo)
pile      the cards a player (or team) has won, plus the Fool for its owner
scarto    the cards the dealer lays aside after taking the stock; they join his pile
counter   a card worth more than 1: King 5, Queen 4, Cavallo 3, Jack 2, 5-point trumps, the Fool
blank     any other card (worth 1 before the group deduction)
points    what a pile counts to in one deal
score     what the protocol records for a deal: points - 26, or raw points
protocol  the score sheet kept at the table
"""

from .cards import FOOL
from .cards import Card
from .cards import Suit
from .cards import format_cards
from .cards import parse_card
from .cards import parse_cards
from .count_check import check_count
from .counting import PileCount
from .counting import count_pile
from .errors import IllegalDealError
from .errors import InvalidNotationError
from .errors import InvalidRulesetError
from .errors import ScorekeeperError
from .options import OPTIONS
from .problem import Problem
from .ruleset import PRESETS
from .ruleset import RULESET_IDS
from .ruleset import Ruleset
from .ruleset import find_ruleset
from .scarto import ScartoVerdict
from .scarto import check_scarto

__all__ = [
    "FOOL",
    "OPTIONS",
    "PRESETS",
    "RULESET_IDS",
    "Card",
    "IllegalDealError",
    "InvalidNotationError",
    "InvalidRulesetError",
    "PileCount",
    "Problem",
    "Ruleset",
    "ScartoVerdict",
    "ScorekeeperError",
    "Suit",
    "check_count",
    "check_scarto",
    "count_pile",
    "find_ruleset",
    "format_cards",
    "parse_card",
    "parse_cards",
]

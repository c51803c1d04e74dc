"""The rule options as data: each option's allowed values and meaning (rules.md A3, Part B §2).

Every point on which the sources disagree is an option, never a constant in code. The table stands
apart from the presets and from ``Ruleset`` so that the forms and the API can read it alone; its
order is the order they list the options in. An option's first value gives the type a
house-rule override is read as (``ruleset.find_ruleset``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .problem import translatable


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: the values it takes and what it means at the table."""

    name: str
    values: tuple[object, ...]
    description: str


_OPTIONS = (
    Option(
        "top_trump",
        (20, 21),
        translatable("The trump above all others: the Angel (20) or the World (21)"),
    ),
    Option(
        "five_point_trump",
        (20, 21),
        translatable("The high trump worth 5 points beside the Bagatto (T1)"),
    ),
    Option("fool_value", (4, 5), translatable("Points of the Fool")),
    Option(
        "scarto_bagatto",
        ("never", "if-no-other-trump-or-fool", "if-no-other-trump"),
        translatable("When the Bagatto (T1) may be laid aside"),
    ),
    Option(
        "scarto_trumps",
        ("free", "forbidden", "last-resort"),
        translatable(
            "Ordinary trumps in the scarto: free; forbidden; or only with no other choice "
            "or when it leaves the dealer with no trump"
        ),
    ),
    Option(
        "scarto_fool",
        ("never", "if-no-other-trump"),
        translatable("When the Fool may be laid aside"),
    ),
    Option(
        "announce_scarto_trumps",
        (False, True),
        translatable("The dealer announces his trumps laid aside"),
    ),
    Option(
        "illegal_scarto",
        ("flag", "to-last-trick-winner"),
        translatable(
            "An illegal scarto is only marked, or its cards go to the winner of the last trick"
        ),
    ),
    Option(
        "scarto_needs_team_trick",
        (False, True),
        translatable("The scarto and the Fool go to the other team if a team wins no trick"),
    ),
    Option(
        "fool_may_lead",
        (True, False),
        translatable("The Fool may be led (the next card sets the suit)"),
    ),
    Option(
        "fool_needs_prior_trick",
        (False, True),
        translatable("The Fool may be played only after its owner has won a trick"),
    ),
    Option(
        "fool_if_owner_no_trick",
        ("stays", "last-trick-winner", "opponents"),
        translatable("Where the Fool goes when its owner wins no trick"),
    ),
    Option(
        "must_trump",
        (True, False),
        translatable("A player void in the suit led must trump if able"),
    ),
    Option(
        "counting",
        ("threes", "raw"),
        translatable("Count in threes (sum - 2 a group) or raw values"),
    ),
    Option(
        "fool_counting",
        ("apart", "in-group"),
        translatable("The Fool apart with a phantom blank (78), or in a group (77)"),
    ),
    Option(
        "recording",
        ("difference", "raw"),
        translatable("Record points - average (26), or raw points"),
    ),
    Option(
        "game_length",
        ("each-deals-once", "3-deals", "6-deals", "9-deals", "first-to-100"),
        translatable("When a game is complete"),
    ),
    Option(
        "tie_extra_deal",
        (False, True),
        translatable("A game tied for first place gets an extra deal"),
    ),
    Option(
        "settlement",
        ("lowest-pays-winners", "lowest-pays-each", "highest-wins"),
        translatable("Who pays whom at the end of a game"),
    ),
)
OPTIONS: dict[str, Option] = {option.name: option for option in _OPTIONS}


def option_text(value: object) -> str:
    """An option's value as a deal record and the forms write it: ``true``, ``21``, ``never``."""
    return str(value).lower() if isinstance(value, bool) else str(value)

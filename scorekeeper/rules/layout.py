"""Where a deal's cards ended up, as the audit sees it, and the rules that move them.

A Layout knows, for each seat's pile and for the scarto, how many cards it holds and which of
them are known: all of them for full piles, only the counters for the quick count. Points need
no more than that (rules.md A4: blanks matter only through the pile size).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace

from .cards import FOOL
from .cards import Card
from .problem import Problem
from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Layout:
    """Each seat's pile (won cards and the Fool for its holder) and the scarto."""

    seats: tuple[tuple[Card, ...], ...]
    """The known cards of each seat's pile."""
    sizes: tuple[int, ...]
    """How many cards each seat's pile holds, the Fool included."""
    scarto: tuple[Card, ...]
    scarto_size: int
    scarto_holder: int
    """The seat whose side the scarto counts for: the dealer, unless a penalty moved it."""
    scarto_known: bool
    complete: bool
    """Every card is known, so piles can be shown group by group."""

    @classmethod
    def from_piles(
        cls, piles: Sequence[Sequence[Card]], scarto: Sequence[Card], dealer: int
    ) -> Layout:
        seats = tuple(tuple(pile) for pile in piles)
        sizes = tuple(len(pile) for pile in piles)
        return cls(seats, sizes, tuple(scarto), len(scarto), dealer, True, True)

    @property
    def fool_holder(self) -> int | None:
        return next((seat for seat, cards in enumerate(self.seats) if FOOL in cards), None)

    def won(self, seat: int) -> int:
        """Cards a seat won in tricks: its pile without the Fool."""
        return self.sizes[seat] - (1 if FOOL in self.seats[seat] else 0)

    def sides(self, ruleset: Ruleset) -> tuple[list[list[Card]], list[int]]:
        """Known cards and sizes per side, the scarto counted with its holder's side."""
        cards: list[list[Card]] = [[] for _ in range(ruleset.sides)]
        sizes = [0] * ruleset.sides
        for seat, pile in enumerate(self.seats):
            cards[ruleset.side_of(seat)] += pile
            sizes[ruleset.side_of(seat)] += self.sizes[seat]
        cards[ruleset.side_of(self.scarto_holder)] += self.scarto
        sizes[ruleset.side_of(self.scarto_holder)] += self.scarto_size
        return cards, sizes

    def move_fool(self, to: int) -> Layout:
        frm = self.fool_holder
        if frm is None or frm == to:
            return self
        seats = [list(cards) for cards in self.seats]
        sizes = list(self.sizes)
        seats[frm].remove(FOOL)
        seats[to].append(FOOL)
        sizes[frm] -= 1
        sizes[to] += 1
        return replace(self, seats=tuple(map(tuple, seats)), sizes=tuple(sizes))


def seat_names(ruleset: Ruleset, names: Sequence[str] | None) -> list[str]:
    """The players' names for messages, "player 1"... when none are given."""
    if names is None:
        return [f"player {seat + 1}" for seat in range(ruleset.players)]
    if len(names) != ruleset.players:
        raise ValueError(f"{len(names)} names for {ruleset.players} players")
    return list(names)


def side_name(ruleset: Ruleset, names: Sequence[str], side: int) -> str:
    if ruleset.teams:
        return f"{names[side]} and {names[side + 2]}"
    return names[side]


def check_cards(
    groups: Sequence[Sequence[Card]], ruleset: Ruleset, where: Sequence[str]
) -> list[Problem]:
    """rules.md A5: every card of the deck in exactly one pile or the scarto, no other card."""
    deck = set(ruleset.cards)
    places: dict[Card, list[str]] = {}
    for name, cards in zip(where, groups, strict=True):
        for card in cards:
            places.setdefault(card, []).append(name)
    problems = [
        Problem("card-not-in-deck", f"{card.label} is not in the {ruleset.deck_size}-card pack")
        for card in places
        if card not in deck
    ]
    problems += [
        Problem("card-twice", f"{card.label} appears {len(at)} times ({', '.join(at)})")
        for card, at in places.items()
        if len(at) > 1
    ]
    missing = [card for card in ruleset.cards if card not in places]
    if missing:
        problems.append(
            Problem("card-missing", f"{_count(len(missing), 'card')} missing: {_some(missing)}")
        )
    return problems


def check_pile_sizes(layout: Layout, ruleset: Ruleset, names: Sequence[str]) -> list[Problem]:
    """rules.md A5: won cards come in whole tricks, but for the winner of the Fool's trick."""
    size = ruleset.trick_size
    remainders = sorted(layout.won(seat) % size for seat in range(ruleset.players))
    fool_played = layout.fool_holder is not None
    expected = [0] * (ruleset.players - 1) + [size - 1 if fool_played else 0]
    if remainders == expected:
        return []
    counts = ", ".join(f"{names[s]} {layout.won(s)}" for s in range(ruleset.players))
    rule = f"each a multiple of {size}" + (
        f", {size - 1} over for the winner of the Fool's trick" if fool_played else ""
    )
    return [
        Problem(
            "pile-size",
            f"the piles do not make whole tricks: {counts} cards besides the Fool ({rule})",
        )
    ]


def apply_penalties(
    layout: Layout,
    ruleset: Ruleset,
    illegal_scarto: bool,
    last_trick_winner: int | None,
    names: Sequence[str],
) -> tuple[Layout, list[Problem]]:
    """Move the scarto and the Fool where the ruleset sends them, saying so in notes."""
    notes: list[Problem] = []
    if illegal_scarto and ruleset.illegal_scarto == "to-last-trick-winner":
        # rules.md 1.4 (Tarocchi a 3): an illegal scarto goes to whoever took the last trick.
        if last_trick_winner is None:
            notes.append(
                Problem(
                    "penalty-pending",
                    "the illegal scarto goes to the winner of the last trick: say who won it",
                )
            )
        else:
            layout = replace(layout, scarto_holder=last_trick_winner)
            winner = names[last_trick_winner]
            message = f"the illegal scarto goes to {winner}, who won the last trick"
            notes.append(Problem("scarto-to-last-trick-winner", message))
    layout = _fool_without_trick(layout, ruleset, last_trick_winner, names, notes)
    if ruleset.scarto_needs_team_trick and _side_won_nothing(layout, ruleset, layout.scarto_holder):
        # rules.md 1.5 (Piedicavallo): a team that wins no trick loses the scarto too.
        other = (layout.scarto_holder + 1) % ruleset.players
        layout = replace(layout, scarto_holder=other)
        notes.append(
            Problem(
                "scarto-to-other-team",
                "the dealer's team won no trick, so the "
                f"scarto goes to {side_name(ruleset, names, ruleset.side_of(other))}",
            )
        )
    return layout, notes


def _fool_without_trick(
    layout: Layout,
    ruleset: Ruleset,
    last_trick_winner: int | None,
    names: Sequence[str],
    notes: list[Problem],
) -> Layout:
    """rules.md C14: the Fool stays, goes to the last-trick winner, or to the opponents."""
    holder = layout.fool_holder
    rule = ruleset.fool_if_owner_no_trick
    if holder is None or rule == "stays" or not _side_won_nothing(layout, ruleset, holder):
        return layout
    if rule == "opponents" and ruleset.teams:
        other = (holder + 1) % ruleset.players
        team = side_name(ruleset, names, ruleset.side_of(holder))
        message = f"{team} won no trick, so the Fool goes to the other team"
        notes.append(Problem("fool-to-other-team", message))
        return layout.move_fool(other)
    if last_trick_winner is None:
        notes.append(
            Problem(
                "penalty-pending",
                f"{names[holder]} won no trick, so the Fool "
                "goes to the winner of the last trick: say who won it",
            )
        )
        return layout
    message = (
        f"{names[holder]} won no trick, so the Fool goes to {names[last_trick_winner]}, "
        "who won the last trick"
    )
    notes.append(Problem("fool-to-last-trick-winner", message))
    return layout.move_fool(last_trick_winner)


def _side_won_nothing(layout: Layout, ruleset: Ruleset, seat: int) -> bool:
    side = ruleset.side_of(seat)
    return all(layout.won(s) == 0 for s in range(ruleset.players) if ruleset.side_of(s) == side)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _some(cards: Sequence[Card], most: int = 12) -> str:
    shown = " ".join(card.label for card in cards[:most])
    return shown + (f" and {len(cards) - most} more" if len(cards) > most else "")

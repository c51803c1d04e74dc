"""Rulesets as data: named, independent options and the four presets (rules.md A3, Part B §2).

Every point on which the sources disagree is an option, never a constant in code; the options
themselves, with their allowed values, are in ``options``. A custom ruleset is a preset plus
validated overrides ("house rules"); the sheet prints every override.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import fields
from dataclasses import replace
from functools import lru_cache

from .cards import DECKS
from .cards import JACK
from .cards import Card
from .counting import count_pile
from .errors import InvalidRulesetError
from .options import OPTIONS
from .problem import translatable


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named, frozen set of rule options."""

    id: str
    name: str
    source: str
    players: int
    """Seats at the table, in order of play."""
    teams: bool
    """Partners sit opposite: seats 0+2 against 1+3."""
    deck: str
    """``"78"`` or ``"62"`` (Piedicavallo's stripped pack)."""
    scarto_size: int
    top_trump: int
    five_point_trump: int
    fool_value: int
    scarto_bagatto: str
    scarto_trumps: str
    scarto_fool: str
    announce_scarto_trumps: bool
    illegal_scarto: str
    scarto_needs_team_trick: bool
    fool_may_lead: bool
    fool_needs_prior_trick: bool
    fool_if_owner_no_trick: str
    must_trump: bool
    counting: str
    fool_counting: str
    recording: str
    game_length: str
    tie_extra_deal: bool
    settlement: str
    play_direction: str = "counter-clockwise"
    """Where the order of play runs from the dealer, as the source tells it: to his right
    ("counter-clockwise") or to his left ("clockwise"). Seats are entered in order of play
    either way (rules.md A1, C9), so this only helps the table check the seats it typed."""
    overrides: tuple[tuple[str, object], ...] = field(default=())
    """The house rules applied on top of the preset, in the order given."""
    _values: dict[int, int] = field(init=False, repr=False, compare=False, hash=False)
    """Every card's value by ``Card._key``, worked out once: counting asks it of every card
    of a deal, and an int key hashes in C where a Card's hash is a Python call."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_values", {c._key: self._value_of(c) for c in DECKS["78"]})

    @property
    def options(self) -> dict[str, object]:
        """Every option's value, by name."""
        return {name: getattr(self, name) for name in OPTIONS}

    @property
    def cards(self) -> tuple[Card, ...]:
        return DECKS[self.deck]

    @property
    def deck_size(self) -> int:
        return len(self.cards)

    @property
    def sides(self) -> int:
        """How many results a deal has: one per player, or one per team."""
        return 2 if self.teams else self.players

    @property
    def trick_size(self) -> int:
        return self.players

    @property
    def tricks_per_deal(self) -> int:
        return (self.deck_size - self.scarto_size) // self.players

    def side_of(self, seat: int) -> int:
        """The result a seat counts for: its own, or its team's (team 0 = seats 0 and 2)."""
        return seat % 2 if self.teams else seat

    def value(self, card: Card) -> int:
        """A card's points: K 5, Q 4, C 3, J 2, T1 and the 5-point trump 5, the Fool, else 1."""
        return self._values[card._key]

    def _value_of(self, card: Card) -> int:
        if card.is_fool:
            return self.fool_value
        if card.is_trump:
            return 5 if card.rank in (1, self.five_point_trump) else 1
        return card.rank - JACK + 2 if card.rank >= JACK else 1

    def is_counter(self, card: Card) -> bool:
        return self.value(card) > 1

    def is_five_point(self, card: Card) -> bool:
        return self.value(card) == 5

    def trump_strength(self, card: Card) -> int:
        """Order of the trumps in play: by number, but 20 over 21 where the Angel is top."""
        if self.top_trump == 20 and card.rank == 20:
            return 22
        return card.rank

    def suit_strength(self, card: Card) -> int:
        """Order within a suit: K Q C J 10..1, the round suits' pips reversed (rules.md 1.0)."""
        if card.rank < JACK and card.suit.is_round:
            return 11 - card.rank
        return card.rank

    @property
    def deck_total(self) -> int:
        """The points of a whole deal: 78, 77 with the Fool counted in a group, 114 raw."""
        return _deck_total(self)

    @property
    def even_share(self) -> int:
        """A side's even share of a deal's points, rounded: 26 of 78 (or 77) among three, 57 of
        114 between two teams. Points less it put every ruleset on one scale."""
        return (2 * self.deck_total + self.sides) // (2 * self.sides)

    @property
    def score_base(self) -> int:
        """What is subtracted from points to give the score: the even share, or 0 for raw."""
        return 0 if self.recording == "raw" else self.even_share

    @property
    def is_zero_sum(self) -> bool:
        return self.recording == "difference" and self.deck_total % self.sides == 0


@lru_cache(maxsize=64)
def _deck_total(ruleset: Ruleset) -> int:
    return count_pile(ruleset.cards, ruleset).points


_COMMON: dict[str, object] = dict(
    players=3,
    teams=False,
    deck="78",
    scarto_size=3,
    fool_value=4,
    scarto_bagatto="if-no-other-trump-or-fool",
    scarto_trumps="free",
    scarto_fool="never",
    announce_scarto_trumps=False,
    illegal_scarto="flag",
    scarto_needs_team_trick=False,
    fool_may_lead=True,
    fool_needs_prior_trick=False,
    fool_if_owner_no_trick="stays",
    must_trump=True,
    counting="threes",
    fool_counting="apart",
    recording="difference",
    game_length="each-deals-once",
    tie_extra_deal=False,
)

# rules.md A3, one column each.
PRESETS: dict[str, Ruleset] = {
    ruleset.id: ruleset
    for ruleset in (
        Ruleset(
            **_COMMON,  # type: ignore[arg-type]
            id="scarto",
            name=translatable("Scarto (Wikipedia)"),
            source=translatable('English and German Wikipedia, "Scarto"'),
            top_trump=20,
            five_point_trump=20,
            settlement="lowest-pays-winners",
        ),
        Ruleset(
            **_COMMON,  # type: ignore[arg-type]
            id="scarto-sv",
            name=translatable("Scarto (Swedish rules)"),
            source=translatable("Swedish Scarto rules by Elsa Snakenborg"),
            top_trump=21,
            five_point_trump=21,
            settlement="lowest-pays-each",
            # "Förhand (spelaren till vänster om given) spelar ut": the dealer's left leads.
            play_direction="clockwise",
        ),
        Ruleset(
            **{
                **_COMMON,
                "scarto_trumps": "forbidden",
                "illegal_scarto": "to-last-trick-winner",
                "fool_may_lead": False,
                "fool_needs_prior_trick": True,
                "fool_if_owner_no_trick": "last-trick-winner",
                "recording": "raw",
                "game_length": "3-deals",
            },  # type: ignore[arg-type]
            id="tarocchi-a-3",
            name=translatable("Tarocchi a 3 (senza accuse)"),
            source=translatable('Italian page "Regolamento di Tarocchi a 3 (senza accuse)"'),
            top_trump=20,
            five_point_trump=21,
            settlement="highest-wins",
        ),
        Ruleset(
            **{
                **_COMMON,
                "players": 4,
                "teams": True,
                "deck": "62",
                "scarto_size": 2,
                "fool_value": 5,
                "scarto_bagatto": "never",
                "scarto_trumps": "last-resort",
                "announce_scarto_trumps": True,
                "scarto_needs_team_trick": True,
                "fool_if_owner_no_trick": "opponents",
                "counting": "raw",
                "recording": "raw",
                "tie_extra_deal": True,
            },  # type: ignore[arg-type]
            id="piedicavallo",
            name=translatable("Piedicavallo (4 players, teams)"),
            source=translatable(
                "Piedicavallo tarocchi rules (Pro Loco Piedicavallo, as given by pagat.com)"
            ),
            top_trump=21,
            five_point_trump=21,
            settlement="highest-wins",
        ),
    )
}
RULESET_IDS = tuple(PRESETS)
HOUSE_RULES = translatable("%(name)s, house rules")
"""The name of a preset with house rules: the preset's name filled in."""
_UNKNOWN = translatable("unknown ruleset %(ruleset_id)s (known: %(known)s)")
_FIXED = translatable("%(name)s is fixed by the preset (options: %(options)s)")
_NOT_AN_OPTION = translatable("%(name)s is not an option (options: %(options)s)")
_CANNOT_BE = translatable("option %(name)s cannot be %(value)s (allowed: %(allowed)s)")


def find_ruleset(ruleset_id: str, overrides: Mapping[str, object] | None = None) -> Ruleset:
    """Look up a preset by id and apply house-rule overrides, each checked."""
    try:
        preset = PRESETS[ruleset_id]
    except (KeyError, TypeError):
        known = ", ".join(RULESET_IDS)
        raise InvalidRulesetError(_UNKNOWN, ruleset_id=repr(ruleset_id), known=known) from None
    if not overrides:
        return preset
    changes = {name: _checked_value(name, value) for name, value in overrides.items()}
    changes = {name: value for name, value in changes.items() if getattr(preset, name) != value}
    if not changes:
        return preset
    name = HOUSE_RULES % {"name": preset.name}
    return replace(preset, name=name, overrides=tuple(changes.items()), **changes)  # type: ignore[arg-type]


def _checked_value(name: str, value: object) -> object:
    option = OPTIONS.get(name) if isinstance(name, str) else None
    if option is None:
        fixed = {f.name for f in fields(Ruleset)} - set(OPTIONS)
        why = _FIXED if name in fixed else _NOT_AN_OPTION
        raise InvalidRulesetError(why, name=repr(name), options=", ".join(OPTIONS))
    value = _coerce(value, option.values[0])
    if value not in option.values or type(value) is not type(option.values[0]):
        allowed = ", ".join(_show(v) for v in option.values)
        raise InvalidRulesetError(_CANNOT_BE, name=repr(name), value=_show(value), allowed=allowed)
    return value


def _coerce(value: object, example: object) -> object:
    """Read the text forms a form or a query string gives ("true", "21") as the option's type."""
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    if isinstance(example, bool):
        return {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}.get(
            text, value
        )
    if isinstance(example, int) and text.isascii() and text.isdigit():
        return int(text)
    return value


def _show(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)

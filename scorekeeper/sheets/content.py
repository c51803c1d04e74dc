"""What the printed sheets show beyond the protocol: the ruleset's reference card, the blank
sheet's rows, the QR code back to the session. Pure view data; the PDF is made in
web/sheets/views.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import get_locale
from flask_babel import gettext as _

from ..rules import Ruleset
from ..rules.fool_play import led_fool_moves
from ..rules.game import game_length
from ..rules.names import court_letters
from ..rules.readings import readings_of


@dataclass(frozen=True)
class ReferenceSection:
    title: str
    lines: tuple[str, ...]


def reference_card(ruleset: Ruleset) -> tuple[ReferenceSection, ...]:
    """The ruleset in a few lines a table can check: ranks, values, the scarto, the Fool."""
    return (
        ReferenceSection(_("Card ranks, highest first"), _ranks(ruleset)),
        ReferenceSection(_("Card values"), _values(ruleset)),
        ReferenceSection(_("Counting"), _counting(ruleset)),
        ReferenceSection(_("The scarto"), _scarto(ruleset)),
        ReferenceSection(_("The Fool"), _fool(ruleset)),
        ReferenceSection(_("Play"), _play(ruleset)),
        ReferenceSection(_("Scores and games"), _games(ruleset)),
        *_readings(ruleset),
    )


def _readings(ruleset: Ruleset) -> tuple[ReferenceSection, ...]:
    """Where the source is silent or unclear and the preset reads it: a table may choose
    otherwise, with a house rule."""
    lines = tuple(_(sentence) for sentence in readings_of(ruleset))
    if not lines:
        return ()
    return (ReferenceSection(_("Where the source is silent"), lines),)


def _ranks(ruleset: Ruleset) -> tuple[str, ...]:
    trumps = "20, 21, 19 … 1" if ruleset.top_trump == 20 else "21, 20, 19 … 1"
    courts = court_letters(str(get_locale() or "en"))  # K Q C J, or the language's R D C F
    pips = f"♠ ♣: {courts} 10 … 5" if ruleset.deck == "62" else f"♠ ♣: {courts} 10 9 … 1"
    round_pips = f"♥ ♦: {courts} 1 … 6" if ruleset.deck == "62" else f"♥ ♦: {courts} 1 2 … 10"
    return (
        _("Trumps: %(order)s", order=trumps),
        pips,
        round_pips,
        _("The Fool never wins a trick."),
    )


def _values(ruleset: Ruleset) -> tuple[str, ...]:
    return (
        _("King 5, Queen 4, Cavallo 3, Jack 2"),
        _("Bagatto (T1) 5, T%(n)s 5", n=ruleset.five_point_trump),
        _("Fool %(n)s", n=ruleset.fool_value),
        _("Every other card 1"),
        _(
            "%(cards)s cards, %(total)s points a deal",
            cards=ruleset.deck_size,
            total=ruleset.deck_total,
        ),
    )


def _counting(ruleset: Ruleset) -> tuple[str, ...]:
    if ruleset.counting == "raw":
        return (_("Add the cards' values as they are."),)
    lines = [
        _("In threes: each group is worth its cards' values minus 2."),
        _("A counter with two blanks is worth the counter; three blanks are worth 1."),
    ]
    if ruleset.fool_counting == "apart":
        lines.append(_("The Fool is counted apart; two cards left over count with a blank."))
    else:
        lines.append(_("The Fool is counted inside a group."))
    return tuple(lines)


def _scarto(ruleset: Ruleset) -> tuple[str, ...]:
    lines = [_("The dealer lays aside %(n)s cards; they count for him.", n=ruleset.scarto_size)]
    lines.append(_("Never: the Kings, T%(n)s and the Fool.", n=ruleset.five_point_trump))
    bagatto = {
        "never": _("The Bagatto never."),
        "if-no-other-trump-or-fool": _(
            "The Bagatto only if the dealer keeps no other trump and no Fool."
        ),
        "if-no-other-trump": _("The Bagatto only if the dealer keeps no other trump."),
    }
    lines.append(bagatto[ruleset.scarto_bagatto])
    trumps = {
        "free": _("Other trumps may be laid aside."),
        "forbidden": _("No other trump may be laid aside."),
        "last-resort": _(
            "Other trumps only with no other choice, or if the dealer keeps no trump."
        ),
    }
    lines.append(trumps[ruleset.scarto_trumps])
    if ruleset.announce_scarto_trumps:
        lines.append(_("The dealer announces how many trumps he laid aside."))
    if ruleset.illegal_scarto == "to-last-trick-winner":
        lines.append(_("An illegal scarto goes to the winner of the last trick."))
    if ruleset.scarto_needs_team_trick:
        lines.append(_("A team that wins no trick loses the scarto and the Fool."))
    return tuple(lines)


def _fool(ruleset: Ruleset) -> tuple[str, ...]:
    lines = [_("It excuses its player from following suit and goes to his own pile.")]
    lines.append(
        _("It may be led; the next card sets the suit.")
        if ruleset.fool_may_lead
        else _("It may not be led.")
    )
    if ruleset.fool_needs_prior_trick:
        lines.append(_("It may be played only after its player has won a trick."))
        lines.append(_("Played before that, it goes to the winner of the last trick."))
    if led_fool_moves(ruleset):
        lines.append(
            _("Kept to the last trick and led there, it goes to the winner of that trick.")
        )
    where = {
        "stays": "",
        "last-trick-winner": _(
            "If its player wins no trick, it goes to the winner of the last trick."
        ),
        "opponents": _("If its team wins no trick, it goes to the other team."),
    }[ruleset.fool_if_owner_no_trick]
    return tuple(lines + ([where] if where else []))


def play_direction(ruleset: Ruleset) -> str:
    """Where the order of play runs, said plainly (the seeds: WP "Play is counter-clockwise;
    the player to the right of the dealer leads"; SV "Förhand (spelaren till vänster om
    given)")."""
    if ruleset.play_direction == "clockwise":
        return _("Play runs to the dealer's left (clockwise): the player on his left leads.")
    return _("Play runs to the dealer's right (counter-clockwise): the player on his right leads.")


def _play(ruleset: Ruleset) -> tuple[str, ...]:
    lines = [play_direction(ruleset), _("Follow suit if you can.")]
    if ruleset.must_trump:
        lines.append(_("Void in the suit led: you must trump if you can."))
    lines.append(_("There is no duty to beat the card led."))
    return tuple(lines)


def _games(ruleset: Ruleset) -> tuple[str, ...]:
    score = (
        _("Score: points − %(n)s.", n=ruleset.score_base)
        if ruleset.recording == "difference"
        else _("Score: the points as counted.")
    )
    length = game_length(ruleset)
    game = (
        _("A game is %(n)s deals.", n=length)
        if length
        else _("A game ends when a total reaches 100.")
    )
    settle = {
        "lowest-pays-winners": _("The lowest total pays the others (a drink)."),
        "lowest-pays-each": _("The lowest total pays the stake to each other player."),
        "highest-wins": _("The highest total wins."),
    }[ruleset.settlement]
    extra = [_("A tie for first adds a deal.")] if ruleset.tie_extra_deal else []
    return (score, game, *extra, settle)


def blank_rows(ruleset: Ruleset, deals: int | None) -> list[int | None]:
    """Deal numbers for the blank protocol, None where a game ends (a totals row)."""
    length = game_length(ruleset) or 10
    count = min(max(deals or 3 * length, 1), 60)
    rows: list[int | None] = []
    for number in range(1, count + 1):
        rows.append(number)
        if number % length == 0:
            rows.append(None)
    return rows


def qr_svg(url: str) -> str:
    """An inline SVG QR code of the session's address."""
    import segno

    svg: str = segno.make(url, error="m").svg_inline(scale=3, border=2)
    return svg


def qr_png(url: str) -> str:
    """A QR code of the session's address for a printed sheet: a PNG data: URL, three pixels a
    module. The sheet draws it unsmoothed (image-rendering: pixelated), as sharp on paper as
    the SVG, for half of what WeasyPrint takes to draw the SVG's path; three pixels rather
    than one keep it as crisp in a viewer zoomed out."""
    import segno

    uri: str = segno.make(url, error="m").png_data_uri(scale=3, border=2)
    return uri

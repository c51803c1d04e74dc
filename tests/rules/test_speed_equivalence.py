"""The fast paths of the rules core give exactly what the plain versions they replaced gave.

Each ``plain_*`` function below is the straightforward code as it was before the speed work
(bench/rules_core.py); the properties run both over random deals, legal and broken (swapped,
dropped or doubled cards), under the presets and under house rules that change the counting and
the play, and want the same result to the last group and message.
"""

import random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import BLOCKING
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.cards import DECKS
from scorekeeper.rules.cards import FOOL
from scorekeeper.rules.counting import Group
from scorekeeper.rules.counting import PileCount
from scorekeeper.rules.counting import RunningPoints
from scorekeeper.rules.counting import count_pile
from scorekeeper.rules.counting import pile_points
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.judge import _why
from scorekeeper.rules.layout import Layout
from scorekeeper.rules.layout import _card_twice
from scorekeeper.rules.layout import _cards_missing
from scorekeeper.rules.layout import check_cards
from scorekeeper.rules.layout import seat_names
from scorekeeper.rules.penalties import apply_penalties
from scorekeeper.rules.play import legal_plays
from scorekeeper.rules.play import trick_winner
from scorekeeper.rules.problem import problem
from scorekeeper.rules.replay import audit_play
from scorekeeper.rules.replay import replay
from tests.fuzzing import examples

SOME = settings(max_examples=examples(300), deadline=None)
HOUSE_RULES = {
    "fool_counting": ("apart", "in-group"),
    "counting": ("threes", "raw"),
    "fool_value": (4, 5),
    "top_trump": (20, 21),
    "five_point_trump": (20, 21),
    "must_trump": (True, False),
    "fool_may_lead": (True, False),
    "fool_needs_prior_trick": (False, True),
}
rulesets = st.builds(
    lambda ruleset_id, overrides: find_ruleset(ruleset_id, overrides),
    st.sampled_from(list(PRESETS)),
    st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in HOUSE_RULES.items()}),
)
deals = st.builds(
    lambda ruleset, seed: random_deal(ruleset, seed, seed % ruleset.players),
    rulesets,
    st.integers(min_value=0, max_value=2**32),
)


# --- the plain versions -------------------------------------------------------------------


def plain_group_points(cards, ruleset):
    if ruleset.counting == "raw":
        return sum(ruleset.value(card) for card in cards)
    return sum(ruleset.value(card) - 1 for card in cards) + 1


def plain_count_pile(cards, ruleset):
    cards = list(cards)
    fool = next((card for card in cards if card.is_fool), None)
    apart = fool is not None and ruleset.fool_counting == "apart"
    rest = [card for card in cards if not (apart and card.is_fool)]
    counters = sorted((c for c in rest if ruleset.is_counter(c)), key=lambda c: -ruleset.value(c))
    blanks = [card for card in rest if not ruleset.is_counter(card)]
    chunks = []
    while counters and len(blanks) >= 2:
        chunks.append([counters.pop(0), blanks.pop(0), blanks.pop(0)])
    leftover = counters + blanks
    chunks += [leftover[i : i + 3] for i in range(0, len(leftover), 3)]
    groups = tuple(Group(tuple(chunk), plain_group_points(chunk, ruleset)) for chunk in chunks)
    fool_points = ruleset.value(fool) if apart and fool else 0
    total = sum(group.points for group in groups) + fool_points
    return PileCount(total, groups, fool if apart else None, fool_points, len(cards))


def plain_pile_points(counters, size, ruleset):
    counters = list(counters)
    if ruleset.counting == "raw":
        return sum(ruleset.value(card) for card in counters) + size - len(counters)
    fool = next((card for card in counters if card.is_fool), None)
    apart = fool is not None and ruleset.fool_counting == "apart"
    grouped = [card for card in counters if not (apart and card.is_fool)]
    n = size - (1 if apart else 0)
    reduced = sum(ruleset.value(card) - 1 for card in grouped)
    return reduced + -(-n // 3) + (ruleset.value(fool) if apart and fool else 0)


def plain_check_cards(ruleset, piles, names, scarto=()):
    deck = set(ruleset.cards)
    places = {}
    for seat, cards in enumerate([*piles, scarto]):
        for card in cards:
            places.setdefault(card, []).append(seat)
    problems = [
        problem(
            "card-not-in-deck",
            "%(card)s is not in the %(n)s-card pack",
            card=card.label,
            n=ruleset.deck_size,
        )
        for card in places
        if card not in deck
    ]
    problems += [
        _card_twice(card, at, names, len(piles)) for card, at in places.items() if len(at) > 1
    ]
    missing = [card for card in ruleset.cards if card not in places]
    if missing:
        problems.append(_cards_missing(missing))
    return problems


def plain_trick_winner(played, ruleset):
    trumps = [index for index, card in enumerate(played) if card.is_trump]
    if trumps:
        return max(trumps, key=lambda index: ruleset.trump_strength(played[index]))
    suit = next(card.suit for card in played if not card.is_fool)
    following = [index for index, card in enumerate(played) if card.suit is suit]
    return max(following, key=lambda index: ruleset.suit_strength(played[index]))


def plain_judge(ruleset, tricks, hands, names):
    """legal_plays for every card, with the hand worked out afresh each time."""
    played_in = {card: number for number, t in enumerate(tricks, start=1) for card in t.cards}
    problems = []
    for number, trick in enumerate(tricks, start=1):
        for index, card in enumerate(trick.cards):
            seat = trick.seat_of(index)
            hand = [c for c in hands[seat] if played_in[c] >= number]
            has_won = any(t.winner == seat for t in tricks[: number - 1])
            before = trick.cards[:index]
            legal = legal_plays(hand, before, ruleset, has_won_trick=has_won)
            if card not in legal:
                problems.append(_why(ruleset, number, names[seat], card, before, legal, played_in))
    return problems


def plain_running(ruleset, tricks):
    """The running points before the last row: the Fool with its player's side, never won with
    its trick (rules.md 1.0, 1.3, 1.5), as the replay counts it since the Fool stopped being
    credited to the winner of its trick."""
    won = [[] for _ in range(ruleset.sides)]
    running = []
    for trick in tricks:
        for index, card in enumerate(trick.cards):
            seat = trick.seat_of(index) if card.is_fool else trick.winner
            won[ruleset.side_of(seat)].append(card)
        running.append(tuple(plain_pile_points(cards, len(cards), ruleset) for cards in won))
    return tuple(running)


def assert_running(played, ruleset, deal, play):
    """Every row but the last as plain_running; the last, of a complete record that can be
    counted, is the deal's points as audit_play gives them (scarto and penalties included)."""
    plain = plain_running(ruleset, played.tricks)
    _, result = audit_play(ruleset, deal.dealer, deal.scarto, play)
    if played.complete and not any(p.code in BLOCKING for p in played.problems):
        assert played.running == (*plain[:-1], result.points)
    else:
        assert played.running == plain


# --- broken deals ---------------------------------------------------------------------------


def swapped(play, rng, swaps):
    """The record with some cards swapped between tricks: revokes, Fools out of turn, ..."""
    play = [list(cards) for cards in play]
    for _ in range(swaps):
        a, b = rng.randrange(len(play)), rng.randrange(len(play))
        i, j = rng.randrange(len(play[a])), rng.randrange(len(play[b]))
        fools = [(a, i) for a, t in enumerate(play) for i, c in enumerate(t) if c.is_fool]
        if fools and rng.random() < 0.2:  # the Fool to a lead
            (a, i), j = fools[0], 0
        play[a][i], play[b][j] = play[b][j], play[a][i]
    return play


def damaged(piles, scarto, rng):
    """Piles with a card dropped, doubled (often the Fool), or from outside a stripped pack."""
    piles = [list(pile) for pile in piles]
    scarto = list(scarto)
    places = [*piles, scarto]
    for _ in range(rng.randrange(4)):
        target = rng.choice(places)
        move = rng.randrange(4)
        if move == 0 and target:
            target.pop(rng.randrange(len(target)))
        elif move == 1:
            target.append(FOOL)
        elif move == 2:
            target.append(rng.choice(DECKS["78"]))
        else:
            source = rng.choice(places)
            if source:
                target.append(source.pop(rng.randrange(len(source))))
    return piles, scarto


# --- the properties -------------------------------------------------------------------------


@SOME
@given(deals, st.randoms(use_true_random=False))
def test_counting_a_pile_gives_the_same_groups_and_points(deal, rng):
    ruleset = deal.ruleset
    piles, scarto = damaged(deal.piles, deal.scarto, rng)
    for cards in [*piles, scarto, [*piles[0], *scarto], list(ruleset.cards)]:
        assert count_pile(cards, ruleset) == plain_count_pile(cards, ruleset)
        counters = [card for card in cards if ruleset.is_counter(card)]
        for size in (len(cards), len(cards) + rng.randrange(5)):
            assert pile_points(counters, size, ruleset) == plain_pile_points(
                counters, size, ruleset
            )
            assert pile_points(cards, size, ruleset) == plain_pile_points(cards, size, ruleset)


@SOME
@given(deals, st.randoms(use_true_random=False))
def test_running_points_are_the_points_of_the_whole_pile_so_far(deal, rng):
    ruleset = deal.ruleset
    cards = [card for trick in deal.tricks for card in trick.cards] + [FOOL] * rng.randrange(3)
    rng.shuffle(cards)
    running = RunningPoints(ruleset)
    assert running.points == plain_pile_points([], 0, ruleset)
    for end in range(1, len(cards) + 1):
        running.add(cards[end - 1 : end])
        assert running.points == plain_pile_points(cards[:end], end, ruleset)


@SOME
@given(deals, st.randoms(use_true_random=False))
def test_checking_the_cards_gives_the_same_problems_in_the_same_order(deal, rng):
    ruleset = deal.ruleset
    names = seat_names(ruleset, None)
    piles, scarto = damaged(deal.piles, deal.scarto, rng)
    assert check_cards(ruleset, piles, names, scarto) == plain_check_cards(
        ruleset, piles, names, scarto
    )
    whole = [card for pile in piles for card in pile]
    assert check_cards(ruleset, [whole], None, scarto) == plain_check_cards(
        ruleset, [whole], None, scarto
    )


@SOME
@given(deals, st.randoms(use_true_random=False))
def test_the_audit_points_are_those_of_pile_points_on_each_side(deal, rng):
    ruleset = deal.ruleset
    names = seat_names(ruleset, None)
    piles, scarto = deal.piles, deal.scarto
    if rng.random() < 0.7:
        piles, scarto = damaged(piles, scarto, rng)
    winner = rng.choice([None, deal.last_trick_winner])
    result = audit_piles(ruleset, deal.dealer, piles, scarto, last_trick_winner=winner)
    illegal = result.scarto is not None and result.scarto.legal is False
    layout = Layout.from_piles(piles, scarto, deal.dealer)
    layout, _, _ = apply_penalties(layout, ruleset, illegal, winner, names)
    cards, sizes = layout.sides(ruleset)
    expected = tuple(plain_pile_points(c, n, ruleset) for c, n in zip(cards, sizes, strict=True))
    assert result.points == expected
    assert result.piles == tuple(plain_count_pile(c, ruleset) for c in cards)


@SOME
@given(deals, st.randoms(use_true_random=False))
def test_every_trick_has_the_same_winner(deal, rng):
    ruleset = deal.ruleset
    cards = [card for trick in deal.tricks for card in trick.cards]
    for _ in range(20):
        played = rng.sample(cards, ruleset.players)
        if rng.random() < 0.2:
            played[rng.randrange(len(played))] = played[0]  # a card twice: the first one wins
        if all(card.is_fool for card in played):
            continue
        assert trick_winner(played, ruleset) == plain_trick_winner(played, ruleset)


@settings(max_examples=examples(500), deadline=None)
@given(deals, st.randoms(use_true_random=False), st.integers(min_value=0, max_value=6))
def test_the_fast_judge_finds_what_legal_plays_for_every_card_finds(deal, rng, swaps):
    ruleset = deal.ruleset
    names = seat_names(ruleset, None)
    play = swapped([trick.cards for trick in deal.tricks], rng, swaps)
    played = replay(ruleset, deal.dealer, deal.scarto, play, names)
    assert played.complete
    assert list(played.problems) == plain_judge(ruleset, played.tricks, played.hands, names)
    assert_running(played, ruleset, deal, play)


@SOME
@given(deals, st.randoms(use_true_random=False))
def test_a_broken_record_keeps_its_running_points(deal, rng):
    ruleset = deal.ruleset
    play = [list(trick.cards) for trick in deal.tricks]
    for _ in range(rng.randrange(1, 4)):  # doubled cards, the Fool most of all
        trick = rng.choice(play)
        trick[rng.randrange(len(trick))] = rng.choice([FOOL, rng.choice(DECKS["78"])])
    played = replay(ruleset, deal.dealer, deal.scarto, play)
    assert_running(played, ruleset, deal, play)


def test_the_swaps_do_find_revokes_and_fools_out_of_turn():
    """The judge property above is not vacuous: swapped records break each rule."""
    codes = set()
    for seed in range(60):
        for ruleset_id in PRESETS:
            deal = random_deal(find_ruleset(ruleset_id), seed)
            play = swapped([t.cards for t in deal.tricks], random.Random(seed), 4)
            played = replay(deal.ruleset, 0, deal.scarto, play)
            codes |= {p.code for p in played.problems}
    assert {"revoke", "must-trump", "fool-too-early", "fool-lead"} <= codes

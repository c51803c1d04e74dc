"""The Matto's and the scarto's penalties, the running points and the Piedicavallo announcement,
each against the sentence of the seed page it comes from (rules.md A3, 1.4, 1.5, C13, C14).

Tarocchi a 3 values (rules.md A3): Kings 5, Queens 4, Cavalli 3, Jacks 2, T1 and T21 5, the
Matto 4 apart from the groups; a pile counts sum(value - 1 over its other counters) + one point
a group of three (the last group of two with a phantom blank) + the Matto (rules.md A4).
"""

import pytest

from scorekeeper.rules import IllegalDealError
from scorekeeper.rules import check_scarto
from scorekeeper.rules import find_ruleset
from scorekeeper.rules import parse_card
from scorekeeper.rules import parse_cards
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.audit import audit_quick_count
from scorekeeper.rules.generator import AFTER_FOOL_SIDE
from scorekeeper.rules.generator import Steer
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.play import fool_player
from scorekeeper.rules.play import gather_piles
from scorekeeper.rules.replay import audit_play
from scorekeeper.rules.replay import replay

NAMES = ["Anna", "Bruno", "Carla"]
IT = "tarocchi-a-3"
ANNA = parse_cards("KS QS CS JS")


def counters_for(carla=()):
    """Anna's four Swords courts, Carla's cards given and the Matto, Bruno every other counter."""
    ruleset = find_ruleset(IT)
    carla = parse_cards(" ".join(carla)) if carla else []
    counters = {c: 1 for c in ruleset.cards if ruleset.is_counter(c)}
    counters |= dict.fromkeys(ANNA, 0) | dict.fromkeys([*carla, parse_card("F")], 2)
    return counters


def quick(tricks, *, scarto="2S 3S 4S", carla=(), **more):
    """A Tarocchi a 3 quick count: Bruno deals, Anna won the Matto's trick; where Carla won a
    trick, the keeper says she did not lead the Matto unless ``more`` says otherwise."""
    if tricks[2] and "fool_led" not in more:
        more["fool_led"] = "no"
    return audit_quick_count(
        find_ruleset(IT),
        1,
        counters_for(carla),
        tricks,
        0,
        parse_cards(scarto),
        names=NAMES,
        **more,
    )


def codes(problems):
    return [p.code for p in problems]


# 1. A Matto played too early goes to the winner of the last trick.
#
# The Italian page (004_*.txt, point 4): "Il Matto può essere giocato solo se chi lo gioca ha
# effettuato almeno una presa, altrimenti verrà assegnato a chi fa l'ultima presa."


def test_a_matto_played_before_its_player_took_a_trick_goes_to_the_last_trick_winner():
    # Carla keeps K♣ and plays the Matto before her first trick, then wins 3 tricks. Bruno deals
    # (scarto 2♠ 3♠ 4♠) and wins 10 tricks and the last one; Anna 12, with the Matto's trick.
    # Pile sizes (rules.md A4): Anna 12x3 - 1 = 35, Bruno 10x3 + 3 = 33, Carla 3x3 + Matto.
    # Courts sum(value - 1) = 4 x (4+3+2+1) = 40; with T1 and T21 (4 each) 48 in all.
    #   Anna: (4+3+2+1) + 12 groups = 22.
    #   Carla: K♣ 4 + 3 groups = 7, + the Matto 4 = 11 where it stays.
    #   Bruno: 48 - 10 - 4 = 34, + 11 groups = 45 where it stays; 22 + 11 + 45 = 78.
    # The Matto moves from Carla to Bruno: Carla 7, Bruno 49; 22 + 49 + 7 = 78.
    stays = quick([12, 10, 3], carla=["KB"], last_trick_winner=1)
    assert stays.points == (22, 45, 11)
    moved = quick([12, 10, 3], carla=["KB"], last_trick_winner=1, fool_too_early=True)
    assert codes(moved.problems) == ["fool-too-early"]  # as the play's judge flags it
    assert moved.recordable
    assert moved.points == (22, 49, 7)
    assert codes(moved.notes) == ["fool-to-last-trick-winner"]
    assert moved.notes[0].message == (
        "Carla played the Fool before winning a trick, so it goes to Bruno, who won the last trick"
    )


def test_a_matto_played_too_early_moves_four_points_in_full_piles():
    # The same rule on full piles: the Matto counts 4 apart from the groups (rules.md A4), so
    # moving it from its player to the winner of the last trick moves exactly 4 points.
    ruleset = find_ruleset(IT)
    piles, scarto = e6_piles()
    piles[2], piles[0] = [*piles[0][-3:], parse_card("F")], piles[0][:-3]  # Carla won a trick
    piles[1], piles[0] = [*piles[1], *piles[0][:3]], piles[0][3:]  # and Bruno one more
    stays = audit_piles(ruleset, 1, piles, scarto, last_trick_winner=1, fool_led="no")
    moved = audit_piles(ruleset, 1, piles, scarto, last_trick_winner=1, fool_too_early=True)
    assert stays.problems == ()
    assert codes(moved.problems) == ["fool-too-early"]
    assert moved.points == (stays.points[0], stays.points[1] + 4, stays.points[2] - 4)


def test_a_matto_played_too_early_waits_for_the_winner_of_the_last_trick():
    # Not derived from the Matto's trick: played too early, it was not her last card.
    # Carla won no trick and the keeper says she played the Matto too early. As in a play, the
    # Matto goes for her winning no trick, and playing it too early is flagged.
    result = quick([12, 13, 0], fool_too_early=True)
    assert codes(result.problems) == ["fool-too-early", "last-trick-winner-needed"]
    assert result.problems[1].message == (
        "Carla won no trick, so the Fool goes to whoever won the last trick: say who won it"
    )
    assert not result.ok
    assert not result.recordable


@pytest.mark.parametrize("ruleset_id", ["scarto", "scarto-sv", "piedicavallo"])
def test_fool_too_early_is_refused_where_the_ruleset_lets_the_fool_go_at_any_time(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    with pytest.raises(IllegalDealError, match="fool_too_early is not part of the ruleset"):
        audit_piles(ruleset, 0, [[]] * ruleset.players, [], fool_too_early=True)
    with pytest.raises(IllegalDealError, match="fool_needs_prior_trick is off"):
        audit_quick_count(ruleset, 0, {}, [0] * ruleset.players, None, fool_too_early=True)


def too_early_deal():
    """Seed 7 of Scarto, Bruno dealing, judged by Tarocchi a 3: same trump order (the Angel on
    top), same trick winners; its scarto 9♠ 6♣ 9♣ is legal in both. Trick 1: Carla 8♠, Anna J♠,
    Bruno 3♠; trick 2: Anna K♠, Bruno 2♠, Carla C♠; trick 3: Anna 6♥, Bruno K♥, Carla the Matto,
    before she has won a trick. She wins tricks 4, 7, 8...; Anna wins the last."""
    deal = random_deal(find_ruleset("scarto"), 7, 1)
    play = [list(trick.cards) for trick in deal.tricks]
    assert play[2] == parse_cards("6C KC F")
    assert [t.winner for t in deal.tricks][:4] == [0, 0, 1, 2]
    assert deal.tricks[-1].winner == 0
    return deal, play


def test_the_replay_sends_a_matto_played_too_early_to_the_last_trick_winner():
    # Today the replay flags the Matto and leaves it with Carla, who takes tricks later.
    # With the Matto staying (fool_needs_prior_trick off) the piles count 26, 20, 32. The Matto
    # is worth 4 counted apart (rules.md A4): to Anna, who won the last trick, 30, 20, 28.
    deal, play = too_early_deal()
    off = find_ruleset(IT, {"fool_needs_prior_trick": False})
    assert audit_play(off, 1, deal.scarto, play, names=NAMES)[1].points == (26, 20, 32)
    played, result = audit_play(find_ruleset(IT), 1, deal.scarto, play, names=NAMES)
    assert codes(played.problems) == ["fool-too-early"]
    assert result.points == (30, 20, 28)
    assert result.recordable
    assert [n.message for n in result.notes] == [
        "Carla played the Fool before winning a trick, so it goes to Anna, who won the last trick"
    ]
    assert played.running[-1] == (30, 20, 28)


# 1b. A Matto kept to the last trick, where its player must lead it, goes to the winner of the
# last trick: in every form.
#
# The Italian page, point 4: "Il Matto non può essere la carta di uscita e quindi, se lo si
# conserva fino all'ultima mano e si deve uscire, andrà al giocatore che si aggiudicherà
# l'ultima mano."


def led_last_deal():
    """Seed 38 of Tarocchi a 3, Bruno dealing: Bruno won tricks 23 and 24 and kept the Matto to
    the end, so he leads the last trick with it: Matto, K♥ (Carla's, she wins), Q♣."""
    deal = random_deal(find_ruleset(IT), 38, 1)
    assert deal.tricks[-1].cards == tuple(parse_cards("F KC QB"))
    assert (deal.tricks[-1].leader, deal.tricks[-1].winner) == (1, 2)
    return deal, [list(trick.cards) for trick in deal.tricks]


def test_the_replay_sends_a_matto_led_at_the_last_trick_to_its_winner():
    # Where the Matto may be led (a house rule), it stays with Bruno: 10, 34, 34. Counted apart
    # (rules.md A4), its 4 points go to Carla, who won the last trick: 10, 30, 38.
    deal, play = led_last_deal()
    may_lead = find_ruleset(IT, {"fool_may_lead": True})
    assert audit_play(may_lead, 1, deal.scarto, play, names=NAMES)[1].points == (10, 34, 34)
    played, result = audit_play(find_ruleset(IT), 1, deal.scarto, play, names=NAMES)
    assert played.problems == ()  # his last card: leading it was no fault
    assert result.points == (10, 30, 38)
    assert [n.message for n in result.notes] == [
        "Bruno kept the Fool to the last trick and had to lead it, so it goes to Carla, "
        "who won the last trick"
    ]


def test_full_piles_and_the_quick_count_ask_whether_the_matto_was_led():
    # Was: entered as full piles or a quick count, nothing asked, and the Matto stayed with
    # Bruno: 10, 34, 34, ok, no note. Now the keeper is asked, and "at the last trick" gives the
    # play's result; the winner of the last trick is the winner of the Matto's trick, which
    # full piles show (Carla's pile is the one two cards over) and the quick count asks.
    deal, play = led_last_deal()
    ruleset = find_ruleset(IT)
    piles = [list(pile) for pile in gather_piles(deal.tricks, ruleset, as_played=True)]
    assert parse_card("F") in piles[1]
    unasked = audit_piles(ruleset, 1, piles, deal.scarto, names=NAMES)
    assert codes(unasked.problems) == ["fool-led-needed"]
    assert unasked.problems[0].message == (
        "a led Fool goes to the winner of the last trick: say whether Bruno led it "
        "(kept to the last trick and led there, or led earlier)"
    )
    assert not unasked.recordable
    led = audit_piles(ruleset, 1, piles, deal.scarto, names=NAMES, fool_led="last-trick")
    assert led.problems == ()
    assert led.points == (10, 30, 38)
    assert [n.message for n in led.notes] == [
        "Bruno kept the Fool to the last trick and had to lead it, so it goes to Carla, "
        "who won the last trick"
    ]
    counters = {c: seat for seat, pile in enumerate(piles) for c in pile if ruleset.is_counter(c)}
    counters |= {c: "scarto" for c in deal.scarto if ruleset.is_counter(c)}

    def quick_count(**answers):
        return audit_quick_count(
            ruleset, 1, counters, deal.tricks_won, None, deal.scarto, names=NAMES, **answers
        )

    assert codes(quick_count().problems) == ["fool-led-needed"]
    # Led at the last trick: who won it is asked once, as the Matto's trick or the last trick.
    assert "fool-trick-winner" in codes(quick_count(fool_led="last-trick").problems)
    by_last = quick_count(fool_led="last-trick", last_trick_winner=2)
    assert by_last.problems == ()
    assert by_last.points == (10, 30, 38)
    not_led = quick_count(fool_led="no")
    assert not_led.problems == ()
    assert not_led.points == (10, 34, 34)


def test_a_matto_said_to_be_led_at_the_last_trick_by_a_player_without_a_trick_is_refused():
    # Only the winner of the trick before leads the last: a player who won none cannot have.
    result = quick([12, 13, 0], fool_led="last-trick")
    assert codes(result.problems)[0] == "fool-led-impossible"
    assert not result.recordable


def test_a_matto_led_at_the_last_trick_has_one_winner_for_its_trick_and_the_last():
    result = quick([12, 10, 3], carla=["KB"], fool_led="last-trick", last_trick_winner=1)
    assert codes(result.problems) == ["fool-trick-winner"]  # quick() gives Anna the Matto's trick
    assert not result.recordable


# 1c. A Matto led by choice: "Il Matto non può essere la carta di uscita". The page names no
# penalty for it; it is read as a Matto led at the last trick (the reference card says so):
# flagged, and to the winner of the last trick, in every form, its note saying what happened.


def test_a_matto_led_by_choice_is_flagged_and_goes_to_the_last_trick_winner_in_every_form():
    # Carla, with 3 tricks, led the Matto at an earlier trick; Bruno won the last trick. As in
    # the first test: Anna 22, Bruno 45 + the Matto 4 = 49, Carla 7.
    result = quick([12, 10, 3], carla=["KB"], fool_led="earlier", last_trick_winner=1)
    assert codes(result.problems) == ["fool-lead"]
    assert result.recordable
    assert result.points == (22, 49, 7)
    assert [n.message for n in result.notes] == [
        "Carla led the Fool, which may not be led, so it goes to Bruno, who won the last trick"
    ]


def test_the_replay_of_a_matto_led_by_choice_says_it_was_led_not_that_it_had_to_be():
    # Steered seed 1: the Matto's player leads it at an earlier trick, against the rule.
    ruleset = find_ruleset(IT)
    deal = random_deal(ruleset, 1, 0, Steer(loser=AFTER_FOOL_SIDE, fool="lead"))
    player = fool_player(deal.tricks)
    number = next(n for n, t in enumerate(deal.tricks, 1) if parse_card("F") in t.cards)
    assert number < 25
    assert deal.tricks[number - 1].cards[0] == parse_card("F")
    play = [list(trick.cards) for trick in deal.tricks]
    played, result = audit_play(ruleset, 0, deal.scarto, play, names=NAMES)
    assert codes(played.problems) == ["fool-lead"]
    winner = NAMES[deal.last_trick_winner]
    assert [n.message for n in result.notes] == [
        f"{NAMES[player]} led the Fool, which may not be led, so it goes to {winner}, "
        "who won the last trick"
    ]


# 1d. What the input already tells: the dealer who played the Matto kept it.
#
# The Italian page, point 3: "È vietato inserire nello scarto i Re ed i tarocchi ad eccezione del
# Bagatto se è l'unico tarocco in mano al giocatore"; point 1: "I tarocchi sono 22 ed i valori
# vanno dallo 0 del "Matto" al 21". English Wikipedia: "Trump 1 can be discarded if the dealer
# has no other trump (including the Fool)." The Swedish page: "Magikern bara om han inte har
# något annat trumfkort och inte heller Narren på hand."


@pytest.mark.parametrize("ruleset_id", ["scarto", "scarto-sv", IT])
def test_the_bagatto_laid_aside_by_a_dealer_who_played_the_matto_is_illegal(ruleset_id):
    # Bruno deals, lays aside T1 2♠ 3♠ and plays the Matto: he kept it, so the Bagatto was not
    # his only trump. Was: "scarto-unverified", no penalty. In Tarocchi a 3 the scarto goes to
    # the winner of the last trick (Anna, given).
    ruleset = find_ruleset(ruleset_id)
    counters = {c: 1 for c in ruleset.cards if ruleset.is_counter(c)}
    counters |= dict.fromkeys(ANNA, 0) | {parse_card("T1"): "scarto"}
    more = {"fool_led": "no"} if ruleset_id == IT else {}
    result = audit_quick_count(
        ruleset,
        1,
        counters,
        [12, 13, 0],
        0,
        parse_cards("T1 2S 3S"),
        names=NAMES,
        last_trick_winner=0,
        **more,
    )
    assert "scarto-illegal" in codes(result.problems)
    assert "scarto-unverified" not in codes(result.notes)
    if ruleset_id == IT:
        assert "scarto-to-last-trick-winner" in codes(result.notes)
    # Carla played the Matto: the dealer did not keep it, and the Bagatto waits for what else
    # he kept (another trump?), as before.
    counters[parse_card("F")] = 2
    other = audit_quick_count(
        ruleset,
        1,
        counters,
        [12, 13, 0],
        0,
        parse_cards("T1 2S 3S"),
        names=NAMES,
        last_trick_winner=0,
        fool_too_early=False if ruleset_id == IT else None,
    )
    assert "scarto-illegal" not in codes(other.problems)
    assert "scarto-unverified" in codes(other.notes)


# 2. A penalty that needs the last trick is never left out in silence.
#
# The Italian page, point 3: "in caso di errore, lo scarto verrà assegnato a chi ha fatto
# l'ultima presa"; and the Matto of a player with no trick goes there too (the sentence above).


def e6_piles():
    """rules.md E6 as full piles: Anna 35 cards (the Swords courts, the Matto's trick with its
    two cards over), Bruno 13 tricks with every other counter, Carla only the Matto; Bruno
    deals with the scarto 2♠ 3♠ 4♠."""
    ruleset = find_ruleset(IT)
    scarto = parse_cards("2S 3S 4S")
    bruno = [c for c in ruleset.cards if ruleset.is_counter(c) and c not in ANNA and not c.is_fool]
    blanks = [c for c in ruleset.cards if not ruleset.is_counter(c) and c not in scarto]
    anna = [*ANNA, *blanks[:31]]
    bruno += blanks[31:]
    assert (len(anna), len(bruno)) == (35, 39)
    return [anna, bruno, [parse_card("F")]], scarto


def test_e6_the_winner_of_the_mattos_trick_is_not_taken_for_the_last_trick_unasked():
    # Was: Carla won no trick, "so she could play the Matto only as her last card", and the
    # winner of its trick was named as the winner of the last trick, stated as a fact. She may
    # have played it too early (against the rule): then its trick was not the last one.
    piles, scarto = e6_piles()
    result = audit_piles(find_ruleset(IT), 1, piles, scarto, names=NAMES)
    assert codes(result.problems) == ["last-trick-winner-needed"]
    assert not result.recordable
    assert result.notes == ()


def test_e6_the_winner_of_the_mattos_trick_won_the_last_one_when_it_was_her_last_card():
    # The keeper says the Matto was not played too early (before she won a trick, while she held
    # other cards): so it was her last card (rules.md E6), and the winner of its trick, Anna,
    # the only pile with two cards over (35 = 11 x 3 + 2), won the last trick and takes it.
    # Anna (4+3+2+1) + 12 groups + 4 = 26; Bruno 48 - 10 = 38 + 14 groups (39 + 3 cards) = 52;
    # Carla 0.
    piles, scarto = e6_piles()
    result = audit_piles(find_ruleset(IT), 1, piles, scarto, names=NAMES, fool_too_early=False)
    assert result.problems == ()
    assert result.points == (26, 52, 0)
    assert [n.message for n in result.notes] == [
        "Carla won no trick, so the Fool goes to Anna, who won the last trick"
    ]


def test_e6_in_the_quick_count_the_fools_trick_winner_won_the_last_trick():
    # The same deal by its counters: the Matto's trick winner is given (Anna) and it was Carla's
    # last card, so Anna won the last trick: 26, 52, 0 as with last_trick_winner=0.
    result = quick([12, 13, 0], fool_too_early=False)
    assert result.problems == ()
    assert result.points == (26, 52, 0)
    assert codes(result.notes) == ["fool-to-last-trick-winner"]
    assert codes(quick([12, 13, 0]).problems) == ["last-trick-winner-needed"]


def test_an_illegal_scarto_goes_to_the_derived_last_trick_winner():
    # Bruno lays aside T9 (Tarocchi a 3 forbids trumps): the scarto and the Matto both go to
    # Anna, who won the Matto's trick, Carla's last card, and so the last. Anna: 35 + 3 cards,
    # 10 + 13 groups + 4 = 27; Bruno: 39 cards, 38 + 13 = 51; Carla 0; 27 + 51 = 78.
    result = quick([12, 13, 0], scarto="2S 3S T9", fool_too_early=False)
    assert codes(result.problems) == ["scarto-illegal"]
    assert result.points == (27, 51, 0)
    assert [n.message for n in result.notes] == [
        "the illegal scarto goes to Anna, who won the last trick",
        "Carla won no trick, so the Fool goes to Anna, who won the last trick",
    ]


def test_a_fool_without_a_trick_and_no_known_last_trick_winner_blocks_the_deal():
    # A house rule sends the Fool of a player without a trick to the last trick's winner, but
    # lets it be played at any time: then nothing in the piles tells who won the last trick.
    ruleset = find_ruleset("scarto", {"fool_if_owner_no_trick": "last-trick-winner"})
    piles, scarto = e6_piles()
    result = audit_piles(ruleset, 1, piles, scarto, names=NAMES)
    assert codes(result.problems) == ["last-trick-winner-needed"]
    assert result.problems[0].message == (
        "Carla won no trick, so the Fool goes to whoever won the last trick: say who won it"
    )
    assert not result.recordable
    assert "penalty-pending" not in codes(result.notes)
    given = audit_piles(ruleset, 1, piles, scarto, names=NAMES, last_trick_winner=0)
    assert given.recordable
    assert codes(given.notes) == ["fool-to-last-trick-winner"]


def test_the_replay_moves_an_illegal_scarto_in_its_last_running_row():
    # Seed 5 of Scarto, Anna dealing, judged by Tarocchi a 3: the play is legal there too, but
    # the scarto 2♠ J♥ T15 holds a trump. Bruno won the last trick: the group {J♥, b, b} = 2
    # moves from Anna to him, from 21, 49, 8 (flagged only) to 19, 51, 8.
    deal = random_deal(find_ruleset("scarto"), 5, 0)
    play = [list(trick.cards) for trick in deal.tricks]
    assert deal.scarto == tuple(parse_cards("2S JC T15"))
    flag = find_ruleset(IT, {"illegal_scarto": "flag"})
    assert audit_play(flag, 0, deal.scarto, play)[1].points == (21, 49, 8)
    played, result = audit_play(find_ruleset(IT), 0, deal.scarto, play, names=NAMES)
    assert played.problems == ()
    assert result.points == (19, 51, 8)
    assert codes(result.notes) == ["scarto-to-last-trick-winner"]
    assert played.running[-1] == (19, 51, 8)


# 3. The running points: the Fool is never won with its trick.
#
# The Swedish page (002_*.txt): "Narren kan inte vinna ett stick, men inte heller förloras av
# sin ägare"; the Piedicavallo page (003_*.txt): "the fool isn’t captured by the winner of the
# trick either. Instead, it goes into the scoring pile of the team that played it."


def test_piedicavallo_the_running_points_give_the_fool_to_the_team_that_played_it():
    # Seat 3 deals, seat 0 leads. Trick 1: K♠ 5♠ 6♠ 7♠, seat 0's King wins: team 0 has
    # 5 + 1 + 1 + 1 = 8 (raw count). Trick 2: 8♠ Q♠ Fool 9♠, seat 1's Queen wins: team 1 has
    # 1 + 4 + 1 = 6; the Fool (5) was played by seat 2, team 0: 8 + 5 = 13. Today: [8, 11].
    play = [parse_cards("KS 5S 6S 7S"), parse_cards("8S QS F 9S")]
    played = replay(find_ruleset("piedicavallo"), 3, parse_cards("2C 3C"), play)
    assert played.problems == ()
    assert played.running == ((8, 0), (13, 6))


def test_the_running_points_count_the_fool_apart_for_its_player():
    # The too-early deal above: after trick 2 Anna has {8♠ J♠ 3♠} = 2 and {K♠ 2♠ C♠} = 7,
    # 9 in all. Trick 3: Bruno's K♥ takes 6♥ with a phantom blank: 1 + 5 + 1 - 2 = 5; Carla's
    # Matto counts 4 for her. Today: Bruno 9 (the Matto with his trick), Carla 0.
    deal, play = too_early_deal()
    played = replay(find_ruleset(IT), 1, deal.scarto, play, NAMES)
    assert played.running[:3] == ((2, 0, 0), (9, 0, 0), (9, 5, 4))


# 4. Piedicavallo: the dealer announces how many trumps he laid aside.
#
# The Piedicavallo page (003_*.txt): "If they do discard trumps, they have to tell everyone how
# many they got rid of."


def test_piedicavallo_a_trump_laid_aside_without_an_announcement_is_undecided():
    ruleset = find_ruleset("piedicavallo")
    scarto = parse_cards("T5 5S")
    # Not asked: the dealer must have announced one trump; the keeper should ask. Today: legal.
    unasked = check_scarto(scarto, ruleset, keeps_trump=False)
    assert unasked.legal is None
    assert unasked.problems == ()
    assert codes(unasked.notes) == ["scarto-unverified"]
    assert unasked.notes[0].message == (
        "the dealer must announce how many trumps he laid aside: ask him how many he announced"
    )
    # Announced none, though a trump was laid aside: flagged.
    none = check_scarto(scarto, ruleset, keeps_trump=False, trumps_announced=0)
    assert none.legal is False
    assert codes(none.problems) == ["scarto-announcement"]
    # Announced one: legal.
    assert check_scarto(scarto, ruleset, keeps_trump=False, trumps_announced=1).legal is True


def test_piedicavallo_a_scarto_without_trumps_has_nothing_to_announce():
    assert check_scarto(parse_cards("QS 6C"), find_ruleset("piedicavallo")).legal is True

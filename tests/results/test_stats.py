"""Statistics across games, from hand-built games stored as an import stores them."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import import_past
from sqlalchemy import delete

from scorekeeper.db.models import Game, db
from scorekeeper.games import service as services
from scorekeeper.results import archive, game_rows
from scorekeeper.results.stats import Record, Stats, player_stats, team_stats
from scorekeeper.scoring import (
    PRESETS,
    Rules,
    Table,
    make_hand,
    make_table,
    rules_from_dict,
)

AUSTRALIAN = PRESETS["australian"]
US = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])


def game(table: Table, *hands: dict[str, Any], rules: Rules = AUSTRALIAN):
    """Return a game to store, hands given as make_hand keywords."""
    built = tuple(make_hand(rules, table, **h) for h in hands)
    return archive.PastGame("", rules, table, built)


@pytest.fixture
def stats(app):
    """Return a function: store these games alone, return (players, teams) by name."""

    def of(played: list[archive.PastGame]) -> tuple[dict[str, Stats], ...]:
        with app.app_context():
            game_rows.clear()  # the standings too: they have no game to cascade from
            db.session.execute(delete(Game))
            import_past(played)
            return by_name(player_stats()), by_name(team_stats())

    return of


def bid(bidder: str, contract: str, tricks: Any, **extra: Any) -> dict[str, Any]:
    """Return a hand where `bidder` bid `contract` and their side took `tricks`."""
    return {"bidder": bidder, "contract": contract, "tricks": tricks, **extra}


def by_name(stats: list[Stats]) -> dict[str, Stats]:
    """Return statistics keyed by name."""
    return {s.name: s for s in stats}


def test_a_made_ten_no_trumps_is_a_front_door_win_for_the_team_and_both_players(
    stats,
):
    players, teams = stats([game(US, bid("Ann", "10NT", 10))])
    assert (players["Ann"].games, players["Ann"].front_door) == (1, 1)
    assert (players["Cat"].wins, players["Bob"].wins) == (1, 0)
    assert teams["Ann & Cat"].front_door == 1
    assert teams["Bob & Dan"].wins == 0


def test_when_the_opponents_fall_through_the_floor_the_others_win_out_the_back_door(
    stats,
):
    _, teams = stats([game(US, bid("Bob", "10NT", 0))])
    assert (teams["Ann & Cat"].back_door, teams["Ann & Cat"].front_door) == (1, 0)
    assert teams["Bob & Dan"].wins == 0


def test_a_session_ended_by_the_hands_limit_counts_as_another_ending(stats):
    rules = rules_from_dict(
        {"preset": "australian", "target": None, "floor": None, "hands_limit": 1}
    )
    ann = stats([game(US, bid("Ann", "7H", 7), rules=rules)])[0]["Ann"]
    assert (ann.wins, ann.other_wins, ann.front_door, ann.back_door) == (1, 1, 0, 0)


def test_games_in_progress_count_as_played_but_not_finished_and_win_nothing(stats):
    ann = stats([game(US, bid("Ann", "7H", 7)), game(US, {"contract": "pass"})])[0]
    assert (ann["Ann"].games, ann["Ann"].finished, ann["Ann"].wins) == (2, 0, 0)


def test_a_game_with_no_hand_counts_for_no_one(stats):
    eve = make_table([("A", ["Eve", "Fay"]), ("B", ["Gus", "Hal"])])
    players, teams = stats([game(US, bid("Ann", "7H", 7)), game(US), game(eve)])
    assert players["Ann"].games == 1 and "Eve" not in players
    assert teams["Ann & Cat"].games == 1 and "Eve & Fay" not in teams


def test_contracts_are_counted_by_suit_and_by_level_for_the_bidder_only(stats):
    played = [game(US, bid("Ann", "7H", 7), bid("Ann", "8S", 6), bid("Bob", "6C", 6))]
    players, _ = stats(played)
    ann = players["Ann"]
    assert ann.contracts == Record(2, 1)
    assert dict(ann.suits)["H"] == Record(1, 1)
    assert dict(ann.suits)["S"] == Record(1, 0)
    assert dict(ann.suits)["NT"] == Record(0, 0)
    assert dict(ann.levels) == {
        6: Record(),
        7: Record(1, 1),
        8: Record(1, 0),
        9: Record(),
        10: Record(),
    }
    assert players["Cat"].contracts == Record(0, 0)
    assert players["Bob"].contracts == Record(1, 1)


def test_the_average_counts_the_bidding_sides_tricks_on_trick_contracts_only(stats):
    played = [
        game(US, bid("Ann", "7H", 7), bid("Ann", "8S", 6), bid("Ann", "misere", 0))
    ]
    players, _ = stats(played)
    ann = players["Ann"]
    assert (ann.tricks_taken, ann.tricks_bid) == (13, 15)
    assert ann.average_tricks == "6.5 taken on an average bid of 7.5"
    assert players["Cat"].average_tricks == "—"


def test_the_misere_record_counts_misere_bids_and_how_many_took_no_trick(stats):
    played = [game(US, bid("Ann", "misere", 0), bid("Ann", "open_misere", 1))]
    ann = stats(played)[0]["Ann"]
    assert ann.misere == Record(2, 1)
    assert ann.misere.words == "1 of 2 made (50%)"
    assert ann.contracts == Record(2, 1)
    assert dict(ann.levels)[6] == Record()


def test_hands_everyone_passed_are_no_ones_contract(stats):
    players, teams = stats([game(US, {"contract": "pass"}, bid("Ann", "7H", 7))])
    assert players["Ann"].contracts == Record(1, 1)
    assert teams["Bob & Dan"].contracts == Record(0, 0)


def test_a_team_is_its_players_whatever_the_side_is_called_or_who_sits_first(stats):
    again = make_table([("Them", ["Dan", "Bob"]), ("Reds", ["cat", "ann"])])
    played = [game(US, bid("Ann", "10NT", 10)), game(again, bid("Bob", "7S", 7))]
    players, teams = stats(played)
    assert set(teams) == {"Ann & Cat", "Bob & Dan"}
    assert teams["Ann & Cat"].games == 2
    assert teams["Bob & Dan"].contracts == Record(1, 1)
    assert players["Ann"].games == 2


def test_a_teams_contracts_include_those_recorded_with_no_bidder_named(stats):
    players, teams = stats([game(US, {"side": 0, "contract": "9D", "tricks": 9})])
    assert teams["Ann & Cat"].contracts == Record(1, 1)
    assert all(s.contracts == Record() for s in players.values())


def test_lone_players_form_no_teams(stats):
    three = make_table([(name, [name]) for name in ("Ann", "Bob", "Cat")])
    players, teams = stats([game(three, bid("Ann", "7H", [7, 2, 1]))])
    assert teams == {}
    assert players["Ann"].contracts == Record(1, 1)


def test_a_called_partners_tricks_count_towards_the_bidders_average(stats):
    five = make_table([(n, [n]) for n in ("Ann", "Bob", "Cat", "Dan", "Eve")])
    hand = bid("Ann", "8H", [5, 0, 3, 1, 1], partner="Cat")
    players, _ = stats([game(five, hand)])
    assert players["Ann"].contracts == Record(1, 1)
    assert (players["Ann"].tricks_taken, players["Ann"].tricks_bid) == (8, 8)
    assert players["Cat"].contracts == Record()


def test_other_special_contracts_are_counted_apart(stats):
    rules = rules_from_dict({"preset": "australian", "contracts": {"grand_slam": 500}})
    ann = stats([game(US, bid("Ann", "grand_slam", 10), rules=rules)])[0]["Ann"]
    assert (ann.specials, ann.misere) == (Record(1, 1), Record())


def test_players_with_most_games_come_first_then_most_wins(stats):
    three = make_table([(name, [name]) for name in ("Eve", "Fay", "Gus")])
    pass_ = {"contract": "pass"}
    played = [game(US, bid("Ann", "10NT", 10)), game(US, pass_), game(three, pass_)]
    players, _ = stats(played)
    assert list(players)[:2] == ["Ann", "Cat"]
    assert list(players)[-3:] == ["Eve", "Fay", "Gus"]


def test_a_player_is_named_as_in_their_first_game(stats):
    again = make_table([("Them", ["DAN", "bob"]), ("Reds", ["cat", "ann"])])
    pass_ = {"contract": "pass"}
    players, teams = stats([game(again, pass_), game(US, pass_)])
    assert set(players) == {"ann", "bob", "cat", "DAN"}
    assert set(teams) == {"ann & cat", "bob & DAN"}
    assert teams["bob & DAN"].players == ("bob", "DAN")


def test_a_record_in_words():
    assert Record().words == "—"
    assert Record(3, 2).words == "2 of 3 made (67%)"


def test_statistics_of_no_games_are_empty(stats):
    assert stats([]) == ({}, {})


def test_undoing_the_winning_hand_takes_the_win_back(app, stats):
    stats([game(US, {"contract": "pass"}, bid("Ann", "10NT", 10))])
    with app.app_context():
        (game_id,) = db.session.execute(db.select(Game.id)).scalars()
        services.undo_hand(services.load(game_id))
        ann = by_name(player_stats())["Ann"]
        assert (ann.wins, ann.finished, ann.contracts) == (0, 0, Record())
        services.undo_hand(services.load(game_id))  # no hand left: no one's game
        assert "Ann" not in by_name(player_stats())
        game_id = services.create_game("Again", AUSTRALIAN, US)[0].id
        assert "Ann" not in by_name(player_stats())  # started, no hand yet
        services.record_hand(
            services.load(game_id), make_hand(AUSTRALIAN, US, **bid("Ann", "7H", 7))
        )
        assert by_name(player_stats())["Ann"].games == 1  # its first hand counts it

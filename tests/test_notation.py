"""The move notation (docs/engine.md, "Move notation"): every legal move prints as a text that
reads back as exactly that move, in every shipped ruleset and in made-up ones with awkward
labels (issue 22); and `parse_move` answers any text at all with a move or a one-line reason,
in time linear in its length (issue 27)."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build, made_up, pile

from patience import Game, IllegalMove
from patience.engine.moves import SWAP, Move
from patience.engine.notation import format_move, parse_move
from patience.ruleset import load_file
from patience.ruleset.registry import shipped_rulesets
from patience.solver import solve

SHIPPED = {r.id: r for r in shipped_rulesets()}
MADE_UP = ["spider-like", "thirteen-columns", "scorpion-like", "eight-off-like", "one-card-waste"]


def spider_two_foundations() -> Game:
    """9♥ 8♥ 7♥ 6♥ 5♥ on column 1: its top three fit h1 (8♥ on top), all five fit h2 (10♥)."""
    return build(made_up("spider-like"), {
        "1": "9H 8H 7H 6H 5H", "h1": "KH QH JH TH 9H 8H", "h2": "KH QH JH TH",
    }, fill="s", fill_face_down=True)


def thirteen_columns() -> Game:
    """1 to 12 and 11 to 2 are both legal: 6♥ onto 7♠, 9♦ onto 10♣."""
    return build(made_up("thirteen-columns"), {
        "1": "6H", "12": "7S", "11": "9D", "2": "TC", "3": "", "4": "", "5": "",
    }, fill="13")


def read_back(game: Game, move: Move) -> None:
    text = format_move(game, move)
    assert parse_move(game, text) == move, f"{move} is written {text!r}, which reads as {parse_move(game, text)}"


# ------------------------------------------------------------------- issue 22, item 1: by hand
def test_a_shared_label_that_fits_two_foundations_with_different_counts_is_not_printed_for_both():
    game = spider_two_foundations()
    by = game.rules.pile_by_label
    onto_8h, onto_10h = (by["1"], by["h1"], 3), (by["1"], by["h2"], 5)
    assert {onto_8h, onto_10h} <= set(game.legal_moves())
    written = {format_move(game, onto_8h), format_move(game, onto_10h)}
    assert len(written) == 2, written
    for move in (onto_8h, onto_10h):
        read_back(game, move)
    with pytest.raises(IllegalMove, match="could mean several moves: 1h1, 1h2"):
        parse_move(game, "1h")


def test_labels_1_to_13_are_joined_by_a_dash_and_every_separator_reads():
    game = thirteen_columns()
    by = game.rules.pile_by_label
    one_to_12, eleven_to_2 = (by["1"], by["12"], 1), (by["11"], by["2"], 1)
    assert {one_to_12, eleven_to_2} <= set(game.legal_moves())
    assert format_move(game, one_to_12) == "1-12"
    assert format_move(game, eleven_to_2) == "11-2"
    for text in ("1-12", "1 12", "1>12", " 1 - 12 ", "1->12"):
        assert parse_move(game, text) == one_to_12, text
    assert parse_move(game, "11 2") == eleven_to_2
    with pytest.raises(IllegalMove, match="could mean several moves: 1-12, 11-2"):
        parse_move(game, "112")
    game.play("1-12")
    assert pile(game, "12") == ["7S", "6H"]


def test_a_separator_is_written_only_where_labels_run_together_ambiguously():
    assert Game.new(made_up("thirteen-columns"), 1).rules.join_separator == "-"
    for ruleset in SHIPPED.values():
        assert Game(ruleset).rules.join_separator == "", ruleset.id
    game = build("freecell", {"1": "KS QH JC TD", "2": "", "3": "QD", "a": "AH"}, fill="8")
    written = {format_move(game, m) for m in game.legal_moves()}
    assert {"13", "12", "12v3", "ah", "1b"} <= written  # the standard FreeCell notation, unchanged
    assert parse_move(game, "1 3") == parse_move(game, "13") == parse_move(game, "1-3")


def test_a_count_may_follow_the_separated_target():
    game = build("freecell", {"1": "KS QH JC TD", "2": ""}, fill="8")
    assert parse_move(game, "1-2v3")[2] == 3
    assert parse_move(game, "1 2v3")[2] == 3
    assert parse_move(game, "12 v3")[2] == 3  # two words that are not a pair run together


# ------------------------------------------------------------------- issue 22, item 1: properties
def random_positions(ruleset, deal: int, seed: int, length: int):
    """The positions of a random walk of legal moves (checked plays), each with its moves."""
    game = Game(ruleset, deal)
    rng = random.Random(seed)
    for _ in range(length):
        moves = game.legal_moves()
        yield game, moves
        plain = [m for m in moves if m[1] != SWAP]
        if not moves:
            return
        game.play(rng.choice(plain or moves))
    yield game, game.legal_moves()


def spread(moves: list[Move], most: int = 12) -> list[Move]:
    """Every card and stock move, and a few of Cromwell's thousands of swaps."""
    swaps = [m for m in moves if m[1] == SWAP]
    return [m for m in moves if m[1] != SWAP] + swaps[:: max(1, len(swaps) // most)]


@pytest.mark.parametrize("name", MADE_UP)
@settings(max_examples=12, deadline=None)
@given(deal=st.integers(1, 10_000), seed=st.integers(0, 2**32 - 1), length=st.integers(0, 120))
def test_every_legal_move_of_a_made_up_ruleset_reads_back_exactly(name, deal, seed, length):
    ruleset = load_file(made_up(name))
    for game, moves in random_positions(ruleset, deal, seed, length):
        for move in spread(moves):
            read_back(game, move)


def test_every_legal_move_of_the_hand_made_positions_reads_back_exactly():
    for game in (spider_two_foundations(), thirteen_columns()):
        for move in game.legal_moves():
            read_back(game, move)


def test_a_solver_solution_replays_move_by_move_through_the_notation():
    result = solve(Game.new("freecell", 1), timeout=20, max_states=50_000)
    assert result.moves, result
    game = Game.new("freecell", 1)
    for text in result.moves:
        game.play(parse_move(game, text))
    assert game.is_won()


def test_a_solver_solution_with_separated_labels_replays():
    """Thirteen columns of four open cards: the solver's words carry the `-` and read back."""
    start = Game.new(made_up("thirteen-columns"), 3)
    result = solve(start, timeout=20, max_states=50_000)
    assert result.moves, result
    assert any("-" in word for word in result.moves)
    game = Game.new(made_up("thirteen-columns"), 3)
    for text in result.moves:
        game.play(text)
    assert game.is_won()


# ------------------------------------------------------------------- issue 27: any text at all
STRANGE = [
    "", " ", "²", "#²", "٣٤", "x03.٣-17.1", "\x00\x1b[31m", "\ufffd\ufffd", "1\u20282", "İ", "ß",
    "38v" + "f" * 100_000, "38v" + "0" * 100_000 + "3", "x03.1-17." + "9" * 100_000, "x" * 1_000_000,
    "1" * 1_000_000, "v" * 1_000_000, "1v" * 500_000, "a1+" * 300_000, "1 2 " * 200_000, "-" * 1_000_000,
]


@pytest.mark.parametrize("ruleset_id", sorted(SHIPPED))
def test_parse_move_answers_strange_and_huge_texts_quickly_with_a_move_or_a_reason(ruleset_id):
    game = Game(SHIPPED[ruleset_id], 1)
    for text in STRANGE:
        # A bound only a runaway parse (a backtracking pattern, a loop per character squared) can
        # reach: CPU time of this process, so a loaded machine does not fail it; speed itself is
        # for benchmarks/.
        started = time.process_time()
        try:
            move = parse_move(game, text)
        except IllegalMove as refused:
            reason = str(refused)
            assert "\n" not in reason and len(reason) < 2_000, (text[:20], reason[:200])
        else:
            assert isinstance(move, tuple) and len(move) == 3 and all(isinstance(x, int) for x in move)
        assert time.process_time() - started < 5.0, f"{text[:20]!r}... took too long"


def test_a_count_far_larger_than_any_pile_is_refused_with_a_reason():
    game = Game.new("freecell", 1)
    with pytest.raises(IllegalMove, match="no pile holds that many cards; the game has 52"):
        parse_move(game, "38v" + "f" * 100_000)
    with pytest.raises(IllegalMove, match="no card"):
        parse_move(Game.new("cromwell", 1), "x01.1-02." + "9" * 100_000)
    assert parse_move(game, "38v" + "0" * 1000 + "1")[2] == 1  # leading zeros are only zeros


def test_the_time_to_refuse_grows_no_faster_than_the_text():
    game = Game.new("kwadratura-kola", 1)

    def seconds(size: int) -> float:
        text = "a1" * (size // 2)
        started = time.process_time()  # CPU time: other work on the machine does not count
        with pytest.raises(IllegalMove):
            parse_move(game, text)
        return time.process_time() - started

    # A runaway guard, not a speed target (benchmarks/ has those): a parse quadratic in the text
    # takes a hundred times as long for ten times the text; a linear one about ten times.
    small, large = min(seconds(100_000) for _ in range(3)), min(seconds(1_000_000) for _ in range(3))
    assert large < 40 * small + 0.2


TEXTS = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789abcdefhsvwx.+-> \t²٣", max_size=24),
    st.lists(st.sampled_from(["1", "2", "12", "h", "h1", "a", "s", "v", "v3", "x", ".", "+", "-", " ", "0"]),
             max_size=8).map("".join),
)


@pytest.mark.parametrize("ruleset_id", sorted(SHIPPED))
@settings(max_examples=60, deadline=None)
@given(text=TEXTS)
def test_parse_move_gives_a_move_or_an_illegal_move_for_any_text(ruleset_id, text):
    game = Game(SHIPPED[ruleset_id], 1)
    try:
        move = parse_move(game, text)
    except IllegalMove as refused:
        assert "\n" not in str(refused)
        return
    assert isinstance(move, tuple) and len(move) == 3 and all(isinstance(x, int) for x in move)
    game.why_illegal(move)  # and the engine can judge whatever it names


def test_a_shared_label_over_several_groups_gives_every_groups_reason():
    """Calculation's `h` covers four groups (issue 36): a card none takes is refused with all four
    reasons, not only the first group's, which would read as if it were the only place."""
    game = Game.new("calculation", 1)
    game.play("s")  # J♦ in the hand: no foundation takes it
    with pytest.raises(IllegalMove) as refused:
        game.play("th")
    message = str(refused.value)
    assert message.startswith("no pile of h takes it: ")
    assert all(f"({group}: " in message for group in ("ones", "twos", "threes", "fours"))


def test_a_shared_label_over_several_groups_gives_a_reason_they_share_once():
    """Calculation's waste piles start empty: `3h` has one reason, not four copies of it."""
    game = Game.new("calculation", 1)
    with pytest.raises(IllegalMove, match="^3 is empty$"):
        game.play("3h")


def test_a_shared_label_over_empty_groups_with_bases_names_each_groups_ranks_in_one_line():
    """Kwadratura Koła's `o` covers four groups of empty places with their own base ranks (KK-3):
    one short line of what each would take, instead of four sentences that wrapped three lines."""
    game = Game.new("kwadratura-kola", 1)  # a1 holds 4♥, free
    with pytest.raises(IllegalMove) as refused:
        game.play("a1o")
    assert str(refused.value) == "no pile of o takes 4♥: an empty one takes only A (aces), 5 (fives), 9 (nines) or K (kings)"
    game.play("h7o")  # K♠ starts a kings pile: that pile's own reason follows
    with pytest.raises(IllegalMove) as refused:
        game.play("a1o")
    assert str(refused.value) == ("no pile of o takes 4♥: an empty one takes only A (aces), 5 (fives), 9 (nines) "
                                  "or K (kings); 4♥ cannot go on K♠ (kings: nothing is built here)")


def test_a_shared_label_over_several_groups_gives_each_groups_reason_from_its_pile_nearest_the_card():
    """Dywan's `o` covers the ups (A♣ A♦ A♥ A♠) and the downs (K♣ ...): 5♦ is refused by the
    diamond piles, the ones a reader checks, not by the clubs, which come first (DY-1)."""
    game = Game.new("dywan", 2)  # a1 holds 5♦, free
    with pytest.raises(IllegalMove) as refused:
        game.play("a1o")
    assert str(refused.value) == ("no pile of o takes it: 5♦ cannot go on A♦ (ups: up in suit); "
                                  "5♦ cannot go on K♦ (downs: down in suit)")


def test_a_shared_label_over_one_group_keeps_its_one_reason():
    game = Game.new("klondike", 1)
    with pytest.raises(IllegalMove, match="^an empty pile in foundations takes only A, not Q♥$"):
        game.play("2h")


def test_a_shared_label_over_several_groups_asks_which_pile_when_several_take_the_card():
    """docs/authoring.md §5: piles of one group are alike, piles of different groups are not."""
    game = build("calculation", {"h1": "AS 2S 3S 4S 5S", "h2": "2H 4H", "h3": "3C", "h4": "4D", "t": "6D"},
                 fill="s", fill_face_down=True)
    with pytest.raises(IllegalMove, match="^'th' could mean several moves: th1, th2, th3$"):
        game.play("th")
    game.play("th2")
    assert pile(game, "h2") == ["2H", "4H", "6D"]


@pytest.mark.parametrize("game_id, deal, text, hint, absent", [
    ("czternastki", 1, "t", "a move is like na1+nb2, or c alone", None),  # CZ-3: the talon deals only by the close-up
    ("parada", 1, "a1", ", or s alone", None),
    ("freecell", 1, "a", "a move is like 1a", None),
    # Kwadratura Koła: a card move is the example where one is legal, the stock word after it;
    # at deal 31 the stock's is the only move, and it was offered twice ("s, or s alone").
    ("kwadratura-kola", 1, "o", "a move is like h7o, or s alone", None),
    ("kwadratura-kola", 31, "w", "a move is like s", ", or s alone"),
])
def test_one_pile_label_alone_is_refused_with_what_a_move_looks_like(game_id, deal, text, hint, absent):
    game = Game.new(game_id, deal)
    before = game.position()
    with pytest.raises(IllegalMove) as refused:
        game.play(text)
    reason = str(refused.value)
    assert f"{text!r} names one pile, not a move" in reason and hint in reason
    assert absent is None or absent not in reason
    assert "\n" not in reason and len(reason) < 100  # one line, not the list of every label
    assert game.position() == before


def test_a_text_that_is_no_move_lists_the_labels_in_few_words():
    """Kwadratura Koła's 98 labels took four lines of every refusal; a grid is "a1…h8" and labels
    that run on by one are "o1…o32", across its four groups of foundations (KK-1, KK-3)."""
    game = Game.new("kwadratura-kola", 1)
    with pytest.raises(IllegalMove) as refused:
        game.play("o99")
    assert str(refused.value) == "'o99' is not a move: write a source and a target label (s w a1…h8 o1…o32), e.g. h7o"
    assert game.move_count == 0

"""The game at the prompt (issue 3), command by command, through the Session the CLI drives."""

import pytest
from clirun import run, spawn
from positions import build, dead_end, full_foundations_but

from patience import Game
from patience.cards import ascii_cards
from patience.session.reading import COMMANDS, resolve_command
from patience.session.session import Reply, Session, Settings, help_text
from patience.engine.assist import finishing_moves, hint, lost_reason, safe_moves
from patience.i18n import using_language


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def session(game: Game | str = "klondike", deal: int = 1, **settings) -> Session:
    started = Game.new(game, deal) if isinstance(game, str) else game
    return Session(started, Settings(**settings), now=Clock())


# G-2: every move listed and numbered ---------------------------------------------------------
def test_G2_moves_are_listed_numbered_and_typing_a_number_plays_it():
    s = session("freecell", 1)
    reply = s.handle("moves")
    legal = s.game.legal_moves()
    assert len(reply.lines) == len(legal) + 1
    assert reply.lines[0].split()[:2] == ["1.", s.game.notation(legal[0])]
    before = s.game.position()
    s.handle("3")
    assert s.turns == [[legal[2]]]
    s.handle("undo")
    assert s.game.position() == before and not s.handle("#1").failed


def test_G2_a_number_out_of_range_is_refused_with_the_count():
    s = session("freecell", 1)
    s.handle("moves")
    reply = s.handle("#999")
    assert reply.failed and "no move numbered 999" in reply.lines[0]


def test_digits_that_are_both_a_move_and_a_list_number_are_not_guessed():
    for deal in range(1, 60):
        s = session("freecell", deal)
        s.handle("moves")
        listed = s.listed
        clash = next(
            (str(i) for i in range(11, min(len(listed), 89) + 1)
             if s.game.is_legal(parse(s.game, str(i)) or (0, 0, 0)) and parse(s.game, str(i)) != listed[i - 1]),
            None,
        )
        if clash:
            before = s.game.position()
            reply = s.handle(clash)
            assert reply.failed and f"type #{clash}" in reply.lines[0]
            assert s.game.position() == before
            return
    pytest.fail("no deal among 1..59 has such a clash; pick another search range")


def parse(game, text):
    from patience.engine.moves import IllegalMove
    from patience.engine.notation import parse_move

    try:
        return parse_move(game, text)
    except IllegalMove:
        return None


# Commands and prefixes -------------------------------------------------------------------------
@pytest.mark.parametrize("word, name", [("hin", "hint"), ("he", "help"), ("mov", "moves"), ("res", "restart"),
                                        ("u", "undo"), ("q", "quit"), ("?", "help"), ("deal", "draw")])
def test_unique_prefixes_and_short_names_name_a_command(word, name):
    found = resolve_command(word)
    assert not isinstance(found, str) and found is not None and found.name == name


def test_an_ambiguous_prefix_is_explained():
    assert resolve_command("re") == "'re' could be redo or restart; type more letters"
    reply = session().handle("re")
    assert reply.failed and reply.unknown and len(reply.lines) == 1


def test_an_ambiguous_prefix_is_explained_with_the_words_of_the_language_in_use():
    """In Polish "po" starts pomoc, podpowiedź, pozycja and ponów: those are named, not help,
    hint, position and redo, which the player did not type."""
    with using_language("pl"):
        said = resolve_command("po")
    assert said == "'po' może oznaczać podpowiedź, pomoc, ponów lub pozycja; wpisz więcej liter"


def test_help_lists_every_command_within_80_columns():
    for language in ("en", "pl"):
        with using_language(language):
            text = help_text(language)
        assert all(c.name in text for c in COMMANDS)
        assert max(len(line) for line in text.splitlines()) <= 80


def test_an_unknown_command_gets_one_line_and_the_game_is_unchanged():
    s = session()
    before = (s.game.position(), s.game.move_count)
    reply = s.handle("fly me to the moon")
    assert reply.failed and reply.unknown and len(reply.lines) == 1 and "help" in reply.lines[0]
    assert (s.game.position(), s.game.move_count) == before


def test_an_illegal_move_gets_its_reason_and_the_game_is_unchanged():
    s = session("klondike", 1)
    before = (s.game.position(), s.game.move_count)
    reply = s.handle("12")
    assert reply.failed and not reply.unknown and len(reply.lines) == 1
    assert reply.lines[0].startswith("10♥ cannot go on Q♥")
    assert (s.game.position(), s.game.move_count) == before


def test_a_command_that_takes_no_argument_refuses_one():
    reply = session().handle("undo 3")
    assert reply.failed and "takes no argument" in reply.lines[0]


# KL-6 / FC: draw ---------------------------------------------------------------------------------
def test_draw_turns_the_stock_and_is_refused_without_one():
    s = session("klondike", 1)
    stock = s.game.rules.stock_pile
    size = len(s.game.piles[stock])
    assert not s.handle("draw").failed and len(s.game.piles[stock]) == size - 1
    reply = session("freecell", 1).handle("draw")
    assert reply.failed and reply.lines == ["this game has no stock"]


# FC-7: undo counts as a move; assists ----------------------------------------------------------
def autoplay_position() -> Game:
    """FreeCell: ♣ ♦ ♥ home to the 2s; A♠ and 2♠ on top of columns 1 and 2, 3♥ on column 3."""
    piles = {"h1": "AC 2C", "h2": "AD 2D", "h3": "AH 2H", "1": "KH QC 5D AS", "2": "KC 2S", "3": "9C 3H",
             "4": "3S"}
    return build("freecell", piles, fill="8")


def test_FC7_safe_cards_are_those_no_card_outside_the_foundations_could_be_built_on():
    game = autoplay_position()
    assert [game.notation(m) for m in safe_moves(game)] == ["1h"]  # A♠ only: 3♥ waits for 2♠
    game.play("1h")
    assert [game.notation(m) for m in safe_moves(game)] == ["2h"]  # 2♠: both red aces are home


def test_a_move_refused_because_autoplay_took_its_card_says_so():
    """A solver's line typed with autoplay on (helper's trial: Kwadratura Koła deal 13's first
    move, `c1o`, answered only "c1 is empty"): the refusal says autoplay sent that pile's card home,
    after the last move or at the deal. A pile autoplay did not touch gets the plain reason."""
    s = Session(autoplay_position(), Settings(autoplay=True, autofinish=False), now=Clock())
    s.handle("4b")  # then A♠ (column 1) and 2♠ (column 2) go home by themselves
    key = s.game.key()
    refused = "K♣ cannot go on 2♣ (foundations: up in suit); autoplay sent a card from 2 home after your last move"
    assert s.handle("2h").lines == [refused]
    assert s.handle("4h").lines == ["4 is empty"]  # the player's own move emptied it, not autoplay
    assert s.game.key() == key
    kk = Session(Game.new("kwadratura-kola", 13), Settings(autoplay=True), now=Clock())
    assert kk.open_deal()  # five safe cards at the deal, c1's among them
    assert kk.handle("c1o").lines == ["c1 is empty; autoplay sent a card from c1 home at the deal"]
    with using_language("pl"):
        assert kk.handle("c1o").lines == ["c1 jest pusty; automat odłożył kartę z c1 na stos docelowy zaraz po rozdaniu"]


def test_FC7_autoplay_sends_the_safe_cards_and_undo_takes_back_the_whole_turn_as_one_move():
    game = autoplay_position()
    s = Session(game, Settings(autoplay=True, autofinish=False), now=Clock())
    moves_before = game.move_count
    reply = s.handle("4b")  # 3♠ to a free cell; then A♠, 2♠, 3♥, 3♠, 3♣ are all safe
    assert not reply.failed and "auto: " in reply.lines[0]
    spades = game.piles[game.rules.pile_by_label["h4"]]
    assert len(spades) == 3
    assert len(s.turns) == 1 and len(s.turns[0]) > 1
    moves_after = game.move_count
    assert moves_after == moves_before + 1  # one command, one move: the automatic ones are free
    s.handle("undo")
    assert game.position() == autoplay_position().position()
    assert game.move_count == moves_after + 1  # FC-7: one undo is one move
    s.handle("redo")
    assert len(game.piles[game.rules.pile_by_label["h4"]]) == 3 and game.move_count == moves_after + 2


def test_undo_and_redo_say_which_move_they_took_back_or_played_again():
    """The board alone shows an undo only to a player who remembers the board before it: the reply
    names the turn's move, described from the position it is played from."""
    s = Session(Game.new("freecell", 1), Settings(autoplay=False, autofinish=False), now=Clock())
    s.handle("6a")
    assert s.handle("undo").lines[0] == "undone: 6a (3♦ to the empty a)"
    assert s.handle("redo").lines[0] == "redone: 6a (3♦ to the empty a)"
    with using_language("pl"):
        assert s.handle("undo").lines[0] == "cofnięto: 6a (3♦ na puste miejsce a)"


def won_by_hand() -> Session:
    """`finish_position` won by typing its last three moves, no assist playing any."""
    s = Session(finish_position(), Settings(autoplay=False, autofinish=False), now=Clock())
    for move in ("2h", "ah", "1h"):
        s.handle(move)
    assert s.status() == "won"
    return s


def test_a_move_typed_after_a_win_is_told_the_game_is_won_not_a_piles_reason():
    s = won_by_hand()
    key = s.game.key()
    for typed in ("1h", "#1", "ah"):
        reply = s.handle(typed)
        assert reply.failed and reply.lines == ["the game is won; undo, restart or new"]
    assert s.game.key() == key and s.status() == "won"
    assert s.handle("undo").lines[0].startswith("undone: 1h")


def test_a_redo_that_wins_says_the_move_then_the_win_and_the_screen_finds_the_end_line():
    s = won_by_hand()
    s.handle("undo")
    reply = s.handle("redo")
    assert reply.lines[0].startswith("redone: 1h ")
    assert reply.ending is not None and reply.lines[reply.ending[0]].startswith("You won deal")


def test_FC7_without_autoplay_a_move_is_only_that_move():
    game = autoplay_position()
    s = Session(game, Settings(autoplay=False, autofinish=False), now=Clock())
    s.handle("4b")
    assert game.piles[game.rules.pile_by_label["h4"]] == []


def test_FC7_in_freecell_each_undo_and_redo_counts_as_a_move():
    s = Session(Game.new("freecell", 1), Settings(autoplay=False, autofinish=False), now=Clock())
    for command, count in (("1a", 1), ("undo", 2), ("redo", 3), ("undo", 4)):
        assert not s.handle(command).failed
        assert s.game.move_count == count, command


def test_G3_elsewhere_an_undo_takes_its_move_back_off_the_count_and_a_redo_puts_it_on_again():
    s = Session(Game.new("klondike", 5), Settings(autoplay=False, autofinish=False), now=Clock())
    for command, count in (("s", 1), ("s", 2), ("undo", 1), ("redo", 2), ("undo", 1), ("undo", 0)):
        assert not s.handle(command).failed
        assert s.game.move_count == count, command
    assert s.undos == 3  # the statistics still see every undo


def test_auto_command_sends_safe_cards_even_when_autoplay_is_off_and_refuses_when_none():
    s = Session(autoplay_position(), Settings(autoplay=False, autofinish=False), now=Clock())
    assert not s.handle("auto").failed
    assert len(s.game.piles[s.game.rules.pile_by_label["h4"]]) >= 2
    again = s.handle("auto")
    assert again.failed and "no card can safely go" in again.lines[0]


def finish_position() -> Game:
    piles = full_foundations_but("JS QS KS")
    piles.update({"1": "KS", "a": "QS", "2": "JS"})
    return build("freecell", piles, fill="8")


def test_FC7_the_game_finishes_itself_when_foundation_moves_alone_win():
    game = finish_position()
    assert len(finishing_moves(game)) == 3
    s = Session(game, Settings(autofinish=True), now=Clock())
    reply = s.handle("2b")  # any move: afterwards the rest goes home by itself
    assert game.status() == "won"
    assert any("auto-finish" in line for line in reply.lines) and any("You won" in line for line in reply.lines)


def test_autofinish_can_be_turned_off():
    game = finish_position()
    s = Session(game, Settings(autofinish=False), now=Clock())
    s.handle("2b")
    assert game.status() == "in progress"


def test_finishing_moves_is_none_while_a_card_is_out_of_order():
    piles = full_foundations_but("JS QS KS")
    piles.update({"1": "JS KS", "2": "QS"})  # J♠ under K♠: foundation moves alone cannot win
    assert finishing_moves(build("freecell", piles, fill="8")) is None


# Hints ---------------------------------------------------------------------------------------------
def test_hint_names_a_legal_move_that_changes_something():
    for deal in (1, 2, 3):
        s = session("klondike", deal)
        move = hint(s.game)
        assert move is not None and s.game.is_legal(move) and not s.game.changes_nothing(move)
        reply = s.handle("hint")
        suggested = s.game.notation(s.next_hint().move)  # the same hint, from the plan now kept
        assert reply.lines[0].startswith("try " + suggested) or f": {suggested} " in reply.lines[0]
        s.game.play(suggested)


def test_hint_asks_the_solver_first():
    from patience.solver import solve

    s = session("freecell", 3)
    first = solve(s.game, timeout=20).moves[0]
    reply = s.handle("hint")
    assert reply.lines[0].startswith("try " + first) and "solver" in reply.lines[0]
    s.game.play(first)


def test_hint_prefers_a_foundation_move():
    game = autoplay_position()
    assert game.notation(hint(game)) == "1h"


def test_hint_when_nothing_helps():
    game = build("klondike", dead_end(), fill="w")
    assert hint(game) is None
    from patience.solver.hints import Planner

    assert Planner().hint(game).found == "none"  # nothing to suggest, and nothing made up
    assert Session(game, Settings(), now=Clock()).handle("hint").lines == ["the game is over; undo, restart or new"]


# KL-9 / G-3: the end of the game ------------------------------------------------------------------
def test_KL9_a_lost_game_says_why_and_undo_reopens_it():
    game = build("klondike", dead_end(stock="4C"), fill="w")
    s = Session(game, Settings(autofinish=False), now=Clock())
    s.handle("s")
    reply = s.handle("wh")
    assert s.status() == "lost"
    assert any(line.startswith("The game is lost: no move is left") for line in reply.lines)
    assert "undo" in reply.lines[-1] and "restart" in reply.lines[-1] and "new" in reply.lines[-1]
    s.handle("undo")
    assert s.status() == "in progress"


def test_KL9_the_reason_names_the_stock_when_it_goes_round_for_nothing():
    game = build("klondike", dead_end(stock="KH 7S"), fill="w")
    assert game.status() == "lost"
    assert lost_reason(game) == "no move changes anything, and the stock has gone round once with no new play"


def test_G3_a_won_game_says_so_with_moves_and_time_and_the_clock_stops():
    piles = full_foundations_but("KS")
    piles["1"] = "KS"
    game = build("klondike", piles, fill="s", fill_face_down=True)
    clock = Clock()
    s = Session(game, Settings(), now=clock)
    clock.now += 75
    reply = s.handle("1h")
    assert "You won" in reply.lines[-1] and "1:15" in reply.lines[-1]
    clock.now += 500
    assert s.elapsed() == 75
    assert s.status_line().startswith("WON · 1 move · 1:15")  # the result first: a narrow terminal cuts the end


# Restart, new, status line -----------------------------------------------------------------------
def test_restart_deals_the_same_cards_again_and_new_takes_a_number():
    s = session("klondike", 7)
    start = s.game.position()
    s.handle("s")
    s.handle("restart")
    assert s.game.position() == start and s.game.move_count == 0 and s.turns == []
    s.handle("new 42")
    assert s.game.deal_number == 42 and s.game.position() == Game.new("klondike", 42).position()
    assert s.handle("new soon").failed and s.game.deal_number == 42
    s.handle("s")
    reply = s.handle("new")
    assert not reply.failed and s.game.move_count == 0 and s.turns == []
    assert s.game.deal_number is not None and 1 <= s.game.deal_number <= 1_000_000
    assert s.game.position() == Game.new("klondike", s.game.deal_number).position()


def test_status_line_has_moves_time_score_and_redeals_left():
    clock = Clock()
    s = Session(Game.new("klondike-vegas", 1), Settings(), now=clock)
    clock.now += 61
    s.handle("s")
    line = s.status_line()
    assert line.startswith("1 move · 1:01 · score ") and "redeals left 2" in line
    assert "score" not in Session(Game.new("freecell", 1), Settings(), now=clock).status_line()


def test_save_rules_and_quit_are_requests_to_the_loop():
    s = session()
    assert s.handle("save").save
    assert s.handle("rules").rules
    quit_reply = s.handle("quit")
    assert quit_reply.quit and quit_reply.save


def test_under_ascii_refusals_name_cards_without_suit_symbols():
    symbols, plain = session("klondike", 1), session("klondike", 1, ascii=True)
    refused = [(word, symbols.handle(word)) for word in ("12", "23", "34", "45", "56", "67", "71")]
    named = [(word, reply.lines[0]) for word, reply in refused if reply.failed and any(s in reply.lines[0] for s in "♣♦♥♠")]
    assert named, "no refusal in klondike deal 1 names a card"
    for word, text in named:
        reply = plain.handle(word)
        assert reply.failed and reply.lines[0].isascii()
        assert reply.lines[0] == ascii_cards(text)


def test_ascii_cards_rewrites_every_card_and_leaves_other_text():
    assert ascii_cards("10♥ does not fit on J♥; A♠ 2♦ Q♣") == "TH does not fit on JH; AS 2D QC"
    assert ascii_cards("no cards, 10 points") == "no cards, 10 points"


# Issue 25, item 3: the line-mode fixes ------------------------------------------------------------
def played_once(s: Session) -> Session:
    s.handle(s.game.notation(s.game.legal_moves()[0]))
    return s


@pytest.mark.parametrize("command, answer", [("new 5", "n"), ("restart", "no"), ("nowa 5", "nie")])
def test_new_and_restart_ask_first_and_no_keeps_the_game(command, answer):
    s = played_once(session("freecell", 1, confirm=True))
    before = s.game.position()
    reply = s.handle(command)
    assert reply.question and "not finished" in reply.lines[0] and s.game.position() == before
    assert s.handle(answer).lines == ["the game goes on"]
    assert s.game.position() == before and s.game.deal_number == 1


def test_new_asked_and_answered_yes_starts_the_deal_asked_for():
    s = played_once(session("freecell", 1, confirm=True))
    s.handle("new 5")
    assert s.handle("y").lines == ["new deal: deal 5"] and s.game.deal_number == 5


def test_a_line_that_is_no_answer_drops_the_question_and_is_read_as_usual():
    s = played_once(session("freecell", 1, confirm=True))
    s.handle("restart")
    assert not s.handle("undo").failed and not s.turns  # the undo is done; the restart is not
    assert not s.handle("y").failed and len(s.turns) == 1  # `y` is redo again, not a late yes
    assert s.game.deal_number == 1


def test_new_bang_and_a_fresh_game_do_not_ask():
    s = played_once(session("freecell", 1, confirm=True))
    assert s.handle("new! 7").lines == ["new deal: deal 7"]
    with using_language("pl"):  # not "nowe rozdanie: rozdanie 8"
        assert s.handle("nowa! 8").lines == ["nowe rozdanie: nr 8"]
    s.handle("new! 7")
    assert s.handle("restart").lines == ["restarted: deal 7"]  # nothing played yet: nothing to lose


def test_from_a_pipe_new_acts_at_once_so_a_script_never_waits():
    result = run("play", "freecell", "--deal", "1", "--plain", input="1a\nnew 5\n")
    assert "new deal: deal 5" in result.output and "not finished" not in result.output


def test_a_bare_number_plays_a_move_only_right_after_moves_and_says_which():
    """Cromwell: `13` and `503` were a fan-to-fan move or the once-a-game swap, silently."""
    s = session("cromwell", 1)
    before = s.game.position()
    for digits in ("13", "503"):
        reply = s.handle(digits)
        assert reply.failed and "only right after `moves`" in reply.lines[0] and s.game.position() == before
    listed = s.handle("moves").lines
    reply = s.handle("3")
    assert not reply.failed and reply.lines[0] == "move 3: " + listed[2].split(". ", 1)[1].strip()
    assert s.handle("3").failed  # the list went with the move that changed the game


def test_moves_lists_a_swap_as_one_line_and_moves_x_lists_every_swap():
    s = session("cromwell", 1)
    swaps = [m for m in s.game.legal_moves() if m[1] < 0]
    lines = s.handle("moves").lines
    assert len(swaps) > 1000 and len(lines) < 60
    assert sum("swap two cards once a game" in line for line in lines) == 1
    assert f"{len(swaps):,} ways; `moves x` lists them" in "\n".join(lines)
    assert len(s.handle("moves x").lines) == len(s.game.legal_moves()) + 1
    assert s.handle("moves y").failed


@pytest.mark.parametrize("text, reason", [("x99.1-22.4", "there is no pile '99'"), ("x3.1-17.3", "there is no pile '3'"),
                                          ("x01.0-02.1", "cards are counted from 1")])
def test_a_malformed_swap_says_what_is_wrong_not_unknown_command(text, reason):
    reply = session("cromwell", 1).handle(text)
    assert reply.failed and reason in reply.lines[0] and "unknown command" not in reply.lines[0]


def test_a_command_prefix_never_shadows_a_pile_label():
    """FreeCell has a free cell `a`: `au` is read as a move from it, and the refusal says how to
    ask for `auto`; one letter names a command only as its short form."""
    s = session("freecell", 1)
    before = s.game.position()
    reply = s.handle("au")
    assert reply.failed and "type `auto` in full" in reply.lines[0] and s.game.position() == before
    assert "could be" not in s.handle("p").lines[0]
    assert s.handle("d").failed and "not a move" in s.handle("d").lines[0]


def test_auto_in_a_game_without_foundations_does_not_mention_them():
    reply = session("parada", 1).handle("auto")
    assert reply.failed and reply.lines == ["this game has no foundations; `auto` has nothing to do"]


def test_a_one_card_stock_shows_its_count():
    from patience.render.board import board_lines, to_plain

    board = to_plain(board_lines(build("klondike", {"s": "KS |"}, fill="w"), ascii=True))
    assert "s: ## (1)" in board


def test_replay_with_no_file_at_a_terminal_says_how_to_use_it_instead_of_waiting(tmp_path):
    pexpect = pytest.importorskip("pexpect")

    child = spawn("replay", "freecell", "--deal", "1", home=tmp_path)
    child.expect("give a file of moves, or - to type them")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    piped = run("replay", "freecell", "--deal", "1", input="1a\n")  # from a pipe, as before
    assert piped.exit_code == 0 and "in progress" in piped.output


def test_new_asks_at_a_real_prompt_and_no_keeps_the_game(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    import json

    child = spawn("play", "freecell", "--deal", "1", "--plain", home=tmp_path)
    child.expect("> ")
    child.sendline("1a")
    child.expect("> ")
    child.sendline("new")
    child.expect(r"not finished: start a new deal\? \(y/n")
    child.sendline("n")
    child.expect("the game goes on")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    # The game went on: `quit` kept deal 1 with its move (a new deal, unplayed, is not kept).
    saved = json.loads((tmp_path / "data" / "saves" / "freecell.json").read_text(encoding="utf-8"))
    assert saved["deal"] == 1 and saved["move_count"] >= 1


def test_polish_refusals_name_groups_not_their_ids():
    """Parada's rows are `row1`..`row3` in the file; in Polish the player reads `rząd 2`."""
    with using_language("pl"):
        s = session("parada", 1, lang="pl")
        line = s.handle("b31").lines[0]
    assert "rząd 2" in line and "row2" not in line
    assert "row2" in session("parada", 1).handle("b31").lines[0]  # English: the id is the name


def test_a_shorthand_target_refusal_names_the_pile_of_the_cards_suit():
    """`1h` with 9♠ and the spades at 2♠: the reason is about that foundation, not an empty one."""
    game = build("freecell", {"h1": "AS 2S", "h2": "AD", "1": "9S"}, fill="8")
    reply = Session(game, Settings()).handle("1h")
    assert reply.failed and reply.lines == ["9♠ cannot go on 2♠ (foundations: up in suit)"]


def test_a_move_whose_labels_spell_a_command_is_not_swallowed():
    """Issue 38: labels `l` and `s` spell `ls` (the `moves` command). The command still answers
    `ls`, and says how to type the move so that it is one (`l-s`); the move plays as written."""
    from patience.ruleset import load_text
    from patience.ruleset.registry import shipped_dir

    text = (shipped_dir() / "freecell.yaml").read_text(encoding="utf-8")
    text = text.replace('labels: "a b c d"', 'labels: "a b c s"').replace('labels: "1 2 3 4 5 6 7 8"',
                                                                         'labels: "1 2 3 4 5 6 7 l"')
    s = session(Game(load_text(text), 1), autoplay=False)
    before = s.game.move_count
    reply = s.handle("ls")
    assert "`ls` is also a move here; type `l-s` to play it" in reply.lines
    assert s.game.move_count == before  # the command ran, not the move
    assert not s.handle("l-s").failed and s.game.move_count == before + 1
    assert not any("also a move" in line for line in s.handle("moves").lines)  # no note where there is no move


LINES = ["s", "ls", "m", "ne", "new", "new!", "#1", "#x", "1", "12", "1 2", "zz", "res", "u", "au", "", "x1", "b",
         "na1+nb2", "q", "y", "\ufffd"]


@pytest.mark.parametrize("name", ["klondike", "freecell", "czternastki", "cromwell"])
def test_handle_carries_out_the_reading_read_gives(name):
    """One reader of a typed line: what `Session.read` says a line is (the full screen asks it
    first) is what `handle` then does: the same command, a refusal where it reads none."""
    for line in LINES:
        reading = session(name, confirm=True).read(line)
        reply = session(name, confirm=True).handle(line)
        assert reading.name == reply.command, (name, line, reading, reply.lines)
        assert (reading.kind == "unknown") == reply.unknown, (name, line, reading, reply.lines)
        assert reading.kind not in ("refused", "unknown") or reply.failed, (name, line)
        assert (reading.kind == "nothing") == (reply == Reply()), (name, line)


@pytest.mark.parametrize("game_id, typed, labels", [
    ("cromwell", "27h", "h1…h8 01…26"), ("parada", "9a1", "s a1…a8 b1…b8 c1…c8 1…8 x"),
    ("dywan", "o9", "s w a1…h8 o1…o8")])
def test_a_move_naming_no_pile_is_told_how_moves_are_written_not_unknown_command(game_id, typed, labels):
    """`27h` in Cromwell (26 fans) was "unknown command", while `x99.1-22.4` named the missing
    pile: text with a digit and no space is meant as a move, and is answered as one."""
    reply = session(game_id).handle(typed)
    assert reply.failed and len(reply.lines) == 1
    assert reply.lines[0].startswith(f"'{typed}' is not a move: write a source and a target label ({labels}), e.g. ")
    assert session(game_id).handle("zz").lines[0].startswith("unknown command 'zz'")

"""Running rules tests: each scenario's start, its moves, then every check, failures by line."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..cards import RANK, CardError, card_str
from ..engine.faces import barred, face_down, is_down, read_pile
from ..engine.game import Game
from ..engine.moves import AmbiguousMove, IllegalMove, RefusedMove
from ..engine.notation import parse_move
from ..i18n import _, using_language
from ..ruleset.loader import RulesetError
from ..ruleset.model import Ruleset
from ..ruleset.registry import UnknownGame
from ..ruleset.views import dealt_deck
from .files import LoadedTests, TestFileError, load_test_file, ruleset_of
from .model import PerPile, Refusal, Scenario, Shape
from .start import StartError, start_game


@dataclass(frozen=True)
class Failure:
    file: str
    line: int
    message: str
    col: int = 0  # given for a file's own errors (keys, YAML), as lint gives them

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}" if self.col else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


@dataclass
class ScenarioResult:
    name: str
    line: int
    source: str | None
    failures: list[Failure] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


@dataclass
class FileResult:
    file: str
    ruleset: str
    scenarios: list[ScenarioResult] = field(default_factory=list)
    errors: list[Failure] = field(default_factory=list)  # the file itself: bad keys, no such ruleset

    @property
    def failures(self) -> list[Failure]:
        return self.errors + [f for s in self.scenarios for f in s.failures]

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "ruleset": self.ruleset, "errors": [asdict(e) for e in self.errors],
                "scenarios": [{"name": s.name, "line": s.line, "source": s.source, "passed": s.passed,
                               "failures": [asdict(f) for f in s.failures]} for s in self.scenarios]}


def run_files(paths: list[Path]) -> list[FileResult]:
    return [run_file(path) for path in paths]


def run_file(path: Path, ruleset: Ruleset | None = None) -> FileResult:
    """Every scenario of one test file; ``ruleset`` replaces the one the file names (a mutation)."""
    try:
        loaded = load_test_file(path)
    except TestFileError as err:
        # As `patience lint` says them: "error: path: message [CODE]".
        return FileResult(str(path), "", errors=[
            Failure(f.file, f.line, "error: " + (f"{f.path}: " if f.path else "") + f.message + (f" [{f.code}]" if f.code else ""),
                    f.col) for f in err.findings])
    result = FileResult(str(path), loaded.tests.ruleset)
    if ruleset is None:
        try:
            ruleset = ruleset_of(loaded)
        except (UnknownGame, RulesetError) as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            result.errors.append(Failure(str(path), loaded.line("ruleset"), _("ruleset {name}: {error}").format(
                name=loaded.tests.ruleset, error=first)))
            return result
    for i, scenario in enumerate(loaded.tests.scenarios):
        result.scenarios.append(run_scenario(loaded, i, scenario, ruleset))
    return result


class _Checker:
    """One scenario's failures, each at the line of the entry that failed."""

    def __init__(self, loaded: LoadedTests, index: int, scenario: Scenario) -> None:
        self.loaded, self.index, self.scenario = loaded, index, scenario
        self.result = ScenarioResult(scenario.name, loaded.line("scenarios", index), scenario.source)

    def fail(self, message: str, *at: str | int) -> None:
        line = self.loaded.line("scenarios", self.index, *at)
        self.result.failures.append(Failure(str(self.loaded.path), line, f"{self.scenario.name}: {message}"))


def run_scenario(loaded: LoadedTests, index: int, scenario: Scenario, ruleset: Ruleset) -> ScenarioResult:
    check = _Checker(loaded, index, scenario)
    try:
        game = start_game(ruleset, scenario)
    except StartError as err:
        at = "deal" if scenario.deal is not None else "position" if scenario.position is not None else "piles"
        check.fail(_("cannot build the start: {error}").format(error=err), at)
        return check.result
    for i, text in enumerate(scenario.moves):
        try:
            game.play(text)
        except AmbiguousMove as err:
            check.fail(str(err), "moves", i)
            return check.result
        except IllegalMove as err:
            check.fail(_("move {move!r} was refused: {reason}").format(move=text, reason=err), "moves", i)
            return check.result
    if scenario.shape is not None:
        _check_shape(game, scenario, scenario.shape, check)
    for i, text in enumerate(scenario.legal):
        reason = _refusal(game, text)
        if reason is not None:
            check.fail(_("{move!r} must be legal, but is refused: {reason}").format(move=text, reason=reason), "legal", i)
    for i, entry in enumerate(scenario.refused):
        refusal = entry if isinstance(entry, Refusal) else Refusal(move=entry)
        not_a_move = unreadable(game, refusal.move)
        reason = _refusal(game, refusal.move)
        if not_a_move is not None:  # a typo must not pass as a refusal
            check.fail(_("{move!r} is not a move of this game: {reason}").format(move=refusal.move, reason=not_a_move),
                       "refused", i)
        elif reason is None:
            check.fail(_("{move!r} must be refused, but is legal").format(move=refusal.move), "refused", i)
        elif refusal.reason is not None and refusal.reason.lower() not in _english_refusal(game, refusal.move).lower():
            check.fail(_("{move!r} is refused, but for another reason: {reason!r} (expected {wanted!r})").format(
                move=refusal.move, reason=reason, wanted=refusal.reason), "refused", i)
    for label, text in scenario.expect.items():
        _check_pile(game, label, text, check)
    if scenario.status is not None and game.status() != scenario.status:
        check.fail(_("status is {found!r}, expected {wanted!r}").format(found=game.status(), wanted=scenario.status),
                   "status")
    if scenario.win_class is not None and game.win_class() != scenario.win_class:
        check.fail(_("win class is {found!r}, expected {wanted!r}").format(found=game.win_class(),
                                                                          wanted=scenario.win_class), "win_class")
    return check.result


def unreadable(game: Game, text: str) -> str | None:
    """Why ``text`` names no move of this game in its notation, legal or not; None when it does
    (several moves, or only refused ones through a label shared by several groups, are moves)."""
    try:
        parse_move(game, text)
    except (AmbiguousMove, RefusedMove):
        return None
    except IllegalMove as err:
        return str(err)
    return None


def _english_refusal(game: Game, text: str) -> str:
    """The reason in English: a file's reasons are English, whatever the player's language."""
    with using_language("en"):
        return _refusal(game, text) or ""


def _refusal(game: Game, text: str) -> str | None:
    """None when ``text`` names a legal move here, else the reason it is refused. A text that
    could mean several legal moves is refused, as `Game.play` refuses it ("could mean several
    moves: ..."), so a test may say so under `refused` and never under `legal`."""
    try:
        move = parse_move(game, text)
    except IllegalMove as err:
        return str(err)
    return game.why_illegal(move)


def _cards(text: str) -> tuple[list[bool] | None, list[int]]:
    """``down | up`` as (each card face down or not, all cards), read as positions are
    (`faces.read_pile`); without ``|``, (None, the cards): their faces are not checked."""
    cards, down = read_pile(text)
    return (down if "|" in text else None), cards


def _shown(cards: list[int], down: list[bool] | None = None) -> str:
    words = [card_str(c, ascii=True) for c in cards]
    if down is not None:
        words = barred(words, down)
    return " ".join(words) or "(empty)"


def _check_pile(game: Game, label: str, text: str, check: _Checker) -> None:
    pile = game.rules.pile_by_label.get(label)
    if pile is None:
        check.fail(_("no pile {label!r}").format(label=label), "expect", label)
        return
    try:
        down, cards = _cards(text)
    except CardError as err:
        check.fail(str(err), "expect", label)
        return
    found = game.piles[pile]
    found_down = [is_down(game, pile, i) for i in range(len(found))]
    if found != cards or (down is not None and down != found_down):
        check.fail(_("pile {label} holds {found}, expected {wanted}").format(
            label=label, found=_shown(found, found_down if down is not None else None),
            wanted=_shown(cards, down)), "expect", label)


def _piles_named(game: Game, key: str) -> list[int] | None:
    if key in game.rules.group_by_id:
        return list(game.rules.group_by_id[key].piles)
    if key in game.rules.pile_by_label:
        return [game.rules.pile_by_label[key]]
    return None


def _check_counts(game: Game, what: str, counts: dict[str, PerPile], check: _Checker) -> None:
    measure = {"cards": lambda p: len(game.piles[p]), "down": lambda p: face_down(game, p),
               "up": lambda p: len(game.piles[p]) - face_down(game, p)}[what]
    for key, wanted in counts.items():
        piles = _piles_named(game, key)
        if piles is None:
            check.fail(_("no group or pile {key!r}").format(key=key), "shape", what, key)
            continue
        expected = [wanted] * len(piles) if isinstance(wanted, int) else list(wanted)
        found = [measure(p) for p in piles]
        if found != expected:
            check.fail(_("{what} on {key}: {found}, expected {wanted}").format(
                what=what, key=key, found=_listed(found), wanted=_listed(expected)), "shape", what, key)


def _listed(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else "[" + ", ".join(map(str, numbers)) + "]"


def _check_shape(game: Game, scenario: Scenario, shape: Shape, check: _Checker) -> None:
    for gid, wanted in shape.piles.items():
        group = game.rules.group_by_id.get(gid)
        if group is None:
            check.fail(_("no group {gid!r}").format(gid=gid), "shape", "piles", gid)
        elif len(group.piles) != wanted:
            check.fail(_("{gid} has {found} piles, expected {wanted}").format(
                gid=gid, found=len(group.piles), wanted=wanted), "shape", "piles", gid)
    for what in ("cards", "down", "up"):
        _check_counts(game, what, getattr(shape, what), check)
    if shape.first is not None:
        _check_first(game, scenario, shape.first, check)


def _check_first(game: Game, scenario: Scenario, label: str, check: _Checker) -> None:
    """The first card of the shuffled pack (prefilled cards taken out) lies on pile ``label``."""
    rs = game.ruleset
    assert scenario.deal is not None
    deck = dealt_deck(rs, scenario.deal)
    for _pile, card in game.rules.prefill:
        deck.remove(card)
    if game.rules.prefill_rank_piles is not None:  # the first card's rank is taken out: the next card is first
        deck = [c for c in deck if RANK[c] != RANK[deck[0]]]
    first = deck[0]
    fresh = Game(rs, scenario.deal)  # the deal as dealt, whatever the moves did since
    holding = [fresh.rules.labels[p] for p, cards in enumerate(fresh.piles) if first in cards]
    if label not in fresh.rules.pile_by_label:
        check.fail(_("no pile {label!r}").format(label=label), "shape", "first")
    elif label not in holding:
        check.fail(_("the first card, {card}, lies on {found}, expected {wanted}").format(
            card=card_str(first, ascii=True), found=" ".join(holding), wanted=label), "shape", "first")

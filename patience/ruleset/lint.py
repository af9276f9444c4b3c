"""`patience lint`: every problem of a ruleset file, with a stable code and a position.

The loader stops a broken file from being played; lint goes further and points at rulesets that
load but cannot be won, deal cards nowhere, or say things that have no effect. Each check has a
code (``P101``), a severity and a one-line rationale (``CHECKS``, printed in docs/reference.md).

The checks read the models generically (roles, ``to``, ``empty``, ``build``, deal steps), so a
new key added to the models is validated by the schema at once; a lint check for it is one more
function in ``_CHECKS``.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Literal, Union

from ..i18n import _
from .loader import MAX_FILE_BYTES, Finding, RulesetError, _Positions, check_schema, parse_yaml
from .model import MAX_PILES, PileGroup, Ruleset, reference_problems
from .registry import discover, load_path, names_of, normalize_name

Severity = Literal["error", "warning"]
KeyPath = tuple[Union[str, int], ...]
ALL_RANKS = frozenset(range(1, 14))


@dataclass(frozen=True)
class Check:
    code: str
    severity: Severity
    title: str
    rationale: str


CHECKS: dict[str, Check] = {c.code: c for c in [
    Check("P000", "error", "lint failed", "A bug in lint itself; please report it with the file."),
    Check("P001", "error", "not valid YAML", "The file cannot be read as YAML (or at all), so nothing else can be checked."),
    Check("P002", "error", "over a size limit", "Oversized files, alias bombs and deep nesting are refused at once: a ruleset is small."),
    Check("P003", "error", "repeated key", "YAML keeps only the last of two equal keys, silently losing the first."),
    Check("P004", "error", "not a ruleset", "An empty file or a document that is not a mapping of keys."),
    Check("P011", "error", "unknown key", "A misspelt key would otherwise be ignored and its rule lost; the message suggests the closest key."),
    Check("P012", "error", "missing key", "A key without a sensible default (id, name, deal, piles, labels, ...) is required."),
    Check("P013", "error", "value not allowed", "A value of the wrong type, outside its choices or over a limit (decks, piles)."),
    Check("P100", "error", "inconsistent ruleset", "Any other problem that needs the whole ruleset to see."),
    Check("P101", "error", "undefined group", "`to`, `deal`, `stock`, `scoring` and `win` must name pile groups that exist."),
    Check("P102", "error", "card accounting", "The deal must place every card of the decks exactly once: dealt + stock = deck."),
    Check("P103", "error", "rank not in the deck", "Ranks in `empty` (and other rank lists) must be ranks the deck has, A to K."),
    Check("P104", "error", "win groups too small", "The win needs every card in its groups, so they must be able to hold every card."),
    Check("P105", "error", "unreachable group", "A group that no card can ever reach is a mistake in the deal, `empty` or `to`."),
    Check("P106", "error", "cards trapped", "Cards that can never leave a group outside the win groups make the game unwinnable."),
    Check("P107", "error", "face-down cards stay down", "A face-down card that no rule turns up can never be played."),
    Check("P108", "error", "stock settings without a working stock", "Redeals, draws and stock cards need a `stock:` that can deal and gather them."),
    Check("P109", "error", "win cannot be met", "A win condition that no position satisfies (e.g. an empty `all_cards_in`)."),
    Check("P110", "error", "duplicate id", "Two rulesets with one id: only one of them can ever be found."),
    Check("P111", "error", "duplicate label", "Each pile label appears once, or a move such as `1a` would be ambiguous."),
    Check("P112", "error", "name clash", "A name or alias shared with another ruleset finds only one of them."),
    Check("P114", "error", "too many piles", f"At most {MAX_PILES} piles in all keep the layout playable and the engine fast."),
    Check("P115", "error", "deal over max_cards", "The deal must not put more cards on a pile than its `max_cards`."),
    Check("P201", "warning", "setting without effect", "A setting the rest of the ruleset makes meaningless is usually a slip."),
    Check("P202", "warning", "repeated entry", "A list that names the same group or rank twice."),
    Check("P203", "warning", "foundation outside the win", "Foundations are usually where the game is won; this one is not part of `win`."),
    Check("P204", "warning", "id differs from file name", "Games are looked up by file name first; a file named like its id is found fastest and surely."),
    Check("P205", "warning", "empty deal step", "A deal step that places no cards does nothing."),
    Check("P206", "warning", "scoring rule never scores", "A scoring rule for an event that cannot happen."),
    Check("P207", "warning", "odd stock", "A stock pile that is not of role stock, or that starts empty."),
    Check("P210", "warning", "replaces another ruleset", "Another ruleset file has the same id; the first one in search order wins."),
]}


@dataclass(frozen=True)
class LintFinding:
    file: str
    line: int
    col: int
    severity: Severity
    code: str
    message: str
    path: str = ""

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{self.file}:{self.line}:{self.col}: {self.severity}: {where}{self.message} [{self.code}]"

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _from_loader(finding: Finding) -> LintFinding:
    code = finding.code or "P100"
    return LintFinding(finding.file, finding.line, finding.col, CHECKS[code].severity, code, finding.message, finding.path)


@dataclass
class _Context:
    """One ruleset being checked, and what the checks learn about it on the way."""

    ruleset: Ruleset
    pos: _Positions
    filename: str
    findings: list[LintFinding] = field(default_factory=list)
    sound: bool = True  # names and counts agree (no P101/P102/...): the whole-game checks can trust them

    def add(self, code: str, path: KeyPath, message: str) -> None:
        line, col = self.pos.nearest(path)
        dotted = ".".join(str(p) for p in path)
        self.findings.append(LintFinding(self.filename, line, col, CHECKS[code].severity, code, message, dotted))

    @property
    def groups(self) -> dict[str, PileGroup]:
        return self.ruleset.piles

    def stock_ok(self) -> bool:
        stock = self.ruleset.stock
        return stock is not None and stock.pile in self.groups and stock.to in self.groups


# ------------------------------------------------------------------ what the deal does
def dealt_per_pile(ruleset: Ruleset) -> dict[str, list[int]]:
    """Cards each pile of each group gets at the deal (`rest` counted as what is left)."""
    counts = {gid: [0] * g.count for gid, g in ruleset.piles.items()}
    left = 52 * ruleset.decks
    fixed = 0
    for step in ruleset.deal.steps:
        if step.to in counts and step.count != "rest":
            fixed += step.count * ruleset.piles[step.to].count if isinstance(step.count, int) else sum(step.count)
    for step in ruleset.deal.steps:
        piles = counts.get(step.to)
        if piles is None:
            continue
        if step.count == "rest":
            piles[0] += max(left - fixed, 0)
        elif isinstance(step.count, int):
            for i in range(len(piles)):
                piles[i] += step.count
        else:
            for i, n in enumerate(step.count[: len(piles)]):
                piles[i] += n
    return counts


def _targets(gid: str, group: PileGroup, groups: dict[str, PileGroup]) -> set[str]:
    """The groups cards of ``gid`` may move to (its own other piles included)."""
    if group.move == "none":
        return set()
    return {t for t in (group.to if group.to is not None else groups) if t in groups}


def _takes_something(group: PileGroup) -> bool:
    return group.empty == "any" or (isinstance(group.empty, list) and bool(group.empty))


def fed_by_rules(ruleset: Ruleset, dealt: set[str]) -> set[str]:
    """Groups that get cards by a rule rather than a move: the stock's target, a discard pile.

    A new key that sends cards somewhere by itself belongs here, or lint calls its target
    unreachable (P105).
    """
    fed: set[str] = set()
    stock = ruleset.stock
    if stock is not None and stock.pile in dealt:
        fed.add(stock.to)
    discard_to = getattr(getattr(ruleset, "discard", None), "to", None)  # an optional key: read generically
    if isinstance(discard_to, str):
        fed.add(discard_to)
    return {gid for gid in fed if gid in ruleset.piles}


def holders(ctx: _Context) -> set[str]:
    """Groups that can ever hold a card: dealt to, fed by the stock, or reached by moves."""
    dealt = dealt_per_pile(ctx.ruleset)
    have = {gid for gid, counts in dealt.items() if sum(counts)}
    have |= fed_by_rules(ctx.ruleset, have)
    grown = True
    while grown:  # a fixpoint: each round adds the groups the holders can send cards to
        grown = False
        for gid in list(have):
            for target in _targets(gid, ctx.groups[gid], ctx.groups):
                if target not in have and _takes_something(ctx.groups[target]):
                    have.add(target)
                    grown = True
    return have


# ------------------------------------------------------------------ the checks
def check_references(ctx: _Context) -> None:
    problems = reference_problems(ctx.ruleset)
    ctx.sound = not problems
    for path, message in problems:
        if message.startswith("no pile group"):
            code = "P101"
        elif "already used by" in message:
            code = "P111"
        elif path[:1] == ("deal",):
            code = "P102"
        elif "kebab-case" in message:
            code = "P013"
        elif path == ("piles",):
            code = "P109"
        elif path[:1] == ("stock",):
            code = "P108"
        else:
            code = "P100"
        ctx.add(code, path, message)


def check_deal(ctx: _Context) -> None:
    steps = ctx.ruleset.deal.steps
    rest = [i for i, s in enumerate(steps) if s.count == "rest"]
    for i, step in enumerate(steps):
        if rest and i > rest[0] and step.count != "rest" and _step_cards(ctx, step) > 0:
            ctx.add("P102", ("deal", "steps", i), _("step {n} already took the rest of the cards; "
                    "this step gets none (put the `rest` step last)").format(n=rest[0] + 1))
        elif step.count != "rest" and step.to in ctx.groups and _step_cards(ctx, step) == 0:
            ctx.add("P205", ("deal", "steps", i, "count"), _("this step deals no cards"))
    dealt = dealt_per_pile(ctx.ruleset)
    total = sum(len(g.labels) for g in ctx.groups.values())
    if total > MAX_PILES:
        ctx.add("P114", ("piles",), _("{total} piles in all; a ruleset may have at most {most}").format(
            total=total, most=MAX_PILES))
    for gid, group in ctx.groups.items():
        most = max(dealt[gid], default=0)
        if group.max_cards is not None and most > group.max_cards:
            ctx.add("P115", ("piles", gid, "max_cards"),
                    _("the deal puts {n} cards on a pile of {group}, which holds at most {most}").format(
                        n=most, group=gid, most=group.max_cards))


def _step_cards(ctx: _Context, step: object) -> int:
    count = getattr(step, "count")
    group = ctx.groups.get(getattr(step, "to"))
    if group is None or count == "rest":
        return 0
    return count * group.count if isinstance(count, int) else sum(count)


def check_faces(ctx: _Context) -> None:
    """Per pile, is the top card face up after the deal, and are there face-down cards?"""
    stock = ctx.ruleset.stock
    top_down: dict[str, list[bool]] = {gid: [False] * g.count for gid, g in ctx.groups.items()}
    hidden: dict[str, bool] = {gid: False for gid in ctx.groups}
    down_step: dict[str, int] = {}  # the step that left a pile's top card face down
    rest = sum(dealt_per_pile(ctx.ruleset)[s.to][0] for s in ctx.ruleset.deal.steps if s.count == "rest" and s.to in ctx.groups)
    for i, step in enumerate(ctx.ruleset.deal.steps):
        group = ctx.groups.get(step.to)
        if group is None or (stock is not None and step.to == stock.pile):
            continue  # the stock is face down by nature; drawing turns its cards up
        counts = [step.count] * group.count if isinstance(step.count, int) else (
            [rest] if step.count == "rest" else list(step.count))
        for p, n in enumerate(counts[: group.count]):
            if n:
                top_down[step.to][p] = step.face == "down"
                if step.face == "down":
                    down_step[step.to] = i
                if step.face == "down" or (step.face == "top-up" and n > 1):
                    hidden[step.to] = True
    for gid, group in ctx.groups.items():
        where = ("deal", "steps", down_step.get(gid, 0), "face")
        if any(top_down[gid]):
            if group.role == "stock":
                continue  # reported as a stock without `stock:` (P108)
            ctx.add("P107", where, _("piles of {group} end the deal with a face-down top card; nothing can move it "
                    "or turn it up (deal the top card face up: `face: top-up`)").format(group=gid))
        elif hidden[gid] and group.turn_up == "never":
            ctx.add("P107", ("piles", gid, "turn_up"),
                    _("{group} gets face-down cards but `turn_up: never` keeps them down; use `turn_up: auto`").format(
                        group=gid))


def check_stock(ctx: _Context) -> None:
    stock = ctx.ruleset.stock
    dealt = dealt_per_pile(ctx.ruleset)
    if stock is None:
        for gid, group in ctx.groups.items():
            if group.role == "stock" and sum(dealt[gid]):
                ctx.add("P108", ("piles", gid, "role"),
                        _("{group} is a stock but there is no `stock:` section, so its cards can never be drawn").format(
                            group=gid))
        for i, rule in enumerate(ctx.ruleset.scoring.rules if ctx.ruleset.scoring else []):
            if rule.when == "redeal":
                ctx.add("P108", ("scoring", "rules", i, "when"), _("a redeal score, but there is no stock to redeal"))
        return
    if not ctx.stock_ok():
        return  # undefined groups are reported as P101
    target = ctx.groups[stock.to]
    if stock.to == stock.pile:
        ctx.add("P108", ("stock", "to"), _("the stock cannot deal onto itself; name the waste or the piles it feeds"))
    if stock.redeals != 0 and target.count > 1:
        ctx.add("P108", ("stock", "redeals"), _("redeals gather a single waste pile, but {group} has {n} piles; "
                "use `redeals: 0` or deal onto one pile").format(group=stock.to, n=target.count))
    if stock.draw > 1 and target.count > 1:
        ctx.add("P201", ("stock", "draw"), _("`draw` counts cards onto one pile; onto the {n} piles of {group} "
                "the stock deals one card each").format(n=target.count, group=stock.to))
    if ctx.groups[stock.pile].role != "stock":
        ctx.add("P207", ("stock", "pile"), _("{group} holds the stock but its role is {role}").format(
            group=stock.pile, role=ctx.groups[stock.pile].role))
    elif not sum(dealt[stock.pile]) and ctx.sound:
        ctx.add("P207", ("stock", "pile"), _("the deal puts no cards in the stock"))
    for i, rule in enumerate(ctx.ruleset.scoring.rules if ctx.ruleset.scoring else []):
        if rule.when == "redeal" and stock.redeals == 0:
            ctx.add("P206", ("scoring", "rules", i), _("scores redeals, but `redeals: 0` allows none"))


def _capacity(group: PileGroup, decks: int) -> float:
    """Most cards one pile can come to hold by moves (not counting the deal)."""
    starts = ALL_RANKS if group.empty == "any" else frozenset(group.empty) if isinstance(group.empty, list) else frozenset()
    rule = group.build
    if not starts:
        return 0
    if rule.rank == "none":
        cap: float = 1
    elif rule.rank in ("up", "down") and not rule.wrap:
        up = rule.rank == "up"
        cap = max(((13 - r) if up else (r - 1)) // rule.step + 1 for r in starts)
    elif rule.rank == "same":
        cap = decks if rule.suit == "same" else 4 * decks
    else:
        cap = math.inf
    return min(cap, group.max_cards or math.inf)


def check_win(ctx: _Context) -> None:
    win = ctx.ruleset.win
    if win is not None and not win.all_cards_in:
        ctx.add("P109", ("win", "all_cards_in"), _("an empty list is never met: cards always lie somewhere"))
        return
    names = [g for g in ctx.ruleset.win_groups() if g in ctx.groups]
    listed = win.all_cards_in if win else []
    for i, gid in enumerate(listed):
        if gid in listed[:i]:
            ctx.add("P202", ("win", "all_cards_in", i), _("{name} is listed twice").format(name=gid))
    if not names or not ctx.sound:
        return
    dealt = dealt_per_pile(ctx.ruleset)
    total = 52 * ctx.ruleset.decks
    fed = fed_by_rules(ctx.ruleset, {gid for gid, counts in dealt.items() if sum(counts)})
    room = 0.0
    for gid in set(names):
        group = ctx.groups[gid]
        if sum(dealt[gid]) or gid in fed:  # the deal and rules ignore `empty` and `build`
            room += group.count * (group.max_cards or math.inf)
        else:
            room += group.count * _capacity(group, ctx.ruleset.decks)
    if room < total:
        ctx.add("P104", ("win", "all_cards_in") if win else ("piles",),
                _("the win needs all {total} cards in {groups}, which can hold at most {room} "
                  "(check count, empty, build and max_cards)").format(
                    total=total, groups=", ".join(sorted(set(names))), room=int(room)))
    for gid, group in ctx.groups.items():
        if group.role == "foundation" and gid not in names:
            ctx.add("P203", ("piles", gid, "role"), _("foundation {group} is not part of the win").format(group=gid))


def check_flow(ctx: _Context) -> None:
    """Groups no card reaches, and groups cards cannot leave."""
    if not ctx.sound or (ctx.ruleset.win is not None and not ctx.ruleset.win.all_cards_in):
        return  # a wrong name or count would make every conclusion here wrong too
    have = holders(ctx)
    stock = ctx.ruleset.stock
    wins = set(ctx.ruleset.win_groups())
    for gid, group in ctx.groups.items():
        if (stock is not None and gid == stock.pile) or (stock is None and group.role == "stock"):
            continue  # the stock is filled by the deal and refilled by redeals (P207, P108)
        if gid not in have:
            why = _("an empty pile takes nothing (`empty: none`)") if not _takes_something(group) else \
                _("no group that holds cards may send them here (`move`, `to`)")
            ctx.add("P105", ("piles", gid), _("no card can ever reach {group}: the deal puts none there and {why}").format(
                group=gid, why=why))
        elif gid not in wins and not (_targets(gid, group, ctx.groups) - {gid}):
            why = "`move: none`" if group.move == "none" else _("its `to` names no other group")
            ctx.add("P106", ("piles", gid, "move" if group.move == "none" else "to"),
                    _("cards in {group} can never leave it ({why}), so they never reach the win groups").format(
                        group=gid, why=why))


def check_no_effect(ctx: _Context) -> None:
    for gid, group in ctx.groups.items():
        rule, at = group.build, ("piles", gid)
        if rule.rank in ("none", "same", "any") and (rule.step != 1 or rule.wrap):
            ctx.add("P201", at + ("build",), _("`step` and `wrap` mean nothing with `rank: {rank}`").format(rank=rule.rank))
        if rule.rank == "none" and rule.suit != "any":
            ctx.add("P201", at + ("build", "suit"), _("`suit` means nothing when nothing is built (`rank: none`)"))
        if group.run_limit != "none" and group.move not in ("run", "any"):
            ctx.add("P201", at + ("run_limit",), _("`run_limit` limits runs, but `move: {move}` moves none").format(
                move=group.move))
        if group.to is not None and group.move == "none":
            ctx.add("P201", at + ("to",), _("`to` says where cards go, but `move: none` lets none leave"))
        if group.shared_label and group.count == 1:
            ctx.add("P201", at + ("shared_label",), _("a shared label for a single pile; its own label does the same"))
        for i, target in enumerate(group.to or []):
            if target in (group.to or [])[:i]:
                ctx.add("P202", at + ("to", i), _("{name} is listed twice").format(name=target))
        if isinstance(group.empty, list):
            if not group.empty:
                ctx.add("P202", at + ("empty",), _("an empty list of ranks takes nothing; write `empty: none`"))
            elif len(set(group.empty)) < len(group.empty):
                ctx.add("P202", at + ("empty",), _("a rank is listed twice"))


def check_scoring(ctx: _Context) -> None:
    for i, rule in enumerate(ctx.ruleset.scoring.rules if ctx.ruleset.scoring else []):
        source = ctx.groups.get(rule.from_) if rule.from_ else None
        if rule.when == "move" and source is not None and rule.to in ctx.groups:
            if rule.to not in _targets(rule.from_ or "", source, ctx.groups):
                ctx.add("P206", ("scoring", "rules", i), _("cards never move from {source} to {target}").format(
                    source=rule.from_, target=rule.to))


_CHECKS: list[Callable[[_Context], None]] = [
    check_references, check_deal, check_faces, check_stock, check_win, check_flow, check_no_effect, check_scoring,
]


# ------------------------------------------------------------------ files
def lint_text(text: str, filename: str = "<ruleset>") -> tuple[Ruleset | None, list[LintFinding]]:
    """Every finding of one ruleset text, and the ruleset when its keys and values are valid."""
    ruleset, findings, _ = _lint(text, filename)
    return ruleset, findings


def _lint(text: str, filename: str) -> tuple[Ruleset | None, list[LintFinding], _Positions | None]:
    try:
        data, pos = parse_yaml(text, filename)
        ruleset = check_schema(data, pos, filename)
    except RulesetError as err:
        return None, [_from_loader(f) for f in err.findings], None
    ctx = _Context(ruleset, pos, filename)
    for check in _CHECKS:
        try:
            check(ctx)
        except Exception as err:  # noqa: BLE001 - a lint bug must show as a finding, never a traceback
            ctx.add("P000", (), _("lint could not finish {check}: {error}").format(
                check=check.__name__, error=f"{type(err).__name__}: {err}"))
    ctx.findings.sort(key=lambda f: (f.line, f.col, f.code))
    return ruleset, ctx.findings, pos


def lint_file(path: Path) -> tuple[Ruleset | None, list[LintFinding], _Positions | None]:
    name = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:  # refuse before reading a huge file
            return None, [LintFinding(name, 1, 1, "error", "P002", _(
                "the file is larger than {n} bytes; a ruleset is far smaller").format(n=MAX_FILE_BYTES))], None
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return None, [LintFinding(name, 1, 1, "error", "P001", _("cannot read the file: {error}").format(error=err))], None
    return _lint(text, name)


def ruleset_files(paths: Iterable[Path]) -> list[Path]:
    """The files to lint: files as given, folders as their ``*.yaml`` and ``*.yml`` files."""
    files: dict[Path, Path] = {}  # by resolved path: a file named twice is linted once
    for path in paths:
        found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()) if path.is_dir() else [path]
        for file in found:
            files.setdefault(file.resolve(), file)
    return list(files.values())


def lint_paths(paths: Iterable[Path], *, registry: bool = True) -> list[LintFinding]:
    """Lint files and folders together; with ``registry``, also against every ruleset patience finds."""
    findings: list[LintFinding] = []
    loaded: list[tuple[Path, Ruleset, _Positions]] = []
    for path in ruleset_files(paths):
        ruleset, found, pos = lint_file(path)
        findings += found
        if ruleset is not None and pos is not None:
            loaded.append((path, ruleset, pos))
            if normalize_name(path.stem) != ruleset.id:
                line, col = pos.nearest(("id",))
                findings.append(LintFinding(str(path), line, col, "warning", "P204",
                                            _("the file is named {name!r}; name it {id}.yaml").format(
                                                name=path.name, id=ruleset.id), "id"))
    findings += _cross_checks(loaded, _registry_rulesets({p.resolve() for p, _, _ in loaded}) if registry else [])
    return findings


def _registry_rulesets(skip: set[Path]) -> list[tuple[Path, Ruleset]]:
    found = []
    for entry in discover():
        if entry.path.resolve() in skip:
            continue  # linted already, and compared as such
        try:
            found.append((entry.path, load_path(entry.path)))
        except RulesetError:
            continue  # a broken file is reported when it is linted itself
    return found


def _cross_checks(loaded: list[tuple[Path, Ruleset, _Positions]], known: list[tuple[Path, Ruleset]]) -> list[LintFinding]:
    """Duplicate ids and clashing names, among the linted files and against the registry."""
    findings: list[LintFinding] = []

    def add(path: Path, pos: _Positions, code: str, at: KeyPath, message: str) -> None:
        line, col = pos.nearest(at)
        findings.append(LintFinding(str(path), line, col, CHECKS[code].severity, code, message,
                                    ".".join(str(p) for p in at)))

    linted = {p.resolve() for p, _, _ in loaded}
    others = [(p, r, True) for p, r, _ in loaded] + [(p, r, False) for p, r in known if p.resolve() not in linted]
    for path, ruleset, pos in loaded:
        here = path.resolve()
        mine = _named_places(ruleset)
        for other_path, other, in_lint in others:
            if other_path.resolve() == here:
                continue
            if other.id == ruleset.id:
                if in_lint:
                    add(path, pos, "P110", ("id",), _("id {id!r} is also the id of {path}").format(id=ruleset.id, path=other_path))
                else:
                    add(path, pos, "P210", ("id",), _("{path} has the same id; the first in search order is played").format(
                        path=other_path))
                continue
            theirs = names_of(other)
            for name, at in mine.items():
                if name in theirs:
                    add(path, pos, "P112", at, _("{name!r} is also a name of {id} ({path})").format(
                        name=name, id=other.id, path=other_path))
    return findings


def _named_places(ruleset: Ruleset) -> dict[str, KeyPath]:
    """Each normalized name of a ruleset and the key that gives it (aliases first, id last)."""
    places: dict[str, KeyPath] = {}
    for i, alias in enumerate(ruleset.aliases):
        places.setdefault(normalize_name(alias), ("aliases", i))
    for lang, name in ruleset.names.items():
        places.setdefault(normalize_name(name), ("names", lang))
    places.setdefault(normalize_name(ruleset.name), ("name",))
    places.setdefault(normalize_name(ruleset.id), ("id",))
    return places


def has_errors(findings: Iterable[LintFinding]) -> bool:
    return any(f.severity == "error" for f in findings)

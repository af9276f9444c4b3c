"""The rules of a ruleset in words, generated from its data, in the chosen language.

`rules_text` gives the ruleset's own prose (its `rules:` text) followed by a generated summary of
every setting, so the words can never disagree with what the engine plays. The sentences go
through the translation layer (`patience.i18n`), like every other user-facing string.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SUIT_NAMES
from ..i18n import N_, _, alternatives, conjunction, language, ngettext, using_language
from ..printable import printable
from .examples import removal_examples, swap_example
from .flow import closes_up, cross_arms, ever_emptied, refilled_from, removed_from, reshuffled, stock_fills, swapped
from .labels import runs_on
from .views import mixed_face_groups

if TYPE_CHECKING:
    from .model import Build, DealStep, PileGroup, Remove, Ruleset, When

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

ROLE = {
    "stock": N_("stock"), "waste": N_("waste"), "tableau": N_("tableau"), "foundation": N_("foundations"),
    "cell": N_("free cells"), "reserve": N_("reserve"), "discard": N_("discard pile"),
}
RANK_RELATION = {
    "up": N_("up"), "down": N_("down"), "up-or-down": N_("up or down"),
    "same": N_("on the same rank"), "any": N_("on any rank"),
}
SUIT_RELATION = {
    "any": "", "same": N_(" in suit"), "other": N_(" in another suit"), "same-colour": N_(" in the same colour"),
    "alternate-colour": N_(" in alternating colours"),
}
MOVE = {
    "top": N_("only the top card moves"),
    "alone": N_("a card moves only when it lies alone"),
    "run": N_("a built run, whole or its upper part, moves as a unit"),
    "any": N_("any face-up card moves together with the cards on it"),
    "pile": N_("a pile moves only whole, its top card fitting the target's top card"),
    "top-or-run": N_("the top card moves alone, or the whole built run on top moves as a unit, nothing between"),
}
RUN_LIMIT = {
    "supermove": N_("at most (empty free cells + 1) × 2^(empty columns) cards at once"),
    "cells-plus-columns": N_("at most empty free cells + empty columns + 1 cards at once"),
}
SUIT_WORDS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
FACE = {"up": N_("face up"), "down": N_("face down"), "top-up": N_("only each pile's top card face up")}
# A deal step onto a group of one pile: the count and the face in one phrase, so that a language
# can make them agree ("1 karta, odkryta"; "5 kart, odkrytych").
ONE_PILE_DEAL = {"up": ("{n} card, face up", "{n} cards, face up"),
                 "down": ("{n} card, face down", "{n} cards, face down")}


def _ranks(ranks: list[int]) -> str:
    return ", ".join(RANK_NAMES.get(r, str(r)) for r in ranks)


# Ranks as plural words, for a sentence about every card of a rank ("Aces go out ...").
RANK_PLURALS = ("", N_("aces"), N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"), N_("sevens"),
                N_("eights"), N_("nines"), N_("tens"), N_("jacks"), N_("queens"), N_("kings"))


def _rank_plurals(ranks: list[int]) -> str:
    """``Aces and kings``: the ranks as plural words, capitalised to start a sentence."""
    text = conjunction([_(RANK_PLURALS[r]) for r in ranks])
    return text[:1].upper() + text[1:]


def build_rule(build: Build) -> str:
    """The build rule in a few words (``down in alternating colours``), as refusals quote it."""
    if build.rank == "none":
        return _("nothing is built here")
    rank = _(RANK_RELATION[build.rank])
    if build.step != 1 and build.rank in ("up", "down", "up-or-down"):
        rank = _("{direction} by {step}").format(direction=rank, step=build.step)
    text = rank + (_(SUIT_RELATION[build.suit]) if SUIT_RELATION[build.suit] else "")
    if build.match == "either" and SUIT_RELATION[build.suit]:  # Accordion: one of the two is enough
        text = _("{rank} or{suit}").format(rank=rank, suit=_(SUIT_RELATION[build.suit]))
    if build.wrap == "base":  # Solvitaire's Canfield: the corner turns everywhere but at the base
        text += _(" (ranks counted round from the base rank, which is the lowest)")
    elif build.wrap:
        text += _(" (K and A follow each other)")
    if build.closed_by:  # Dead King Golf
        text += _(", nothing on {ranks}").format(ranks=_ranks(build.closed_by))
    return text


def run_build(group: PileGroup) -> Build:
    """The rule a moving run follows card on card: the build with `run`'s rank and suit put in."""
    run = group.run
    if run is None:
        return group.build
    return group.build.model_copy(update={"rank": run.rank or group.build.rank, "suit": run.suit or group.build.suit})


def describe_build(build: Build) -> str:
    """The build rule as the rules text says it (``built down in alternating colours (red on black...)``)."""
    if build.rank == "none":
        return build_rule(build)
    text = _("built {how}").format(how=build_rule(build))
    if build.suit == "alternate-colour":
        text += _(" (red on black, black on red)")
    return text


def _empty(ruleset: Ruleset, gid: str) -> str | None:
    """What an empty pile takes, and what else fills it: the stock deals (PA-5), the close-up (CZ-3)."""
    fill = refilled_from(ruleset, gid)
    if fill is not None:  # the piles empty only once the fill pile has run out
        refill = _("a pile a move empties takes the top card of {group} at once").format(group=group_name(ruleset, fill))
        after = refilled_from(ruleset, fill)
        if after is not None:  # a chained fill
            refill += _(", and when that was the last card of {group}, {group} takes the top card of {next} in the "
                        "same move").format(group=group_name(ruleset, fill), next=group_name(ruleset, after))
        rest = _empty_rule(ruleset, gid)
        return refill + (_("; once {group} is empty, {rule}").format(group=group_name(ruleset, fill), rule=rest)
                         if rest else "")
    return _empty_rule(ruleset, gid)


def _base_of_rule(source: str, offset: int) -> str:
    """`empty: base` with `base_of`: the base of another group, maybe a few ranks off."""
    if offset == 0:
        return _("an empty pile takes only a card of the base rank of the {group}, the rank of the first card "
                 "there (any card while none is there)").format(group=source)
    if offset < 0:
        return ngettext("an empty pile takes only a card {n} rank below the base rank of the {group}, turning the "
                        "corner (any card while the {group} are empty)",
                        "an empty pile takes only a card {n} ranks below the base rank of the {group}, turning the "
                        "corner (any card while the {group} are empty)", -offset).format(n=-offset, group=source)
    return ngettext("an empty pile takes only a card {n} rank above the base rank of the {group}, turning the "
                    "corner (any card while the {group} are empty)",
                    "an empty pile takes only a card {n} ranks above the base rank of the {group}, turning the "
                    "corner (any card while the {group} are empty)", offset).format(n=offset, group=source)


def _empty_rule(ruleset: Ruleset, gid: str) -> str | None:
    group = ruleset.piles[gid]
    if group.empty == "any":
        return _("an empty pile takes any card")
    if group.empty == "base" and group.base_of is not None:
        return _base_of_rule(group.base_of.group, group.base_of.offset)
    if group.empty == "base":
        return _("an empty pile takes only a card of the base rank, the rank of the first card here (any card "
                 "while no pile has one)")
    if group.empty != "none" and group.empty_builds_on == "left":
        return _("an empty cell takes only a card that builds on the card in the cell before it in its row, "
                 "nothing while that cell is empty; at a row's start it takes only {ranks}").format(
            ranks=_ranks(list(group.empty)))
    if group.empty != "none":
        return _("an empty pile takes only {ranks}").format(ranks=_ranks(list(group.empty)))
    if closes_up(ruleset, gid):
        return _("an emptied place is filled only when you close up")
    if reshuffled(ruleset, gid):
        if ruleset.actions.reshuffle is not None and not ruleset.actions.reshuffle.shuffle:
            return _("an emptied pile is filled only when you redeal")
        return _("an emptied pile is filled only when you reshuffle")
    if stock_fills(ruleset, gid):
        return _("an empty pile gets cards only from the stock")
    if not ever_emptied(ruleset, gid):
        return None  # its piles never empty: nothing to say
    return _("an emptied pile stays empty")


def _leaving(ruleset: Ruleset, gid: str) -> str:
    """How cards leave the group: moved, removed in sets (CZ-2), slid by the close-up (CZ-3), swapped."""
    group = ruleset.piles[gid]
    if group.reach:
        return _("{moves}, onto the pile {places} places before it, counting only piles with cards").format(
            moves=_(MOVE[group.move]), places=alternatives([str(n) for n in group.reach]))
    if group.move != "none":
        return _(MOVE[group.move])
    removed, slides = removed_from(ruleset, gid), closes_up(ruleset, gid)
    if removed and slides:
        return _("cards leave it only when removed, and slide along its lanes when you close up")
    stock = ruleset.stock
    if removed and stock is not None and stock_fills(ruleset, gid) and stock.redeals != 0 and group.count == 1:
        # a waste whose cards go out in sets and back into the stock at a redeal (Pyramid)
        return _("cards leave it when removed, or when the waste is turned back into the stock")
    if removed:
        return _("cards leave it only when removed")
    if slides:
        return _("cards never leave it, but slide along its lanes when you close up")
    if swapped(ruleset, gid):
        return _("cards leave it only by the swap")
    return _("cards never leave it")


def group_name(ruleset: Ruleset, gid: str, lang: str | None = None) -> str:
    """A group by its role's name (``foundations``), with its id when several share the role."""
    group = ruleset.piles.get(gid)
    if group is None:
        return gid
    chosen = lang or language()
    if chosen in group.names:
        return group.names[chosen]
    with using_language(chosen):
        name = _(ROLE.get(group.role, group.role))
    alone = sum(1 for g in ruleset.piles.values() if g.role == group.role) == 1
    # Quotation marks as the language writes them (Polish: „ups”).
    return name if alone else _("{name} “{id}”").format(name=name, id=gid)


def group_title(ruleset: Ruleset, gid: str, lang: str | None = None) -> str:
    """A group as a reason or the board names it: its id in English unless the ruleset gives an
    English name, else its name in the language (``fundamenty``); control characters from the
    file escaped."""
    chosen = lang or language()
    group = ruleset.piles.get(gid)
    if group is None or (chosen == "en" and "en" not in group.names):
        return gid
    return printable(group_name(ruleset, gid, chosen))


def describe_group(ruleset: Ruleset, gid: str) -> str:
    """One line for a pile group: its name, piles and labels, and its rules."""
    group = ruleset.piles[gid]
    labels = labels_text(group, ", ")
    piles = ngettext("{n} pile", "{n} piles", group.count).format(n=group.count)
    parts = []
    only_empty = group.takes_when is not None and group.takes_when.pile == "empty"
    if group.role not in ("stock", "discard"):
        if only_empty and group.build.rank != "none":  # the build rule says only which runs go in
            parts.append(_("nothing is built here; a run that goes in is one built {rule}").format(
                rule=build_rule(group.build)))
        else:
            parts.append(describe_build(group.build))
        empty = _empty(ruleset, gid)
        if empty:
            parts.append(empty)
        if group.empty_from and group.empty != "none":
            parts.append(_("an empty pile takes cards only from the first of these that has a card: {groups}").format(
                groups=", ".join(group_name(ruleset, g) for g in group.empty_from)))
        if group.empty_takes == "one" and group.empty != "none":
            parts.append(_("an empty pile takes one card at a time, never a run"))
        if group.build_takes == "one" and group.build.rank != "none":
            parts.append(_("a started pile takes one card at a time; a run goes only into an empty pile"))
        parts.append(_leaving(ruleset, gid))
        if group.run is not None and group.move in ("run", "top-or-run"):
            parts.append(_("but only a run built {rule} moves together").format(rule=build_rule(run_build(group))))
        if group.unit:
            parts.append(_("cards arrive only {n} at a time, as one run").format(n=group.unit))
    if group.run_limit != "none":
        parts.append(_(RUN_LIMIT[group.run_limit]))
    if group.build.base:
        parts.append(_("a pile is built on only when its bottom card is {ranks}").format(ranks=_ranks(group.build.base)))
    if group.prefer:
        parts.append(_("cards of rank {ranks} take an empty place here first, and one elsewhere only while this group has none").format(
            ranks=_ranks(group.prefer)))
    parts += _describe_geometry(ruleset, gid)
    if group.takes_when is not None and when_words(ruleset, group.takes_when):
        parts.append(_("it takes cards by moves only once {condition}").format(
            condition=when_words(ruleset, group.takes_when)))
    if group.gives_when is not None:
        parts.append(_("cards leave it by moves only once {condition}").format(
            condition=when_words(ruleset, group.gives_when)))
    if only_empty:
        parts.append(_("a pile takes a card or a run only while it is empty"))
    parts += _card_rules(group)
    parts += _partner_rules(ruleset, group)
    if gid in mixed_face_groups(ruleset):  # engine/faces.py
        parts.append(_("its face-down and face-up cards lie in turn; a face-down card turns up when it becomes "
                       "the top card, and the face-up cards under it move again only then"))
    if group.max_cards:
        parts.append(ngettext("holds at most {n} card", "holds at most {n} cards", group.max_cards).format(n=group.max_cards))
    if group.to is not None:
        targets = ", ".join(group_name(ruleset, t) for t in group.to)
        parts.append(_("its cards go only to: {groups}").format(groups=targets))
    text = f"{group_heading(ruleset, gid)}{piles}: {labels})"
    return text + (": " + "; ".join(parts) if parts else "") + "."


def _in_sequence(group: PileGroup) -> bool:
    """Whether "first…last" says the group's labels: a grid's cells, or labels that run on by one
    in their last letter or their number (a b c; 1 2 3; h1 .. h10). Bisley's a…m skips k, so its
    twelve are listed."""
    return group.grid is not None or runs_on(group.labels)


def labels_text(group: PileGroup, between: str = " ") -> str:
    """A group's labels, or "first…last" where there are more than eight in sequence (``a1…h8``)."""
    if group.count <= 8 or not _in_sequence(group):
        return between.join(group.labels)
    return f"{group.labels[0]}…{group.labels[-1]}"


def all_labels_text(ruleset: Ruleset) -> str:
    """Every label of the game in few words: a grid as "a1…h8", and four or more labels that run
    on by one as "o1…o32", across groups too (Kwadratura Koła: ``s w a1…h8 o1…o32``)."""
    out: list[str] = []
    run: list[str] = []  # numbered labels counting up one by one, not yet written

    def close() -> None:
        out.extend([f"{run[0]}…{run[-1]}"] if len(run) >= 4 else run)
        run.clear()

    for group in ruleset.piles.values():
        for label in [labels_text(group)] if group.grid is not None else group.labels:
            if "…" in label or not label[-1].isdigit() or not runs_on([*run[-1:], label]):
                close()
            (out if "…" in label or not label[-1].isdigit() else run).append(label)
    close()
    return " ".join(out)


def group_heading(ruleset: Ruleset, gid: str) -> str:
    """The start of a group's line in the rules text: what the board and the messages call it
    (its id in English) and, where that is not the role's name the sentences use, that name too:
    ``trunk (reserve, `` before "1 pile: r)"; ``foundations (`` where both are one."""
    name, head = group_name(ruleset, gid), group_head(ruleset, gid)
    return f"{name} (" if head == name else f"{head} ({name}, "


def group_head(ruleset: Ruleset, gid: str) -> str:
    """The first words of a group's line in the rules text (`group_heading`): what the board calls
    it where the sentences' role name does not say it (Flower Garden's ``beds``), else that name."""
    name, title = group_name(ruleset, gid), group_title(ruleset, gid)
    return name if title == name or gid in name else title


def when_words(ruleset: Ruleset, when: When) -> str:
    """The condition word's parts that read the position (engine/gates.py), in words joined by
    "and": "the stock is empty and a card lies on the foundations"; "" when none is given (a
    `takes_when` of card rules alone)."""
    words = []
    if when.stock == "empty":
        words.append(_("the stock is empty"))
    if when.started is not None:
        words.append(_("a card lies on the {group}").format(group=group_name(ruleset, when.started)))
    if when.cleared is not None:
        words.append(_("the pile beside it in the {group} is empty").format(group=group_name(ruleset, when.cleared)))
    return _(" and ").join(words)


def _partner_rules(ruleset: Ruleset, group: PileGroup) -> list[str]:
    """`takes_when: {partners, unless}` in words: which pile feeds which, and until when."""
    when = group.takes_when
    if when is None or when.partners is None:
        return []
    pairs = ", ".join(f"{source} → {own}" for source, own in zip(when.partners, group.labels))
    if when.unless is not None:
        return [_("a card from {sources} goes only to the pile at its place ({pairs}) until {condition}").format(
            sources=", ".join(when.partners), pairs=pairs, condition=when_words(ruleset, when.unless))]
    return [_("a card from {sources} goes only to the pile at its place ({pairs})").format(
        sources=", ".join(when.partners), pairs=pairs)]


def _card_rules(group: PileGroup) -> list[str]:
    """`takes_when`'s card rules in words: each pile's suit, the pile whose ranks it reads."""
    when = group.takes_when
    parts: list[str] = []
    if when is None:
        return parts
    if when.suits is not None:
        pairs = ", ".join(f"{label} {_(SUIT_WORDS[suit])}" for label, suit in zip(group.labels, when.suits))
        parts.append(_("each pile takes cards of its own suit only: {pairs}").format(pairs=pairs))
    if when.way == "group":
        parts.append(_("once a pile holds two cards, every pile is built the way it went, up or down"))
    elif when.way == "pile":
        parts.append(_("each pile keeps the way its first two cards went, up or down"))
    if when.rank_in == "previous" and group.count > 1:
        parts.append(_("a card goes onto a started pile, except the first ({first}), only when a card of its rank "
                       "already lies on the pile before it").format(first=group.labels[0]))
    elif when.rank_in is not None and when.rank_in != "previous":
        parts.append(_("a card goes onto a started pile only when a card of its rank already lies on {label}").format(
            label=when.rank_in))
    return parts


def _describe_geometry(ruleset: Ruleset, gid: str) -> list[str]:
    """Grid, orientation, freedom, start order and prefilled cards, in words."""
    group = ruleset.piles[gid]
    parts = []
    if group.grid is not None and gid in cross_arms(ruleset):
        parts.append(ngettext(
            "an arm of the cross, {rows} lane of {cols} places, place a next to the centre; a cell is named by "
            "the arm's letter, the place and the lane: {first}",
            "an arm of the cross, {rows} lanes of {cols} places, place a next to the centre; a cell is named by "
            "the arm's letter, the place and the lane: {first}",
            group.grid.rows).format(rows=group.grid.rows, cols=group.grid.cols, first=group.labels[0]))
    elif group.grid is not None:
        parts.append(_("a grid of {rows} rows by {cols} columns; a cell is named by its column letter and row "
                       "number, {first} top left").format(rows=group.grid.rows, cols=group.grid.cols,
                                                         first=group.labels[0]))
    elif group.shape is not None:
        rows = len(group.shape)
        parts.append(ngettext(
            "{n} card in {rows} row, each row lying half over the row above; a card is named by its place in "
            "its row and the row number, {first} the first card of the top row",
            "{n} cards in {rows} rows, each row lying half over the row above; a card is named by its place in "
            "its row and the row number, {first} the first card of the top row",
            group.count).format(n=group.count, rows=rows, first=group.labels[0]))
    if group.orient == "checker":
        parts.append(_("a card lies upright where row + column is even, sideways where it is odd"))
    if group.free == "uncovered":
        parts.append(_("a card is free when no card of the row below lies on it")
                     + (_("; a face-down card turns up then") if group.turn_up == "auto" else ""))
    if group.free == "clear-lane":
        parts.append(_("a card is free when one of its short ends faces a clear lane of empty cells to the edge"))
    elif group.free == "clear-end":
        parts.append(_("a card is free when one of its short ends touches no card (the cell beyond it is empty, or "
                       "the card lies at the edge)"))
    if group.follows is not None:
        leader = group_name(ruleset, group.follows.group)
        if group.follows.per == "suit":
            parts.append(_("a pile starts only while fewer piles of the card's suit have started here than in {group}")
                         .format(group=leader))
        else:
            parts.append(_("a pile starts only while fewer piles have started here than in {group}").format(group=leader))
    if group.prefill_rank == "first":
        parts.append(_("before the deal every card of the rank of the shuffled pack's first card is put here, one a "
                       "pile"))
    if group.empty_colour == "by-rank" and group.empty != "none":
        parts.append(_("a pile is started with a rank in one colour only: the first card to start one keeps its rank "
                       "to its colour, and gives every other rank the other colour"))
    if group.prefill and group.prefill_suit == "first":
        parts.append(_("before the deal one {ranks} of any suit, the first in the shuffled pack, is put here").format(
            ranks=_ranks(group.prefill)))
    elif group.prefill and group.prefill_suit != "each":
        suit = _(SUIT_WORDS[SUIT_NAMES.index(group.prefill_suit)])
        parts.append(_("before the shuffle the {ranks} of {suit} is put here").format(
            ranks=_ranks(group.prefill), suit=suit))
    elif group.prefill:
        parts.append(_("before the shuffle one {ranks} of each suit is put here").format(ranks=_ranks(group.prefill)))
    return parts


def _outranked_line(ruleset: Ruleset, rule: Remove, groups: str) -> str:
    """Aces Up's discard: one card out while a higher one of its suit is on top elsewhere."""
    aces = _(" (aces rank above kings)") if rule.aces == "high" else ""
    examples = ", ".join(f"`{example}`" for example in removal_examples(ruleset, rule))
    return _("You may remove the free top card of a pile of {groups} while a higher card of its suit{aces} lies "
             "on top of another of them; it goes to: {target} (e.g. {examples}).").format(
        groups=groups, aces=aces, target=group_name(ruleset, rule.to), examples=examples)


def describe_deal(ruleset: Ruleset) -> list[str]:
    lines = []
    for step in ruleset.deal.steps:
        if step.to not in ruleset.piles:
            continue
        if step.count == "rest":
            amount = _("the rest of the cards")
        elif isinstance(step.count, int) and step.play_to is not None:  # Citadel: turns, some played elsewhere
            amount = ngettext("{n} turn per pile", "{n} turns per pile", step.count).format(n=step.count)
        elif isinstance(step.count, int):
            amount = ngettext("{n} card per pile", "{n} cards per pile", step.count).format(n=step.count)
        else:
            amount = _("per pile {counts}").format(counts=", ".join(map(str, step.count)))
        if isinstance(step.face, list):  # Martha: one face per card, bottom first
            faces = _("bottom first: {faces}").format(faces=", ".join(_(FACE[f]) for f in step.face))
        else:
            faces = _(FACE[step.face])
        deal_to = group_head(ruleset, step.to)  # as its line below is headed (Flower Garden's "beds")
        one_pile = ruleset.piles[step.to].count == 1 and isinstance(step.count, int) and step.play_to is None
        if one_pile and step.face in ONE_PILE_DEAL:  # a waste's first card: no "per pile", the face agreeing
            singular, plural = ONE_PILE_DEAL[step.face]
            line = f"{deal_to}: " + ngettext(singular, plural, step.count).format(n=step.count)
        else:
            line = f"{deal_to}: {amount}, {faces}"
        if step.skip is not None:
            line += _skip_text(ruleset, step)
        if step.play_to is not None:
            line += _(", a card each turn; a card the {group} take as it is dealt goes there instead, and the "
                      "pile whose turn it was gets no card that turn").format(group=group_name(ruleset, step.play_to))
        if step.bottom:
            line += _(", then every {ranks} goes to the bottom of its pile").format(ranks=_ranks(step.bottom))
        lines.append(line)
    return lines


def _skip_text(ruleset: Ruleset, step: DealStep) -> str:
    """A deal step's `skip`: which cards do not stay where they fall, and where they go."""
    skip = step.skip
    assert skip is not None
    which = []
    if skip.ranks:
        which.append(_("a card of rank {ranks}").format(ranks=_ranks(skip.ranks)))
    if skip.same_rank == "pile":
        which.append(_("a card of a rank its pile already holds"))
    elif skip.same_rank == "first":
        which.append(_("a card of the rank of the step's first card (which stays)"))
    cards = alternatives(list(which))
    if skip.to is not None:
        text = _("; {cards} met on the way goes to the {group} instead, one a pile in order, and the pile takes "
                 "the next card").format(cards=cards, group=group_name(ruleset, skip.to))
        if step is ruleset.deal.steps[-1]:  # lint: then the pack left after its places holds only skipped cards
            text += _(", and so does every such card still in the pack once the last pile is full")
        return text
    return _("; {cards} is put aside and the pile takes the next card; the cards put aside go back on top of "
             "the pack for the next steps").format(cards=cards)


def describe_stock(ruleset: Ruleset) -> str | None:
    stock = ruleset.stock
    if stock is None:
        return None
    target = ruleset.piles.get(stock.to)
    to = group_name(ruleset, stock.to)
    if target is not None and target.count > 1 and stock.draw > 1:
        how = ngettext("{n} card onto each pile of the {group}, one round of one card a pile at a time",
                       "{n} cards onto each pile of the {group}, one round of one card a pile at a time",
                       stock.draw).format(n=stock.draw, group=to)
    elif target is not None and target.count > 1:
        how = _("one card onto each pile of the {group}").format(group=to)
    else:
        how = ngettext("{n} card at a time onto the {group}", "{n} cards at a time onto the {group}",
                       stock.draw).format(n=stock.draw, group=to)
    if stock.redeals == "unlimited":
        again = _("the waste may be turned back as often as you like")
    elif stock.redeals == 0 and ruleset.actions.reshuffle is not None and ruleset.actions.reshuffle.to == stock.pile:
        again = _("the waste is never turned back (the redeal is below)")
    elif stock.redeals == 0:
        again = _("no redeal")
    else:
        again = ngettext("the waste may be turned back {n} time", "the waste may be turned back {n} times",
                         int(stock.redeals)).format(n=stock.redeals)
    text = _("The stock deals {how} when you ask; {again}.").format(how=how, again=again)
    if stock.requires == "no-empty":
        text += " " + _("It deals only while no pile it deals onto is empty.")
    if stock.when is not None:
        text += " " + _("It deals, and is turned back, only once {condition}.").format(
            condition=when_words(ruleset, stock.when))
    if stock.last_to is not None and stock.last_to in ruleset.piles:
        text += " " + _("When it holds just as many cards as the {group} has piles ({n}), it deals them one onto "
                        "each pile of the {group} instead.").format(
            group=group_name(ruleset, stock.last_to), n=ruleset.piles[stock.last_to].count)
    return text


def rules_text(ruleset: Ruleset, lang: str | None = None) -> str:
    """The ruleset's own prose in the language (English when it has none), then every setting in words."""
    with using_language(lang or language()):
        chosen = language()
        out = [ruleset.display_name(chosen), ""]
        prose = ruleset.rules.get(chosen) or ruleset.rules.get("en")
        if prose:
            if chosen not in ruleset.rules:
                out.append(_("(no text in this language yet; English follows)"))
            out += [prose.strip(), ""]
        decks = ngettext("{n} deck", "{n} decks", ruleset.decks).format(n=ruleset.decks)
        cards = ngettext("{n} card", "{n} cards", 52 * ruleset.decks).format(n=52 * ruleset.decks)
        out.append(_("In detail ({decks}, {cards}):").format(decks=decks, cards=cards))
        if ruleset.suits is not None and len(ruleset.suits) < 4:
            copies = 4 // len(ruleset.suits) * ruleset.decks
            names = conjunction([_(SUIT_WORDS[s]) for s in ruleset.suits])
            out.append("- " + _("The pack holds {suits} only: each card {n} times.").format(suits=names, n=copies))
        out.append("- " + _("Deal: {steps}.").format(steps="; ".join(describe_deal(ruleset))))
        for gid in ruleset.piles:
            out.append("- " + describe_group(ruleset, gid))
        stock = describe_stock(ruleset)
        if stock:
            out.append("- " + stock)
        out += ["- " + line for line in describe_extras(ruleset)]
        if ruleset.win is not None and ruleset.win.classes:
            out += ["- " + line for line in describe_classes(ruleset)]
            return "\n".join(out)
        win_groups = ruleset.win_groups()
        groups = ", ".join(group_name(ruleset, gid) for gid in win_groups)
        win = ngettext("You win when every card lies in: {groups}", "You win when every card lies in the groups: {groups}",
                       len(win_groups)).format(groups=groups)
        if ruleset.win is not None and ruleset.win.full:
            full = ", ".join(group_name(ruleset, gid) for gid in ruleset.win.full)
            win += _(", and every pile of {groups} that holds cards is full").format(groups=full)
        if ruleset.win is not None and ruleset.win.row_runs:
            rows = ", ".join(group_name(ruleset, gid) for gid in ruleset.win.row_runs)
            win += _(", and each row of {groups} holds one run from its first cell, built as above").format(groups=rows)
        out.append("- " + win + ".")
        return "\n".join(out)


def describe_classes(ruleset: Ruleset) -> list[str]:
    """CZ-4: each win class, best first; the later ones are judged when no move is left."""
    assert ruleset.win is not None
    lines = []
    for i, wc in enumerate(ruleset.win.classes):
        conditions = []
        if wc.all_cards_in:
            conditions.append(_("every card lies in: {groups}").format(
                groups=", ".join(group_name(ruleset, gid) for gid in wc.all_cards_in)))
        if wc.left is not None:
            groups = ", ".join(group_name(ruleset, gid) for gid in wc.left.in_)
            if wc.left.per == "group":
                left = ngettext("exactly {n} card is left in each of: {groups}",
                                "exactly {n} cards are left in each of: {groups}",
                                wc.left.count).format(n=wc.left.count, groups=groups)
            else:
                left = ngettext("exactly {n} card is left in: {groups}",
                                "exactly {n} cards are left in: {groups}",
                                wc.left.count).format(n=wc.left.count, groups=groups)
            # Judged once no move is left, so closing up changes nothing: the cards lie closed up.
            if i > 0 and all(closes_up(ruleset, gid) for gid in wc.left.in_):
                left += _where_closed_up(ruleset, wc.left.count == 1 and wc.left.per == "group")
            conditions.append(left)
        if len(ruleset.win.classes) == 1:  # a class is named only to tell it from another (Golf: "won")
            lines.append(_("You win when {conditions}.").format(conditions=_(" and ").join(conditions)))
            continue
        when = _("at once") if i == 0 else _("once no move is left")
        lines.append(_("Won ({win_class}), {when}: {conditions}.").format(
            win_class=wc.display_name(language()), when=when, conditions=_(" and ").join(conditions)))
    lines.append(_("Otherwise, once no move is left, the game is lost."))
    return lines


def _where_closed_up(ruleset: Ruleset, one_each: bool) -> str:
    """Where the cards left lie once closing up changes nothing (CZ-4: next to the centre)."""
    if cross_arms(ruleset):
        return _(", next to the centre") if one_each else _(", closed up toward the centre")
    if one_each:
        return _(", at the end of its lane that cards slide toward")
    return _(", closed up along their lanes")


def _how_often(uses: int | str) -> str:
    """An action's `uses` in words: "once per game", "3 times per game", "as often as you like"."""
    if uses == "unlimited":
        return _("as often as you like")
    return ngettext("once per game", "{n} times per game", int(uses)).format(n=uses)


def describe_extras(ruleset: Ruleset) -> list[str]:
    """Sentences for the top-level settings besides deal, piles, stock and win."""
    lines = []
    if ruleset.discard is not None:
        lines.append(_("{ranks} go out to the {group} the moment they are dealt.").format(
            ranks=_rank_plurals(ruleset.discard.ranks), group=group_name(ruleset, ruleset.discard.to)))
    swap = ruleset.actions.swap
    if swap is not None:
        groups = ", ".join(group_name(ruleset, gid) for gid in swap.within)
        times = _how_often(swap.uses)
        lines.append(_("You may swap any two cards of {groups}, buried ones too, {times} (`{label}`: {example}).").format(
            groups=groups, times=times, label=swap.label, example=swap_example(ruleset)))
    for rule in ruleset.remove:
        groups = ", ".join(group_name(ruleset, gid) for gid in rule.from_)
        if rule.outranked:
            lines.append(_outranked_line(ruleset, rule, groups))
            continue
        match = _("of the same rank") if rule.same else _("whose ranks add up to {sum}").format(sum=rule.sum)
        touch = {0: "", 4: _(", touching by a side, within one group"),
                 8: _(", touching by a side or a corner, within one group")}[rule.adjacent]
        count = alternatives([str(n) for n in rule.cards])
        examples = ", ".join(f"`{example}`" for example in removal_examples(ruleset, rule))
        lines.append(ngettext(
            "You may remove {count} free card {match}{touch}, from: {groups}; it goes to: {target} (e.g. {examples}).",
            "You may remove {count} free cards {match}{touch}, from: {groups}; they go to: {target} (e.g. {examples}).",
            max(rule.cards)).format(count=count, groups=groups, match=match, touch=touch,
                                    target=group_name(ruleset, rule.to), examples=examples))
    close = ruleset.actions.close_up
    if close is not None:
        lines.append(_describe_close_up(ruleset))
    shuffle = ruleset.actions.reshuffle
    if shuffle is not None:
        groups = ", ".join(group_name(ruleset, gid) for gid in shuffle.groups)
        times = _how_often(shuffle.uses)
        if shuffle.to is not None:
            order = _("shuffle them") if shuffle.shuffle else _(
                "without shuffling, in order, pile by pile from the first, each pile from its bottom card")
            lines.append(_("Once the {to} is empty{waste}, you may pick up the cards of {groups}, {order}, and turn them "
                           "face down into the {to}, the first card picked up on top, {times} (`{label}`).").format(
                to=group_name(ruleset, shuffle.to), groups=groups, order=order, times=times, label=shuffle.label,
                waste=_and_its_waste(ruleset, shuffle.to)))
        elif shuffle.keep == "row-runs":
            lines.append(_("You may gather the cards of {groups} that are not in one run from their row's first cell, "
                           "shuffle them and deal them face up one a cell into the other cells, row by row, leaving "
                           "the cell just after each row's run empty, {times} (`{label}`).").format(
                groups=groups, times=times, label=shuffle.label))
        elif not shuffle.shuffle:
            lines.append(_("You may pick up the cards of {groups} in order, pile by pile from the first, each pile from "
                           "its bottom card, and deal them again face up without shuffling, {n} onto each pile in "
                           "order and the rest onto the last, {times} (`{label}`).").format(
                groups=groups, n=shuffle.per_pile, times=times, label=shuffle.label))
        else:
            lines.append(_("You may gather the cards of {groups}, shuffle them and deal them again face up, {n} onto "
                           "each pile in order and the rest onto the last, {times} (`{label}`).").format(
                groups=groups, n=shuffle.per_pile, times=times, label=shuffle.label))
    return lines


def _and_its_waste(ruleset: Ruleset, gid: str) -> str:
    """", and so is the waste", when ``gid`` is the stock and it turns onto one pile."""
    stock = ruleset.stock
    shuffle = ruleset.actions.reshuffle
    if stock is None or stock.pile != gid or stock.to not in ruleset.piles or ruleset.piles[stock.to].count != 1:
        return ""
    if shuffle is not None and stock.to in shuffle.groups:
        return ""
    return _(" and so is the {waste}").format(waste=group_name(ruleset, stock.to))


def _describe_close_up(ruleset: Ruleset) -> str:
    """CZ-3: the lanes slide toward one end (the centre of a cross), then refill from a pile."""
    close = ruleset.actions.close_up
    assert close is not None
    groups = ", ".join(group_name(ruleset, gid) for gid in close.groups)
    refill = _(", then the empty places are filled from {group} while it lasts").format(
        group=group_name(ruleset, close.refill)) if close.refill else ""
    if cross_arms(ruleset):
        return _("Whenever it changes something you may close up (`{label}`): in every lane of {groups} the cards "
                 "slide toward the centre, keeping their order{refill}.").format(
            label=close.label, groups=groups, refill=refill)
    return _("Whenever it changes something you may close up (`{label}`): in every lane of {groups} the "
             "cards slide toward its {end} end, keeping their order{refill}.").format(
        label=close.label, groups=groups, end=_("first") if close.toward == "first" else _("last"), refill=refill)

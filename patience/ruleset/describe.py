"""The rules of a ruleset in words, English or Polish, generated from its data.

`rules_text` gives the ruleset's own prose (its `rules:` text) followed by a generated summary of
every setting, so the words can never disagree with what the engine plays.
"""

from __future__ import annotations

from .model import Build, PileGroup, Ruleset

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
LANGUAGES = ("en", "pl")


def plural_pl(n: int, one: str, few: str, many: str) -> str:
    """Polish plural forms: 1 karta, 2-4 karty (not 12-14), 5+ kart."""
    if n == 1:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def _count(n: int, lang: str, en: tuple[str, str], pl: tuple[str, str, str]) -> str:
    if lang == "pl":
        return f"{n} {plural_pl(n, *pl)}"
    return f"{n} {en[0] if n == 1 else en[1]}"


def _ranks(ranks: list[int]) -> str:
    return ", ".join(RANK_NAMES.get(r, str(r)) for r in ranks)


ROLE = {
    "en": {"stock": "stock", "waste": "waste", "tableau": "tableau", "foundation": "foundations",
           "cell": "free cells", "reserve": "reserve", "discard": "discard pile"},
    "pl": {"stock": "talon", "waste": "stos otwarty", "tableau": "kolumny", "foundation": "fundamenty",
           "cell": "wolne pola", "reserve": "rezerwa", "discard": "karty odrzucone"},
}
RANK_RELATION = {
    "en": {"up": "up", "down": "down", "up-or-down": "up or down", "same": "on the same rank", "any": "on any rank"},
    "pl": {"up": "rosnąco", "down": "malejąco", "up-or-down": "rosnąco lub malejąco",
           "same": "na kartę tej samej wartości", "any": "na kartę dowolnej wartości"},
}
SUIT_RELATION = {
    "en": {"any": "", "same": " in suit", "other": " in another suit", "same-colour": " in the same colour",
           "alternate-colour": " in alternating colours (red on black, black on red)"},
    "pl": {"any": "", "same": " w tym samym kolorze", "other": " w innym kolorze",
           "same-colour": " w tej samej barwie (czerwone na czerwonych, czarne na czarnych)",
           "alternate-colour": " na przemian czerwone i czarne"},
}
MOVE = {
    "en": {"none": "cards never leave it", "top": "only the top card moves",
           "run": "a built run, whole or its upper part, moves as a unit",
           "any": "any face-up card moves together with the cards on it"},
    "pl": {"none": "karty nigdy z niego nie schodzą", "top": "przenosi się tylko wierzchnią kartę",
           "run": "ułożony ciąg, cały lub jego górna część, przenosi się w całości",
           "any": "dowolna odkryta karta przenosi się razem z kartami na niej"},
}
RUN_LIMIT = {
    "en": {"supermove": "at most (empty free cells + 1) × 2^(empty columns) cards at once",
           "cells-plus-columns": "at most empty free cells + empty columns + 1 cards at once"},
    "pl": {"supermove": "najwyżej (puste wolne pola + 1) × 2^(puste kolumny) kart naraz",
           "cells-plus-columns": "najwyżej puste wolne pola + puste kolumny + 1 kart naraz"},
}


def describe_build(build: Build, lang: str = "en") -> str:
    if build.rank == "none":
        return "nothing is built on it" if lang == "en" else "nic się na nim nie układa"
    rank = RANK_RELATION[lang][build.rank]
    if build.step != 1 and build.rank in ("up", "down", "up-or-down"):
        rank += f" by {build.step}" if lang == "en" else f" co {build.step}"
    text = ("built " if lang == "en" else "układa się ") + rank + SUIT_RELATION[lang][build.suit]
    if build.wrap:
        text += " (K and A follow each other)" if lang == "en" else " (po K następuje A i odwrotnie)"
    return text


def _empty(group: PileGroup, lang: str) -> str:
    if group.empty == "none":
        return "an emptied pile stays empty" if lang == "en" else "puste miejsce pozostaje puste"
    if group.empty == "any":
        return "an empty pile takes any card" if lang == "en" else "na puste miejsce można położyć dowolną kartę"
    ranks = _ranks(list(group.empty))
    return f"an empty pile takes only {ranks}" if lang == "en" else f"na puste miejsce można położyć tylko {ranks}"


def group_name(ruleset: Ruleset, gid: str, lang: str = "en") -> str:
    """A group by its role's name (``stos otwarty``), with its id when several share the role."""
    group = ruleset.piles.get(gid)
    if group is None:
        return gid
    name = ROLE[lang].get(group.role, group.role)
    alone = sum(1 for g in ruleset.piles.values() if g.role == group.role) == 1
    return name if alone else f"{name} “{gid}”"


def describe_group(gid: str, group: PileGroup, lang: str = "en", name: str | None = None) -> str:
    """One line for a pile group: its name, piles and labels, and its rules."""
    name = name or f"{ROLE[lang].get(group.role, group.role)} “{gid}”"
    labels = ", ".join(group.labels) if group.count <= 8 else f"{group.labels[0]}…{group.labels[-1]}"
    piles = _count(group.count, lang, ("pile", "piles"), ("stos", "stosy", "stosów"))
    parts = []
    if group.role not in ("stock", "discard"):
        parts.append(describe_build(group.build, lang))
        parts.append(_empty(group, lang))
        parts.append(MOVE[lang][group.move])
    if group.run_limit != "none":
        parts.append(RUN_LIMIT[lang][group.run_limit])
    if group.max_cards:
        cards = _count(group.max_cards, lang, ("card", "cards"), ("karta", "karty", "kart"))
        parts.append(f"holds at most {cards}" if lang == "en" else f"mieści najwyżej {cards}")
    text = f"{name} ({piles}: {labels})"
    return text + (": " + "; ".join(parts) if parts else "") + "."


def describe_deal(ruleset: Ruleset, lang: str = "en") -> list[str]:
    lines = []
    for step in ruleset.deal.steps:
        group = ruleset.piles.get(step.to)
        if group is None:
            continue
        where = group_name(ruleset, step.to, lang)
        if step.count == "rest":
            amount = "the rest of the cards" if lang == "en" else "pozostałe karty"
        elif isinstance(step.count, int):
            amount = (f"{step.count} per pile" if lang == "en" else f"po {step.count} na stos")
        else:
            amount = ("per pile " if lang == "en" else "na kolejne stosy ") + ", ".join(map(str, step.count))
        face = {
            "en": {"up": "face up", "down": "face down", "top-up": "only each pile's top card face up"},
            "pl": {"up": "odkryte", "down": "zakryte", "top-up": "odkryta tylko wierzchnia karta każdego stosu"},
        }[lang][step.face]
        lines.append(f"{where}: {amount}, {face}")
    return lines


def describe_stock(ruleset: Ruleset, lang: str = "en") -> str | None:
    stock = ruleset.stock
    if stock is None:
        return None
    target = ruleset.piles.get(stock.to)
    to = group_name(ruleset, stock.to, lang)
    several = target is not None and target.count > 1
    if lang == "en":
        how = (f"one card onto each pile of the {to}" if several
               else f"{_count(stock.draw, lang, ('card', 'cards'), ('', '', ''))} at a time onto the {to}")
        again = {0: "no redeal"}.get(stock.redeals) if stock.redeals != "unlimited" else "redeal as often as you like"
        if again is None:
            again = f"the waste may be turned back {_count(int(stock.redeals), lang, ('time', 'times'), ('', '', ''))}"
        return f"The stock deals {how} when you ask; {again}."
    how = (f"po jednej karcie na każdy stos ({to})" if several
           else f"po {_count(stock.draw, lang, ('', ''), ('karcie', 'karty', 'kart'))} na {to}")
    if stock.redeals == "unlimited":
        again = "stos otwarty można odwracać dowolnie wiele razy"
    elif stock.redeals == 0:
        again = "bez ponownego rozdania"
    else:
        again = f"stos otwarty można odwrócić {_count(int(stock.redeals), lang, ('', ''), ('raz', 'razy', 'razy'))}"
    return f"Talon wykłada się {how}, kiedy o to poprosisz; {again}."


def rules_text(ruleset: Ruleset, lang: str = "en") -> str:
    """The ruleset's own prose in ``lang`` (English when it has none), then every setting in words."""
    lang = lang if lang in LANGUAGES else "en"
    out = [ruleset.display_name(lang), ""]
    prose = ruleset.rules.get(lang) or ruleset.rules.get("en")
    if prose:
        out += [prose.strip(), ""]
    if prose and lang != "en" and lang not in ruleset.rules:
        out.insert(2, "(no text in this language yet; English follows)")
    decks = ruleset.decks
    if lang == "en":
        out.append(f"In detail ({_count(decks, lang, ('deck', 'decks'), ('', '', ''))}, {52 * decks} cards):")
    else:
        out.append(f"Szczegóły ({_count(decks, lang, ('', ''), ('talia', 'talie', 'talii'))}, "
                   f"{_count(52 * decks, lang, ('', ''), ('karta', 'karty', 'kart'))}):")
    out.append(("- Deal: " if lang == "en" else "- Rozdanie: ") + "; ".join(describe_deal(ruleset, lang)) + ".")
    for gid, group in ruleset.piles.items():
        out.append("- " + describe_group(gid, group, lang, group_name(ruleset, gid, lang)))
    stock = describe_stock(ruleset, lang)
    if stock:
        out.append("- " + stock)
    groups = ", ".join(group_name(ruleset, gid, lang) for gid in ruleset.win_groups())
    out.append(f"- You win when every card lies in: {groups}." if lang == "en"
               else f"- Wygrywasz, gdy wszystkie karty leżą w: {groups}.")
    return "\n".join(out)

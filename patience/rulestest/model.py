"""The keys of a rules-test file, as pydantic models (validated with the ruleset's messages)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..i18n import _


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


PerPile = int | list[int]  # one number for every pile of a group, or one per pile


class Shape(_Strict):
    """What the position looks like; on a fresh deal, the deal's shape."""

    piles: dict[str, int] = Field(default_factory=dict, description="Piles in each group, by group id.")
    cards: dict[str, PerPile] = Field(default_factory=dict,
                                      description="Cards on each pile, by group id (a number or one per pile) or pile label.")
    down: dict[str, PerPile] = Field(default_factory=dict, description="Face-down cards on each pile, keyed as `cards`.")
    up: dict[str, PerPile] = Field(default_factory=dict, description="Face-up cards on each pile, keyed as `cards`.")
    first: str | None = Field(None, description="The label of the pile where the first card of the shuffled pack lies.")


class Refusal(_Strict):
    move: str = Field(description="The move, in the game's notation.")
    reason: str | None = Field(None, description="A text the reason given for refusing it must contain.")


class Scenario(_Strict):
    name: str = Field(min_length=1, description="What the scenario shows, in a few words.")
    source: str | None = Field(None, description="Where the rule comes from: a rule id (PA-3), a book, a rules page.")
    deal: int | None = Field(None, ge=1, description="Start from this deal of the game.")
    position: str | None = Field(None, description="Start from this position text (the format `patience show` writes).")
    piles: dict[str, str] | None = Field(None, description="Start from these piles (`down | up`, bottom to top, by label); "
                                                           "every other card goes onto `fill`.")
    fill: str | None = Field(None, description="The label of the pile that takes every card `piles` does not name.")
    fill_down: bool = Field(False, description="The `fill` cards lie face down (a stock).")
    redeals: int | None = Field(None, ge=0, description="Redeals used, for a position built from `piles`.")
    uses: str | None = Field(None, description="Action uses left, as a position writes them (`x 1`).")
    moves: list[str] = Field(default_factory=list, description="Moves played first, in order; each must be legal.")
    shape: Shape | None = Field(None, description="The position's shape, after the moves.")
    legal: list[str] = Field(default_factory=list, description="Moves that must be legal, after the moves.")
    refused: list[str | Refusal] = Field(default_factory=list, description="Moves that must be refused, after the moves.")
    expect: dict[str, str] = Field(default_factory=dict, description="Pile contents after the moves, by label "
                                                                     "(`down | up`, or the cards alone).")
    status: Literal["won", "lost", "in progress"] | None = Field(None, description="The game's status after the moves.")
    win_class: str | None = Field(None, description="The win class reached after the moves (a class id).")

    @model_validator(mode="after")
    def _one_start(self) -> Scenario:
        starts = [k for k in ("deal", "position", "piles") if getattr(self, k) is not None]
        if len(starts) != 1:
            raise ValueError(_("give one start: `deal`, `position` or `piles`"))
        if self.piles is None and (self.fill is not None or self.redeals is not None or self.uses is not None):
            raise ValueError(_("`fill`, `redeals` and `uses` go with `piles`"))
        if self.shape is not None and self.shape.first is not None and self.deal is None:
            raise ValueError(_("`shape.first` needs a `deal` to start from"))
        return self


class RulesTests(_Strict):
    ruleset: str = Field(min_length=1, description="The ruleset tested: its id, or its file name beside the tests folder.")
    scenarios: list[Scenario] = Field(min_length=1, description="The scenarios.")

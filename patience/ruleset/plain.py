"""A validated ruleset as plain Python objects: what every command that plays a game holds.

The pydantic models (model.py) validate a ruleset file once; what the engine then reads are only
their fields and the few methods of views.py. ``to_plain`` copies a validated ruleset into
objects of the same shape, one class per model class (same name, same fields as attributes,
same methods), which the ruleset cache pickles and gives back without importing pydantic or
building the models (0.1-0.2 s of every start). ``to_model`` turns them back into the models,
without validating again, for the few tools that need pydantic's own methods (``model_dump`` and
``model_dump_json`` do that on their own).

A plain part compares equal to another of the same class and fields, and to the model it was
copied from; it is not hashable, like a model with list fields. Its classes are made on first use by name (``Ruleset``, ``PileGroup``,
...), so pickle finds them here in any process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .views import VIEWS

if TYPE_CHECKING:
    from pydantic import BaseModel


class Plain:
    """One part of a ruleset (a model's fields, as attributes); its class's name is the model's."""

    __hash__ = None  # type: ignore[assignment]  # as a model with list fields: never a key

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def fields(self) -> dict[str, Any]:
        """The model's fields (private attributes such as a compiled-rules cache left out)."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):  # the validated model it was copied from compares equal too
            if type(other).__name__ != type(self).__name__ or not hasattr(type(other), "model_fields"):
                return NotImplemented
            other = to_plain(other)
        return self.fields() == other.fields()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.fields().items())})"

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A copy with some fields replaced, as pydantic's ``model_copy`` (not validated either)."""
        return type(self)(**{**self.fields(), **(update or {})})

    def model_dump(self, **options: Any) -> Any:
        """pydantic's dump of the model this was copied from (imports pydantic: not for a hot path)."""
        return to_model(self).model_dump(**options)

    def model_dump_json(self, **options: Any) -> str:
        return to_model(self).model_dump_json(**options)  # type: ignore[no-any-return]


_KINDS: dict[str, type[Plain]] = {}


def kind(name: str) -> type[Plain]:
    """The plain class standing for the model class ``name``."""
    found = _KINDS.get(name)
    if found is None:
        if not name.isidentifier() or not name[:1].isupper():
            raise AttributeError(name)
        bases = (Plain, VIEWS[name]) if name in VIEWS else (Plain,)
        found = _KINDS[name] = type(name, bases, {"__module__": __name__, "__qualname__": name})
    return found


def __getattr__(name: str) -> type[Plain]:  # pickle looks a class up by its module and name
    return kind(name)


def is_plain_kind(value: object) -> bool:
    """A class this module made: the only classes the cache's reader accepts."""
    return isinstance(value, type) and _KINDS.get(value.__name__) is value


def to_plain(value: Any) -> Any:
    """A validated model (and everything in it) as plain objects; other values as they are."""
    fields = getattr(type(value), "model_fields", None)
    if fields is not None:
        return kind(type(value).__name__)(**{name: to_plain(getattr(value, name)) for name in fields})
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(to_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


def to_model(value: Any) -> Any:
    """Plain objects back into the pydantic models they were copied from (not validated again)."""
    if isinstance(value, Plain):
        from . import model

        cls: type[BaseModel] = getattr(model, type(value).__name__)
        return cls.model_construct(**{name: to_model(v) for name, v in value.fields().items()})
    if isinstance(value, list):
        return [to_model(v) for v in value]
    if isinstance(value, tuple):
        return tuple(to_model(v) for v in value)
    if isinstance(value, dict):
        return {k: to_model(v) for k, v in value.items()}
    return value

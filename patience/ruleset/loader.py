"""Read ruleset files: safe YAML, positions for every key, errors a person can act on.

Every problem is reported as ``file:line:col: key.path: what is wrong`` — with a did-you-mean for
misspelt keys — and all problems of a file are reported at once.
"""

from __future__ import annotations

import difflib
import errno
import os
import stat
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, Union

from pydantic import BaseModel, ValidationError

from ..cards import CardError
from ..i18n import N_, _, alternatives
from .errors import MAX_FILE_BYTES, Finding, RulesetError
from .model import Ruleset, reference_problems
from .views import source_file  # noqa: F401 - read from here too

if TYPE_CHECKING:
    import yaml  # type: ignore[import-untyped]  # no stubs: types-PyYAML is not a dependency

# The largest shipped ruleset has under 300 nodes. Parsing stops at MAX_EVENTS, so a dense file
# (a megabyte of `[1,1,1,...]`) costs a few milliseconds instead of a node tree of 200 MB; aliases,
# which re-expand shared nodes, are refused beyond MAX_NODES once expanded (alias bombs).
MAX_EVENTS = 20_000
MAX_NODES = 20_000
# How close a misspelt word must be to suggest it: `max_card` -> `max_cards` (0.94), but not
# `unit` -> `count` (0.67) or `fill` -> `prefill` (0.73).
CLOSE_ENOUGH = 0.75


def _safe_loader() -> type[yaml.SafeLoader]:
    """libyaml's parser when PyYAML has it (5-10x faster, same nodes and marks); still only safe
    types. PyYAML is imported when a file is first parsed: a ruleset from the cache needs none."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # type: ignore[no-any-return]


Position = tuple[int, int]  # 1-based line and column
KeyPath = tuple[str | int, ...]


class _Positions:
    """Where each value (and each mapping key) of a YAML document stands."""

    def __init__(self, source: Path | None = None) -> None:
        self.values: dict[KeyPath, Position] = {}
        self.keys: dict[KeyPath, Position] = {}
        self.source = source  # the file the text was read from, for the ruleset to remember

    def nearest(self, path: KeyPath, *, key: bool = False) -> Position:
        if key and path in self.keys:
            return self.keys[path]
        while path:
            if path in self.values:
                return self.values[path]
            path = path[:-1]
        return self.values.get((), (1, 1))


def _mark(node: yaml.Node) -> Position:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _to_python(loader: Any, node: yaml.Node, path: KeyPath, pos: _Positions) -> Any:
    """Plain data from a node, keeping each value's and key's position. Its size was checked
    before (`_expanded_size`), so an alias bomb never gets here."""
    pos.values[path] = _mark(node)
    if node.id == "mapping":  # the node kinds by their names: yaml is imported lazily
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _construct(loader, key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                key = str(key)
            if key in result:
                raise _DuplicateKey(key, _mark(key_node))
            pos.keys[path + (key,)] = _mark(key_node)
            result[key] = _to_python(loader, value_node, path + (key,), pos)
        return result
    if node.id == "sequence":
        return [_to_python(loader, item, path + (i,), pos) for i, item in enumerate(node.value)]
    return _construct(loader, node)


class _BadValue(Exception):
    def __init__(self, message: str, where: Position) -> None:
        self.message, self.where = message, where


def _construct(loader: Any, node: yaml.Node) -> Any:
    """A node's value. PyYAML's constructors fail on a core tag given a value of another kind
    (``!!bool foo``: KeyError, ``!!timestamp foo``: AttributeError, ``!!int x``: ValueError) and
    on numbers longer than Python converts; each becomes a message at the node."""
    try:
        return loader.construct_object(node, deep=True)
    except (KeyError, AttributeError, ValueError, TypeError, OverflowError, IndexError) as err:
        text = node.value if isinstance(node.value, str) else ""
        if isinstance(err, ValueError) and "digits" in str(err):  # int() refused a huge number
            digits = sum(char.isdigit() for char in text)
            raise _BadValue(_("a number of {n} digits is far too long for a ruleset").format(n=digits),
                            _mark(node)) from None
        tag = node.tag.rsplit(":", 1)[-1]
        raise _BadValue(_("{value!r} cannot be read as {tag}").format(value=_Shown(text), tag=f"!!{tag}"),
                        _mark(node)) from None


def _expanded_size(node: yaml.Node, memo: dict[int, int]) -> int:
    """How many nodes the document has once every alias is expanded; shared nodes counted once each."""
    if id(node) in memo:
        return memo[id(node)]
    size = 1
    if node.id == "mapping":
        size += sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    elif node.id == "sequence":
        size += sum(_expanded_size(item, memo) for item in node.value)
    memo[id(node)] = size
    return size


class _DuplicateKey(Exception):
    def __init__(self, key: Any, where: Position) -> None:
        self.key, self.where = key, where


def parse_yaml(text: str, filename: str, source: Path | None = None) -> tuple[Any, _Positions]:
    """Safe-load one YAML document, keeping positions. Raises RulesetError on bad YAML.
    ``source`` is the file the text was read from (resolved), for the ruleset to remember."""
    import yaml

    pos = _Positions(source)
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise RulesetError([_too_large(filename)])
    try:  # the reader checks every character up front: a control character fails here
        loader = _safe_loader()(text)
    except yaml.reader.ReaderError as err:
        before = text[: err.position]
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        raise RulesetError([Finding(filename, line, col, "", _("not valid YAML: character {char} is not allowed in a "
                                    "YAML file").format(char=f"{err.character:#x}"), "P001")]) from None
    try:
        _limit_events(text)
        node = loader.get_single_node()
        if node is None:
            raise RulesetError([Finding(filename, 1, 1, "", _("the file is empty; a ruleset needs at least id, name, deal "
                                        "and piles"), "P004")])
        if _expanded_size(node, {}) > MAX_NODES:  # an alias bomb, refused before it is expanded
            raise ValueError(_("the document is too large or expands aliases too often"))
        data = _to_python(loader, node, (), pos)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        if "nesting depth" in str(err.problem):  # libyaml's own depth limit
            raise RulesetError([Finding(filename, line, col, "", _("the document is nested too deeply for a ruleset"),
                                        "P002")]) from None
        raise RulesetError([Finding(filename, line, col, "", _("not valid YAML: {problem}").format(
            problem=err.problem or err), "P001")]) from None
    except yaml.YAMLError as err:
        raise RulesetError([Finding(filename, 1, 1, "", _("not valid YAML: {problem}").format(problem=err), "P001")]) from None
    except _BadValue as bad:
        raise RulesetError([Finding(filename, *bad.where, "", _("not valid YAML: {problem}").format(
            problem=bad.message), "P001")]) from None
    except _DuplicateKey as dup:
        raise RulesetError([Finding(filename, *dup.where, "", _("key {key!r} appears twice; keep one").format(key=dup.key),
                                    "P003")]) from None
    except ValueError as err:
        raise RulesetError([Finding(filename, 1, 1, "", str(err), "P002")]) from None
    except RecursionError:
        raise RulesetError([Finding(filename, 1, 1, "", _("the document is nested too deeply for a ruleset"), "P002")]) from None
    finally:
        loader.dispose()
    return data, pos


def _limit_events(text: str) -> None:
    """Refuse a document of more than MAX_EVENTS parser events before any node is built: the
    events come one at a time, so a dense file costs only the events read up to the limit."""
    scanner = _safe_loader()(text)
    try:
        seen = 0
        while scanner.check_event():
            scanner.get_event()
            seen += 1
            if seen > MAX_EVENTS:
                raise ValueError(_("the document is too large or expands aliases too often"))
    finally:
        scanner.dispose()


def _too_large(filename: str) -> Finding:
    return Finding(filename, 1, 1, "", _("the file is larger than {n} bytes; a ruleset is far smaller").format(
        n=MAX_FILE_BYTES), "P002")


def _dotted(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


def _model_at(path: KeyPath, root: type[BaseModel] = Ruleset) -> type[BaseModel] | None:
    """The pydantic model that describes the mapping found at ``path`` of a ``root`` document."""
    current: Any = root
    for step in path:
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = next((f for name, f in current.model_fields.items() if (f.alias or name) == step), None)
            if field is None:
                return None
            current = field.annotation
        else:
            current = _unwrap(current, step)
            if current is None:
                return None
        current = _strip_optional(current)
    current = _strip_optional(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _strip_optional(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        models = [a for a in typing.get_args(tp) if isinstance(a, type) and issubclass(a, BaseModel)]
        if len(models) == 1:
            return models[0]
    if origin is typing.Annotated:
        return _strip_optional(typing.get_args(tp)[0])
    return tp


def _unwrap(tp: Any, step: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list and args:
        return args[0]
    if origin is dict and len(args) == 2:
        return args[1]
    return None


def _data_path(loc: tuple[Any, ...], data: Any) -> KeyPath:
    """Drop the parts of a pydantic error location that are union branch names, not data keys."""
    path: list[Any] = []
    current = data
    for step in loc:
        if isinstance(current, dict) and step in current:
            current = current[step]
            path.append(step)
        elif isinstance(current, list) and isinstance(step, int) and 0 <= step < len(current):
            current = current[step]
            path.append(step)
        elif isinstance(current, dict) and isinstance(step, str) and not ("[" in step or step.startswith("function")):
            path.append(step)  # a missing or unknown key
            current = None
    return tuple(path)


# Pydantic's messages for wrong kinds of value, said in our words (and so translatable).
_KINDS = {
    "int_type": N_("a whole number"), "int_parsing": N_("a whole number"), "int_from_float": N_("a whole number"),
    "bool_type": N_("true or false"), "bool_parsing": N_("true or false"),
    "string_type": N_("a text"), "list_type": N_("a list"), "dict_type": N_("a mapping of keys"),
    "model_type": N_("a mapping of keys"), "model_attributes_type": N_("a mapping of keys"),
}


class _Shown:
    """A value as a message shows it: its repr, cut short (a wrong value may be a huge list)."""

    LONGEST = 60

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        text = repr(self.value)
        return text if len(text) <= self.LONGEST else text[: self.LONGEST - 1] + "…"


def _closest(word: str, choices: list[str]) -> str | None:
    """The choice a misspelt word most likely meant, only when it is close (CLOSE_ENOUGH)."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=CLOSE_ENOUGH)
    return close[0] if close else None


def _describe(error: Mapping[str, Any], path: KeyPath, root: type[BaseModel] = Ruleset) -> tuple[str, str]:
    """A pydantic error as (message, lint code), in the chosen language."""
    kind = error["type"]
    ctx = error.get("ctx", {})
    shown = _Shown(error.get("input"))
    if kind == "extra_forbidden":
        model = _model_at(path[:-1], root)
        known = [f.alias or n for n, f in model.model_fields.items()] if model else []
        close = _closest(str(path[-1]), known)
        if close:  # the allowed keys too: the closest word is only a guess
            return _("unknown key {key!r}; did you mean {close!r}? allowed keys: {keys}").format(
                key=path[-1], close=close, keys=", ".join(known)), "P011"
        if known:
            return _("unknown key {key!r}; allowed keys: {keys}").format(key=path[-1], keys=", ".join(known)), "P011"
        return _("unknown key {key!r}").format(key=path[-1]), "P011"
    if kind == "missing":
        return _("this key is required"), "P012"
    if kind == "less_than_equal":  # the limits on decks, piles, steps: say the limit plainly
        return _("{value!r} is too large; at most {most}").format(value=shown, most=ctx.get("le")), "P013"
    if kind == "greater_than_equal":
        return _("{value!r} is too small; at least {least}").format(value=shown, least=ctx.get("ge")), "P013"
    if kind == "literal_error":
        expected = ctx.get("expected", "")
        got = error.get("input")
        choices = [e.strip(" '") for e in expected.replace(" or ", ",").split(",")]
        close = _closest(str(got), choices)
        message = _("{value!r} is not allowed; use {choices}").format(value=shown, choices=expected)
        if close:
            message += " " + _("(did you mean {close!r}?)").format(close=close)
        return message, "P013"
    if kind == "string_pattern_mismatch":
        return _("{value!r} does not have the required form").format(value=shown), "P013"
    if kind == "string_too_long":  # the value itself may be very long: only its length is said
        return _("{n} characters is too long; at most {most}").format(n=len(str(error.get("input"))),
                                                                      most=ctx.get("max_length")), "P013"
    if kind == "string_too_short":
        return _("this text cannot be empty"), "P013"
    if kind == "too_short":
        return _("needs at least one entry"), "P013"
    if kind in _KINDS:
        return _("{value!r} should be {kind}").format(value=shown, kind=_(_KINDS[kind])), "P013"
    message = str(error["msg"]).removeprefix("Value error, ")
    cause = ctx.get("error")
    # A rank the deck does not have: the model's validators let parse_rank's CardError through, and
    # the kind of error decides the code (a translated message could not be matched).
    code = "P103" if isinstance(cause, CardError) else "P013"
    return message, code


def _merge(described: list[tuple[str, str, str]]) -> str:
    """One message for a value that failed every branch of a union (`redeals: 2 | unlimited`):
    the list of allowed words, plus the other kinds of value that would do."""
    literal = [m for kind, m, _code in described if kind == "literal_error"]
    others = [_KINDS[kind] for kind, _m, _code in described if kind in _KINDS]
    if literal and len(described) > 1:
        extra = "".join(", " + _("or {kind}").format(kind=_(k)) for k in dict.fromkeys(others))
        return literal[0] + extra
    return alternatives(list(dict.fromkeys(m for _kind, m, _code in described)))


def _misspelt_as(path: KeyPath, unknown_keys: set[KeyPath], missing: set[KeyPath]) -> bool:
    """Whether a missing key is probably an unknown key of the same mapping, misspelt or in other
    words: the two look alike, or they are the mapping's only unknown and only missing key."""
    unknown = [str(u[-1]) for u in unknown_keys if u[:-1] == path[:-1]]
    if not unknown:
        return False
    alone = len(unknown) == 1 and sum(m[:-1] == path[:-1] for m in missing) == 1
    return alone or bool(difflib.get_close_matches(str(path[-1]), unknown, n=1, cutoff=0.5))


def check_schema(data: Any, pos: _Positions, filename: str) -> Ruleset:
    """Turn parsed YAML into a Ruleset (keys and values only), or raise RulesetError."""
    if not isinstance(data, dict):
        raise RulesetError([Finding(filename, 1, 1, "", _("a ruleset is a mapping of keys (id, name, deal, piles, ...)"),
                                    "P004")])
    ruleset = check_model(data, pos, filename, Ruleset)
    if pos.source is not None:
        object.__setattr__(ruleset, "_source_file", pos.source)  # rulesets are frozen; not a field
    return ruleset


ModelT = TypeVar("ModelT", bound=BaseModel)


def check_model(data: Any, pos: _Positions, filename: str, model: type[ModelT]) -> ModelT:
    """Validate parsed YAML against any model of the ruleset's kind (a ruleset, a rules-test
    file), or raise RulesetError with every problem at its line and column."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        by_path: dict[KeyPath, list[tuple[str, str, str]]] = {}
        unknown_keys: set[KeyPath] = set()
        for error in err.errors():
            path = _data_path(error["loc"], data)
            if error["type"] == "extra_forbidden":
                unknown_keys.add(path)
            message, code = _describe(error, path, model)
            if all(message != m for _kind, m, _code in by_path.setdefault(path, [])):
                by_path[path].append((error["type"], message, code))
        missing = {path for path, described in by_path.items() if all(kind == "missing" for kind, _m, _c in described)}
        findings = []
        for path, described in by_path.items():
            if path in missing and _misspelt_as(path, unknown_keys, missing):
                continue  # one root error: the unknown key is reported, not the key it stands for
            line, col = pos.nearest(path, key=path in unknown_keys)
            findings.append(Finding(filename, line, col, _dotted(path), _merge(described), described[0][2]))
        findings.sort(key=lambda f: (f.line, f.col))
        raise RulesetError(findings) from None


def validate(data: Any, pos: _Positions, filename: str) -> Ruleset:
    """Turn parsed YAML into a Ruleset, or raise RulesetError with every problem found."""
    ruleset = check_schema(data, pos, filename)
    problems = reference_problems(ruleset)
    if problems:
        raise RulesetError([Finding(filename, *pos.nearest(p.path), _dotted(p.path), p.message, "P100") for p in problems])
    return ruleset


def load_text(text: str, filename: str = "<ruleset>", source: Path | None = None) -> Ruleset:
    data, pos = parse_yaml(text, filename, source)
    return validate(data, pos, filename)


def read_ruleset_text(path: str | Path) -> str:
    """The text of a ruleset file, or RulesetError (P001, P002) saying why it cannot be read.

    Only a regular file is read: a FIFO would block for ever and /dev/zero never ends. The file is
    opened without blocking and at most MAX_FILE_BYTES + 1 bytes are read, whatever its size says.
    """
    name = str(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise RulesetError([_not_a_file(name, os.stat(path).st_mode)])
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as file:
            mode = os.fstat(file.fileno()).st_mode
            if not stat.S_ISREG(mode):  # replaced by something else since the check above
                raise RulesetError([_not_a_file(name, mode)])
            data = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise RulesetError([Finding(name, 1, 1, "", _("no such file"), "P001")]) from None
    except OSError as err:
        reason = _("the name is too long") if err.errno == errno.ENAMETOOLONG else err.strerror or str(err)
        raise RulesetError([Finding(name, 1, 1, "", _("cannot read the file: {error}").format(error=reason),
                                    "P001")]) from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesetError([_too_large(name)])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RulesetError([Finding(name, 1, 1, "", _("cannot read the file: {error}").format(error=err),
                                    "P001")]) from None
    return text


# A ruleset read from a file remembers the file (`source_file`), so that a position can name the
# file of a game its id does not find (engine/position.py). Every reader of files (load_file,
# lint, the registry through either) passes the file, resolved, to parse_yaml beside its text
# (`file_source`), and the positions carry it on to check_schema. It is resolved when read, while
# the working folder is the one a relative path meant.
def file_source(path: str | Path) -> Path | None:
    """``path`` resolved, as a ruleset remembers its file; None when it cannot be resolved."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return None


def _not_a_file(name: str, mode: int) -> Finding:
    what = _("a folder") if stat.S_ISDIR(mode) else _("a device, pipe or socket")
    return Finding(name, 1, 1, "", _("this is {what}, not a ruleset file").format(what=what), "P001")


def load_file(path: str | Path) -> Ruleset:
    text = read_ruleset_text(path)
    return load_text(text, str(path), file_source(path))

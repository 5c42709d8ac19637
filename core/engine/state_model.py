"""How a game state, and every part of one, is declared: :func:`state_model`.

A state is a pydantic model mutated in place by the rules and serialisable to JSON and back
exactly. It is declared as a slotted pydantic *dataclass*, not a ``BaseModel``: pydantic
validates and serialises both the same way, but ``BaseModel`` defines ``__getattr__`` and
``__setattr__``, which turn off CPython's fast path for every attribute read and write of the
state. Rules read and write the state hundreds of times an action (the saving is in
docs/performance.md).
Slots also refuse a misspelt field name outright (``s.mony = 3`` raises ``AttributeError``).
"""

from __future__ import annotations

from typing import Any, TypeVar, dataclass_transform

from pydantic import ConfigDict, Field, TypeAdapter
from pydantic.dataclasses import dataclass

T = TypeVar("T")

# Loading refuses unknown fields; assignments are never validated (rules write plain values).
STATE_CONFIG = ConfigDict(extra="forbid")


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
def state_model(cls: type[T]) -> type[T]:
    """Class decorator: declare a game state, or a part of one, as a pydantic model.

    A subclass needs it too, since each class declares its own fields. Fields are
    keyword-only (a field without a default may follow one with a default), and a list or
    dict field takes ``Field(default_factory=list)``.
    """
    # pydantic's dataclass() is typed as returning its own dataclass type, not the class given
    return dataclass(slots=True, kw_only=True, config=STATE_CONFIG)(cls)  # type: ignore[return-value]


def is_state_model(cls: type) -> bool:
    """Whether ``cls`` itself, not only a base class, was declared with :func:`state_model`."""
    return "__slots__" in cls.__dict__ and "__pydantic_fields__" in cls.__dict__


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}  # one per state model, made once


def _adapter(cls: type[T]) -> TypeAdapter[T]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def dump_json(model: Any, exclude: set[str] | None = None) -> str:
    """A state model as compact JSON, fields in declaration order (less ``exclude``)."""
    return _adapter(type(model)).dump_json(model, exclude=exclude).decode()


def load_json(cls: type[T], text: str | bytes) -> T:
    """A state model back from :func:`dump_json`'s text, validated (unknown fields refused)."""
    return _adapter(cls).validate_json(text)


def load_python(cls: type[T], data: Any) -> T:
    """A state model from its JSON-shaped Python form (dicts and lists), validated."""
    return _adapter(cls).validate_python(data)

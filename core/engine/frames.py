"""Call frames: what a called step receives, keeps and hands back, saved on the state's stack.

Every step the machine is in has a :class:`Frame` on ``state.stack`` (the current step's on
top). A step that takes arguments declares them as a small model with :func:`frame_model`
and names it as its ``frame_type``; the caller passes an instance::

    @frame_model
    class PlaceInfluence:
        ops: int
        region: str
        per_country: int = 0
        placed: dict[str, int] = Field(default_factory=dict)  # a working value

    machine.call(s, "place_influence", PlaceInfluence(ops=4, region="north"))

The step reads and writes its frame (``self.frame(s)``) and finishes with a result that the
caller's ``resume`` receives. The frame disappears with the step, so a sub-procedure's
arguments and working values never become fields of the game state.

A frame saves its model's kind (module and class name) beside its fields, so that a saved
state loads its frames back as the same typed models, exactly; a kind no longer known, or a
model whose fields changed, refuses the saved state instead of misreading it.

A frame model is a slotted *standard-library* dataclass that pydantic validates when a saved
state is loaded (``TypeAdapter``) but not when the rules build one: rules build frames from
values of the right types on most actions, and a pydantic dataclass's validating
``__init__`` cost five times as much as a plain one (the kit's JSON round trips still check
every frame of every game it plays).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

from pydantic import Field, ValidationInfo, field_validator
from pydantic.fields import FieldInfo

from gameshelf.core.engine.state_model import STATE_CONFIG, load_python, state_model

T = TypeVar("T")

_KINDS: dict[str, type[Any]] = {}


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
def frame_model(cls: type[T]) -> type[T]:
    """Class decorator: declare a step's frame (its arguments and working values).

    Declared like a :func:`~core.engine.state_model.state_model` (keyword-only fields, lists and
    dicts through ``Field(default_factory=...)``), validated when a saved state is loaded,
    and registered so that saved frames load back as this class.
    """
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, FieldInfo):  # pydantic's Field(...) as the dataclass's field()
            setattr(cls, name, _field(value))
    cls.__pydantic_config__ = STATE_CONFIG  # type: ignore[attr-defined]  # unknown fields refused
    model = dataclasses.dataclass(slots=True, kw_only=True)(cls)
    kind = f"{model.__module__}.{model.__qualname__}"
    _KINDS[kind] = model  # a module loaded again replaces its own declaration
    # the name it is saved under, set on the class made here (not declared by the class)
    model.__frame_kind__ = kind  # type: ignore[attr-defined]
    return model


def _field(info: FieldInfo) -> Any:
    if info.default_factory is not None:
        # pydantic's default_factory may take the validated data; a frame's never does
        return dataclasses.field(default_factory=info.default_factory)  # type: ignore[arg-type]
    if info.is_required():
        return dataclasses.field()
    return dataclasses.field(default=info.default)


def frame_kind(model_type: type[Any]) -> str:
    """The name a frame model is saved under."""
    try:
        # set by frame_model() on the class, unknown to the type checker (see above)
        return model_type.__frame_kind__  # type: ignore[no-any-return]
    except AttributeError:
        raise TypeError(f"{model_type.__name__} is not declared with @frame_model") from None


@state_model
class Frame:
    """One step on the stack: its name, its typed frame, and (in a procedure) its position.

    ``sig`` is a procedure's declaration signature: a state saved under another declaration
    of the procedure is refused when it is loaded (``StepMachine.check``).
    """

    step: str
    kind: str | None = None
    args: Any = None
    pc: int = 0
    sig: str = ""

    @field_validator("args", mode="before")
    @classmethod
    def _typed(cls, value: Any, info: ValidationInfo) -> Any:
        kind = info.data.get("kind")
        if kind is None:
            if value is not None:
                raise ValueError("a frame without a kind has no arguments")
            return None
        model = _KINDS.get(kind)
        if model is None:
            raise ValueError(f"unknown frame kind {kind!r}")
        if isinstance(value, model):
            return value
        if not isinstance(value, dict):
            raise ValueError(f"a {kind} frame holds an object")
        return load_python(model, value)


def new_frame(step: str, args: Any = None, sig: str = "") -> Frame:
    """A frame for ``step`` holding ``args`` (already a valid frame model, or ``None``).

    Built without validation: the machine enters steps several times an action.
    """
    frame = _blank(Frame)
    frame.step = step
    frame.kind = None if args is None else args.__frame_kind__
    frame.args = args
    frame.pc = 0
    frame.sig = sig
    return frame


_blank = object.__new__


def current_frame(s: Any) -> Any:
    """The frame model of the step the machine is at (the top of ``s.stack``), or ``None``
    (a step without one, or no step yet): what ``Step.frame`` returns, for code outside the
    step (a view, an ambient action, a rule shared by several steps)."""
    stack = s.stack
    return stack[-1].args if stack else None


__all__ = ["Field", "Frame", "current_frame", "frame_kind", "frame_model", "new_frame"]

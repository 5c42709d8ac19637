"""The kit's check of a game's encoding for learning agents (``core.engine.encoding``).

:func:`check_encoding` walks random games and checks every offered action round-trips and
stays inside N, every vector has the layout's length and finite values, and re-dealing what
a seat may not see (``Ruleset.shuffle_hidden``) never changes its vector, and that a seat's
vector filled again from its memory of the last one (``Memory``: only the parts of the view
that changed) is the vector filled afresh; for an encoding with the fast way, that the
vector from the seat's observation (afresh, from its ``SeatMemory`` and, if the encoding
says ``one_memory``, from one memory that every seat's vectors go through in turn) is the
vector of its view, and that re-dealing what the seat may not see changes neither its observation
nor that vector.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.engine.encoding import Encoding, Field, Memory, SeatMemory, Vector
from gameshelf.core.engine.rng import Rng, seed_from
from gameshelf.core.engine.ruleset import Role, Ruleset


@dataclass
class EncodingReport:
    """What :func:`check_encoding` walked: decisions, distinct actions seen, vectors."""

    decisions: int = 0
    actions: set[int] = field(default_factory=set)
    vectors: int = 0


def check_encoding(
    ruleset: Ruleset[Any],
    *,
    scenario: str | None = None,
    options: Mapping[str, object] | None = None,
    players: int | None = None,
    seeds: Iterable[int] = range(2),
    max_steps: int = 400,
    leak_every: int = 1,
) -> EncodingReport:
    """Walk random games and check the ruleset's encoding (see the module).

    :raises AssertionError: naming the seed, step and what broke.
    """
    encoding = ruleset.encoding(scenario, options, players)
    assert encoding is not None, f"{ruleset.info.id} offers no encoding"
    report = EncodingReport()
    for seed in seeds:
        state = ruleset.setup(seed, scenario, options, players)
        pick = random.Random(seed_from("check-encoding", seed))
        probe = Rng(seed=seed)
        memories = {role: Memory() for role in encoding.roles}
        seat_memories = {role: encoding.seat_memory() for role in encoding.roles}
        one_memory = encoding.seat_memory()  # every seat's vectors in turn (one_memory)
        for step in range(max_steps):
            if ruleset.outcome(state) is not None:
                break
            where = f"{ruleset.info.id} seed {seed} action {step} ({state.step})"
            if step % leak_every == 0:
                for role in encoding.roles:
                    _check_vector(
                        ruleset,
                        encoding,
                        state,
                        role,
                        probe,
                        where,
                        memories[role],
                        seat_memories[role] if encoding.fillers else None,
                        one_memory if encoding.fillers and encoding.one_memory else None,
                    )
                    report.vectors += 1
            role = ruleset.active(state)[0]
            offered = ruleset.actions(state, role)
            for action in offered:
                index = encoding.actions.encode(action)
                assert 0 <= index < encoding.actions.size, f"{where}: {action} -> {index}"
                assert encoding.actions.decode(index) == action, f"{where}: {action} round trip"
                report.actions.add(index)
            report.decisions += 1
            ruleset.apply(state, role, pick.choice(offered))
    return report


def _check_vector(
    ruleset: Ruleset[Any],
    encoding: Encoding,
    state: Any,
    role: Role,
    probe: Rng,
    where: str,
    memory: Memory,
    seat_memory: SeatMemory | None = None,
    one_memory: SeatMemory | None = None,
) -> None:
    view = ruleset.view(state, role)
    vector = encoding.observe(view)
    remembered = encoding.observe(view, memory)
    _same(
        encoding, remembered, vector, f"{where}: {role}'s vector filled from its memory differs in"
    )
    assert len(vector) == encoding.layout.size, f"{where}: {len(vector)} floats for {role}"
    assert all(math.isfinite(x) for x in vector), f"{where}: a value of {role} is not finite"
    shuffled = ruleset.copy_state(state)
    ruleset.shuffle_hidden(shuffled, role, Rng(seed=probe.next_u64()))
    again = encoding.observe(ruleset.view(shuffled, role))
    _same(encoding, again, vector, f"{where}: re-dealing what {role} may not see moves")
    if not encoding.fillers:
        return
    # the fast way: the vector of the view, from the seat's observation (afresh, and from
    # its memory), and nothing the seat may not see in that observation
    active = ruleset.active(state)
    fast = encoding.observe_state(state, role, active)
    _same(encoding, fast, vector, f"{where}: {role}'s vector from its observation differs in")
    if seat_memory is not None:
        kept = encoding.observe_state(state, role, active, seat_memory)
        what = f"{where}: {role}'s vector from its observation's memory differs in"
        _same(encoding, kept, vector, what)
    if one_memory is not None:  # the last vector made for any seat (Encoding.one_memory)
        kept = encoding.observe_state(state, role, active, one_memory)
        what = f"{where}: {role}'s vector from the seats' one memory differs in"
        _same(encoding, kept, vector, what)
    if encoding.parts(shuffled, role) != encoding.parts(state, role):
        raise AssertionError(f"{where}: re-dealing what {role} may not see moves its observation")
    again = encoding.observe_state(shuffled, role, ruleset.active(shuffled))
    _same(encoding, again, vector, f"{where}: re-dealing what {role} may not see moves (fast)")


def _same(encoding: Encoding, got: Vector, want: Vector, what: str) -> None:
    if got != want:
        moved = [f.name for f in encoding.layout.fields if _part(got, f) != _part(want, f)]
        raise AssertionError(f"{what} {moved}")


def _part(vector: Vector, f: Field) -> list[float]:
    return list(vector[f.offset : f.offset + f.size])

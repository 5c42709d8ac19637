"""The five lords' special skills (DESIGN §1, §7.19–§7.23), on unless the option turns them off.

Each skill is asked for by the rule it changes: training (孫權), the 天機 tax (袁紹), the siege
(曹操), the recall (劉備) and the tolls (董卓). Only 孫權's is a choice; the rest are automatic.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.three_kingdoms.model import N
from gameshelf.plugins.three_kingdoms.state import (
    SWORDS,
    AtLand,
    TKState,
    TurnStep,
    done,
    lay_face_down,
    machine,
)

SUN_QUAN, YUAN_SHAO, CAO_CAO, LIU_BEI, DONG_ZHUO = (
    "sun_quan",
    "yuan_shao",
    "cao_cao",
    "liu_bei",
    "dong_zhuo",
)
YUAN_SHAO_TAX = 2000
LIU_BEI_BONUS = 500


def sun_quan_may_add_sword(s: TKState, seat: str, land: str) -> bool:
    """§7.19: after a train, with 孫權 in hand, if the land would still hold at most 4."""
    return s.lord_skills and SUN_QUAN in s.hand[seat] and s.swords[land] + 1 <= N.max_swords


def yuan_shao_tax(s: TKState, card: str) -> int | None:
    """§7.20: 袁紹 played as the 天機 tax card brings 2,000, whatever his politics."""
    return YUAN_SHAO_TAX if s.lord_skills and card == YUAN_SHAO else None


def cao_cao_bonus(s: TKState, plan: list[str]) -> int:
    """§7.21: +1 siege power when 曹操 is one of the plan cards, general or not."""
    return 1 if s.lord_skills and CAO_CAO in plan else 0


def liu_bei_bonus(s: TKState, recalled: list[str]) -> int:
    """§7.22: +500 at any recall that brings 劉備 back."""
    return LIU_BEI_BONUS if s.lord_skills and LIU_BEI in recalled else 0


def dong_zhuo_shown(s: TKState, collector: str) -> bool:
    """§7.23: 董卓 in the collecting owner's hand is shown automatically (it never hurts)."""
    return s.lord_skills and DONG_ZHUO in s.hand[collector]


@machine.step
class SunQuanSword(TurnStep):
    """§7.19: 孫權 may go face down to add one more sword to the land just trained."""

    name, waiting = "sun_quan_sword", Msg("three_kingdoms.waiting_sun_quan", card=SUN_QUAN)
    frame_type = AtLand

    def prompt(self, s: TKState, role: Role) -> Msg:
        land = self.frame(s).land
        return Msg(
            "three_kingdoms.prompt_sun_quan",
            land=land,
            swords=SWORDS[s.swords[land]],
            card=SUN_QUAN,
        )

    def options(self, s: TKState, role: Role) -> Iterator[Option]:
        yield Action("extra_sword"), None
        yield Action("pass"), None

    def on_extra_sword(self, s: TKState, role: Role, arg: None) -> None:
        s.hand[role].remove(SUN_QUAN)
        lay_face_down(s, [SUN_QUAN])
        land = self.frame(s).land
        s.swords[land] += 1
        s.announce(
            "three_kingdoms.sun_quan_sword",
            lord=s.lord[role],
            card=SUN_QUAN,
            land=land,
            swords=SWORDS[s.swords[land]],
        )
        done(s)

    def on_pass(self, s: TKState, role: Role, arg: None) -> None:
        done(s)

"""The ``total-war`` ruleset: Total War (Europa) rules 14A3, 14A4, 14D1, 14D2, 14F, with the air
units (16A) and fighter capabilities (23D) of the air rules.

``RULESET.evaluate(situation)`` gives every modifier with its rule, the odds and the chance of
each outcome; ``RULESET.resolve(report, dice)`` rolls it. Charts the texts do not print are TOML
beside this module, each entry marked ``rule`` or ``assumed``; a ruleset built with other chart
paths plays a player's own edition.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.declarations import Declarations
from hexcombat.rules.dice import Dice
from hexcombat.rules.eligibility import CounterAction, CounterInPlay, Refusal, TurnNow
from hexcombat.rules.references import ReferencesFile
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.air.capability import AIR
from hexcombat.rulesets.europa.combat import GENERIC_CRT, load_crt
from hexcombat.rulesets.europa.declarations import (
    EUROPA_CHART_KINDS,
    EUROPA_OWN_TABLE,
    EUROPA_REFERENCES,
)
from hexcombat.rulesets.europa.eligibility import EuropaEligibility
from hexcombat.rulesets.europa.losses import EuropaLosses, europa_loss_policy
from hexcombat.rulesets.europa.results import TABLE_WORDING
from hexcombat.rulesets.europa.retreat import EUROPA_RETREAT
from hexcombat.rulesets.europa.vocabulary import EUROPA_VOCABULARY, chart_terrain
from hexcombat.rulesets.total_war.coast_defence import (
    COAST_DEFENCE,
    COAST_DEFENCE_CHART,
    CdMode,
    CoastDefenceArtillery,
    coast_defence_from_source,
    coast_defence_id_problems,
    is_coast_defence,
    load_coast_defence,
    side_counter,
    switch_mode,
)
from hexcombat.rulesets.total_war.eligibility import (
    FLIP_MODE,
    cd_attack_refusal,
    flip_action,
    flip_actions,
)
from hexcombat.rulesets.total_war.evaluate import RULESET_ID, Data, evaluate
from hexcombat.rulesets.total_war.light_infantry import (
    LIGHT_INFANTRY,
    is_light_infantry,
    light_infantry_from_source,
    load_light_infantry,
    terrain_exception,
)
from hexcombat.rulesets.total_war.resolve import resolve
from hexcombat.rulesets.total_war.tables import (
    AEC_TERRAIN,
    ARMOUR_EFFECTS,
    ENGINEER_EFFECTS,
    aec_chart_from_source,
    armour_chart_from_source,
    engineer_chart_from_source,
    load_tables,
)
from hexcombat.sourcefile import Problem, TomlSource


class TotalWarRuleset(EuropaEligibility):
    """Total War with a given set of charts (the shipped ones unless told otherwise)."""

    id = RULESET_ID
    title = "Total War (Europa): rules 14A3, 14A4, 14D1, 14D2, 14F, 16A, 23D"
    vocabulary = EUROPA_VOCABULARY
    air = AIR  # its air rules, 16A and 23D: it flies a scenario's [[air]] missions
    retreat = EUROPA_RETREAT  # assumed: the excerpts state no retreat rules
    wording = TABLE_WORDING  # the odds column, the DRM and the roll, as players read them
    references = ReferencesFile(EUROPA_REFERENCES, Path(__file__).parent / "references.toml")
    declares = Declarations(
        game="Total War (Europa)",
        own_table=EUROPA_OWN_TABLE,
        chart_kinds={
            **EUROPA_CHART_KINDS,
            "tw-armour-effects": armour_chart_from_source,
            "tw-aec-terrain": aec_chart_from_source,
            "tw-engineer-effects": engineer_chart_from_source,
            "tw-coast-defence": coast_defence_from_source,
            "tw-light-infantry": light_infantry_from_source,
        },
    )

    def __init__(
        self,
        *,
        crt: str | Path = GENERIC_CRT,
        armour_effects: str | Path = ARMOUR_EFFECTS,
        aec_terrain: str | Path = AEC_TERRAIN,
        engineer_effects: str | Path = ENGINEER_EFFECTS,
        coast_defence: str | Path = COAST_DEFENCE,
        light_infantry: str | Path = LIGHT_INFANTRY,
    ) -> None:
        self._paths = (crt, armour_effects, aec_terrain, engineer_effects)
        # the terrain it knows is the AEC chart's (14D2d): any other is refused against it
        self.vocabulary = replace(EUROPA_VOCABULARY, terrain=chart_terrain(Path(aec_terrain)))
        self._coast_defence = coast_defence
        self._light_infantry = light_infantry
        self._data: Data | None = None

    def chart_problems(
        self, source: TomlSource, counters: Callable[[], CounterSet]
    ) -> list[Problem]:
        """The coast defence chart's counter ids are counters of the counter sets, of the
        right kind (14A4), so flipping one never fails in play."""
        if source.data.get("chart") != COAST_DEFENCE_CHART:
            return []
        return coast_defence_id_problems(source, counters())

    def data(self) -> Data:
        """The charts, loaded on first use; a chart problem raises ``SourceError`` with lines."""
        if self._data is None:
            crt, armour, aec, engineer = self._paths
            self._data = Data(
                tables=load_tables(armour, aec, engineer),
                crt=load_crt(crt),
                coast_defence=load_coast_defence(self._coast_defence),
                light_infantry=load_light_infantry(self._light_infantry),
            )
        return self._data

    def attack_refusal(self, unit: Unit) -> Refusal | None:
        """A CDA unit in CD mode may not attack (14A4)."""
        return cd_attack_refusal(unit, load_coast_defence(self._coast_defence))

    def counter_actions(self, counter: CounterInPlay, turn: TurnNow) -> list[CounterAction]:
        """A CDA counter flips to its other side, in its owner's initial phase (14A4)."""
        return flip_actions(counter, turn, load_coast_defence(self._coast_defence))

    def counter_action(self, counter: CounterInPlay, turn: TurnNow, key: str) -> CounterAction:
        """The flip, or :class:`RulesError` saying why this counter has none (14A4)."""
        if key == FLIP_MODE:
            return flip_action(counter, turn, load_coast_defence(self._coast_defence))
        return super().counter_action(counter, turn, key)

    def data_for(self, situation: CombatSituation) -> Data:
        """The charts for ``situation``: with the combat's own CRT when it names one."""
        crt = situation.conditions.crt
        return self.data() if crt is None else replace(self.data(), crt=load_crt(crt))

    def evaluate(self, situation: CombatSituation) -> Report:
        """Every modifier with its rule, the odds, and the chance of every outcome."""
        return evaluate(situation, self.data_for(situation))

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        """The combat resolved with ``dice`` on the same CRT the report was evaluated on."""
        return resolve(report, dice, self.data_for(report.situation).crt)

    def loss_policy(self, report: Report, result: CombatResult) -> EuropaLosses:
        """The Europa loss policy, the exchange read from the table the combat was fought on."""
        return europa_loss_policy(report, result, self.data_for(report.situation).crt)


RULESET = TotalWarRuleset()

__all__ = [
    "RULESET",
    "CdMode",
    "CoastDefenceArtillery",
    "TotalWarRuleset",
    "is_coast_defence",
    "is_light_infantry",
    "side_counter",
    "switch_mode",
    "terrain_exception",
]

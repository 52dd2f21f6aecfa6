"""What every game shares, one concern a module: words (``words``), errors and the checker
(``errors``), action specs (``specs``), rulings (``rulings``), score sheets and ranking
(``scoring``), the log (``log``), the rules interface (``rules``), "Can I do this?"
(``questions``) and the shape of a rules reference (``reference``).

This package is the contract between the pure rules of each game and the web layer. It imports
only the standard library. A game module builds one :class:`GameRules` subclass instance; the
registry in ``companion.games`` looks it up by slug. Every public name is importable from here.
"""
from __future__ import annotations

from .errors import (
                     MAX_NAME_LENGTH,
                     MAX_NUMBER,
                     MAX_TEXT_LENGTH,
                     Checker,
                     IllegalAction,
                     InvalidInput,
                     OwnPhoneOnly,
                     Problem,
                     RulesError,
                     StaleAction,
                     WouldBreak,
                     WrongPlayer,
)
from .log import (
    AMEND,
    CORRECT,
    META_KINDS,
    REDO,
    RULING,
    UNDO,
    VOID,
    Entry,
    Fate,
    Secret,
    effective_entries,
    fates,
    in_force,
    in_force_of_stack,
    standing,
)
from .questions import Answer, Question, not_now, semicolons
from .reference import STAGE_WORDS, STAGES, Reference, Rows, Section, section
from .rules import GameRules
from .rulings import Ruling, resolve_rulings
from .scoring import (
    Placing,
    Result,
    ScoreLine,
    ScoreSheet,
    Standing,
    ceil_half,
    places_of,
    rank,
    standing_of,
)
from .specs import ActionSpec, FieldSpec, read_fields, split_numbers, subject_fields
from .states import replace
from .words import Text, step, t, tn, words_are_plain, words_from_json, words_to_json

__all__ = [
    "MAX_NAME_LENGTH", "MAX_NUMBER", "MAX_TEXT_LENGTH", "Checker", "IllegalAction",
    "InvalidInput", "OwnPhoneOnly", "Problem", "RulesError", "StaleAction", "WouldBreak",
    "WrongPlayer",
    "AMEND", "CORRECT", "META_KINDS", "REDO", "RULING", "UNDO", "VOID", "Entry", "Fate", "Secret",
    "effective_entries", "fates", "in_force", "in_force_of_stack", "standing",
    "Answer", "Question", "not_now", "semicolons",
    "STAGE_WORDS", "STAGES", "Reference", "Rows", "Section", "section",
    "GameRules",
    "Ruling", "resolve_rulings",
    "Placing", "Result", "ScoreLine", "ScoreSheet", "Standing", "ceil_half", "places_of", "rank",
    "standing_of",
    "ActionSpec", "FieldSpec", "read_fields", "split_numbers", "subject_fields",
    "replace",
    "Text", "step", "t", "tn", "words_are_plain", "words_from_json", "words_to_json",
]

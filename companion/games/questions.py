"""Kept so that the games' ``from ..questions import Answer, Question`` keeps working: the
questions' shapes live in :mod:`companion.games.core.questions`."""
from .core.questions import Answer, Question, questions_for

__all__ = ["Answer", "Question", "questions_for"]

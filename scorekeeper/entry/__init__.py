"""Hand entry: submitted form data to a variant's round facts and back."""

from __future__ import annotations

from .base import HandContext, HandEntry, Submission, context_for, keypad

__all__ = ["HandContext", "HandEntry", "Submission", "context_for", "keypad"]

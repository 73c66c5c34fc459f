"""Rendering: facts → localized text (templates, gettext, Babel numbers, grammar, markdown safety, credits)."""

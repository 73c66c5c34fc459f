"""Reading: a question's text (or a slash command's options) → what it asks, in typed form.

Nothing here knows how facts are built or shown; the words themselves are data in `answers.lexicon`.
"""

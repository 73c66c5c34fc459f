"""The one error a malformed lexicon file raises (its message names the file and the key)."""


class LexiconError(ValueError):
    """A lexicon file is malformed; the message names the file and the key."""

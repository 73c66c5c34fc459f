"""Facts: one builder per intent family, over what the reader found and the catalog → JSON-ready facts.

Nothing here reads the question's text or renders it.
"""

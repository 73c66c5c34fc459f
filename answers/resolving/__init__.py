"""Resolving: the names a question typed → catalog records (did-you-mean, the default of an ambiguous name),
between the reading and the facts."""

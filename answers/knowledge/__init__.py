"""Knowledge: the catalog as the answers see it (records, resolvers, profiles) and the start-up cache."""

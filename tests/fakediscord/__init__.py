"""A local fake of Discord's REST API and gateway, enough for a real discord.py bot to log in,
receive events and answer them. See server.FakeDiscord."""

from .server import FakeDiscord, Recorded

__all__ = ["FakeDiscord", "Recorded"]

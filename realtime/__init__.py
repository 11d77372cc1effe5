"""The WebSocket face of Ludoteka: Channels consumers beside ``core/api``.

It calls core's services and selectors and listens to ``core.matches.broadcast``; core never
imports it. See ``protocol.py`` for the wire format.
"""

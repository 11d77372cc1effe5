"""Announce "match X is now at version V" on the channel layer, after commit.

Messages carry only ids and versions; each socket consumer redacts for its own seat. A failed
publish (Redis down) is logged and dropped: the events are already stored and clients catch up
by version.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def announce_match_version(match_id: int, version: int, user_ids: list[int]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "match.version", "match": match_id, "version": version}
    try:
        send = async_to_sync(layer.group_send)
        send(match_group(match_id), message)
        for uid in user_ids:
            send(user_group(uid), message)
    except Exception:
        log.warning("broadcast of match %s v%s failed", match_id, version, exc_info=True)

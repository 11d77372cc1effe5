"""Celery tasks of accounts: the account's own mail, and forgetting idle tokens."""

from __future__ import annotations

from celery import shared_task

from core.accounts import mail
from core.accounts.models import User
from core.accounts.tokens import tokens_purge_idle


@shared_task(
    acks_late=True,
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=60,
    time_limit=90,
)
def send_account_mail(kind: str, user_id: int) -> bool:
    """Compose ``kind`` for the account as it is now (a link made when the mail goes) and send
    it; False when there is nothing to send (the account or the address is gone)."""
    user = User.objects.filter(pk=user_id, is_active=True, deleted_at__isnull=True).first()
    if user is None or kind not in mail.KINDS:
        return False
    message = mail.compose(kind, user)
    if message is None:
        return False
    mail.send(message)
    return True


@shared_task(acks_late=True, soft_time_limit=240, time_limit=300)
def purge_idle_tokens() -> int:
    return tokens_purge_idle()

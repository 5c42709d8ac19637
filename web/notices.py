"""Notices (issue 30): telling a player with an account, by e-mail and/or a webhook, that
it is their turn, that they were invited, that a match is over, that their clock is low,
or that someone wrote in the chat while they were away.

**Never in a request's way.** A notice is a row of the queue (:mod:`web.storage_notices`),
rendered when queued in the player's language; the scheduler (:mod:`web.scheduler`) sends
the queue, each notice claimed with a lease, each try in a worker thread with a timeout.
A failed try is tried again after a back-off (``notice_retry_seconds`` doubled each time,
six hours at most); a channel that failed ``notice_failures`` tries in a row is turned off
and the player's pages say so, until they save their settings again.

**Daily digest.** A player may take its e-mail as one message a day listing the games
waiting for it (its turn, or an invitation) instead of each notice at once; its webhook
is still told of each. Every e-mail carries an unsubscribe link: opened, it asks; its
button (or a mail client's one-click unsubscribe, RFC 8058) posts.

**What a notice says** is public: the game, the match's link, who is to play, the result;
never a seat's view, a card, a chat message's text.

**Webhooks** go to ``http(s)`` URLs on public addresses only (:func:`public_target`), unless
the site allows private ones (``webhook_private``): the name is resolved and every address
checked when the URL is saved and again at each try, and the connection goes to an address
checked (no second lookup to rebind), the next one when one cannot be reached. The body is
JSON that chat services' incoming webhooks read (``content`` for Discord, ``text`` for
Slack), signed: ``X-Gameshelf-Signature: sha256=<HMAC-SHA256 of "<timestamp>.<body>" with
the player's secret>`` beside ``X-Gameshelf-Timestamp``.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import http.client
import ipaddress
import json
import logging
import secrets
import smtplib
import socket
import ssl
from collections.abc import Callable
from dataclasses import replace
from email.message import EmailMessage
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.storage_notices import Notice, NoticePrefs

if TYPE_CHECKING:
    from gameshelf.web.hub import Hub
    from gameshelf.web.tables import Table, Tables

log = logging.getLogger("gameshelf.web")

EVENTS = ("your_turn", "invited", "game_over", "clock_low", "chat")
LEASE = 120.0  # a notice claimed by a process that died is sent again after this
BACKOFF_MAX = 6 * 3600.0
DAY = 86400.0  # a digest goes out once a day at most
SEND_SECONDS = 10.0  # one try's time at most
SIGNATURE = "X-Gameshelf-Signature"
TIMESTAMP = "X-Gameshelf-Timestamp"


class Refused(ValueError):
    """A webhook URL the site will not post to (the reason in English)."""


def public_target(
    url: str, allow_private: bool = False
) -> tuple[str, str, int, tuple[str, ...], str]:
    """``(scheme, host, port, addresses, path)`` of a webhook URL whose host resolves to
    public addresses only (any address, with ``allow_private``); :class:`Refused` else."""
    if len(url) > 2000:
        raise Refused("the URL is longer than 2000 characters")
    url = url.strip()
    if any(c <= " " or c == "\x7f" for c in url):
        raise Refused("a webhook URL has no spaces or control characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise Refused("a webhook URL starts with http:// or https://")
    if not parts.hostname or parts.username or parts.password:
        raise Refused("a webhook URL names a host, without a user or password")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise Refused("the URL's port is not a number from 1 to 65535") from None
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise Refused(f"the host {parts.hostname} is not found") from None
    addresses = tuple(dict.fromkeys(str(info[4][0]) for info in found))
    if not addresses:
        raise Refused(f"the host {parts.hostname} is not found")
    if not allow_private:
        for address in addresses:
            if not is_public(ipaddress.ip_address(address.split("%")[0])):
                raise Refused(f"the host {parts.hostname} is at {address}, not a public address")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return parts.scheme, parts.hostname, port, addresses, path


# IPv6 networks whose addresses carry an IPv4 address in their last 32 bits, reaching it:
# IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (RFC 6052, 8215).
# IPv4-mapped (::ffff:a.b.c.d) has ``ipv4_mapped``, and 6to4 (2002::/16) ``sixtofour``.
CARRY_IPV4 = tuple(
    ipaddress.ip_network(n) for n in ("::/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48")
)


def is_public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether ``ip`` is a public unicast address, and so is any IPv4 address it carries
    (``::127.0.0.1``, ``2002:7f00:1::``, ``64:ff9b::10.0.0.1`` are not public)."""
    if isinstance(ip, ipaddress.IPv6Address):
        carried = ip.ipv4_mapped or ip.sixtofour
        if carried is None and any(ip in net for net in CARRY_IPV4):
            carried = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if carried is not None and not is_public(carried):
            return False
    return ip.is_global and not ip.is_multicast


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """The value of the signature header for ``body`` sent at ``timestamp``."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def post_webhook(
    url: str, secret: str, payload: dict[str, Any], now: float, allow_private: bool
) -> None:
    """POST ``payload`` to ``url`` (checked again, connected to an address checked);
    raises on a refused URL, a network error or a status other than 2xx."""
    scheme, host, port, addresses, path = public_target(url, allow_private)
    body = json.dumps(payload, ensure_ascii=False).encode()
    stamp = str(int(now))
    headers = {
        "Host": host if port in (80, 443) else f"{host}:{port}",
        "Content-Type": "application/json",
        "User-Agent": "Gameshelf notices",
        TIMESTAMP: stamp,
        SIGNATURE: signature(secret, stamp, body),
    }
    conn = _connected(scheme, host, port, addresses)
    try:
        conn.request("POST", path, body=body, headers=headers)
        reply = conn.getresponse()
        reply.read(4096)
        if not 200 <= reply.status < 300:
            raise OSError(f"the webhook answered {reply.status}")
    finally:
        conn.close()


def _connected(
    scheme: str, host: str, port: int, addresses: tuple[str, ...]
) -> http.client.HTTPConnection:
    """A connection to the first of ``addresses`` (each checked) that takes one: a name
    with an address this machine cannot reach (IPv6 without a route) is reached by the
    next. Only connecting is tried again, never a request that may have arrived."""
    failed: OSError = OSError("no address")
    for address in addresses:
        conn: http.client.HTTPConnection
        if scheme == "https":
            conn = _PinnedHTTPS(host, port, address)
        else:
            conn = http.client.HTTPConnection(address, port, timeout=SEND_SECONDS)
        try:
            conn.connect()
        except OSError as exc:
            conn.close()
            failed = exc
            continue
        return conn
    raise failed


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to the address checked, with the host's name for TLS (SNI, certificate)."""

    def __init__(self, host: str, port: int, address: str) -> None:
        super().__init__(host, port, timeout=SEND_SECONDS, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


class Notices:
    """The site's notices: what to queue on each event, and sending the queue."""

    def __init__(self, storage: Storage, settings: Settings, hub: Hub) -> None:
        self.storage = storage
        self.settings = settings
        self.hub = hub
        self.tables: Tables | None = None  # set by the app: the clock and the games
        self.send_email: Callable[[EmailMessage], None] = self._smtp
        self.sent = 0  # notices this process sent
        self.worker = secrets.token_hex(8)  # this process, in the notes of open pages

    def now(self) -> float:
        return self.tables.clocks.wall.now() if self.tables is not None else 0.0

    # --- a player's settings --------------------------------------------------------

    def prefs(self, account_id: int) -> NoticePrefs:
        """A player's notice settings (new ones, all off, when never set)."""
        found = self.storage.notice_prefs(account_id)
        if found is not None:
            return found
        return NoticePrefs(
            account_id, secret=secrets.token_urlsafe(24), unsubscribe=secrets.token_urlsafe(24)
        )

    def save(
        self, account_id: int, lang: str, email: bool, webhook: str, digest: str
    ) -> NoticePrefs:
        """Keep a player's choices (a channel turned off after failures is on again);
        :class:`Refused` for a webhook URL the site will not post to."""
        if webhook:
            public_target(webhook, self.settings.webhook_private)
        old = self.prefs(account_id)
        prefs = replace(
            old,
            lang=lang,
            email=email,
            webhook=webhook.strip(),
            digest="daily" if digest == "daily" else "immediate",
            email_failures=0,
            webhook_failures=0,
            email_off=None,
            webhook_off=None,
        )
        self.storage.set_notice_prefs(prefs)
        return prefs

    def unsubscribe(self, key: str) -> bool:
        """An e-mail's unsubscribe link followed: no more e-mail, nothing else changed (the
        webhook is not looked up again, nor turned on if it was off); whether ``key`` is
        known."""
        prefs = self.storage.prefs_by_unsubscribe(key)
        if prefs is None:
            return False
        if prefs.email:
            self.storage.set_notice_prefs(replace(prefs, email=False))
        return True

    # --- events ---------------------------------------------------------------------

    def present(self, match_id: str, role: Role) -> bool:
        """Whether ``role``'s page of the match is open (a live connection as that seat)
        in this process, or in another (noted in the database: :meth:`keep_pages`)."""
        if self.hub.holds(match_id, role):
            return True
        return self.storage.present(match_id, role, self.now())

    def presence_seconds(self) -> float:
        """How long a note that this process holds a page lasts: three ticks and more."""
        return 3 * self.settings.scheduler_seconds + 5

    def opened(self, match_id: str, role: Role) -> None:
        """A page of the match as ``role`` opened here: noted for the other processes."""
        until = self.now() + self.presence_seconds()
        try:
            self.storage.keep_presence([(match_id, role)], self.worker, until)
        except Exception:  # a page opens whatever becomes of the note
            log.exception("match %s: noting the page of %s failed", match_id, role)

    def closed(self, match_id: str, role: Role) -> None:
        """The last page of the match as ``role`` here closed."""
        try:
            self.storage.drop_presence(match_id, role, self.worker, self.now())
        except Exception:
            log.exception("match %s: forgetting the page of %s failed", match_id, role)

    async def keep_pages(self) -> None:
        """Say again (each tick) which pages this process holds, before the notes run out."""
        pages = sorted(
            {(mid, lst.role) for mid, room in self.hub.rooms.items() for lst in room if lst.role}
        )
        until = self.now() + self.presence_seconds()
        await asyncio.to_thread(self.storage.keep_presence, pages, self.worker, until)

    def changed(self, table: Table, before: set[Role]) -> None:
        """After a change of ``table``: "your turn" to each account's seat newly awaited
        (``before``: those awaited before) and away from the page, once per match per
        ``notice_turn_minutes``; "game over" to every account's seat, once."""
        if table.status == "finished":
            for held in table.seats:
                if held.account is not None and held.kind != "invited":
                    self._once(table, held.account, held.role, "game_over", None)
            return
        if not table.started:
            return
        for role in table.match.active():
            seat = table.seat(role)
            if role in before or seat is None or seat.kind != "human" or seat.account is None:
                continue
            if self.present(table.id, role):
                continue
            self._once(table, seat.account, role, "your_turn", self.settings.notice_turn_minutes)

    def invited(self, table: Table) -> None:
        """Each account invited to a seat of a new match."""
        for seat in table.seats:
            if seat.kind == "invited" and seat.account is not None:
                self.queue(table, seat.account, seat.role, "invited")

    def chat(self, table: Table, speaker: Role | None) -> None:
        """Someone wrote in the seats' chat: the other accounts' seats away from the page,
        once per match per ``notice_turn_minutes``."""
        for seat in table.seats:
            if seat.account is None or seat.kind != "human" or seat.role == speaker:
                continue
            if self.present(table.id, seat.role):
                continue
            self._once(table, seat.account, seat.role, "chat", self.settings.notice_turn_minutes)

    def clock_low(self, table: Table, role: Role) -> None:
        """``role``'s clock is low (told once per run of the clock)."""
        seat = table.seat(role)
        if seat is None or seat.kind != "human" or seat.account is None:
            return
        if not self.present(table.id, role):
            self.queue(table, seat.account, role, "clock_low")

    def _once(
        self, table: Table, account: int, role: Role, event: str, minutes: float | None
    ) -> None:
        within = 1e18 if minutes is None else minutes * 60
        if self.storage.notice_prefs(account) is None:
            return  # never chose a channel: nothing to send, nothing to mark
        if self.storage.mark_notice(account, table.id, event, self.now(), within):
            self.queue(table, account, role, event)

    def queue(self, table: Table, account_id: int, role: Role, event: str) -> int:
        """Queue ``event`` about ``table`` for the player on each channel it chose (e-mail
        only when it asked for each notice, not a daily digest); how many."""
        prefs = self.storage.notice_prefs(account_id)
        account = self.storage.account(account_id)
        if prefs is None or account is None or account.disabled or account.deleted:
            return 0
        said = self.words(table, role, event, prefs.lang)
        now = self.now()
        queued = 0
        email_ok = prefs.email and account.email and prefs.email_off is None
        if email_ok and prefs.digest == "immediate":
            body = self.email_body(account.email or "", said, prefs)
            self.storage.add_notice(account_id, "email", event, table.id, body, now)
            queued += 1
        if prefs.webhook and prefs.webhook_off is None:
            payload = {
                "content": said["text"],
                "text": said["text"],
                "username": "Gameshelf",
                "event": event,
                "match": table.id,
                "game": table.match.game_id,
                "url": said["url"],
            }
            body = json.dumps(payload)
            self.storage.add_notice(account_id, "webhook", event, table.id, body, now)
            queued += 1
        return queued

    def link(self, path: str) -> str:
        return self.settings.site_url.rstrip("/") + path

    def words(self, table: Table, role: Role, event: str, lang: str) -> dict[str, str]:
        """What a notice says, in ``lang``: subject, text, link (public facts only)."""
        game = table.match.game_id
        namer = table.match.ruleset.namer()
        url = self.link(f"/m/{table.id}")
        args: dict[str, Any] = {"game": table.title, "role": role, "match": table.id}
        text_ = render(Msg(f"web.notice.{event}", **args), lang, namer, game)
        subject = render(Msg(f"web.notice.{event}.subject", **args), lang, namer, game)
        return {"subject": subject, "text": text_, "url": url}

    def email_body(
        self,
        to: str,
        said: dict[str, str],
        prefs: NoticePrefs,
        items: list[tuple[str, str]] | None = None,
    ) -> str:
        """A queued e-mail (JSON): to, subject, plain text and HTML, each with the link
        (and ``items``, lines each with its link: a digest's games) and the unsubscribe
        link."""
        stop = self.link(f"/notices/unsubscribe/{prefs.unsubscribe}")
        lang = prefs.lang
        foot = render(Msg("web.notice.footer"), lang)
        leave = render(Msg("web.notice.unsubscribe"), lang)
        listed = "".join(f"- {line}\n  {url}\n" for line, url in items or [])
        plain = f"{said['text']}\n\n{listed}{said['url']}\n\n-- \n{foot}\n{leave}: {stop}\n"
        rows = "".join(
            f'<li>{escape(line)} <a href="{escape(url)}">{escape(url)}</a></li>'
            for line, url in items or []
        )
        html = (
            f"<p>{escape(said['text'])}</p>"
            + (f"<ul>{rows}</ul>" if rows else "")
            + f'<p><a href="{escape(said["url"])}">{escape(said["url"])}</a></p>'
            f'<hr><p><small>{escape(foot)} <a href="{escape(stop)}">{escape(leave)}</a>'
            "</small></p>"
        )
        return json.dumps(
            {
                "to": to,
                "subject": said["subject"],
                "text": plain,
                "html": html,
                "unsubscribe": stop,
            }
        )

    # --- the daily digest -----------------------------------------------------------

    async def digests(self) -> int:
        """Queue the daily e-mail of each player on a digest whose last went a day ago or
        more (taken with a conditional update: one process, once), listing the games
        waiting for it; none when nothing waits. How many were queued. The store is read
        off the event loop."""
        if self.tables is None:
            return 0
        now = self.now()
        queued = 0
        store = self.storage
        for prefs in await asyncio.to_thread(store.digest_due, now - DAY):
            claim = (prefs.account_id, prefs.digest_sent, now)
            if not await asyncio.to_thread(store.claim_digest, *claim):
                continue
            account = await asyncio.to_thread(store.account, prefs.account_id)
            if account is None or not account.email or account.disabled or account.deleted:
                continue
            mine = await self.tables.people.my_matches(account.id)
            waiting = [m for m in mine if m["waiting"] == "you"]
            if not waiting:
                continue
            lang = prefs.lang
            items = []
            for row in waiting:
                key = "web.notice.digest.invited" if row["invited"] else "web.notice.digest.turn"
                line = render(Msg(key, game=row["title"], match=row["id"]), lang)
                items.append((line, self.link(f"/m/{row['id']}")))
            count = len(waiting)
            said = {
                "subject": render(Msg("web.notice.digest.subject", count=count), lang),
                "text": render(Msg("web.notice.digest", count=count), lang),
                "url": self.link("/my"),
            }
            body = self.email_body(account.email, said, prefs, items)
            add = functools.partial(store.add_notice, account.id, "email", "digest")
            await asyncio.to_thread(add, None, body, now)
            queued += 1
        return queued

    # --- sending --------------------------------------------------------------------

    async def deliver(self) -> int:
        """Send the notices due now that this process can claim; how many went out."""
        now = self.now()
        sent = 0
        store = self.storage
        for notice in await asyncio.to_thread(store.due_notices, now):
            if not await asyncio.to_thread(store.claim_notice, notice.id, now, now + LEASE):
                continue
            try:
                await asyncio.wait_for(asyncio.to_thread(self._send, notice, now), SEND_SECONDS * 3)
            except Exception as exc:  # tried again later, or the channel is turned off
                await asyncio.to_thread(self._failed, notice, now, exc)
                continue
            await asyncio.to_thread(store.notice_sent, notice, now)
            sent += 1
        self.sent += sent
        return sent

    def _failed(self, notice: Notice, now: float, exc: BaseException) -> None:
        error = f"{type(exc).__name__}: {exc}"[:300]
        wait = min(BACKOFF_MAX, self.settings.notice_retry_seconds * 2**notice.tries)
        off = self.storage.notice_failed(
            notice, now, error, now + wait, self.settings.notice_failures
        )
        log.warning(
            "notice %s (%s to account %s) failed, try %s: %s%s",
            notice.id,
            notice.channel,
            notice.account_id,
            notice.tries + 1,
            error,
            "; the channel is turned off" if off else "",
        )

    def _send(self, notice: Notice, now: float) -> None:
        body = json.loads(notice.body)
        if notice.channel == "webhook":
            prefs = self.storage.notice_prefs(notice.account_id)
            if prefs is None or not prefs.webhook:
                return  # the player took the webhook away meanwhile: nothing to send
            post_webhook(prefs.webhook, prefs.secret, body, now, self.settings.webhook_private)
        else:
            self.send_email(self.message(body))

    def message(self, body: dict[str, str]) -> EmailMessage:
        """An e-mail: plain text and HTML, with the unsubscribe link as a header too."""
        msg = EmailMessage()
        msg["From"] = self.settings.smtp_from
        msg["To"] = body["to"]
        msg["Subject"] = body["subject"]
        msg["List-Unsubscribe"] = f"<{body['unsubscribe']}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058: a POST
        msg.set_content(body["text"])
        msg.add_alternative(body["html"], subtype="html")
        return msg

    def _smtp(self, msg: EmailMessage) -> None:
        s = self.settings
        if not s.smtp_host:
            raise OSError("the site has no SMTP server (GAMESHELF_SMTP_HOST)")
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=SEND_SECONDS) as smtp:
            if s.smtp_starttls:
                smtp.starttls(context=ssl.create_default_context())
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(msg)

"""history.json: a conversation's history and catch-up: HistoryRequest and HistoryPage bodies."""

from model import CHANNEL, GROUP, NonCanonical, Reject, Valid, b64, envelope, uid
from wire import f_len, f_str, f_varint

KIND = "history"

REQUEST = "rtmwire.v1.HistoryRequest"
PAGE = "rtmwire.v1.HistoryPage"
ENTRY = "rtmwire.v1.HistoryEntry"
EPOCH = "e-2024-11-21"
STORED = 1732147200456


def build(ctx):
    out = []
    add = out.append

    def env(name, field, value, **kw):
        kw.setdefault("conversation", (CHANNEL, "general"))
        return envelope(name, field, value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    def stored(name, text, sender="alice"):
        """The bytes of a text envelope as the server stored it."""
        return ctx.enc(envelope(name, "text", {"text": text},
                                sender={"userId": sender}))

    def entry(position, name, text, sender="alice"):
        return {"position": str(position), "storedTimeMs": str(STORED + position),
                "envelope": b64(stored(name, text, sender))}

    # Requests.
    add(Valid("history-request-latest", "A first load: the latest page of 50, any epoch.",
              env("history-request-latest", "historyRequest", {"limit": 50})))
    add(Valid("history-request-catch-up", "Catch-up after a reconnect: what came after position "
              "42 of the epoch the client saw, at most 100 (maxHistoryPageSize).",
              env("history-request-catch-up", "historyRequest",
                  {"afterPosition": "42", "limit": 100, "epoch": EPOCH})))
    add(Valid("history-request-scroll-back", "Scrolling back: the 20 envelopes before position "
              "21.", env("history-request-scroll-back", "historyRequest",
                         {"beforePosition": "21", "limit": 20, "epoch": EPOCH},
                         conversation=(GROUP, "team"))))
    add(Valid("history-request-inner-type", "A bare HistoryRequest.",
              {"beforePosition": "2", "limit": 1, "epoch": "e1"}, type=REQUEST))

    # Pages.
    request_id = uid("history-request-catch-up")
    add(Valid("history-page", "The answer to the catch-up: two stored envelopes, oldest first, "
              "their bytes as the server received them; more follow.",
              env("history-page", "historyPage",
                  {"requestMessageId": request_id, "entries": [
                      entry(43, "history-stored-43", "Good morning"),
                      entry(44, "history-stored-44", "早上好 👋", sender="bob")],
                   "epoch": EPOCH, "latestPosition": "90", "hasMore": True},
                  sender={"userId": "server"})))
    add(Valid("history-page-reload", "The position asked from is gone or of another epoch: an "
              "empty page with HISTORY_STATUS_RELOAD and the current epoch.",
              env("history-page-reload", "historyPage",
                  {"requestMessageId": request_id, "status": "HISTORY_STATUS_RELOAD",
                   "epoch": "e-2024-11-22", "latestPosition": "7"},
                  sender={"userId": "server"})))
    add(Valid("history-page-forbidden", "The user may not read the conversation.",
              env("history-page-forbidden", "historyPage",
                  {"requestMessageId": request_id, "status": "HISTORY_STATUS_FORBIDDEN",
                   "epoch": EPOCH}, sender={"userId": "server"},
                  conversation=(GROUP, "secret"))))
    add(Valid("history-page-empty", "Nothing stored yet: no entries, latest position 0.",
              env("history-page-empty", "historyPage",
                  {"requestMessageId": request_id, "epoch": EPOCH},
                  sender={"userId": "server"})))
    add(Valid("history-page-at-limit", "100 entries (maxHistoryPageSize).",
              env("history-page-at-limit", "historyPage",
                  {"requestMessageId": request_id, "epoch": EPOCH, "latestPosition": "100",
                   "entries": [entry(i, "history-at-limit-%d" % i, "#%d" % i)
                               for i in range(1, 101)]},
                  sender={"userId": "server"})))
    add(Valid("history-page-inner-type", "A bare HistoryPage.",
              {"requestMessageId": "m-1", "epoch": "e1", "hasMore": True}, type=PAGE))
    add(Valid("history-entry-inner-type", "A bare HistoryEntry.",
              {"position": "1", "storedTimeMs": "1", "envelope": b64(b"\x0a\x01m")}, type=ENTRY))

    name = "history-request-fields-reordered"
    add(NonCanonical(name, "epoch, limit, after_position in reverse order.",
                     header(name) + f_len(36, f_str(4, EPOCH) + f_varint(3, 10)
                                          + f_varint(2, 5))))
    name = "history-page-fields-reordered"
    add(NonCanonical(name, "has_more, epoch, an entry (envelope, stored time, position) and "
                     "request_message_id in reverse order.",
                     header(name, sender={"userId": "server"})
                     + f_len(37, f_varint(6, 1) + f_str(4, "e1")
                             + f_len(3, f_len(3, b"\x0a\x01m") + f_varint(2, 9)
                                     + f_varint(1, 3))
                             + f_str(1, "m-1"))))

    name = "history-page-invalid-utf8-epoch"
    add(Reject(name, "The epoch holds FF.", "invalidUTF8", "wire",
               hex=header(name) + f_len(37, f_str(1, "m-1") + f_len(4, b"e\xff"))))

    def sem(name, description, error, field, value, limit=None, **kw):
        add(Reject(name, description, error, "semantic", json=env(name, field, value, **kw),
                   limit=limit))

    sem("history-request-limit-zero", "A request for a page of nothing (limit 0).",
        "invalidValue", "historyRequest", {"afterPosition": "1", "epoch": EPOCH})
    sem("history-request-limit-over", "limit = 101: one over maxHistoryPageSize.",
        "limitExceeded", "historyRequest", {"limit": 101}, limit="maxHistoryPageSize")
    sem("history-request-before-and-after", "Both before_position and after_position set.",
        "invalidValue", "historyRequest",
        {"beforePosition": "10", "afterPosition": "5", "limit": 10, "epoch": EPOCH})
    sem("history-page-no-request-id", "A page that answers no request.", "missingField",
        "historyPage", {"epoch": EPOCH}, sender={"userId": "server"})
    sem("history-page-no-epoch", "A page without the conversation's epoch.", "missingField",
        "historyPage", {"requestMessageId": "m-1"}, sender={"userId": "server"})
    sem("history-page-over-limit", "101 entries: one over maxHistoryPageSize.", "limitExceeded",
        "historyPage", {"requestMessageId": "m-1", "epoch": EPOCH,
                        "entries": [{"position": str(i), "storedTimeMs": "1",
                                     "envelope": b64(b"\x0a\x01m")} for i in range(1, 102)]},
        limit="maxHistoryPageSize", sender={"userId": "server"})
    sem("history-entry-position-zero", "An entry at position 0.", "invalidValue", "historyPage",
        {"requestMessageId": "m-1", "epoch": EPOCH,
         "entries": [{"storedTimeMs": "1", "envelope": b64(b"\x0a\x01m")}]},
        sender={"userId": "server"})
    sem("history-entry-stored-time-zero", "An entry without its stored time.", "invalidValue",
        "historyPage", {"requestMessageId": "m-1", "epoch": EPOCH,
                        "entries": [{"position": "1", "envelope": b64(b"\x0a\x01m")}]},
        sender={"userId": "server"})
    sem("history-entry-stored-time-negative", "An entry stored at -1 ms.", "invalidValue",
        "historyPage", {"requestMessageId": "m-1", "epoch": EPOCH,
                        "entries": [{"position": "1", "storedTimeMs": "-1",
                                     "envelope": b64(b"\x0a\x01m")}]},
        sender={"userId": "server"})
    sem("history-entry-empty-envelope", "An entry without the envelope's bytes.", "missingField",
        "historyPage", {"requestMessageId": "m-1", "epoch": EPOCH,
                        "entries": [{"position": "1", "storedTimeMs": "1"}]},
        sender={"userId": "server"})
    return out

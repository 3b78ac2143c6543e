"""reaction_summary.json: ReactionSummary bodies (the reactions to one message, per key)."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str, f_varint

KIND = "reaction_summary"

COUNT = "rtmwire.v1.ReactionCount"
UINT32_MAX = (1 << 32) - 1


def build(ctx):
    out = []
    add = out.append

    def env(name, reactions, **kw):
        value = {"targetMessageId": uid("text-typical")}
        if reactions is not None:
            value["reactions"] = reactions
        kw.setdefault("sender", {"userId": "server"})
        kw.setdefault("conversation", (GROUP, "team"))
        return envelope(name, "reactionSummary", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("reaction-summary-typical", "Two keys: 👍 by 3 users (the receiver among them, two "
              "listed most recent first) and 🎉 by 1.",
              env("reaction-summary-typical", [
                  {"key": "\U0001F44D", "count": 3, "recentUserIds": ["carol", "bob"],
                   "receiverReacted": True},
                  {"key": "\U0001F389", "count": 1, "recentUserIds": ["dave"]}])))
    add(Valid("reaction-summary-empty", "Every reaction was removed: no entries.",
              env("reaction-summary-empty", None, conversation=(PEER, "alice"))))
    add(Valid("reaction-summary-recent-at-limit", "10 recent users (maxReactionRecentUsers) of "
              "4,294,967,295 (UINT32_MAX, a 5-byte varint).",
              env("reaction-summary-recent-at-limit", [
                  {"key": ":+1:", "count": UINT32_MAX,
                   "recentUserIds": ["user-%d" % i for i in range(10)]}])))
    add(Valid("reaction-summary-count-only", "A count with no recent users listed.",
              env("reaction-summary-count-only", [{"key": "\u2764\ufe0f", "count": 42}])))
    add(Valid("reaction-summary-keys-byte-for-byte", "Keys compare byte for byte, never by "
              "Unicode equivalence: 👍 and 👍🏽, and é precomposed (U+00E9) and decomposed (e + "
              "U+0301), are four different keys.",
              env("reaction-summary-keys-byte-for-byte", [
                  {"key": "\U0001F44D", "count": 1}, {"key": "\U0001F44D\U0001F3FD", "count": 1},
                  {"key": "\u00e9", "count": 1}, {"key": "e\u0301", "count": 1}])))
    add(Valid("reaction-summary-inner-count", "A bare ReactionCount.",
              {"key": "\U0001F525", "count": 2, "recentUserIds": ["u1"],
               "receiverReacted": True}, type=COUNT))

    name = "reaction-summary-entries-split"
    add(NonCanonical(name, "recent_user_ids of one entry written unpacked around its count, "
                     "receiver_reacted as varint 7 (true).",
                     header(name, sender={"userId": "server"})
                     + f_len(28, f_str(1, "m-1") + f_len(2, f_str(3, "bob") + f_str(1, ":+1:")
                                                          + f_varint(2, 2) + f_str(3, "carol")
                                                          + f_varint(4, 7)))))

    name = "reaction-summary-invalid-utf8-user"
    add(Reject(name, "A recent user id holding the byte FF.", "invalidUTF8", "wire",
               hex=header(name) + f_len(28, f_str(1, "m-1") + f_len(2, f_str(1, "k")
                                                                   + f_varint(2, 1)
                                                                   + f_len(3, b"\xff")))))
    add(Reject("reaction-summary-empty-target", "A summary of no message.", "missingField",
               "semantic", json=envelope("reaction-summary-empty-target", "reactionSummary",
                                         {"reactions": [{"key": "k", "count": 1}]})))
    add(Reject("reaction-summary-duplicate-key", "The key 👍 listed twice.", "invalidValue",
               "semantic", json=env("reaction-summary-duplicate-key", [
                   {"key": "\U0001F44D", "count": 1}, {"key": "\U0001F44D", "count": 2}])))
    add(Reject("reaction-summary-count-zero", "An entry with count 0.", "invalidValue",
               "semantic", json=env("reaction-summary-count-zero", [{"key": "k"}])))
    add(Reject("reaction-summary-count-below-recent", "count 1 but two recent users listed.",
               "invalidValue", "semantic",
               json=env("reaction-summary-count-below-recent", [
                   {"key": "k", "count": 1, "recentUserIds": ["a", "b"]}])))
    add(Reject("reaction-summary-recent-over-limit", "11 recent users: one over "
               "maxReactionRecentUsers.", "limitExceeded", "semantic",
               json=env("reaction-summary-recent-over-limit", [
                   {"key": "k", "count": 11, "recentUserIds": ["u%d" % i for i in range(11)]}]),
               limit="maxReactionRecentUsers"))
    add(Reject("reaction-summary-duplicate-recent-user", "bob listed twice as a recent user.",
               "invalidValue", "semantic",
               json=env("reaction-summary-duplicate-recent-user", [
                   {"key": "k", "count": 2, "recentUserIds": ["bob", "bob"]}])))
    add(Reject("reaction-summary-empty-recent-user", "An empty recent user id.", "missingField",
               "semantic", json=env("reaction-summary-empty-recent-user", [
                   {"key": "k", "count": 2, "recentUserIds": ["bob", ""]}])))
    add(Reject("reaction-summary-key-over-grapheme-limit", "An entry whose key has 33 "
               "graphemes.", "limitExceeded", "semantic",
               json=env("reaction-summary-key-over-grapheme-limit", [
                   {"key": "b" * 33, "count": 1}]), limit="maxReactionKeyGraphemes"))
    return out

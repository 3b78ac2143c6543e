"""evolution.json: envelopes that use every new kind and field at once, for readers of an older
schema. Besides every runtime's results, generation records what readers built from the
baseline schema (Schemas/baseline, Scripts/evolution) did with each: `baseline`."""

from model import GROUP, PEER, Valid, envelope, uid

KIND = "evolution"

REPLY = {"messageUid": uid("text-typical"), "senderUserId": "bob", "excerpt": "See you at 10:30?"}
MENTIONS = {"userIds": ["bob", "carol"], "everyone": True}
# Go writes a set oneof member after every other field: it re-encodes these as header,
# reply_to, body.
ONEOF_LAST = "oneof-last"


def build(ctx):
    out = []
    add = out.append

    def env(name, body_field, body, reply=True, **kw):
        kw.setdefault("conversation", (GROUP, "team"))
        value = envelope(name, body_field, body, **kw)
        if reply:
            value["replyTo"] = REPLY
        return value

    older = ("A reader of the baseline schema keeps %s as unknown fields, re-encodes the envelope "
             "byte for byte and routes it by its header")

    add(Valid("evolution-text-mentions-reply", "A text (a kind the baseline knows) that mentions "
              "two users and everyone and replies to another message. " + older % (
                  "the mentions (field 2 inside the text) and the reply (field 64)") + ".",
              env("evolution-text-mentions-reply", "text",
                  {"text": "@bob @carol @all agreed", "mentions": MENTIONS}), topic=ONEOF_LAST))
    add(Valid("evolution-image-mentions", "An image whose caption mentions a user. " + older % (
              "the mentions (field 10 inside the image)") + ".",
              env("evolution-image-mentions", "image",
                  {"mediaId": "media-9", "size": "2048", "text": "@dave look",
                   "mentions": {"userIds": ["dave"]}}, reply=False)))
    add(Valid("evolution-file-mentions", "A file whose caption mentions everyone. " + older % (
              "the mentions (field 6 inside the file)") + ".",
              env("evolution-file-mentions", "file",
                  {"mediaId": "media-10", "size": "4096", "text": "@all",
                   "mentions": {"everyone": True}}, reply=False, conversation=(PEER, "bob"))))
    unknown = older + "; its body is of a kind the baseline does not know: no body, and an " \
                      "unknown field %d (RTMWire: bodyMember .unknown(fieldNumber: %d))."
    add(Valid("evolution-edit-text", "An edit (body 25) to a new text with mentions, replying. "
              + unknown % ("the edit and the reply", 25, 25),
              env("evolution-edit-text", "edit", {
                  "targetMessageId": uid("text-typical"), "editTimeMs": "1732147260456",
                  "text": {"text": "@bob lunch at 13:00", "mentions": {"userIds": ["bob"]}}}),
              topic=ONEOF_LAST))
    add(Valid("evolution-edit-caption", "An edit (body 25) to a new caption with mentions. "
              + unknown % ("the edit", 25, 25),
              env("evolution-edit-caption", "edit", {
                  "targetMessageId": uid("image-typical"), "editTimeMs": "1732147260457",
                  "caption": {"text": "with @carol", "mentions": {"userIds": ["carol"]}}},
                  reply=False)))
    add(Valid("evolution-recall", "A recall (body 26) by a moderator, with a reason. "
              + unknown % ("the recall", 26, 26),
              env("evolution-recall", "recall", {
                  "targetMessageId": uid("text-typical"), "recalledByUserId": "mod-1",
                  "reason": "off-topic"}, reply=False, sender={"userId": "mod-1"})))
    add(Valid("evolution-reaction", "A reaction (body 27), replying. "
              + unknown % ("the reaction and the reply", 27, 27),
              env("evolution-reaction", "reaction", {
                  "targetMessageId": uid("text-typical"), "key": "\U0001F44D\U0001F3FD",
                  "action": "REACTION_ACTION_ADD"}), topic=ONEOF_LAST))
    add(Valid("evolution-reaction-summary", "A reaction summary (body 28) with every field. "
              + unknown % ("the summary", 28, 28),
              env("evolution-reaction-summary", "reactionSummary", {
                  "targetMessageId": uid("text-typical"),
                  "reactions": [{"key": "\U0001F44D", "count": 3, "recentUserIds": ["bob", "carol"],
                                 "receiverReacted": True}]},
                  reply=False, sender={"userId": "server"})))
    add(Valid("evolution-typing", "A typing indicator (body 29) with an expiry hint. "
              + unknown % ("the indicator", 29, 29),
              env("evolution-typing", "typing",
                  {"state": "TYPING_STATE_STARTED", "expiresAfterMs": 5000}, reply=False,
                  conversation=(PEER, "bob"))))
    return out

"""recall.json: MessageRecall bodies ("delete for everyone")."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str

KIND = "recall"

RECALL = "rtmwire.v1.MessageRecall"


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "recall", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("recall-by-sender", "The sender recalls its own message; no reason.",
              env("recall-by-sender", {"targetMessageId": uid("text-typical"),
                                       "recalledByUserId": "alice"},
                  conversation=(PEER, "bob"))))
    add(Valid("recall-by-moderator", "A group moderator recalls another member's message, with "
              "a reason shown in the recall notice. Whether a moderator may is server policy.",
              env("recall-by-moderator", {"targetMessageId": uid("image-typical"),
                                          "recalledByUserId": "mod-1",
                                          "reason": "Removed: off-topic 🚫"},
                  sender={"userId": "mod-1", "displayName": "Moderator"},
                  conversation=(GROUP, "team"))))
    add(Valid("recall-reason-at-content-budget", "A reason of exactly 32,768 bytes "
              "(maxContentBytes).",
              env("recall-reason-at-content-budget", {"targetMessageId": "m-1",
                                                      "recalledByUserId": "alice",
                                                      "reason": "r" * 32768})))
    add(Valid("recall-inner-type", "A bare MessageRecall.",
              {"targetMessageId": "m-1", "recalledByUserId": "u", "reason": "typo"},
              type=RECALL))

    name = "recall-fields-reordered"
    add(NonCanonical(name, "reason, recalled_by_user_id, target_message_id in reverse order.",
                     header(name) + f_len(26, f_str(3, "oops") + f_str(2, "alice")
                                          + f_str(1, "m-1"))))

    name = "recall-invalid-utf8-reason"
    add(Reject(name, "The reason holds ED A0 80 (a UTF-8-encoded surrogate).", "invalidUTF8",
               "wire", hex=header(name) + f_len(26, f_str(1, "m-1") + f_str(2, "alice")
                                                + f_len(3, b"\xed\xa0\x80"))))
    add(Reject("recall-empty-target", "A recall that names no message.", "missingField",
               "semantic", json=env("recall-empty-target", {"recalledByUserId": "alice"})))
    add(Reject("recall-empty-recalled-by", "A recall that does not say who recalled.",
               "missingField", "semantic",
               json=env("recall-empty-recalled-by", {"targetMessageId": "m-1"})))
    add(Reject("recall-reason-over-content-budget", "A reason of 32,769 bytes.",
               "limitExceeded", "semantic",
               json=env("recall-reason-over-content-budget",
                        {"targetMessageId": "m-1", "recalledByUserId": "alice",
                         "reason": "r" * 32769}), limit="maxContentBytes"))
    return out

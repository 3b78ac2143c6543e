"""stream.json: StreamMessage bodies (a streaming message as first delivered) and the pull
request and response by which a client asks for a stream's content again."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, envelope
from wire import f_len, f_str, f_varint, tag, VARINT

KIND = "stream"

STREAM = "rtmwire.v1.StreamMessage"
UID = "BJ9N-Q7RS-PD5G-3CLD"
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "stream", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("stream-typical", "A streaming message as first delivered: uid, markdown "
              "content type and the initial packet; not complete yet.",
              env("stream-typical", {"messageUid": UID, "contentType": "text/markdown",
                                     "content": "# Answer\nThe first"}, conversation=(PEER, "bot"))))
    add(Valid("stream-uid-only", "Only the required message uid.",
              env("stream-uid-only", {"messageUid": UID})))
    add(Valid("stream-every-field", "Every StreamMessage field set, including a reference with "
              "every field: complete, complete_reason 7, stop_reason 2, synced, and the summary "
              "a conversation list shows.",
              env("stream-every-field", {
                  "messageUid": UID, "contentType": "text/plain",
                  "content": "The complete answer.", "isComplete": True, "completeReason": 7,
                  "stopReason": 2, "isSync": True, "summary": "An answer, in one line.",
                  "reference": {"messageUid": "BJ9N-Q7RS-PD5G-0001", "senderUserId": "alice",
                                "excerpt": "What is RTM?"}},
                  conversation=(GROUP, "group-1001"))))
    add(Valid("stream-complete-reason-minus-one", "complete_reason = -1: a negative int32 is "
              "encoded as a 10-byte varint (ff ff ff ff ff ff ff ff ff 01), not 5 bytes.",
              env("stream-complete-reason-minus-one", {"messageUid": UID, "isComplete": True,
                                                        "completeReason": -1})))
    add(Valid("stream-int32-extremes", "complete_reason = INT32_MIN (-2147483648, 10 bytes) and "
              "stop_reason = INT32_MAX (2147483647, 5 bytes).",
              env("stream-int32-extremes", {"messageUid": UID, "isComplete": True,
                                            "completeReason": INT32_MIN,
                                            "stopReason": INT32_MAX})))
    add(Valid("stream-reference-uid-only", "A reference with only the referenced message uid.",
              env("stream-reference-uid-only", {"messageUid": UID, "content": "Re:",
                                                "reference": {"messageUid": "ref-1"}})))
    add(Valid("stream-unicode-content", "Unicode content, content type and excerpt: Chinese, "
              "emoji, Arabic (RTL), combining marks.",
              env("stream-unicode-content", {
                  "messageUid": UID, "contentType": "text/markdown; charset=utf-8",
                  "content": "**答案** 🤖: مرحبا — Zoe\u0308",
                  "reference": {"messageUid": "ref-2", "senderUserId": "用户",
                                "excerpt": "问题 ❓"}})))
    add(Valid("stream-inner-type", "A bare StreamMessage.", {"messageUid": "u", "isSync": True},
              type=STREAM))

    name = "stream-int32-as-64-bit-varint"
    add(NonCanonical(name, "complete_reason (int32) written as the varint of 2^32 + 7: the low 32 "
                     "bits are kept (7).",
                     header(name) + f_len(21, f_str(1, UID) + f_varint(5, (1 << 32) + 7))))
    name = "stream-int32-minus-one-as-5-bytes"
    add(NonCanonical(name, "stop_reason = -1 written as the 5-byte varint ff ff ff ff 0f "
                     "(0xFFFFFFFF, not sign-extended): read as int32 -1, re-encoded in the "
                     "canonical 10 bytes.",
                     header(name) + f_len(21, f_str(1, UID) + tag(6, VARINT)
                                          + b"\xff\xff\xff\xff\x0f")))
    name = "stream-bool-as-two"
    add(NonCanonical(name, "is_complete and is_sync written as varint 2 and 255: both true.",
                     header(name) + f_len(21, f_str(1, UID) + f_varint(4, 2) + f_varint(7, 255))))
    name = "stream-reference-split-merged"
    add(NonCanonical(name, "The reference in two occurrences (uid, then excerpt): merged.",
                     header(name) + f_len(21, f_str(1, UID) + f_len(8, f_str(1, "ref-1"))
                                          + f_str(3, "partial") + f_len(8, f_str(3, "excerpt"))),
                     topic="split-replaced"))
    name = "stream-body-repeated-merged"
    add(NonCanonical(name, "The stream body occurs twice (uid and content, then is_complete): "
                     "Google merges; protobuf-c keeps only the last oneof occurrence.",
                     header(name) + f_len(21, f_str(1, UID) + f_str(3, "abc"))
                     + f_len(21, f_varint(4, 1)), topic="oneof-twice"))

    name = "stream-invalid-utf8-content"
    add(Reject(name, "content holds F0 9F 98 (a 4-byte emoji cut after 3 bytes) before more "
               "text.", "invalidUTF8", "wire",
               hex=header(name) + f_len(21, f_str(1, UID) + f_len(3, b"hi \xf0\x9f\x98 there"))))

    add(Reject("stream-empty-message-uid", "A stream message with content but no message uid.",
               "missingField", "semantic",
               json=env("stream-empty-message-uid", {"contentType": "text/plain",
                                                      "content": "orphan"})))
    add(Reject("stream-reference-empty-message-uid", "A reference that is present (sender and "
               "excerpt) but has no message uid.", "missingField", "semantic",
               json=env("stream-reference-empty-message-uid",
                        {"messageUid": UID, "reference": {"senderUserId": "alice",
                                                          "excerpt": "quoted"}})))

    add(Reject("stream-reference-excerpt-over-limit", "A reference excerpt of 1,025 bytes: one "
               "over maxExcerptBytes, as for a reply's.", "limitExceeded", "semantic",
               json=env("stream-reference-excerpt-over-limit",
                        {"messageUid": UID, "reference": {"messageUid": "m-0",
                                                          "excerpt": "e" * 1025}}),
               limit="maxExcerptBytes"))

    # ---- pulling a stream's content (requestStreamMessageWithParams) -----------------------------
    def pull(name, member, value, **kw):
        return envelope(name, member, value, conversation=(PEER, "bot"), **kw)

    add(Valid("stream-pull-request", "A client asks for the content of stream " + UID + ".",
              pull("stream-pull-request", "streamPullRequest", {"streamMessageId": UID})))
    add(Valid("stream-pull-response-ok", "The server's answer, code 0: the content follows as "
              "chunks.", pull("stream-pull-response-ok", "streamPullResponse",
                              {"streamMessageId": UID})))
    add(Valid("stream-pull-response-error", "The server's answer with error code 25101 (no "
              "such stream): no chunk follows.",
              pull("stream-pull-response-error", "streamPullResponse",
                   {"streamMessageId": UID, "code": 25101})))
    add(Reject("stream-pull-request-no-id", "A pull request that names no stream.",
               "missingField", "semantic",
               json=pull("stream-pull-request-no-id", "streamPullRequest", {})))
    return out

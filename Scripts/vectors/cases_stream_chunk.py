"""stream_chunk.json: StreamChunk bodies (init, delta, complete events)."""

from model import PEER, NonCanonical, Reject, Valid, envelope
from wire import f_len, f_str, f_varint

KIND = "stream_chunk"

CHUNK = "rtmwire.v1.StreamChunk"
SID = "BJ9N-Q7RS-PD5G-3CLD"
INT32_MIN = -(1 << 31)
UINT64_MAX = (1 << 64) - 1


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "streamChunk", value, conversation=(PEER, "bot"), **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, conversation=(PEER, "bot"), **kw))

    add(Valid("stream-chunk-init-empty", "An init event with no content type at sequence 0: "
              "the set oneof member is encoded even though empty (1a 00); sequence 0 is absent.",
              env("stream-chunk-init-empty", {"streamId": SID, "init": {}})))
    add(Valid("stream-chunk-init-content-type", "An init event naming the content type.",
              env("stream-chunk-init-content-type",
                  {"streamId": SID, "init": {"contentType": "text/markdown"}})))
    add(Valid("stream-chunk-delta", "A delta event: the next piece of content, sequence 1.",
              env("stream-chunk-delta", {"streamId": SID, "sequence": "1",
                                         "delta": {"content": "Hello, "}})))
    add(Valid("stream-chunk-delta-unicode", "A delta with CJK, emoji, RTL and combining marks.",
              env("stream-chunk-delta-unicode", {"streamId": SID, "sequence": "2",
                                                 "delta": {"content": "世界 🌍 עולם a\u0300"}})))
    add(Valid("stream-chunk-complete-every-field", "A complete event with every field: code, "
              "stop_reason, summary, complete_reason.",
              env("stream-chunk-complete-every-field", {
                  "streamId": SID, "sequence": "3",
                  "complete": {"code": 200, "stopReason": 1, "summary": "Greeting: Hello, 世界",
                               "completeReason": 5}})))
    add(Valid("stream-chunk-complete-negative", "A complete event with code -1 and "
              "complete_reason INT32_MIN: 10-byte varints.",
              env("stream-chunk-complete-negative", {
                  "streamId": SID, "sequence": "4",
                  "complete": {"code": -1, "completeReason": INT32_MIN}})))
    add(Valid("stream-chunk-complete-empty", "A complete event with every field default: "
              "success, normal termination (2a 00).",
              env("stream-chunk-complete-empty", {"streamId": SID, "sequence": "9",
                                                  "complete": {}})))
    add(Valid("stream-chunk-sequence-max-uint64", "sequence = 18446744073709551615 (max uint64, "
              "10-byte varint).",
              env("stream-chunk-sequence-max-uint64", {"streamId": SID,
                                                       "sequence": str(UINT64_MAX),
                                                       "delta": {"content": "last"}})))
    add(Valid("stream-chunk-inner-type", "A bare StreamChunk with an empty init.",
              {"streamId": "s", "init": {}}, type=CHUNK))

    name = "stream-chunk-event-last-member-wins"
    add(NonCanonical(name, "init, then delta in one chunk: the last event member set wins.",
                     header(name) + f_len(22, f_str(1, SID) + f_len(3, f_str(1, "text/plain"))
                                          + f_len(4, f_str(1, "piece")))))
    name = "stream-chunk-delta-repeated-merged"
    add(NonCanonical(name, "The delta member occurs twice: the messages merge and the later "
                     "content wins (strings are replaced, not appended). protobuf-c keeps only "
                     "the last occurrence, which here gives the same result.",
                     header(name) + f_len(22, f_str(1, SID) + f_varint(2, 1)
                                          + f_len(4, f_str(1, "old")) + f_len(4, f_str(1, "new")))))
    name = "stream-chunk-complete-split-merged"
    add(NonCanonical(name, "The complete member in two occurrences (code and stop_reason, then "
                     "summary): Google merges all three fields; protobuf-c keeps only the "
                     "summary.",
                     header(name) + f_len(22, f_str(1, SID) + f_len(5, f_varint(1, 3) + f_varint(2, 4))
                                          + f_len(5, f_str(3, "done"))), topic="oneof-twice"))
    name = "stream-chunk-sequence-overlong"
    add(NonCanonical(name, "sequence = 5 written as a 4-byte varint.",
                     header(name) + f_len(22, f_str(1, SID) + f_varint(2, 5, width=4)
                                          + f_len(3, b""))))
    add(NonCanonical("stream-chunk-inner-empty-member-twice", "A bare StreamChunk whose empty "
                     "init occurs twice (1a 00 1a 00): one init.",
                     f_str(1, "s") + b"\x1a\x00\x1a\x00", type=CHUNK))

    name = "stream-chunk-invalid-utf8-summary"
    add(Reject(name, "The complete event's summary holds E0 80 80 (an overlong 3-byte form).",
               "invalidUTF8", "wire",
               hex=header(name) + f_len(22, f_str(1, SID) + f_len(5, f_len(3, b"\xe0\x80\x80")))))

    add(Reject("stream-chunk-no-event", "A chunk with a stream id and sequence but no event.",
               "missingField", "semantic",
               json=env("stream-chunk-no-event", {"streamId": SID, "sequence": "1"})))
    add(Reject("stream-chunk-empty-stream-id", "A delta chunk without a stream id.",
               "missingField", "semantic",
               json=env("stream-chunk-empty-stream-id", {"sequence": "1",
                                                         "delta": {"content": "x"}})))
    return out

"""receipt.json: delivery, message read, conversation read, group read, group read count and
the paged group acks (query and page)."""

from model import CHANNEL, GROUP, PEER, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str, f_varint, packed, tag, varint

KIND = "receipt"

RECEIPT = "rtmwire.v1.Receipt"
DELIVERY = "rtmwire.v1.DeliveryReceipt"
T0 = 1732147200000
INT64_MAX = (1 << 63) - 1
INT64_MIN = -(1 << 63)


def ids(prefix, count):
    return [uid("%s-%d" % (prefix, i)) for i in range(count)]


def build(ctx):
    out = []
    add = out.append

    def env(name, receipt, conversation=(PEER, "bob"), **kw):
        return envelope(name, "receipt", receipt, conversation=conversation, **kw)

    def header(name, conversation=(PEER, "bob"), **kw):
        return ctx.enc(envelope(name, None, conversation=conversation, **kw))

    def receipt_bytes(value):
        return ctx.enc(value, RECEIPT)

    # ---- valid ------------------------------------------------------------------------------
    one = ids("one", 1)
    add(Valid("receipt-delivery-one-id", "A delivery receipt for one message, no delivery "
              "times (delivered_at_ms empty).",
              env("receipt-delivery-one-id", {"delivery": {"messageIds": one}})))
    add(Valid("receipt-delivery-one-id-with-time", "A delivery receipt for one message with its "
              "delivery time.",
              env("receipt-delivery-one-id-with-time",
                  {"delivery": {"messageIds": ids("t", 1), "deliveredAtMs": [str(T0)]}})))
    three = ids("three", 3)
    add(Valid("receipt-delivery-three-ids", "A batched delivery receipt: three ids and three "
              "times, packed (one length-delimited run of varints).",
              env("receipt-delivery-three-ids",
                  {"delivery": {"messageIds": three,
                                "deliveredAtMs": [str(T0), str(T0 + 15), str(T0 + 2000)]}})))
    add(Valid("receipt-delivery-extreme-times", "delivered_at_ms holding 0, 1 and INT64_MAX: "
              "the packed run mixes 1- and 9-byte varints (negative times, 10 bytes each, are "
              "the semantic rejects below).",
              env("receipt-delivery-extreme-times",
                  {"delivery": {"messageIds": ids("extreme", 3),
                                "deliveredAtMs": ["0", "1", str(INT64_MAX)]}})))
    many = ids("many", 1000)
    add(Valid("receipt-delivery-1000-ids", "A delivery receipt with 1,000 ids and 1,000 times: "
              "exactly maxRepeatedCount.",
              env("receipt-delivery-1000-ids",
                  {"delivery": {"messageIds": many,
                                "deliveredAtMs": [str(T0 + 37 * i) for i in range(1000)]}})))
    add(Valid("receipt-message-read", "A message read receipt in a one-to-one chat.",
              env("receipt-message-read", {"messageRead": {"messageId": one[0]}})))
    add(Valid("receipt-conversation-read", "A conversation read receipt: names the conversation "
              "(the peer's user id), no message.",
              env("receipt-conversation-read", {"conversationRead": {"conversationId": "bob"}})))
    add(Valid("receipt-group-read-every-field", "A group read receipt with every field: message "
              "id, group id, free-form content (Unicode), ack id, read time and reader.",
              env("receipt-group-read-every-field",
                  {"groupRead": {"messageId": one[0], "groupId": "group-1001",
                                 "content": "已读 ✔️ נקרא", "ackId": "ack-000042",
                                 "readTimeMs": str(T0 + 5), "readerUserId": "carol"}},
                  conversation=(GROUP, "group-1001"))))
    group = (GROUP, "group-1001")

    def ack(n, reader):
        return {"messageId": one[0], "groupId": "group-1001", "ackId": "ack-%d" % n,
                "readerUserId": reader, "readTimeMs": str(T0 + n)}

    add(Valid("receipt-group-ack-query", "The sender asks for the page of 20 read receipts that "
              "starts at ack-21 (asyncFetchGroupMessageAcksFromServer).",
              env("receipt-group-ack-query",
                  {"groupAckQuery": {"messageId": one[0], "groupId": "group-1001",
                                     "startAckId": "ack-21", "pageSize": 20}},
                  conversation=group)))
    add(Valid("receipt-group-ack-query-first-page", "The first page (no cursor) of 100 read "
              "receipts: exactly maxGroupAckPageSize.",
              env("receipt-group-ack-query-first-page",
                  {"groupAckQuery": {"messageId": one[0], "groupId": "group-1001",
                                     "pageSize": 100}}, conversation=group)))
    add(Valid("receipt-group-ack-page", "A page of two read receipts (readers carol and dave, "
              "one with content), the cursor of the next page and the total of five.",
              env("receipt-group-ack-page",
                  {"groupAckPage": {"messageId": one[0], "groupId": "group-1001",
                                    "acks": [dict(ack(1, "carol"), content="👍"),
                                             ack(2, "dave")],
                                    "nextAckId": "ack-3", "totalCount": 5}},
                  conversation=group)))
    add(Valid("receipt-group-ack-page-empty", "An empty last page (a cursor the server does not "
              "know): no receipts, no next cursor, the total.",
              env("receipt-group-ack-page-empty",
                  {"groupAckPage": {"messageId": one[0], "groupId": "group-1001",
                                    "totalCount": 3}}, conversation=group)))
    add(Valid("receipt-group-read-minimal", "A group read receipt with only message id and "
              "group id.",
              env("receipt-group-read-minimal",
                  {"groupRead": {"messageId": one[0], "groupId": "group-1001"}},
                  conversation=(GROUP, "group-1001"))))
    add(Valid("receipt-group-read-count", "A group read count: 12 members have read.",
              env("receipt-group-read-count",
                  {"groupReadCount": {"messageId": one[0], "groupId": "group-1001",
                                      "readCount": 12}}, conversation=(GROUP, "group-1001"))))
    add(Valid("receipt-group-read-count-zero", "A group read count of 0: the default, so "
              "read_count is absent on the wire.",
              env("receipt-group-read-count-zero",
                  {"groupReadCount": {"messageId": one[0], "groupId": "group-1001"}},
                  conversation=(GROUP, "group-1001"))))
    add(Valid("receipt-group-read-count-max-uint32", "read_count = 4,294,967,295 (max uint32).",
              env("receipt-group-read-count-max-uint32",
                  {"groupReadCount": {"messageId": one[0], "groupId": "group-1001",
                                      "readCount": 4294967295}},
                  conversation=(GROUP, "group-1001"))))
    add(Valid("receipt-inner-delivery", "A bare DeliveryReceipt with two ids and times.",
              {"messageIds": ["m1", "m2"], "deliveredAtMs": ["1", "2"]}, type=DELIVERY))

    # ---- noncanonical -------------------------------------------------------------------------
    times = [T0, T0 + 15, T0 + 2000]
    ids_bytes = b"".join(f_str(1, i) for i in three)
    name = "receipt-delivered-unpacked"
    add(NonCanonical(name, "delivered_at_ms (repeated int64) as three separate varint fields, "
                     "each with tag 10 (unpacked): accepted; the canonical form is one packed run.",
                     header(name) + f_len(20, f_len(1, ids_bytes + b"".join(
                         f_varint(2, t) for t in times)))))
    name = "receipt-delivered-packed-split"
    add(NonCanonical(name, "delivered_at_ms as two packed runs (one time, then two): the runs "
                     "concatenate into one list.",
                     header(name) + f_len(20, f_len(1, ids_bytes + f_len(2, packed(times[:1]))
                                                    + f_len(2, packed(times[1:]))))))
    name = "receipt-delivered-mixed-packed-unpacked"
    add(NonCanonical(name, "delivered_at_ms as one unpacked varint, then a packed run of two: "
                     "one list of three, in wire order.",
                     header(name) + f_len(20, f_len(1, ids_bytes + f_varint(2, times[0])
                                                    + f_len(2, packed(times[1:]))))))
    name = "receipt-ids-and-times-interleaved"
    add(NonCanonical(name, "message_ids and unpacked delivered_at_ms entries interleaved "
                     "(id, time, id, time, id, time): each list keeps its own order.",
                     header(name) + f_len(20, f_len(1, b"".join(
                         f_str(1, i) + f_varint(2, t) for i, t in zip(three, times))))))
    name = "receipt-delivery-repeated-merged"
    add(NonCanonical(name, "The delivery member occurs twice inside one Receipt (one id and "
                     "time each): Google merges them and concatenates the repeated fields (two "
                     "ids, two times); protobuf-c 1.4.1 keeps only the last occurrence of a "
                     "oneof member.",
                     header(name) + f_len(20, f_len(1, f_str(1, three[0]) + f_len(2, packed(times[:1])))
                                          + f_len(1, f_str(1, three[1]) + f_len(2, packed(times[1:2])))),
                     topic="oneof-twice"))
    name = "receipt-body-repeated-merged"
    add(NonCanonical(name, "The receipt body occurs twice in the envelope, each holding a "
                     "delivery with one id: the envelope's oneof member merges, then the "
                     "receipt's delivery member merges; two ids result. protobuf-c keeps only the "
                     "last receipt.",
                     header(name) + f_len(20, f_len(1, f_str(1, three[0])))
                     + f_len(20, f_len(1, f_str(1, three[1]))), topic="oneof-twice"))
    name = "receipt-kind-last-member-wins"
    add(NonCanonical(name, "message_read, then conversation_read in one Receipt: the last "
                     "member set wins.",
                     header(name) + f_len(20, f_len(2, f_str(1, three[0]))
                                          + f_len(3, f_str(1, "bob")))))
    add(NonCanonical("receipt-inner-delivered-unpacked", "A bare DeliveryReceipt with its two "
                     "times unpacked.", f_str(1, "m1") + f_str(1, "m2") + f_varint(2, 1)
                     + f_varint(2, 2), type=DELIVERY))

    # ---- reject: wire -------------------------------------------------------------------------
    name = "receipt-packed-run-ends-inside-varint"
    add(Reject(name, "delivered_at_ms's packed run declares 3 bytes, but its second varint "
               "needs more (01 ff ff | ...): the run's end cuts a value. The DeliveryReceipt goes "
               "on after the run.", "trailingBytes", "wire",
               hex=header(name) + f_len(20, f_len(1, f_str(1, "m1") + f_len(2, b"\x01\xff\xff")
                                                  + b"\x01" + f_str(1, "m2"))),
               topic="packed-overrun"))
    add(Reject("receipt-inner-packed-run-past-end", "A bare DeliveryReceipt whose packed run "
               "declares 20 bytes with 2 present.", "lengthPastEnd", "wire",
               hex=f_str(1, "m1") + tag(2, 2) + varint(20) + b"\x01\x02", type=DELIVERY,
               topic="packed-past-end"))
    name = "receipt-invalid-utf8-message-id"
    add(Reject(name, "The second of two message_ids holds C1 BF (an overlong 2-byte form).",
               "invalidUTF8", "wire",
               hex=header(name) + f_len(20, f_len(1, f_str(1, "m1") + f_len(1, b"m\xc1\xbf")))))

    # ---- reject: semantic ----------------------------------------------------------------------
    def sem(name, description, error, receipt, conversation=(PEER, "bob"), limit=None):
        add(Reject(name, description, error, "semantic", limit=limit,
                   json=env(name, receipt, conversation=conversation)))

    sem("receipt-no-kind", "An empty receipt body (a2 01 00): no kind set.", "missingField", {})
    sem("receipt-delivery-no-ids", "A delivery receipt with no ids (and no times).",
        "missingField", {"delivery": {}})
    sem("receipt-delivery-times-count-mismatch", "Two ids but one delivery time: "
        "delivered_at_ms must be empty or exactly as long as message_ids.", "invalidValue",
        {"delivery": {"messageIds": three[:2], "deliveredAtMs": [str(T0)]}})
    sem("receipt-delivery-time-minus-one", "Delivery times T0 and -1: a negative time is "
        "invalid (0 means unknown). Wire-valid: the packed run holds a 10-byte varint.",
        "invalidValue", {"delivery": {"messageIds": three[:2], "deliveredAtMs": [str(T0), "-1"]}})
    sem("receipt-delivery-time-int64-min", "A delivery time of INT64_MIN: invalid, as every "
        "negative time; wire-valid (80 80 80 80 80 80 80 80 80 01 in a packed run).",
        "invalidValue", {"delivery": {"messageIds": one, "deliveredAtMs": [str(INT64_MIN)]}})
    sem("receipt-group-read-time-minus-one", "A group read receipt read at -1 ms: a negative "
        "time is invalid (0 means unknown).", "invalidValue",
        {"groupRead": {"messageId": one[0], "groupId": "group-1001", "readTimeMs": "-1"}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-delivery-in-group", "A delivery receipt in a group conversation: a group has "
        "only group read receipts.", "invalidValue",
        {"delivery": {"messageIds": one}}, conversation=(GROUP, "group-1001"))
    sem("receipt-message-read-in-group", "A one-to-one message read receipt in a group "
        "conversation.", "invalidValue", {"messageRead": {"messageId": one[0]}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-read-count-in-peer", "A group read count in a one-to-one conversation.",
        "invalidValue", {"groupReadCount": {"messageId": one[0], "groupId": "group-1001",
                                            "readCount": 1}})
    sem("receipt-group-read-other-group", "A group read receipt naming group-2002 in the "
        "conversation of group-1001.", "invalidValue",
        {"groupRead": {"messageId": one[0], "groupId": "group-2002"}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-read-content-over-budget", "Group read content of 32,769 bytes: one over "
        "maxContentBytes.", "limitExceeded",
        {"groupRead": {"messageId": one[0], "groupId": "group-1001", "content": "x" * 32_769}},
        conversation=(GROUP, "group-1001"), limit="maxContentBytes")
    sem("receipt-group-ack-query-page-size-zero", "A query for a page of 0 receipts.",
        "invalidValue", {"groupAckQuery": {"messageId": one[0], "groupId": "group-1001"}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-ack-query-page-size-101", "A query for 101 receipts: one over "
        "maxGroupAckPageSize.", "limitExceeded",
        {"groupAckQuery": {"messageId": one[0], "groupId": "group-1001", "pageSize": 101}},
        conversation=(GROUP, "group-1001"), limit="maxGroupAckPageSize")
    sem("receipt-group-ack-query-in-peer", "A group ack query in a one-to-one conversation.",
        "invalidValue", {"groupAckQuery": {"messageId": one[0], "groupId": "group-1001",
                                           "pageSize": 10}})
    page_acks = [{"messageId": one[0], "groupId": "group-1001", "ackId": "ack-%d" % n,
                  "readerUserId": "user-%d" % n} for n in range(101)]
    sem("receipt-group-ack-page-101-acks", "A page of 101 receipts: one over "
        "maxGroupAckPageSize.", "limitExceeded",
        {"groupAckPage": {"messageId": one[0], "groupId": "group-1001", "acks": page_acks,
                          "totalCount": 101}},
        conversation=(GROUP, "group-1001"), limit="maxGroupAckPageSize")
    sem("receipt-group-ack-page-other-message", "A page whose receipt is of another message.",
        "invalidValue",
        {"groupAckPage": {"messageId": one[0], "groupId": "group-1001",
                          "acks": [dict(page_acks[0], messageId="another")], "totalCount": 1}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-ack-page-no-ack-id", "A paged receipt without its ack id.",
        "missingField",
        {"groupAckPage": {"messageId": one[0], "groupId": "group-1001",
                          "acks": [dict(page_acks[0], ackId="")], "totalCount": 1}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-ack-page-no-reader", "A paged receipt that names no reader.",
        "missingField",
        {"groupAckPage": {"messageId": one[0], "groupId": "group-1001",
                          "acks": [dict(page_acks[0], readerUserId="")], "totalCount": 1}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-delivery-1001-ids", "1,001 ids: one over maxRepeatedCount.", "limitExceeded",
        {"delivery": {"messageIds": ids("many", 1001)}}, limit="maxRepeatedCount")
    sem("receipt-message-read-no-id", "A message read receipt with an empty message id.",
        "missingField", {"messageRead": {}})
    sem("receipt-conversation-read-no-id", "A conversation read receipt with an empty "
        "conversation id.", "missingField", {"conversationRead": {}})
    sem("receipt-conversation-read-in-group", "A conversation read receipt in a group "
        "conversation: only one-to-one (peer) chats have conversation read receipts.",
        "invalidValue", {"conversationRead": {"conversationId": "group-1001"}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-conversation-read-in-channel", "A conversation read receipt in a channel "
        "conversation.", "invalidValue", {"conversationRead": {"conversationId": "lobby"}},
        conversation=(CHANNEL, "lobby"))
    sem("receipt-group-read-in-peer", "A group read receipt in a one-to-one (peer) "
        "conversation: group read receipts belong to group conversations.", "invalidValue",
        {"groupRead": {"messageId": one[0], "groupId": "group-1001"}})
    sem("receipt-group-read-no-group-id", "A group read receipt without a group id.",
        "missingField", {"groupRead": {"messageId": one[0], "content": "seen"}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-read-no-message-id", "A group read receipt without a message id.",
        "missingField", {"groupRead": {"groupId": "group-1001"}},
        conversation=(GROUP, "group-1001"))
    sem("receipt-group-read-count-no-group-id", "A group read count without a group id.",
        "missingField", {"groupReadCount": {"messageId": one[0], "readCount": 3}},
        conversation=(GROUP, "group-1001"))
    return out

"""metadata.json: MetadataMessage bodies (storage requests, responses and events)."""

from model import CHANNEL, NonCanonical, Reject, Valid, envelope
from wire import f_len, f_str, f_varint, nested_groups

KIND = "metadata"

METADATA_MESSAGE = "rtmwire.v1.MetadataMessage"
ITEM = "rtmwire.v1.MetadataItem"
INT64_MAX = (1 << 63) - 1
INT64_MIN = -(1 << 63)
UINT64_MAX = (1 << 64) - 1
T0 = 1732147200000

CHANNEL_MSG = {"channel": {"channelName": "lobby", "channelType": "CHANNEL_TYPE_MESSAGE"}}
CHANNEL_STREAM = {"channel": {"channelName": "live-42", "channelType": "CHANNEL_TYPE_STREAM"}}
USER = {"userId": "alice"}


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "metadata", value, conversation=(CHANNEL, "lobby"), **kw)

    def header(name):
        return ctx.enc(envelope(name, None, conversation=(CHANNEL, "lobby")))

    def request(name, description, req, **kw):
        add(Valid(name, description, env(name, {"request": req}), **kw))

    def enc(value, type_name=METADATA_MESSAGE):
        return ctx.enc(value, type_name)

    # ---- valid: requests ------------------------------------------------------------------------
    request("metadata-request-set-every-field",
            "setChannelMetadata with every request field: request id, SET, a message-channel "
            "target, two items (revision -1 = no compare-and-set, a 10-byte varint; revision 7 = "
            "CAS), major revision 3, both options on, a lock name.",
            {"requestId": "req-0001", "operation": "METADATA_OPERATION_SET",
             "target": CHANNEL_MSG,
             "metadata": {"items": [{"key": "topic", "value": "Release planning",
                                     "revision": "-1"},
                                    {"key": "owner", "value": "alice", "revision": "7"}],
                          "majorRevision": "3"},
             "options": {"recordTimestamp": True, "recordUserId": True},
             "lockName": "topic-lock"})
    request("metadata-request-acquire-lock", "acquireLock: the lock topic-lock of a message "
            "channel, for the requester.",
            {"requestId": "req-0010", "operation": "METADATA_OPERATION_ACQUIRE_LOCK",
             "target": CHANNEL_MSG, "lockName": "topic-lock"})
    request("metadata-request-release-lock", "releaseLock: topic-lock given back.",
            {"requestId": "req-0011", "operation": "METADATA_OPERATION_RELEASE_LOCK",
             "target": CHANNEL_MSG, "lockName": "topic-lock"})
    request("metadata-request-get-user", "getUserMetadata for a user id: no metadata, no "
            "options.", {"requestId": "req-0002", "operation": "METADATA_OPERATION_GET",
                         "target": USER})
    request("metadata-request-update-stream-channel", "updateChannelMetadata on a stream "
            "channel, with the record-timestamp option only, item revision 12 (CAS) and major "
            "revision -1 (no CAS).",
            {"requestId": "req-0003", "operation": "METADATA_OPERATION_UPDATE",
             "target": CHANNEL_STREAM,
             "metadata": {"items": [{"key": "score", "value": "3:1", "revision": "12"}],
                          "majorRevision": "-1"},
             "options": {"recordTimestamp": True}})
    request("metadata-request-remove-keys", "removeUserMetadata naming two items by key (values "
            "empty), with the record-user-id option only.",
            {"requestId": "req-0004", "operation": "METADATA_OPERATION_REMOVE", "target": USER,
             "metadata": {"items": [{"key": "status"}, {"key": "mood"}]},
             "options": {"recordUserId": True}})
    request("metadata-request-remove-all", "removeChannelMetadata with an empty metadata (no "
            "items named = remove all): the empty sub-message is present (22 00) and the "
            "options sub-message too (2a 00).",
            {"requestId": "req-0005", "operation": "METADATA_OPERATION_REMOVE",
             "target": CHANNEL_MSG, "metadata": {}, "options": {}})
    request("metadata-request-subscribe", "subscribeUserMetadata.",
            {"requestId": "req-0006", "operation": "METADATA_OPERATION_SUBSCRIBE",
             "target": {"userId": "bob"}})
    request("metadata-request-unsubscribe", "unsubscribeUserMetadata.",
            {"requestId": "req-0007", "operation": "METADATA_OPERATION_UNSUBSCRIBE",
             "target": {"userId": "bob"}})
    request("metadata-request-key-and-value-at-limits", "One item whose key is exactly 256 "
            "bytes (maxMetadataKeyBytes) and whose value is exactly 8,192 bytes "
            "(maxMetadataValueBytes; 2,048 four-byte emoji: the limit counts UTF-8 bytes).",
            {"requestId": "req-0008", "operation": "METADATA_OPERATION_SET", "target": USER,
             "metadata": {"items": [{"key": "k" * 250 + "-limit", "value": "🔑" * 2048}]}})
    request("metadata-request-1000-items", "A set request with 1,000 items: exactly "
            "maxRepeatedCount.",
            {"requestId": "req-0009", "operation": "METADATA_OPERATION_SET",
             "target": CHANNEL_MSG,
             "metadata": {"items": [{"key": "k%04d" % i, "value": str(i)} for i in range(1000)]}})
    request("metadata-request-unicode", "Unicode keys and values: CJK, emoji, Arabic (RTL), "
            "combining marks.",
            {"requestId": "req-0010", "operation": "METADATA_OPERATION_SET",
             "target": {"userId": "用户-7"},
             "metadata": {"items": [{"key": "昵称", "value": "小明 🐼"},
                                    {"key": "الحالة", "value": "متاح"},
                                    {"key": "cafe\u0301", "value": "ok"}]}})

    # ---- valid: responses -----------------------------------------------------------------------
    def response(name, description, resp):
        add(Valid(name, description, env(name, {"response": resp})))

    response("metadata-response-ok-every-field", "A get response with every field: request "
             "id, operation, target, status OK (0, absent), and a set whose items carry the "
             "read-only author user id and update time; revision INT64_MAX, update time max "
             "uint64, major revision 9.",
             {"requestId": "req-0002", "operation": "METADATA_OPERATION_GET", "target": USER,
              "metadata": {"items": [{"key": "status", "value": "busy",
                                      "authorUserId": "alice", "revision": str(INT64_MAX),
                                      "updateTimeMs": str(UINT64_MAX)},
                                     {"key": "mood", "value": "🙂", "authorUserId": "bob",
                                      "revision": "1", "updateTimeMs": str(T0)}],
                           "majorRevision": "9"}})
    response("metadata-response-revision-conflict", "A set answered with "
             "METADATA_STATUS_REVISION_CONFLICT and an error message.",
             {"requestId": "req-0001", "operation": "METADATA_OPERATION_SET",
              "target": CHANNEL_MSG, "status": "METADATA_STATUS_REVISION_CONFLICT",
              "errorMessage": "major revision 3 does not match stored 4"})
    response("metadata-response-item-not-found", "An update of a missing item: "
             "METADATA_STATUS_ITEM_NOT_FOUND.",
             {"requestId": "req-0003", "operation": "METADATA_OPERATION_UPDATE",
              "target": CHANNEL_STREAM, "status": "METADATA_STATUS_ITEM_NOT_FOUND",
              "errorMessage": "item score not found"})
    response("metadata-response-lock-held", "A write refused because another user holds the "
             "lock: METADATA_STATUS_LOCK_HELD.",
             {"requestId": "req-0011", "operation": "METADATA_OPERATION_SET",
              "target": CHANNEL_MSG, "status": "METADATA_STATUS_LOCK_HELD",
              "errorMessage": "lock topic-lock is held by bob"})
    response("metadata-response-invalid-request", "A malformed request (it had no target) "
             "answered with METADATA_STATUS_INVALID_REQUEST: the response itself has no target "
             "and no operation, which responses allow.",
             {"requestId": "req-0012", "status": "METADATA_STATUS_INVALID_REQUEST",
              "errorMessage": "no target"})
    response("metadata-revisions-int64-min", "Item revision and major revision INT64_MIN "
             "(-9223372036854775808, 10-byte varints).",
             {"requestId": "req-0013", "operation": "METADATA_OPERATION_GET", "target": USER,
              "metadata": {"items": [{"key": "k", "value": "v", "revision": str(INT64_MIN)}],
                           "majorRevision": str(INT64_MIN)}})

    # ---- valid: events -------------------------------------------------------------------------
    def event(name, description, ev):
        add(Valid(name, description, env(name, {"event": ev})))

    event("metadata-event-snapshot", "A snapshot event for a stream channel: the whole set, no "
          "publisher.",
          {"target": CHANNEL_STREAM, "eventType": "STORAGE_EVENT_TYPE_SNAPSHOT",
           "metadata": {"items": [{"key": "score", "value": "3:1", "revision": "12",
                                   "updateTimeMs": str(T0)}], "majorRevision": "12"}})
    event("metadata-event-set", "A set event for a user, with its publisher.",
          {"target": USER, "eventType": "STORAGE_EVENT_TYPE_SET",
           "metadata": {"items": [{"key": "status", "value": "away", "revision": "2",
                                   "authorUserId": "alice"}], "majorRevision": "5"},
           "publisherUserId": "alice"})
    event("metadata-event-update", "An update event for a message channel.",
          {"target": CHANNEL_MSG, "eventType": "STORAGE_EVENT_TYPE_UPDATE",
           "metadata": {"items": [{"key": "topic", "value": "Retro", "revision": "8"}],
                        "majorRevision": "4"}, "publisherUserId": "bob"})
    event("metadata-event-remove", "A remove event: the removed keys.",
          {"target": USER, "eventType": "STORAGE_EVENT_TYPE_REMOVE",
           "metadata": {"items": [{"key": "mood"}]}, "publisherUserId": "alice"})
    add(Valid("metadata-inner-item", "A bare MetadataItem with every field.",
              {"key": "k", "value": "v", "authorUserId": "u", "revision": "-1",
               "updateTimeMs": "1"}, type=ITEM))

    # ---- noncanonical -------------------------------------------------------------------------
    name = "metadata-request-repeated-merged"
    add(NonCanonical(name, "The request member of MetadataMessage occurs twice (id, operation "
                     "and one item; then the target and a second item): Google merges them, "
                     "concatenating the items inside the merged metadata; protobuf-c 1.4.1 keeps "
                     "only the last occurrence.",
                     header(name) + f_len(23, enc({"request": {
                         "requestId": "req-m", "operation": "METADATA_OPERATION_SET",
                         "metadata": {"items": [{"key": "a", "value": "1"}]}}})
                         + enc({"request": {"target": USER,
                                            "metadata": {"items": [{"key": "b", "value": "2"}]}}})),
                     topic="oneof-twice"))
    name = "metadata-target-last-member-wins"
    add(NonCanonical(name, "The target's oneof set twice: channel, then user_id; the last one "
                     "wins.",
                     header(name) + f_len(23, f_len(1, f_str(1, "req-t") + f_varint(2, 2)
                                                    + f_len(3, enc(CHANNEL_MSG, "rtmwire.v1.MetadataTarget")
                                                            + f_str(2, "alice"))))))
    name = "metadata-status-unknown-enum"
    add(NonCanonical(name, "A response whose status is 99, a value v1 does not define: kept as "
                     "the number (open enum; JSON shows 99). Written before the request id.",
                     header(name) + f_len(23, f_len(2, f_varint(4, 99) + f_str(1, "req-u"))),
                     topic="enum-unknown"))
    name = "metadata-unknown-in-item"
    add(NonCanonical(name, "Unknown fields inside a MetadataItem (depth 4: envelope → metadata → "
                     "request → metadata → item): a varint 9 and a length-delimited 15 before the "
                     "key; kept after the item's known fields.",
                     header(name) + f_len(23, f_len(1, f_str(1, "req-k") + f_varint(2, 1)
                                                    + f_len(3, f_str(2, "alice"))
                                                    + f_len(4, f_len(1, f_varint(9, 1) + f_len(15, b"?")
                                                                     + f_str(1, "k") + f_str(2, "v")))))))
    name = "metadata-revision-overlong"
    add(NonCanonical(name, "An item revision of 3 written as a 10-byte varint (83 80 80 80 80 80 "
                     "80 80 80 00), and the major revision -1 in its canonical ten bytes.",
                     header(name) + f_len(23, f_len(1, f_str(1, "req-r") + f_varint(2, 3)
                                                    + f_len(3, f_str(2, "alice"))
                                                    + f_len(4, f_len(1, f_str(1, "k") + f_varint(4, 3, width=10))
                                                            + f_varint(2, -1)))),
                     topic="java-ten-byte-varint"))
    name = "metadata-depth-32-groups-in-item"
    add(NonCanonical(name, "28 nested unknown groups inside a MetadataItem (whose fields are at "
                     "depth 4): the innermost group's varint is at depth 32 = maxDepth, "
                     "accepted. protobuf-c rejects groups.",
                     header(name) + f_len(23, f_len(1, f_str(1, "req-d") + f_varint(2, 1)
                                                    + f_len(3, f_str(2, "alice"))
                                                    + f_len(4, f_len(1, nested_groups(10, 28, f_varint(1, 1))
                                                                     + f_str(1, "k"))))),
                     topic="groups"))

    # ---- reject: wire ---------------------------------------------------------------------------
    name = "metadata-depth-33-groups-in-item"
    add(Reject(name, "29 nested unknown groups inside a MetadataItem: the innermost varint is "
               "at depth 33 > maxDepth 32. Google (limit 100) accepts; protobuf-c rejects groups.",
               "depthLimitExceeded", "wire",
               hex=header(name) + f_len(23, f_len(1, f_str(1, "req-d") + f_varint(2, 1)
                                                  + f_len(3, f_str(2, "alice"))
                                                  + f_len(4, f_len(1, nested_groups(10, 29, f_varint(1, 1))
                                                                   + f_str(1, "k")))))))
    name = "metadata-invalid-utf8-key"
    add(Reject(name, "An item key holding F5 80 80 80 (F5 never starts a UTF-8 sequence).",
               "invalidUTF8", "wire",
               hex=header(name) + f_len(23, f_len(1, f_str(1, "req-x") + f_varint(2, 1)
                                                  + f_len(3, f_str(2, "alice"))
                                                  + f_len(4, f_len(1, f_len(1, b"\xf5\x80\x80\x80")))))))

    # ---- reject: semantic -----------------------------------------------------------------------
    def sem(name, description, error, value, limit=None):
        add(Reject(name, description, error, "semantic", json=env(name, value), limit=limit))

    base = {"requestId": "req-s", "operation": "METADATA_OPERATION_SET", "target": USER}

    def req(**changes):
        value = dict(base)
        value.update(changes)
        return {"request": {k: v for k, v in value.items() if v is not None}}

    sem("metadata-request-acquire-lock-unnamed", "acquireLock naming no lock.", "missingField",
        req(operation="METADATA_OPERATION_ACQUIRE_LOCK", target=CHANNEL_MSG))
    sem("metadata-request-lock-on-user", "A user metadata write naming a lock: locks exist on "
        "channel metadata only.", "invalidValue", req(lockName="topic-lock"))
    sem("metadata-request-acquire-lock-on-user", "acquireLock on a user's metadata.",
        "invalidValue", req(operation="METADATA_OPERATION_ACQUIRE_LOCK", lockName="mine"))
    sem("metadata-no-kind", "An empty metadata body (ba 01 00): no request, response or event.",
        "missingField", {})
    sem("metadata-request-empty-request-id", "A request without a request id.", "missingField",
        req(requestId=None))
    sem("metadata-request-operation-unspecified", "A request with operation "
        "METADATA_OPERATION_UNSPECIFIED.", "invalidValue", req(operation=None))
    sem("metadata-request-no-target", "A request without a target.", "missingField",
        req(target=None))
    sem("metadata-request-target-empty", "A request whose target is present but sets neither "
        "channel nor user id (1a 00).", "missingField", req(target={}))
    sem("metadata-channel-empty-name", "A channel target with an empty channel name.",
        "missingField", req(target={"channel": {"channelType": "CHANNEL_TYPE_MESSAGE"}}))
    sem("metadata-channel-type-unspecified", "A channel target with CHANNEL_TYPE_UNSPECIFIED.",
        "invalidValue", req(target={"channel": {"channelName": "lobby"}}))
    sem("metadata-user-target-empty-user-id", "A user target whose user_id member is set but "
        "empty (12 00).", "missingField", req(target={"userId": ""}))
    sem("metadata-item-empty-key", "An item with a value but no key.", "missingField",
        req(metadata={"items": [{"key": "ok", "value": "1"}, {"value": "orphan"}]}))
    sem("metadata-key-257-bytes", "An item key of 257 bytes: one over maxMetadataKeyBytes.",
        "limitExceeded", req(metadata={"items": [{"key": "k" * 257, "value": "v"}]}),
        limit="maxMetadataKeyBytes")
    sem("metadata-value-8193-bytes", "An item value of 8,193 bytes (2,048 four-byte emoji and "
        "\"!\"): one over maxMetadataValueBytes.", "limitExceeded",
        req(metadata={"items": [{"key": "k", "value": "🔑" * 2048 + "!"}]}),
        limit="maxMetadataValueBytes")
    sem("metadata-1001-items", "A set request with 1,001 items: one over maxRepeatedCount.",
        "limitExceeded",
        req(metadata={"items": [{"key": "k%04d" % i, "value": str(i)} for i in range(1001)]}),
        limit="maxRepeatedCount")
    sem("metadata-response-key-257-bytes", "The key limit applies to responses too: a get "
        "response carrying a 257-byte key.", "limitExceeded",
        {"response": {"requestId": "req-g", "operation": "METADATA_OPERATION_GET",
                      "target": USER, "metadata": {"items": [{"key": "x" * 257}]}}},
        limit="maxMetadataKeyBytes")
    sem("metadata-event-type-unspecified", "A storage event with "
        "STORAGE_EVENT_TYPE_UNSPECIFIED.", "invalidValue",
        {"event": {"target": USER, "metadata": {"items": [{"key": "k", "value": "v"}]},
                   "publisherUserId": "alice"}})
    sem("metadata-event-channel-type-unspecified", "A storage event whose channel target has "
        "no channel type.", "invalidValue",
        {"event": {"target": {"channel": {"channelName": "lobby"}},
                   "eventType": "STORAGE_EVENT_TYPE_SET"}})
    return out

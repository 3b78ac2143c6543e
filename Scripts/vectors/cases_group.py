"""group.json: group membership kept by the server: GroupRequest and GroupResponse bodies."""

from model import GROUP, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str, f_varint

KIND = "group"

REQUEST = "rtmwire.v1.GroupRequest"
RESPONSE = "rtmwire.v1.GroupResponse"
MEMBER = "rtmwire.v1.GroupMember"
OPS = ["CREATE", "ADD", "REMOVE", "LEAVE", "LIST", "SET_ROLE"]


def op(name):
    return "GROUP_OPERATION_" + name


def build(ctx):
    out = []
    add = out.append

    def env(name, field, value, **kw):
        kw.setdefault("conversation", (GROUP, "team"))
        return envelope(name, field, value, **kw)

    def header(name, **kw):
        kw.setdefault("conversation", (GROUP, "team"))
        return ctx.enc(envelope(name, None, **kw))

    members = {
        "CREATE": [{"userId": "bob"}, {"userId": "carol", "role": "GROUP_ROLE_ADMIN"}],
        "ADD": [{"userId": "dave", "role": "GROUP_ROLE_MEMBER"}],
        "REMOVE": [{"userId": "dave"}],
        "LEAVE": [],
        "LIST": [],
        "SET_ROLE": [{"userId": "bob", "role": "GROUP_ROLE_ADMIN"}],
    }
    for operation in OPS:
        name = "group-request-" + operation.lower().replace("_", "-")
        value = {"operation": op(operation)}
        if members[operation]:
            value["members"] = members[operation]
        add(Valid(name, "A group request: %s%s." % (
            operation.lower().replace("_", " "),
            ", naming %d member(s)" % len(members[operation]) if members[operation] else ""),
            env(name, "groupRequest", value)))
    add(Valid("group-request-members-at-limit", "An add naming 1,000 members (maxRepeatedCount).",
              env("group-request-members-at-limit", "groupRequest",
                  {"operation": op("ADD"),
                   "members": [{"userId": "user-%04d" % i} for i in range(1000)]})))
    add(Valid("group-request-inner-type", "A bare GroupRequest.",
              {"operation": op("LEAVE")}, type=REQUEST))
    add(Valid("group-member-inner-type", "A bare GroupMember.",
              {"userId": "alice", "role": "GROUP_ROLE_OWNER"}, type=MEMBER))

    server = {"userId": "server"}
    add(Valid("group-response-list", "The answer to a list: every member with its role.",
              env("group-response-list", "groupResponse",
                  {"requestMessageId": uid("group-request-list"), "operation": op("LIST"),
                   "members": [{"userId": "alice", "role": "GROUP_ROLE_OWNER"},
                               {"userId": "carol", "role": "GROUP_ROLE_ADMIN"},
                               {"userId": "bob", "role": "GROUP_ROLE_MEMBER"}]},
                  sender=server)))
    add(Valid("group-response-event", "A membership event to every member (no request id): "
              "dave was added.",
              env("group-response-event", "groupResponse",
                  {"operation": op("ADD"),
                   "members": [{"userId": "dave", "role": "GROUP_ROLE_MEMBER"}]},
                  sender=server)))
    statuses = ["FORBIDDEN", "NOT_FOUND", "EXISTS", "INVALID_REQUEST"]
    answered = {"FORBIDDEN": "SET_ROLE", "NOT_FOUND": "ADD", "EXISTS": "CREATE",
                "INVALID_REQUEST": "REMOVE"}
    for status in statuses:
        name = "group-response-" + status.lower().replace("_", "-")
        request = "group-request-" + answered[status].lower().replace("_", "-")
        add(Valid(name, "A %s answered with GROUP_STATUS_%s." % (
            answered[status].lower().replace("_", " "), status),
            env(name, "groupResponse",
                {"requestMessageId": uid(request), "operation": op(answered[status]),
                 "status": "GROUP_STATUS_" + status}, sender=server)))
    add(Valid("group-response-inner-type", "A bare GroupResponse.",
              {"requestMessageId": "m-1", "operation": op("LEAVE")}, type=RESPONSE))

    name = "group-request-role-unknown-enum"
    add(NonCanonical(name, "A member's role = 9, not defined in v1 (open enum: kept as 9 and "
                     "accepted), written before the user id.",
                     header(name) + f_len(38, f_varint(1, 2) + f_len(2, f_varint(2, 9)
                                                                     + f_str(1, "dave"))),
                     topic="enum-unknown"))

    name = "group-request-invalid-utf8-user-id"
    add(Reject(name, "A member's user id holds ED A0 80 (a UTF-8-encoded surrogate).",
               "invalidUTF8", "wire",
               hex=header(name) + f_len(38, f_varint(1, 2) + f_len(2, f_len(1, b"\xed\xa0\x80")))))

    def sem(name, description, error, field, value, limit=None, **kw):
        add(Reject(name, description, error, "semantic", json=env(name, field, value, **kw),
                   limit=limit))

    sem("group-request-operation-unspecified", "A request that does not say what to do.",
        "invalidValue", "groupRequest", {"members": [{"userId": "bob"}]})
    sem("group-request-member-empty-user-id", "A member without a user id.", "missingField",
        "groupRequest", {"operation": op("ADD"), "members": [{"role": "GROUP_ROLE_MEMBER"}]})
    sem("group-request-members-over-limit", "An add naming 1,001 members: one over "
        "maxRepeatedCount.", "limitExceeded", "groupRequest",
        {"operation": op("ADD"), "members": [{"userId": "user-%04d" % i} for i in range(1001)]},
        limit="maxRepeatedCount")
    sem("group-response-operation-unspecified", "A response that names no operation.",
        "invalidValue", "groupResponse", {"requestMessageId": "m-1"}, sender=server)
    sem("group-response-members-over-limit", "A list answered with 1,001 members: one over "
        "maxRepeatedCount.", "limitExceeded", "groupResponse",
        {"requestMessageId": "m-1", "operation": op("LIST"),
         "members": [{"userId": "user-%04d" % i} for i in range(1001)]},
        limit="maxRepeatedCount", sender=server)
    return out

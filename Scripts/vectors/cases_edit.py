"""edit.json: MessageEdit bodies (a new text or caption for an earlier message) and app data
updates (a change to the data an app attached to an earlier message)."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, envelope, uid
from wire import f_len, f_str, f_varint

KIND = "edit"

EDIT = "rtmwire.v1.MessageEdit"
EDIT_TIME = "1732147260456"  # one minute after model.SEND_TIME


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "edit", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    def edit(target, **content):
        return dict({"targetMessageId": uid(target), "editTimeMs": EDIT_TIME}, **content)

    add(Valid("edit-text", "The sender corrects a typo: the new text of a text message.",
              env("edit-text", edit("text-typical", text={"text": "Hello, world! See you at "
                                                                  "10:45?"}),
                  conversation=(PEER, "bob"))))
    add(Valid("edit-text-with-mentions", "A new text that mentions two users and everyone: the "
              "edit replaces the mentions along with the text.",
              env("edit-text-with-mentions",
                  edit("text-typical", text={"text": "@bob @carol @all lunch moved to 13:00",
                                             "mentions": {"userIds": ["bob", "carol"],
                                                          "everyone": True}}),
                  conversation=(GROUP, "team"))))
    add(Valid("edit-caption", "A new caption for an image or file message, mentioning a user.",
              env("edit-caption", edit("image-typical", caption={
                  "text": "Sunset at the lake, thanks @dave 🌅",
                  "mentions": {"userIds": ["dave"]}}))))
    add(Valid("edit-caption-removed", "The caption is removed: an empty Caption (a set oneof "
              "member is always encoded, here a2 01 00 inside the edit).",
              env("edit-caption-removed", edit("image-typical", caption={}))))
    add(Valid("edit-text-at-content-budget", "A new text of exactly 32,768 bytes "
              "(maxContentBytes): the content budget applies to the new content.",
              env("edit-text-at-content-budget",
                  edit("text-typical", text={"text": "\u00e9" * 16384}))))
    add(Valid("edit-inner-type", "A bare MessageEdit.",
              {"targetMessageId": "m-1", "editTimeMs": "1", "text": {"text": "fixed"}},
              type=EDIT))

    name = "edit-content-two-members-last-wins"
    add(NonCanonical(name, "Both content members, text then caption: the last one set wins and "
                     "the edit carries the caption.",
                     header(name) + f_len(25, f_str(1, "m-1") + f_varint(2, 5)
                                          + f_len(3, f_str(1, "new text"))
                                          + f_len(4, f_str(1, "new caption")))))
    name = "edit-time-overlong"
    add(NonCanonical(name, "edit_time_ms = 5 written as a 10-byte varint.",
                     header(name) + f_len(25, f_str(1, "m-1") + f_varint(2, 5, width=10)
                                          + f_len(3, f_str(1, "x"))),
                     topic="java-ten-byte-varint"))

    name = "edit-invalid-utf8-text"
    add(Reject(name, "The new text holds C3 28 (a 2-byte lead followed by a non-continuation "
               "byte).", "invalidUTF8", "wire",
               hex=header(name) + f_len(25, f_str(1, "m-1") + f_varint(2, 5)
                                        + f_len(3, f_len(1, b"ok \xc3\x28")))))

    add(Reject("edit-empty-target", "An edit that names no message.", "missingField", "semantic",
               json=env("edit-empty-target", {"editTimeMs": EDIT_TIME, "text": {"text": "x"}})))
    add(Reject("edit-time-zero", "An edit without its edit time (0 = not stamped): edits are "
               "ordered by it.", "invalidValue", "semantic",
               json=env("edit-time-zero", {"targetMessageId": "m-1", "text": {"text": "x"}})))
    add(Reject("edit-time-negative", "edit_time_ms = -1.", "invalidValue", "semantic",
               json=env("edit-time-negative", edit("m-1", text={"text": "x"},
                                                   editTimeMs="-1"))))
    add(Reject("edit-no-content", "An edit with neither a new text nor a new caption.",
               "missingField", "semantic", json=env("edit-no-content", edit("m-1"))))
    add(Reject("edit-text-empty", "A new text that is empty: text bodies need text (a recall "
               "removes a message).", "missingField", "semantic",
               json=env("edit-text-empty", edit("m-1", text={}))))
    add(Reject("edit-text-over-content-budget", "A new text of 32,769 bytes: one over "
               "maxContentBytes.", "limitExceeded", "semantic",
               json=env("edit-text-over-content-budget",
                        edit("m-1", text={"text": "\u00e9" * 16384 + "a"})),
               limit="maxContentBytes"))
    add(Reject("edit-caption-over-content-budget", "A new caption of 32,769 bytes.",
               "limitExceeded", "semantic",
               json=env("edit-caption-over-content-budget",
                        edit("m-1", caption={"text": "c" * 32769})),
               limit="maxContentBytes"))
    add(Reject("edit-caption-mentions-nobody", "A caption whose mentions are present but name "
               "no user and not everyone.", "missingField", "semantic",
               json=env("edit-caption-mentions-nobody",
                        edit("m-1", caption={"text": "hi", "mentions": {}}))))

    # ---- app data updates (RongCloud message extensions) ------------------------------------
    def update(name, value, **kw):
        return envelope(name, "appDataUpdate", value, **kw)

    target = uid("text-typical")
    add(Valid("edit-app-data-update", "The sender sets two entries (one with an empty value) and "
              "removes one key of an earlier message's app data, stamped.",
              update("edit-app-data-update",
                     {"targetMessageId": target,
                      "set": [{"key": "priority", "value": "high"}, {"key": "pinned"}],
                      "removedKeys": ["draft"], "updateTimeMs": EDIT_TIME})))
    add(Valid("edit-app-data-update-at-limits", "20 entries (maxAppDataEntries), the first with a "
              "32-byte key (maxAppDataKeyBytes) and a 4,096-byte value (maxAppDataValueBytes).",
              update("edit-app-data-update-at-limits",
                     {"targetMessageId": target,
                      "set": [{"key": "k" * 32, "value": "v" * 4096}]
                      + [{"key": "key-%02d" % i, "value": str(i)} for i in range(1, 20)]})))

    def sem(name, description, error, value, limit=None):
        add(Reject(name, description, error, "semantic", json=update(name, value), limit=limit))

    sem("edit-app-data-update-nothing", "An update that neither sets nor removes anything.",
        "missingField", {"targetMessageId": target})
    sem("edit-app-data-update-no-target", "An update that names no message.", "missingField",
        {"set": [{"key": "a", "value": "b"}]})
    sem("edit-app-data-update-21-entries", "21 entries set: one over maxAppDataEntries.",
        "limitExceeded", {"targetMessageId": target,
                          "set": [{"key": "key-%02d" % i} for i in range(21)]},
        limit="maxAppDataEntries")
    sem("edit-app-data-update-key-33-bytes", "A 33-byte key: one over maxAppDataKeyBytes.",
        "limitExceeded", {"targetMessageId": target, "set": [{"key": "k" * 33}]},
        limit="maxAppDataKeyBytes")
    sem("edit-app-data-update-value-4097-bytes", "A 4,097-byte value: one over maxAppDataValueBytes.",
        "limitExceeded", {"targetMessageId": target, "set": [{"key": "k", "value": "v" * 4097}]},
        limit="maxAppDataValueBytes")
    sem("edit-app-data-update-key-twice", "The same key set twice.", "invalidValue",
        {"targetMessageId": target, "set": [{"key": "a", "value": "1"}, {"key": "a"}]})
    sem("edit-app-data-update-set-and-removed", "A key both set and removed.", "invalidValue",
        {"targetMessageId": target, "set": [{"key": "a"}], "removedKeys": ["a"]})
    sem("edit-app-data-update-empty-removed-key", "An empty key to remove.", "missingField",
        {"targetMessageId": target, "removedKeys": [""]})
    sem("edit-app-data-update-time-negative", "update_time_ms = -1: a negative time is invalid.",
        "invalidValue", {"targetMessageId": target, "removedKeys": ["a"], "updateTimeMs": "-1"})
    return out

"""file.json: FileMessage bodies (media id, file name, size, thumbnail, caption)."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, b64, envelope, pattern
from wire import f_fixed32, f_len, f_str, f_varint

KIND = "file"

FILE = "rtmwire.v1.FileMessage"
MEDIA_ID = "file_3b9e61c2a4d84f0f9e7a5c3b1d2e4f60"
MAX_MEDIA = 31_457_280


def build(ctx):
    out = []
    add = out.append

    def env(name, value, **kw):
        return envelope(name, "file", value, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    add(Valid("file-typical", "A typical file: media id, display file name and size.",
              env("file-typical", {"mediaId": MEDIA_ID, "fileName": "Q3 report.pdf",
                                   "size": "482113"})))
    add(Valid("file-by-media-id", "A file forwarded by its media id alone: no size (0, "
              "unknown).", env("file-by-media-id", {"mediaId": MEDIA_ID,
                                                     "fileName": "Q3 report.pdf"})))
    add(Valid("file-caption-mentions", "A caption that mentions everyone (no user ids).",
              env("file-caption-mentions", {"mediaId": MEDIA_ID, "size": "4096",
                                            "fileName": "agenda.pdf",
                                            "text": "@all please read before 10:00",
                                            "mentions": {"everyone": True}})))
    add(Valid("file-every-field", "Every FileMessage field set: media id, file name, size, "
              "thumbnail (the first page, 64 bytes), caption and the upload's expiry.",
              env("file-every-field", {"mediaId": MEDIA_ID, "fileName": "contract.pdf",
                                       "size": "250000", "thumbnail": b64(pattern(64, 3)),
                                       "text": "Please sign by Friday",
                                       "expireTimeMs": "1732752000000"},
                  conversation=(PEER, "bob"), delivery={"deliveryReceipt": True,
                                                        "readReceipt": True})))
    name = "file-at-content-budget"
    file_name, caption = "notes.txt", "the notes"
    add(Valid(name, "file_name (9 bytes) + thumbnail (32,750 bytes) + text (9 bytes) = 32,768 "
              "bytes, exactly maxContentBytes.",
              env(name, {"mediaId": MEDIA_ID, "fileName": file_name, "size": "90000",
                         "thumbnail": b64(pattern(32_768 - 18, 11)), "text": caption})))
    add(Valid("file-size-one", "size = 1 (a one-byte file), the minimum.",
              env("file-size-one", {"mediaId": MEDIA_ID, "fileName": "a.txt", "size": "1"})))
    add(Valid("file-size-at-max-media", "size = 31,457,280, exactly maxMediaBytes.",
              env("file-size-at-max-media", {"mediaId": MEDIA_ID, "fileName": "backup.zip",
                                             "size": str(MAX_MEDIA)})))
    add(Valid("file-unicode-name", "A file name in Chinese, Hebrew (RTL) and emoji, with a "
              "combining diaeresis.",
              env("file-unicode-name", {"mediaId": MEDIA_ID, "fileName": "报告 דו\"ח 📄 u\u0308ber.docx",
                                        "size": "31337"}, conversation=(GROUP, "g-7"))))
    add(Valid("file-inner-type", "A bare FileMessage.",
              {"mediaId": "f1", "fileName": "a.bin", "size": "2"}, type=FILE))

    name = "file-fields-reordered"
    add(NonCanonical(name, "The FileMessage fields in reverse order (text, thumbnail, size, "
                     "file name, media id).",
                     header(name) + f_len(18, f_str(5, "cap") + f_len(4, b"\x00\x01")
                                          + f_varint(3, 77) + f_str(2, "r.txt")
                                          + f_str(1, MEDIA_ID))))
    name = "file-duplicated-size-last-wins"
    add(NonCanonical(name, "size occurs twice (999 then 1000): the last one wins.",
                     header(name) + f_len(18, f_str(1, MEDIA_ID) + f_varint(3, 999)
                                          + f_varint(3, 1000))))
    name = "file-duplicated-thumbnail-last-wins"
    add(NonCanonical(name, "thumbnail (bytes) occurs twice: the last one replaces the first "
                     "(bytes are not concatenated).",
                     header(name) + f_len(18, f_str(1, MEDIA_ID) + f_varint(3, 5)
                                          + f_len(4, b"\xaa\xbb") + f_len(4, b"\xcc"))))
    add(NonCanonical("file-inner-unknown-fixed32", "A bare FileMessage with an unknown fixed32 "
                     "field 16 first (7 is expire_time_ms now).",
                     f_fixed32(16, 1) + f_str(1, "f1") + f_varint(3, 2),
                     type=FILE))

    name = "file-invalid-utf8-file-name"
    add(Reject(name, "file_name holds ED BF BF (the surrogate U+DFFF).", "invalidUTF8", "wire",
               hex=header(name) + f_len(18, f_str(1, MEDIA_ID) + f_len(2, b"x\xed\xbf\xbf")
                                        + f_varint(3, 5))))
    add(Reject("file-inner-truncated-size", "A bare FileMessage whose size varint breaks off "
               "(18 80).", "truncated", "wire", hex=f_str(1, "f1") + b"\x18\x80", type=FILE))

    def sem(name, description, error, value, limit=None):
        add(Reject(name, description, error, "semantic", json=env(name, value), limit=limit))

    sem("file-empty-media-id", "A file without a media id.", "missingField",
        {"fileName": "x.txt", "size": "10"})
    sem("file-expire-time-negative", "expire_time_ms = -1: a negative time is invalid.",
        "invalidValue", {"mediaId": MEDIA_ID, "fileName": "a.txt", "expireTimeMs": "-1"})
    sem("file-size-over-max-media", "size = 31,457,281: one over maxMediaBytes.",
        "limitExceeded", {"mediaId": MEDIA_ID, "size": str(MAX_MEDIA + 1)}, limit="maxMediaBytes")
    sem("file-over-content-budget", "file_name (9) + thumbnail (32,751) + text (9) = 32,769 "
        "bytes: one over maxContentBytes.", "limitExceeded",
        {"mediaId": MEDIA_ID, "fileName": file_name, "size": "90000",
         "thumbnail": b64(pattern(32_769 - 18, 11)), "text": caption}, limit="maxContentBytes")
    return out

"""image.json: ImageMessage bodies (media id, file name, size, dimensions, thumbnail, caption)."""

from model import GROUP, PEER, NonCanonical, Reject, Valid, b64, envelope, pattern
from wire import LEN, f_fixed64, f_len, f_str, f_varint, tag, varint

KIND = "image"

IMAGE = "rtmwire.v1.ImageMessage"
MEDIA_ID = "img_7d1f0e2a9c4b4f6e8a3d2c1b0a998877"
MAX_MEDIA = 31_457_280
MAX_U32 = 4_294_967_295

# A 67-byte PNG (1x1 pixel) as a thumbnail.
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082")


def build(ctx):
    out = []
    add = out.append

    def env(name, image, **kw):
        return envelope(name, "image", image, **kw)

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    def img(value):
        return ctx.enc(value, IMAGE)

    add(Valid("image-typical", "A typical image: media id, display file name, size and the "
              "computed width and height; no thumbnail or caption.",
              env("image-typical", {"mediaId": MEDIA_ID, "fileName": "IMG_2041.JPG",
                                    "size": "2345678", "width": 4032, "height": 3024})))
    add(Valid("image-every-field", "Every ImageMessage field set: media id, file name, size, "
              "width, height, a 67-byte PNG thumbnail, thumbnail width and height, caption and "
              "the upload's expiry.",
              env("image-every-field", {
                  "mediaId": MEDIA_ID, "fileName": "sunset.png", "size": "1048576",
                  "width": 1920, "height": 1080, "thumbnail": b64(TINY_PNG),
                  "thumbnailWidth": 160, "thumbnailHeight": 90, "text": "Sunset at the pier",
                  "expireTimeMs": "1732752000000"},
                  conversation=(GROUP, "group-1001"), delivery={"groupReadReceipt": True})))
    name = "image-thumbnail-at-content-budget"
    file_name, caption = "budget.png", "caption"
    thumb = pattern(32_768 - len(file_name) - len(caption))
    add(Valid(name, "file_name (10 bytes) + thumbnail (32,751 bytes, every byte value) + text "
              "(7 bytes) = 32,768 bytes, exactly maxContentBytes.",
              env(name, {"mediaId": MEDIA_ID, "fileName": file_name, "size": "5000000",
                         "width": 800, "height": 600, "thumbnail": b64(thumb),
                         "thumbnailWidth": 200, "thumbnailHeight": 150, "text": caption})))
    add(Valid("image-by-media-id", "An image re-sent by its media id alone "
              "(createImageMessageByMediaId): no size, width or height (0, unknown), and when "
              "the upload expires.",
              env("image-by-media-id", {"mediaId": MEDIA_ID, "expireTimeMs": "1732752000000"})))
    add(Valid("image-size-one", "size = 1, the smallest known media size (0 is unknown).",
              env("image-size-one", {"mediaId": MEDIA_ID, "size": "1"})))
    add(Valid("image-size-at-max-media", "size = 31,457,280 (30 MB), exactly maxMediaBytes.",
              env("image-size-at-max-media", {"mediaId": MEDIA_ID, "fileName": "big.bmp",
                                              "size": str(MAX_MEDIA)})))
    add(Valid("image-dimensions-max-uint32", "width, height, thumbnail_width and "
              "thumbnail_height all 4,294,967,295 (max uint32: 5-byte varints).",
              env("image-dimensions-max-uint32", {
                  "mediaId": MEDIA_ID, "size": "123", "width": MAX_U32, "height": MAX_U32,
                  "thumbnail": b64(b"\x00"), "thumbnailWidth": MAX_U32,
                  "thumbnailHeight": MAX_U32})))
    add(Valid("image-unicode-names", "Unicode file name and caption: CJK, emoji, Arabic (RTL), "
              "combining marks.",
              env("image-unicode-names", {"mediaId": MEDIA_ID, "fileName": "照片 📷 صورة e\u0301.jpg",
                                          "size": "77777", "text": "夕焼け 🌅 غروب"},
                  conversation=(PEER, "bob"))))
    add(Valid("image-caption-mentions", "A caption that mentions two users.",
              env("image-caption-mentions", {
                  "mediaId": MEDIA_ID, "size": "52000", "text": "with @bob and @carol",
                  "mentions": {"userIds": ["bob", "carol"]}}, conversation=(GROUP, "team"))))
    add(Valid("image-inner-type", "A bare ImageMessage with media id and size.",
              {"mediaId": "m1", "size": "10"}, type=IMAGE))

    name = "image-body-repeated-merged"
    add(NonCanonical(name, "The image body (a oneof member) occurs twice: media id and size in "
                     "the first, file name and width in the second. Google merges the two; "
                     "protobuf-c 1.4.1 keeps only the last occurrence of a oneof member "
                     "(no merge), so its re-pack lacks media id and size.",
                     header(name) + f_len(17, img({"mediaId": MEDIA_ID, "size": "4096"}))
                     + f_len(17, img({"fileName": "merged.jpg", "width": 64})),
                     topic="oneof-twice"))
    name = "image-fields-reordered"
    add(NonCanonical(name, "The ImageMessage fields in descending field-number order.",
                     header(name) + f_len(17, f_str(9, "cap") + f_varint(8, 2) + f_varint(7, 3)
                                          + f_len(6, b"\x01\x02") + f_varint(5, 4)
                                          + f_varint(4, 5) + f_varint(3, 6)
                                          + f_str(2, "a.png") + f_str(1, MEDIA_ID))))
    name = "image-uint32-as-64-bit-varint"
    add(NonCanonical(name, "width (uint32) written as the 64-bit varint of 2^32 + 640: only the "
                     "low 32 bits are kept (640).",
                     header(name) + f_len(17, f_str(1, MEDIA_ID) + f_varint(3, 9)
                                          + f_varint(4, (1 << 32) + 640)),
                     topic="uint32-as-64-bit"))
    name = "image-size-overlong-varint"
    add(NonCanonical(name, "size = 1024 written as a 10-byte varint.",
                     header(name) + f_len(17, f_str(1, MEDIA_ID) + f_varint(3, 1024, width=10)),
                     topic="java-ten-byte-varint"))
    add(NonCanonical("image-inner-unknown-fields", "A bare ImageMessage with unknown fields 11 "
                     "(varint) and 15 (fixed64) from the reserved range before its known fields.",
                     f_varint(11, 1) + f_fixed64(15, 2) + img({"mediaId": "m1", "size": "10"}),
                     type=IMAGE))

    add(Reject("image-inner-thumbnail-length-past-end", "A bare ImageMessage whose thumbnail "
               "declares 100 bytes with 3 present.", "lengthPastEnd", "wire",
               hex=f_str(1, "m1") + tag(6, LEN) + varint(100) + b"\x01\x02\x03", type=IMAGE))
    name = "image-trailing-bytes-in-size"
    add(Reject(name, "The image body's declared length ends inside the size varint (its last "
               "byte has the continuation bit); the envelope's message_id field follows.",
               "trailingBytes", "wire",
               hex=ctx.enc(envelope(name, None, message_id=""))
               + f_len(17, f_str(1, MEDIA_ID) + b"\x18\xff\xff") + f_str(1, "id-after-body")))
    name = "image-invalid-utf8-file-name"
    add(Reject(name, "file_name holds E2 82 (a cut 3-byte sequence).", "invalidUTF8", "wire",
               hex=header(name) + f_len(17, f_str(1, MEDIA_ID) + f_len(2, b"img\xe2\x82.png")
                                        + f_varint(3, 5))))

    def sem(name, description, error, image, limit=None):
        add(Reject(name, description, error, "semantic", json=env(name, image), limit=limit))

    sem("image-empty-media-id", "An image without a media id (file name and size only).",
        "missingField", {"fileName": "x.png", "size": "10"})
    sem("image-expire-time-negative", "expire_time_ms = -1: a negative time is invalid.",
        "invalidValue", {"mediaId": MEDIA_ID, "expireTimeMs": "-1"})
    sem("image-size-over-max-media", "size = 31,457,281: one byte over maxMediaBytes.",
        "limitExceeded", {"mediaId": MEDIA_ID, "size": str(MAX_MEDIA + 1)}, limit="maxMediaBytes")
    name = "image-over-content-budget"
    sem(name, "file_name (10 bytes) + thumbnail (32,752 bytes) + text (7 bytes) = 32,769 bytes: "
        "one over maxContentBytes.", "limitExceeded",
        {"mediaId": MEDIA_ID, "fileName": file_name, "size": "5000000",
         "thumbnail": b64(pattern(32_769 - len(file_name) - len(caption))), "text": caption},
        limit="maxContentBytes")
    return out

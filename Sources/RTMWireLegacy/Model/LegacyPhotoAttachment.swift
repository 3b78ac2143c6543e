import RTMWire

/// The fields of the RTM image message that carries a legacy photo's JSON in its `text`
/// (`AgoraRtmImageMessage`: media id, file name, size, width, height, thumbnail).
///
/// A photo's envelope needs them: the JSON alone has no media id.
public struct LegacyPhotoAttachment: Hashable, Sendable {
    /// `mediaId`, issued by the file server on upload.
    public var mediaID: String
    /// `fileName`: the display file name.
    public var fileName: String
    /// `size` in bytes, or nil when unknown (an image message created from a media id has
    /// none); the envelope then says 0, "unknown".
    public var size: UInt64?
    /// `width` in pixels, 0 when neither computed by the SDK nor set.
    public var width: UInt32
    /// `height` in pixels, 0 when unknown.
    public var height: UInt32
    /// `thumbnail` bytes, set by the sending app.
    public var thumbnail: [UInt8]
    /// `thumbnailWidth`, 0 when unknown.
    public var thumbnailWidth: UInt32
    /// `thumbnailHeight`, 0 when unknown.
    public var thumbnailHeight: UInt32

    /// Creates the attachment of a photo.
    public init(
        mediaID: String, fileName: String = "", size: UInt64?, width: UInt32 = 0,
        height: UInt32 = 0, thumbnail: [UInt8] = [], thumbnailWidth: UInt32 = 0,
        thumbnailHeight: UInt32 = 0
    ) {
        self.mediaID = mediaID
        self.fileName = fileName
        self.size = size
        self.width = width
        self.height = height
        self.thumbnail = thumbnail
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
    }

    /// The fields of an image message (an envelope's image body, or the fields written as
    /// `ImageMessage` proto3 JSON); its caption (`text`) travels in the legacy JSON instead. A
    /// size of 0, proto3's "absent", reads as unknown.
    public init(_ image: ImageMessage) {
        self.init(
            mediaID: image.mediaID, fileName: image.fileName,
            size: image.size == 0 ? nil : image.size,
            width: image.width, height: image.height, thumbnail: image.thumbnail,
            thumbnailWidth: image.thumbnailWidth, thumbnailHeight: image.thumbnailHeight)
    }
}

extension LegacyPhotoAttachment {
    /// The fields as an image message without a caption, the inverse of ``init(_:)``: an
    /// unknown size is 0, "unknown".
    public var imageMessageFields: ImageMessage {
        ImageMessage(
            mediaID: mediaID, fileName: fileName, size: size ?? 0, width: width, height: height,
            thumbnail: thumbnail, thumbnailWidth: thumbnailWidth, thumbnailHeight: thumbnailHeight)
    }
}

extension RTMWireError.Code {
    /// The envelope's body has no form in the tutorial's JSON protocol (receipts, files,
    /// streams, metadata, or a custom message that did not come from it).
    public static let noLegacyForm = RTMWireError.Code("noLegacyForm")
}

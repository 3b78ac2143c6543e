import RTMWire

/// A file the Swift RTM chat tutorial shares: an RTM file message (`AgoraRtmFileMessage`) sent
/// as it is, with no JSON, which clients list by file name and download by media id
/// (`DownloadableFileData(filename:downloadID:)`).
public struct LegacyFileShare: Hashable, Sendable {
    /// `mediaId`, issued by the file server on upload.
    public var mediaID: String
    /// `fileName`: the tutorial sets the shared file's last path component.
    public var fileName: String
    /// `size` in bytes, or nil when unknown (a file message created from a media id).
    public var size: UInt64?

    /// Creates the fields of a shared file.
    public init(mediaID: String, fileName: String, size: UInt64? = nil) {
        self.mediaID = mediaID
        self.fileName = fileName
        self.size = size
    }

    /// The fields of a file message; a size of 0 reads as unknown.
    public init(_ file: FileMessage) {
        self.init(
            mediaID: file.mediaID, fileName: file.fileName, size: file.size == 0 ? nil : file.size)
    }

    /// The file message these fields make (no caption: the tutorial sends none).
    public var fileMessage: FileMessage {
        FileMessage(mediaID: mediaID, fileName: fileName, size: size ?? 0)
    }
}

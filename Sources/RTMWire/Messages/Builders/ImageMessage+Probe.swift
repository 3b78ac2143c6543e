extension ImageMessage {
    /// Builds an image message for an uploaded image, computing its displayed width and height
    /// from the image's header bytes (JPEG, PNG, BMP, GIF, WebP, HEIC/HEIF, AVIF; see
    /// ``ImageProbe``) as the RTM SDK does for JPEG, PNG and BMP. A phone photo whose Exif or
    /// HEIF orientation turns it a quarter is reported with width and height swapped.
    ///
    /// `size` is the number of bytes in `imageBytes`. An explicit `width` or `height` overrides
    /// the computed value. When both are given the header is not required to be readable;
    /// otherwise an unreadable header throws the probe's error
    /// (``RTMWireError/Code/unrecognizedImageFormat`` or ``RTMWireError/Code/malformedImageHeader``).
    /// The thumbnail is the application's: the codec never generates one.
    public init(
        mediaID: String,
        imageBytes: some Collection<UInt8>,
        fileName: String = "",
        width: UInt32? = nil,
        height: UInt32? = nil,
        thumbnail: some Collection<UInt8> = [UInt8](),
        thumbnailWidth: UInt32 = 0,
        thumbnailHeight: UInt32 = 0,
        caption: String = "",
        mentions: Mentions? = nil
    ) throws(RTMWireError) {
        var computed: ImageInfo?
        if width == nil || height == nil {
            computed = try ImageProbe.probe(imageBytes)
        }
        self.init(
            mediaID: mediaID, fileName: fileName, size: UInt64(imageBytes.count),
            width: width ?? computed?.width ?? 0, height: height ?? computed?.height ?? 0,
            thumbnail: Array(thumbnail), thumbnailWidth: thumbnailWidth,
            thumbnailHeight: thumbnailHeight, caption: caption, mentions: mentions)
    }
}

// The views' deprecated aliases of renamed fields (see the naming guide, and
// Sources/RTMWire/Messages/Renamed/RenamedFields.swift for the messages' own).

import RTMWire

extension MessageReferenceView {
    /// Renamed ``messageID``.
    @available(*, deprecated, renamed: "messageID")
    public var messageUID: RTMStringView { messageID }
}

extension StreamReferenceView {
    /// Renamed ``messageID``.
    @available(*, deprecated, renamed: "messageID")
    public var messageUID: RTMStringView { messageID }
}

extension StreamMessageView {
    /// Renamed ``messageID``.
    @available(*, deprecated, renamed: "messageID")
    public var messageUID: RTMStringView { messageID }
}

extension StreamChunkView {
    /// Renamed ``streamMessageID``.
    @available(*, deprecated, renamed: "streamMessageID")
    public var streamID: RTMStringView { streamMessageID }
}

extension ImageMessageView {
    /// Renamed ``caption``.
    @available(*, deprecated, renamed: "caption")
    public var text: RTMStringView { caption }
}

extension FileMessageView {
    /// Renamed ``caption``.
    @available(*, deprecated, renamed: "caption")
    public var text: RTMStringView { caption }
}

import Testing

@testable import RTMWire
@testable import RTMWireViews

/// The borrowed view on crafted input: what it reads, the checks it makes up front (each at
/// its boundary and one past it), the string checks it makes when a string is read, and the
/// errors it throws.
@Suite("Borrowed view")
struct ViewTests {
    let envelope = Envelope(
        messageID: "m-1", sender: Sender(userID: "alice", displayName: "앨리스 🙂"),
        sendTimeMs: 1_615_539_916_000,
        conversation: Conversation(type: .peer, id: "bob"),
        body: .receipt(
            Receipt(
                kind: .delivery(
                    DeliveryReceipt(messageIDs: ["a", "b", "c"], deliveredAtMs: [1, 2, 300])))))

    @Test func readsFieldsInPlace() throws {
        let bytes = try envelope.serializedBytes()
        try Envelope.withView(of: bytes) { view throws(RTMWireError) in
            #expect(view.messageID == "m-1")
            #expect("m-1" == view.messageID)
            #expect(view.messageID != "m-2")
            let displayName = try view.sender?.displayName.string
            #expect(displayName == "앨리스 🙂")
            #expect(view.sendTimeMs == 1_615_539_916_000)
            #expect(view.conversation?.type == .peer)
            #expect(view.deliveryOptions == nil)
            #expect(view.replyTo == nil)
            guard case .receipt(let receipt)? = view.body,
                case .delivery(let delivery)? = receipt.kind
            else {
                Issue.record("no delivery receipt")
                return
            }
            let ids = try delivery.messageIDs.map { id throws(RTMWireError) in try id.string }
            #expect(ids == ["a", "b", "c"])
            #expect(delivery.messageIDs.count == 3)
            #expect(Array(delivery.deliveredAtMs) == [1, 2, 300])
            let materialized = try view.materialized()
            #expect(materialized == envelope)
        }
    }

    /// Protobuf merges a repeated sub-message and keeps a oneof's last member; so does the view.
    @Test func mergesAndLastMemberWinAsInTheDecoder() throws {
        // sender twice (user_id, then display_name); body text, image, then text again.
        let bytes = hex(
            "12 03 0a 01 61" + "12 03 12 01 62" + "82 01 03 0a 01 78" + "8a 01 00"
                + "82 01 03 0a 01 79")
        let decoded = try Envelope(serializedBytes: bytes, options: .wireOnly)
        try Envelope.withView(of: bytes, options: .wireOnly) { view throws(RTMWireError) in
            let userID = try view.sender?.userID.string
            #expect(userID == "a")
            let displayName = try view.sender?.displayName.string
            #expect(displayName == "b")
            let materialized = try view.materialized()
            #expect(materialized == decoded)
        }
    }

    @Test func emptyInputIsTheEmptyMessage() throws {
        try Envelope.withView(of: [UInt8](), options: .wireOnly) { view in
            #expect(view.messageID.isEmpty)
            #expect(view.body == nil)
        }
    }

    @Test func refusesWhatTheDecoderRefuses() throws {
        // Wire rules, and UTF-8 once the string is read: the decoder's error, with or without
        // the value checks.
        let wire: [(String, RTMWireError.Code, String)] = [
            ("0a 05 61", .lengthPastEnd, ""),
            ("12 02 0a 01", .lengthPastEnd, "sender"),
            ("0a 02 c3 28", .invalidUTF8, "message_id"),  // invalid 2-byte sequence
            ("0a 03 ed a0 80", .invalidUTF8, "message_id"),  // surrogate
            ("0a 04 f4 90 80 80", .invalidUTF8, "message_id"),  // above U+10FFFF
        ]
        for (input, code, path) in wire {
            for options in [CodecOptions.default, .wireOnly] {
                let decoder = caught { () throws(RTMWireError) in
                    try Envelope(serializedBytes: hex(input), options: .wireOnly)
                }
                let view = caught { () throws(RTMWireError) in
                    try Envelope.withView(of: hex(input), options: options) {
                        view throws(RTMWireError) in _ = try view.materialized()
                    }
                }
                #expect(view?.code == code, "\(input)")
                #expect(view?.fieldPath == path, "\(input)")
                #expect(view?.code == decoder?.code, "\(input)")
                #expect(view?.fieldPath == decoder?.fieldPath, "\(input)")
                #expect(view?.offset == decoder?.offset, "\(input)")
            }
        }
        // U+0000 in an otherwise valid envelope: the decoder's error with the default options.
        for (nul, path) in [
            (Envelope(messageID: "m\u{0}1"), "message_id"),
            (Envelope(sender: Sender(userID: "a\u{0}")), "sender.user_id"),
        ] {
            var envelope = envelope
            if nul.messageID != "" { envelope.messageID = nul.messageID }
            if let sender = nul.sender { envelope.sender = sender }
            let bytes = try envelope.serializedBytes(options: .wireOnly)
            let decoder = caught { () throws(RTMWireError) in try Envelope(serializedBytes: bytes) }
            // The header reads without touching the strings; reading them throws.
            try Envelope.withView(of: bytes) { #expect($0.sendTimeMs == envelope.sendTimeMs) }
            let view = caught { () throws(RTMWireError) in
                try Envelope.withView(of: bytes) { view throws(RTMWireError) in
                    _ = try view.materialized()
                }
            }
            #expect(view?.code == .invalidValue)
            #expect(view?.fieldPath == path)
            #expect(view?.fieldPath == decoder?.fieldPath)
            #expect(view?.code == decoder?.code)
        }
    }

    /// With several violations in one (canonically ordered) input, the view throws the one
    /// the decoder throws: a message's own fields before its sub-messages, an earlier
    /// sub-message before a later one, and an element of a repeated field with its index.
    @Test func theFirstOfSeveralViolationsIsTheDecoders() throws {
        var ownAndSender = envelope
        ownAndSender.messageID = "m\u{0}"
        ownAndSender.sender?.userID = "a\u{0}"
        var senderAndConversation = envelope
        senderAndConversation.sender?.userID = "a\u{0}"
        senderAndConversation.conversation?.id = "g\u{0}"
        func metadata(_ items: [MetadataItem]) -> Envelope {
            let request = MetadataRequest(
                requestID: "r-1", operation: .set,
                target: MetadataTarget(
                    target: .channel(ChannelTarget(channelName: "general", channelType: .message))),
                metadata: Metadata(items: items))
            var message = envelope
            message.body = .metadata(MetadataMessage(kind: .request(request)))
            return message
        }
        let cases: [(Envelope, String)] = [
            (ownAndSender, "message_id"),
            (senderAndConversation, "sender.user_id"),
            (
                metadata([.init(key: "a"), .init(key: "b\u{0}"), .init(key: "c\u{0}")]),
                "metadata.request.metadata.items[1].key"
            ),
            (
                metadata([.init(key: "a", value: "v\u{0}"), .init(key: "b\u{0}")]),
                "metadata.request.metadata.items[0].value"
            ),
        ]
        for (message, path) in cases {
            let bytes = try message.serializedBytes(options: .wireOnly)
            let decoder = caught { () throws(RTMWireError) in try Envelope(serializedBytes: bytes) }
            let view = caught { () throws(RTMWireError) in
                try Envelope.withView(of: bytes) { view throws(RTMWireError) in
                    _ = try view.materialized()
                }
            }
            #expect(decoder?.code == .invalidValue, "\(path)")
            #expect(view?.fieldPath == path)
            #expect(view == decoder, "\(path)")
        }
    }

    /// A string's text is checked when it is read, not when the view is made: a router that
    /// reads only the header and ids never pays for (or trips on) the body's text, and the
    /// string that does fail throws the decoder's error for the whole input, even when the
    /// first bad string in wire order is another one.
    @Test func stringsAreCheckedWhenRead() throws {
        // message_id "ok", sender.user_id invalid (c3 28), then text.text invalid (ff).
        let bytes = hex("0a 02 6f 6b" + "12 04 0a 02 c3 28" + "82 01 03 0a 01 ff")
        let decoder = caught { () throws(RTMWireError) in
            try Envelope(serializedBytes: bytes, options: .wireOnly)
        }
        #expect(decoder?.fieldPath == "sender.user_id")
        for options in [CodecOptions.default, .wireOnly] {
            try Envelope.withView(of: bytes, options: options) { view throws(RTMWireError) in
                let messageID = try view.messageID.string
                #expect(messageID == "ok")
                #expect(view.sender?.userID.count == 2)
                #expect(view.sender.map { $0.userID != "ab" } == true)
                guard case .text(let text)? = view.body else {
                    Issue.record("no text body")
                    return
                }
                #expect(text.text.description == "\u{FFFD}")
                let error = caught { () throws(RTMWireError) in _ = try text.text.string }
                #expect(error == decoder)
                #expect(error?.offset == 8)
            }
        }
        // U+0000: refused when read with the semantic checks on, allowed wire-only.
        let nul = hex("0a 02 61 00")
        try Envelope.withView(of: nul) { view in
            #expect(view.messageID.count == 2)
            let error = caught { () throws(RTMWireError) in _ = try view.messageID.string }
            #expect(error?.code == .invalidValue)
            #expect(error?.fieldPath == "message_id")
        }
        try Envelope.withView(of: nul, options: .wireOnly) { view throws(RTMWireError) in
            let messageID = try view.messageID.string
            #expect(messageID == "a\u{0}")
        }
    }

    @Test func nulIsAllowedWireOnly() throws {
        try Envelope.withView(of: hex("0a 02 61 00"), options: .wireOnly) { view in
            #expect(view.messageID.count == 2)
        }
    }

    @Test func repeatedCountLimitAtTheBoundaryAndOnePast() throws {
        var limits = Limits()
        limits.maxRepeatedCount = 3
        let options = CodecOptions(limits: limits)
        func ids(_ count: Int) -> [UInt8] {
            Array(repeating: hex("0a 01 61"), count: count).flatMap { $0 }
        }
        try DeliveryReceipt.withView(of: ids(3), options: options) {
            #expect($0.messageIDs.count == 3)
        }
        let error = caught { () throws(RTMWireError) in
            try DeliveryReceipt.withView(of: ids(4), options: options) { _ in () }
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.limit == .init(name: "maxRepeatedCount", allowed: 3, actual: 4))
        #expect(error?.fieldPath == "message_ids")
    }

    @Test func messageSizeLimitAtTheBoundaryAndOnePast() throws {
        var limits = Limits()
        limits.maxMessageBytes = 3
        let options = CodecOptions(limits: limits)
        try Envelope.withView(of: hex("0a 01 61"), options: options) {
            #expect($0.messageID == "a")
        }
        let error = caught { () throws(RTMWireError) in
            try Envelope.withView(of: hex("0a 02 61 62"), options: options) { _ in () }
        }
        #expect(error?.limit?.name == "maxMessageBytes")
    }

    @Test func depthLimitAtTheBoundaryAndOnePast() throws {
        var limits = Limits()
        limits.maxDepth = 1
        let options = CodecOptions(limits: limits, checksSemantics: false)
        try Envelope.withView(of: hex("12 03 0a 01 61"), options: options) {
            view throws(RTMWireError) in
            let userID = try view.sender?.userID.string
            #expect(userID == "a")
        }
        // stream_chunk (22) > delta (3): depth 2.
        let error = caught { () throws(RTMWireError) in
            try Envelope.withView(of: hex("b2 01 02 1a 00"), options: options) { _ in () }
        }
        #expect(error?.code == .depthLimitExceeded)
    }
}

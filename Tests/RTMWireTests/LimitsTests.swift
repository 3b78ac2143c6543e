import Testing

@testable import RTMWire

/// Every limit exactly at its value and one past it, on encode and on decode.
@Suite("Limits")
struct LimitsTests {
    /// Encodes `envelope` and decodes the bytes (both checked) — or reports the limit error.
    /// Encoding and decoding must agree, so each is tried on its own.
    func check(_ envelope: Envelope, limits: Limits = .default) -> (
        encode: RTMWireError?, decode: RTMWireError?
    ) {
        let options = CodecOptions(limits: limits)
        let encodeError = caught { () throws(RTMWireError) in
            try envelope.serializedBytes(options: options)
        }
        let bytes = try! envelope.serializedBytes(options: .wireOnly)
        let decodeError = caught { () throws(RTMWireError) in
            try Envelope(serializedBytes: bytes, options: options)
        }
        return (encodeError, decodeError)
    }

    func expectLimit(
        _ envelope: Envelope, _ name: String, allowed: Int, actual: Int, limits: Limits = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (encode, decode) = check(envelope, limits: limits)
        for error in [encode, decode] {
            #expect(error?.code == .limitExceeded, sourceLocation: sourceLocation)
            #expect(
                error?.limit == .init(name: name, allowed: allowed, actual: actual),
                sourceLocation: sourceLocation)
        }
    }

    func expectOK(
        _ envelope: Envelope, limits: Limits = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (encode, decode) = check(envelope, limits: limits)
        #expect(encode == nil, sourceLocation: sourceLocation)
        #expect(decode == nil, sourceLocation: sourceLocation)
    }

    static let budget = Limits.default.maxContentBytes

    @Test func textContentBudget() {
        expectOK(header(.text(TextMessage(text: String(repeating: "a", count: Self.budget)))))
        expectLimit(
            header(.text(TextMessage(text: String(repeating: "a", count: Self.budget + 1)))),
            "maxContentBytes", allowed: Self.budget, actual: Self.budget + 1)
    }

    @Test func imageContentBudgetCountsTextNameAndThumbnail() {
        func image(thumbnail: Int) -> Envelope {
            header(
                .image(
                    ImageMessage(
                        mediaID: "m", fileName: "cat.png", size: 10,
                        thumbnail: [UInt8](repeating: 7, count: thumbnail), caption: "caption")))
        }
        let room = Self.budget - "cat.png".utf8.count - "caption".utf8.count
        expectOK(image(thumbnail: room))
        expectLimit(
            image(thumbnail: room + 1), "maxContentBytes", allowed: Self.budget,
            actual: Self.budget + 1)
    }

    @Test func fileContentBudget() {
        func file(thumbnail: Int) -> Envelope {
            header(
                .file(
                    FileMessage(
                        mediaID: "m", fileName: "a.pdf", size: 10,
                        thumbnail: [UInt8](repeating: 1, count: thumbnail))))
        }
        expectOK(file(thumbnail: Self.budget - 5))
        expectLimit(
            file(thumbnail: Self.budget - 4), "maxContentBytes", allowed: Self.budget,
            actual: Self.budget + 1)
    }

    @Test func customPayloadBudget() {
        expectOK(
            header(
                .custom(
                    CustomMessage(type: "t", payload: [UInt8](repeating: 0, count: Self.budget)))))
        expectLimit(
            header(
                .custom(
                    CustomMessage(type: "t", payload: [UInt8](repeating: 0, count: Self.budget + 1))
                )),
            "maxContentBytes", allowed: Self.budget, actual: Self.budget + 1)
    }

    @Test func mediaSizeRange() {
        let max = Limits.default.maxMediaBytes
        #expect(max == 31_457_280)
        expectOK(header(.image(ImageMessage(mediaID: "m", size: 1))))
        expectOK(header(.file(FileMessage(mediaID: "m", size: UInt64(max)))))
        // 0 is "unknown": a message sent by media id alone.
        expectOK(header(.file(FileMessage(mediaID: "m", size: 0))))
        expectOK(header(.image(ImageMessage(mediaID: "m"))))
        expectLimit(
            header(.image(ImageMessage(mediaID: "m", size: UInt64(max) + 1))), "maxMediaBytes",
            allowed: max, actual: max + 1)
    }

    @Test func repeatedCount() {
        func receipt(_ n: Int) -> Envelope {
            header(
                .receipt(
                    Receipt(
                        kind: .delivery(DeliveryReceipt(messageIDs: (0..<n).map { "id-\($0)" })))))
        }
        expectOK(receipt(1_000))
        expectLimit(receipt(1_001), "maxRepeatedCount", allowed: 1_000, actual: 1_001)
        let small = Limits(maxRepeatedCount: 3)
        expectOK(receipt(3), limits: small)
        expectLimit(receipt(4), "maxRepeatedCount", allowed: 3, actual: 4, limits: small)
    }

    func metadata(_ items: [MetadataItem]) -> Envelope {
        header(
            .metadata(
                MetadataMessage(
                    kind: .request(
                        MetadataRequest(
                            requestID: "r", operation: .set,
                            target: MetadataTarget(target: .userID("u")),
                            metadata: Metadata(items: items))))))
    }

    @Test func metadataKeyAndValueSizes() {
        let key = Limits.default.maxMetadataKeyBytes, value = Limits.default.maxMetadataValueBytes
        expectOK(
            metadata([
                MetadataItem(
                    key: String(repeating: "k", count: key),
                    value: String(repeating: "v", count: value))
            ]))
        expectLimit(
            metadata([MetadataItem(key: String(repeating: "k", count: key + 1))]),
            "maxMetadataKeyBytes", allowed: key, actual: key + 1)
        expectLimit(
            metadata([MetadataItem(key: "k", value: String(repeating: "v", count: value + 1))]),
            "maxMetadataValueBytes", allowed: value, actual: value + 1)
    }

    @Test func metadataItemCount() {
        expectOK(metadata((0..<1_000).map { MetadataItem(key: "k\($0)") }))
        expectLimit(
            metadata((0..<1_001).map { MetadataItem(key: "k\($0)") }), "maxRepeatedCount",
            allowed: 1_000, actual: 1_001)
    }

    @Test func messageSize() throws {
        // Grow a text envelope to exactly the cap, with a content budget that does not interfere.
        let cap = 4_096
        var limits = Limits(maxMessageBytes: cap)
        limits.maxContentBytes = cap
        func text(_ n: Int) -> Envelope {
            header(.text(TextMessage(text: String(repeating: "x", count: n))))
        }
        // Length prefixes grow with the text, so find the text length that lands on the cap.
        let n = try #require((1..<cap).first { text($0).serializedSize == cap })
        expectOK(text(n), limits: limits)
        #expect(text(n + 1).serializedSize == cap + 1)
        expectLimit(text(n + 1), "maxMessageBytes", allowed: cap, actual: cap + 1, limits: limits)
    }

    @Test func defaultsAreDocumented() {
        let limits = Limits.default
        #expect(limits.maxContentBytes == 32_768)
        #expect(limits.maxMediaBytes == 31_457_280)
        #expect(limits.maxMessageBytes == 1_048_576)
        #expect(limits.maxRepeatedCount == 1_000)
        #expect(limits.maxMetadataKeyBytes == 256)
        #expect(limits.maxMetadataValueBytes == 8_192)
        #expect(limits.maxMentions == 100)
        #expect(limits.maxReactionKeyBytes == 64)
        #expect(limits.maxReactionKeyGraphemes == 32)
        #expect(limits.maxReactionRecentUsers == 10)
        #expect(limits.maxExcerptBytes == 1_024)
        #expect(limits.maxTypingExpiryMs == 60_000)
        #expect(limits.maxGroupAckPageSize == 100)
        #expect(limits.maxAppDataEntries == 20)
        #expect(limits.maxAppDataKeyBytes == 32)
        #expect(limits.maxAppDataValueBytes == 4_096)
        #expect(limits.maxHistoryPageSize == 100)
        #expect(limits.maxTokenBytes == 8_192)
        #expect(limits.maxDepth == 32)
    }

    @Test func groupAckPageSize() {
        func query(_ size: UInt32) -> Envelope {
            header(
                .receipt(
                    Receipt(
                        kind: .groupAckQuery(
                            GroupAckQuery(messageID: "m", groupID: "c-1", pageSize: size)))),
                conversation: .group)
        }
        func page(_ count: Int) -> Envelope {
            let acks = (0..<count).map {
                GroupReadReceipt(
                    messageID: "m", groupID: "c-1", ackID: "a\($0)", readerUserID: "u\($0)")
            }
            return header(
                .receipt(
                    Receipt(
                        kind: .groupAckPage(
                            GroupAckPage(messageID: "m", groupID: "c-1", acks: acks)))),
                conversation: .group)
        }
        expectOK(query(1))
        expectOK(query(100))
        expectLimit(query(101), "maxGroupAckPageSize", allowed: 100, actual: 101)
        expectOK(page(100))
        expectLimit(page(101), "maxGroupAckPageSize", allowed: 100, actual: 101)
        // A page of nothing is a question without meaning: a rule, not a limit.
        let (encode, decode) = check(query(0))
        #expect(encode?.code == .invalidValue && decode?.code == .invalidValue)
    }

    @Test func appData() {
        func with(_ entries: [AppDataEntry]) -> Envelope {
            var envelope = header(.text(TextMessage(text: "hi")))
            envelope.appData = entries
            return envelope
        }
        let twenty = (0..<20).map { AppDataEntry(key: "k\($0)") }
        expectOK(with(twenty))
        expectLimit(
            with(twenty + [AppDataEntry(key: "k20")]), "maxAppDataEntries", allowed: 20, actual: 21)
        let key = String(repeating: "k", count: 32)
        expectOK(with([AppDataEntry(key: key, value: String(repeating: "v", count: 4_096))]))
        expectLimit(
            with([AppDataEntry(key: key + "k")]), "maxAppDataKeyBytes", allowed: 32, actual: 33)
        expectLimit(
            with([AppDataEntry(key: "k", value: String(repeating: "v", count: 4_097))]),
            "maxAppDataValueBytes", allowed: 4_096, actual: 4_097)
        // Outside the content budget: a full text and full app data together are fine.
        var full = with(
            twenty.map { AppDataEntry(key: $0.key, value: String(repeating: "v", count: 4_096)) })
        full.body = .text(TextMessage(text: String(repeating: "a", count: 32_768)))
        expectOK(full)
    }

    @Test func theRTMMessagePresetRefusesWhatAnRTMMessageCannotHold() throws {
        // A text at the 32 KB content budget fits the default limits, and is about 1 KB too
        // large for the payload of one RTM message: the preset says so before sending.
        let atBudget = header(.text(TextMessage(text: String(repeating: "a", count: 32_768))))
        expectOK(atBudget)
        let size = atBudget.serializedSize
        #expect(size > 32_768)
        expectLimit(
            atBudget, "maxMessageBytes", allowed: 32_768, actual: size, limits: .rtmMessage)
        #expect(Limits.rtmMessage == Limits(maxMessageBytes: 32_768))
        let fits = header(.text(TextMessage(text: String(repeating: "a", count: 32_000))))
        expectOK(fits, limits: .rtmMessage)
    }

    @Test func theDeepestSchemaMessageNestsFourLevels() throws {
        // envelope → metadata → request → metadata → item, as Limits.maxDepth's doc says.
        let item = MetadataItem(key: "k", value: "v")
        let request = MetadataRequest(
            requestID: "r", operation: .set, target: MetadataTarget(target: .userID("u")),
            metadata: Metadata(items: [item]))
        let bytes = try header(.metadata(MetadataMessage(kind: .request(request))))
            .serializedBytes()
        let four = CodecOptions(limits: Limits(maxDepth: 4))
        #expect(throws: Never.self) { try Envelope(serializedBytes: bytes, options: four) }
        let error = caught { () throws(RTMWireError) in
            try Envelope(serializedBytes: bytes, options: CodecOptions(limits: Limits(maxDepth: 3)))
        }
        #expect(error?.code == .depthLimitExceeded)
        #expect(error?.limit == .init(name: "maxDepth", allowed: 3, actual: 4))
        #expect(error?.fieldPath == "metadata.request.metadata.items")
    }

    @Test func aLimitViolationPrintsItsNameAndValues() {
        let violation = RTMWireError.LimitViolation(
            name: "maxContentBytes", allowed: 32_768, actual: 40_000)
        #expect("\(violation)" == "maxContentBytes: allowed 32768, actual 40000")
        let error = RTMWireError.limit(
            "maxContentBytes", allowed: 32_768, actual: 40_000, path: "text", detail: "too long")
        #expect(
            "\(error)"
                == "limitExceeded: text: too long (limit maxContentBytes: allowed 32768, actual 40000)"
        )
    }

    @Test func wireOnlySkipsSizeLimits() throws {
        let big = header(.text(TextMessage(text: String(repeating: "a", count: Self.budget + 1))))
        let bytes = try big.serializedBytes(options: .wireOnly)
        #expect(try Envelope(serializedBytes: bytes, options: .wireOnly) == big)
    }
}

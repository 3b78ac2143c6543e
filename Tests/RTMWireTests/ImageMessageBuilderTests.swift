import Testing

@testable import RTMWire

@Suite("Image message from file bytes")
struct ImageMessageBuilderTests {
    @Test func computesSizeAndDimensionsFromTheHeader() throws {
        let png = ImageFixtures.png5x7.bytes
        let message = try ImageMessage(mediaID: "m", imageBytes: png, fileName: "a.png")
        #expect(message.width == 5)
        #expect(message.height == 7)
        #expect(message.size == UInt64(png.count))
        #expect(message.fileName == "a.png")
    }

    @Test func explicitValuesOverrideComputedOnes() throws {
        let jpeg = ImageFixtures.jpegBaseline3x2.bytes
        let message = try ImageMessage(mediaID: "m", imageBytes: jpeg, width: 300)
        #expect(message.width == 300)
        #expect(message.height == 2)
    }

    @Test func bothExplicitNeedsNoReadableHeader() throws {
        let message = try ImageMessage(mediaID: "m", imageBytes: [1, 2, 3], width: 10, height: 20)
        #expect(message.width == 10 && message.height == 20 && message.size == 3)
    }

    @Test func aFormatTheProbeDoesNotReadLeavesTheSizeUnknown() throws {
        // Agora's SDK sends any format and fills width and height only for those it reads.
        let message = try ImageMessage(mediaID: "m", imageBytes: [1, 2, 3], height: 9)
        #expect(message.width == 0 && message.height == 9 && message.size == 3)
    }

    @Test func aBrokenHeaderOfAKnownFormatIsATypedError() {
        let error = caught { () throws(RTMWireError) in
            try ImageMessage(
                mediaID: "m", imageBytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
        #expect(error?.code == .malformedImageHeader)
    }

    @Test func aMessageSentByMediaIDHasNoSize() throws {
        // createImageMessageByMediaId: an earlier upload re-sent; the size is unknown (0).
        var image = ImageMessage(mediaID: "media-1")
        image.expireTimeMs = 1_732_752_000_000
        let envelope = header(.image(image))
        let decoded = try Envelope(serializedBytes: try envelope.serializedBytes())
        #expect(decoded.image?.size == 0 && decoded.image?.expireTimeMs == 1_732_752_000_000)
    }
}

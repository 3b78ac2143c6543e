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

    @Test func unreadableHeaderIsATypedError() {
        let error = caught { () throws(RTMWireError) in
            try ImageMessage(mediaID: "m", imageBytes: [1, 2, 3])
        }
        #expect(error?.code == .unrecognizedImageFormat)
    }
}

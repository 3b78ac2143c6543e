// The samples of the article "Images and files" (Sources/RTMWire/RTMWire.docc/ImagesAndFiles.md),
// run as written: ArticleSample checks that the marked copies below are the article's blocks and
// that they print what the article's comments say.

import RTMWire
import RTMWireTestSupport
import Testing

@Suite("Article: Images and files")
struct ImagesAndFilesArticleTests {
    @Test func samplesRunAsWritten() throws {
        // What the samples assume: a photo stored 6 × 4 with Exif orientation 6 (a phone held
        // upright), a thumbnail, a PDF; and a `print` that records.
        let photoBytes = ImageFixtures.jpegExifRightBigEndian.bytes
        let thumbnailBytes = [UInt8](repeating: 0xAB, count: 2_000)
        let pdfBytes = [UInt8](repeating: 0x25, count: 2_048)
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Article sample: begin
        // `photoBytes` was uploaded; the file server answered with its media id.
        let image = try ImageMessage(
            mediaID: "media-7f3a", imageBytes: photoBytes, fileName: "IMG_0042.jpg",
            thumbnail: thumbnailBytes, thumbnailWidth: 64, thumbnailHeight: 96,
            caption: "@bob the view from here", mentions: Mentions(userIDs: ["bob"]))
        print(image.width, image.height)  // 4 6

        let envelope = Envelope(
            messageID: "m-1042", sender: Sender(userID: "alice"), sendTimeMs: 1_763_700_000_000,
            conversation: Conversation(type: .peer, id: "bob"), body: .image(image))
        let bytes = try envelope.serializedBytes()
        // Article sample: end

        // Article sample: begin
        let info = try ImageProbe.probe(photoBytes)
        print(info.format, info.width, info.height, info.orientation)  // jpeg 4 6 right (6)
        // Article sample: end

        // Article sample: begin
        let file = FileMessage(
            mediaID: "media-91c0", fileName: "minutes.pdf", size: UInt64(pdfBytes.count),
            caption: "notes from today")
        let fileEnvelope = Envelope(
            messageID: "m-1043", sender: Sender(userID: "alice"), sendTimeMs: 1_763_700_000_500,
            conversation: Conversation(type: .group, id: "team"), body: .file(file))
        let fileBytes = try fileEnvelope.serializedBytes()
        // Article sample: end

        // Article sample: begin
        do {
            let big = try ImageMessage(
                mediaID: "media-7f3a", imageBytes: photoBytes,
                thumbnail: [UInt8](repeating: 0xFF, count: 40_000))
            _ = try Envelope(
                messageID: "m-1044", sender: Sender(userID: "alice"),
                conversation: Conversation(type: .peer, id: "bob"), body: .image(big)
            ).serializedBytes()
        } catch {
            print(error.code, error.fieldPath)  // limitExceeded image.thumbnail
            print(error.limit!)  // maxContentBytes: allowed 32768, actual 40000
        }

        // A format the probe does not read travels with width and height unknown (0).
        let other = try ImageMessage(mediaID: "media-7f3b", imageBytes: Array("II*\0 a TIFF".utf8))
        print(other.width, other.height, other.size)  // 0 0 11

        do {
            // A PNG signature with no header after it is no image a receiver can show.
            let cut: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            _ = try ImageMessage(mediaID: "media-7f3a", imageBytes: cut)
        } catch {
            print(error.code)  // malformedImageHeader
        }
        // Article sample: end

        // Article sample: begin
        let received = try Envelope(serializedBytes: bytes)
        if let image = received.image {
            // Reserve the box before the download: the size is the displayed one (0 = unknown).
            let aspectRatio = image.height == 0 ? nil : Double(image.width) / Double(image.height)
            print(image.caption, aspectRatio ?? 0)  // @bob the view from here 0.6666666666666666
            // Show `image.thumbnail` at once, then download `image.mediaID` from the file server.
        }
        if let file = try Envelope(serializedBytes: fileBytes).file {
            print(file.fileName, file.size)  // minutes.pdf 2048
        }
        // Article sample: end

        let sample = try ArticleSample(article: "Sources/RTMWire/RTMWire.docc/ImagesAndFiles.md")
        #expect(sample.differences(printed: printed) == [])
        #expect(received == envelope)
        #expect(image.size == UInt64(photoBytes.count))
        #expect(received.image?.mentions?.userIDs == ["bob"])
    }

    /// The article's table: an empty media id and an empty size fail where it says.
    @Test func tableRows() throws {
        func error(_ image: ImageMessage) -> RTMWireError? {
            do {
                _ = try Envelope(
                    messageID: "m", sender: Sender(userID: "a"),
                    conversation: Conversation(type: .peer, id: "b"), body: .image(image)
                ).serializedBytes()
                return nil
            } catch { return error }
        }
        let missing = error(ImageMessage(size: 10))
        #expect(missing?.code == .missingField)
        #expect(missing?.fieldPath == "image.media_id")
        let tooLarge = error(ImageMessage(mediaID: "m", size: 31_457_281))
        #expect(tooLarge?.code == .limitExceeded)
        #expect(tooLarge?.fieldPath == "image.size")
        #expect(tooLarge?.limit?.name == "maxMediaBytes")
        #expect(error(ImageMessage(mediaID: "m", size: 0)) == nil)  // unknown: sent by media id
        let expired = error(ImageMessage(mediaID: "m", expireTimeMs: -1))
        #expect(expired?.code == .invalidValue)
        #expect(expired?.fieldPath == "image.expire_time_ms")
    }
}

import RTMWire
import RTMWireJSON
import RTMWireLegacy

/// The second scene of `rtmwire demo`: one RTM channel shared by a tutorial app (old client,
/// legacy JSON) and RTMWire apps (new clients, binary envelopes), as during a migration.
///
/// 지민 runs the tutorial app and sends its JSON messages (a photo in the text of an RTM image
/// message). Bob runs the new app and sends envelopes. Amy, also on the new app, reads the
/// interleaved channel with a ``MixedFormatReceiver``; 지민's app gets Bob's envelopes through a
/// ``LegacyBridge`` and reads them with the tutorial's own rules (``TutorialClient``), written
/// apart from the bridge's parser. The RTM channel itself is simulated: an ordered list of
/// messages.
enum LegacyBridgeScene {
    /// One message on the channel, as its sender put it there.
    struct Posted {
        var from: String
        var bytes: [UInt8]
        /// The RTM image message's fields, for a legacy photo.
        var photo: LegacyPhotoAttachment?
        /// For Bob's messages: the envelope he sent.
        var envelope: Envelope?
    }

    /// What the scene printed and whether every check held.
    struct Outcome {
        var text: String
        var ok: Bool
    }

    static let channel = Conversation(type: .channel, id: "general")
    static let bob = Sender(userID: "bob", displayName: "Bob")

    static func legacy(_ json: String, photo: LegacyPhotoAttachment? = nil) -> Posted {
        Posted(from: "지민 (old app)", bytes: Array(json.utf8), photo: photo)
    }

    static func envelope(_ id: String, second: Int64, _ body: Envelope.Body) -> Posted {
        let envelope = Envelope(
            messageID: id, sender: bob, sendTimeMs: 1_615_539_900_000 + second * 1000,
            conversation: channel, body: body)
        return Posted(
            from: "Bob (new app)", bytes: (try? envelope.serializedBytes()) ?? [],
            envelope: envelope)
    }

    static let jimin = #""sender":{"display_name":"지민","sender_id":"jimin"}"#

    /// The channel's messages in the order they were sent.
    static let posted: [Posted] = [
        legacy(#"{\#(jimin),"type":"status","body":"online"}"#),
        envelope("b-1", second: 1, .status(StatusMessage(presence: .online))),
        legacy(
            #"{\#(jimin),"message_id":"j-1","timestamp":"2021-03-12T09:05:02Z","type":"text","body":"안녕하세요! 👋"}"#
        ),
        envelope("b-2", second: 3, .text(TextMessage(text: "Hi 지민 🙌 from the new app"))),
        legacy(
            #"{\#(jimin),"message_id":"j-2","timestamp":"2021-03-12T09:05:04Z","type":"photo"}"#,
            photo: LegacyPhotoAttachment(
                mediaID: "media-5f2c", fileName: "IMG_0042.HEIC", size: 1_843_200, width: 3024,
                height: 4032)),
        envelope(
            "b-3", second: 5,
            .image(
                ImageMessage(
                    mediaID: "media-77a1", fileName: "sunset.webp", size: 48_213, width: 1080,
                    height: 1920, caption: "노을 🌅"))),
        envelope("b-4", second: 6, .status(StatusMessage(presence: .online, handRaised: true))),
        legacy(#"{\#(jimin),"type":"raise_hand","body":"true"}"#),
        legacy(
            #"{\#(jimin),"message_id":"poll-1","type":"poll","body":{"question":"점심?","options":["김밥","pizza"]}}"#
        ),
        envelope("b-5", second: 9, .status(StatusMessage(presence: .online, handRaised: false))),
        legacy(#"{\#(jimin),"type":"status","body":"offline"}"#),
    ]

    static func run() -> Outcome {
        var minted = 0
        func mint() -> String {
            minted += 1
            return "bridge-\(minted)"
        }
        var amy = MixedFormatReceiver(bridge: LegacyBridge(conversation: channel))
        // Converts every envelope of the channel for tutorial apps: Bob's go to 지민's app, and
        // 지민's own must come back as the JSON object 지민 sent (RTM does not echo them to him).
        var toOldApps = LegacyBridge(conversation: channel)
        var ok = true
        var rows: [[String]] = [["#", "from", "sent as", "Amy received", "the old app received"]]
        var oldAppLines: [String] = []
        for (index, post) in posted.enumerated() {
            let legacyPost = MixedFormatReceiver.format(of: post.bytes) == .legacyJSON
            let sentAs = (legacyPost ? "legacy JSON " : "binary ") + "\(post.bytes.count) B"
            var amyGot: String
            var oldGot = ""
            do {
                let received = try amy.receive(
                    post.bytes, photo: post.photo, fallbackMessageID: mint())
                amyGot = "\(received.format.rawValue) → \(describe(received.envelope))"
                if let sent = post.envelope, received.envelope != sent {
                    amyGot += " DIFFERS"
                    ok = false
                }
                let outbound = try toOldApps.legacyMessages(from: received.envelope)
                if legacyPost {
                    let same =
                        outbound.count == 1 && outbound[0].photo == post.photo
                        && (try? outbound[0].message.jsonValue()).map {
                            TutorialClient.sameObject(
                                $0, (try? JSONValue(parsing: post.bytes)) ?? .null)
                        } == true
                    oldGot = same ? "(own; bridged back: same JSON)" : "(own) NO ROUND TRIP"
                    ok = ok && same
                } else {
                    oldGot = outbound.map { item -> String in
                        let json = (try? item.message.jsonString()) ?? ""
                        oldAppLines.append(
                            "  \(index + 1): \(json)"
                                + (item.photo.map { " + image message \($0.mediaID)" } ?? ""))
                        let read = TutorialClient.read(json, isImageMessage: item.photo != nil)
                        ok = ok && read != nil
                        return read ?? "REJECTED"
                    }.joined(separator: " + ")
                }
            } catch {
                amyGot = "ERROR \(error)"
                ok = false
            }
            rows.append([String(index + 1), post.from, sentAs, amyGot, oldGot])
        }
        var text =
            "Legacy bridge: 지민 (tutorial app, JSON) and Bob (new app, envelopes) share channel\n"
        text += "general. Amy (new app) reads it with MixedFormatReceiver; 지민's app gets Bob's\n"
        text += "messages through LegacyBridge and reads them with the tutorial's own rules.\n\n"
        let widths = (0..<5).map { column in rows.map { width($0[column]) }.max() ?? 0 }
        for row in rows {
            text += pad(row[0], widths[0], right: true)
            for column in 1..<5 {
                text += "  " + pad(row[column], column == 4 ? 0 : widths[column])
            }
            text += "\n"
        }
        text += "\nWhat the old app received (the text of RTM messages):\n"
        text += oldAppLines.joined(separator: "\n") + "\n"
        text += "\nlegacy bridge: \(posted.count) messages, both formats interleaved: "
        text += ok ? "all ok\n" : "SOMETHING DIFFERS\n"
        return Outcome(text: text, ok: ok)
    }

    static func describe(_ envelope: Envelope) -> String {
        switch envelope.body {
        case .text(let text)?: return "text \"\(text.text.prefix(12))\""
        case .image(let image)?: return "image \(image.width)×\(image.height)"
        case .status(let status)?:
            return "status \(status.presence == .online ? "online" : "offline")"
                + (status.handRaised ? " ✋" : "")
        case .custom(let custom)?: return "custom \(custom.type)"
        default: return "other"
        }
    }

    /// Terminal columns: Hangul and emoji take two.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x270A...0x270B, 0x3130...0x318F, 0xAC00...0xD7A3,
                0x1F300...0x1FAFF:
                total + 2
            case 0x200D, 0xFE0F: total
            default: total + 1
            }
        }
    }

    static func pad(_ text: String, _ columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - width(text)))
        return right ? padding + text : text + padding
    }
}

/// The tutorial's receiving code, rule for rule (seed 001): `MessageKitMessage(basicMessage:)`
/// for text, `getProperties(from:)` for an image message's text, and the status branch of
/// `handleMessageReceived`. Written apart from RTMWireLegacy's parser so the demo checks the
/// bridge's output against the tutorial, not against itself.
enum TutorialClient {
    /// What the tutorial app does with an RTM message's text, or nil when it drops it.
    static func read(_ text: String, isImageMessage: Bool) -> String? {
        guard let json = try? JSONValue(parsing: text), case .object = json,
            let sender = stringDictionary(json["sender"]), let name = sender["display_name"],
            sender["sender_id"] != nil
        else { return nil }
        func string(_ key: String) -> String? {
            if case .string(let value)? = json[key] { return value }
            return nil
        }
        if isImageMessage {
            // getProperties: sender, message_id and a timestamp ISO8601DateFormatter() reads.
            guard string("message_id") != nil, let time = string("timestamp"), readsAsDate(time)
            else { return nil }
            return "photo from \(name)"
        }
        guard let type = string("type"), let body = string("body") else { return nil }
        if type == "text" {
            guard string("message_id") != nil, let time = string("timestamp"), readsAsDate(time)
            else { return nil }
            return "text"
        }
        if type == "status", body == "online" || body == "offline" { return "status \(body)" }
        if type == "raise_hand", body == "true" || body == "false" {
            return body == "true" ? "hand up" : "hand down"
        }
        return nil
    }

    /// `json["sender"] as? [String: String]`: an object whose values are all strings.
    static func stringDictionary(_ value: JSONValue?) -> [String: String]? {
        guard case .object(let members)? = value else { return nil }
        var dictionary: [String: String] = [:]
        for member in members {
            guard case .string(let text) = member.value else { return nil }
            dictionary[member.key] = text
        }
        return dictionary
    }

    /// What `ISO8601DateFormatter()` (options `.withInternetDateTime`) reads: no fraction.
    static func readsAsDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let digits: Set<Int> = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard bytes.count >= 20 else { return false }
        for (index, byte) in bytes.prefix(19).enumerated() {
            let expected: UInt8? = [4: 0x2D, 7: 0x2D, 10: 0x54, 13: 0x3A, 16: 0x3A][index]
            if digits.contains(index) ? !(0x30...0x39).contains(byte) : byte != expected {
                return false
            }
        }
        let zone = bytes[19...]
        return zone.elementsEqual("Z".utf8)
            || (zone.count == 6 && (zone.first == 0x2B || zone.first == 0x2D))
    }

    /// JSON objects compared as dictionaries (member order ignored).
    static func sameObject(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && x.allSatisfy { member in
                    b[member.key].map { sameObject(member.value, $0) } ?? false
                }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy(sameObject)
        default:
            return a == b
        }
    }
}

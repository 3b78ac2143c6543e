import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// `JSONValue.fieldIndex(_:in:)`, the table a generated `_mergeJSON` finds a member's field in:
/// either name of a field, byte for byte, nothing else.
@Suite("JSON field index")
struct JSONFieldIndexTests {
    static let names: StaticString =
        "\u{6}userId\u{7}user_id\u{0}\u{b}displayName\u{c}display_name\u{0}\u{4}text\u{0}"

    @Test(arguments: [
        ("userId", 0), ("user_id", 0), ("displayName", 1), ("display_name", 1), ("text", 2),
    ])
    func eitherNameFindsItsField(key: String, index: Int) {
        #expect(JSONValue.fieldIndex(key, in: Self.names) == index)
    }

    @Test(arguments: ["", "user", "userIdx", "text ", "userId user_id", "USERID", "e\u{301}"])
    func anythingElseFindsNone(key: String) {
        #expect(JSONValue.fieldIndex(key, in: Self.names) == nil)
    }

    @Test func aMessageWithoutFieldsFindsNone() {
        #expect(JSONValue.fieldIndex("", in: "") == nil)
        #expect(JSONValue.fieldIndex("a", in: "") == nil)
    }

    /// The same field given under both names is refused, whichever comes first.
    @Test func bothNamesOfOneFieldAreRefused() throws {
        for text in [
            #"{"userId": "a", "user_id": "b"}"#, #"{"user_id": "a", "userId": "b"}"#,
        ] {
            let error = #expect(throws: RTMWireError.self) {
                try Sender(jsonString: text)
            }
            #expect(error?.code == .invalidJSON)
            #expect(error?.fieldPath == "user_id")
        }
    }
}

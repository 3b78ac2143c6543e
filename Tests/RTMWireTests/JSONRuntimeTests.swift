import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// Parses `text`, returning the error it throws or `nil` when it parses.
private func parseError(_ text: String, maxDepth: Int = 64) -> RTMWireError? {
    parseError(Array(text.utf8), maxDepth: maxDepth)
}

private func parseError(_ bytes: [UInt8], maxDepth: Int = 64) -> RTMWireError? {
    do {
        _ = try JSONValue(parsing: bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

/// Runs a throwing proto3 helper, returning its error or `nil`.
private func helperError<T>(_ body: () throws(RTMWireError) -> T) -> RTMWireError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

@Suite("JSON runtime")
struct JSONRuntimeTests {
    // MARK: Round trips

    @Test func nestedDocumentRoundTrip() throws {
        let text = """
             { "name": "RTM", "id": "9223372036854775807", "n": -12.5e-3,
               "flags": [true, false, null],
               "nested": { "empty": {}, "list": [], "deep": [[1, {"x": "y"}]] },
               "uni": "日本語 😀" }\r\n\t
            """
        let value = try JSONValue(parsing: text)
        let compact =
            #"{"name":"RTM","id":"9223372036854775807","n":-12.5e-3,"flags":[true,false,null],"nested":{"empty":{},"list":[],"deep":[[1,{"x":"y"}]]},"uni":"日本語 😀"}"#
        #expect(value.serialized() == compact)
        #expect(value.serialized(pretty: false) == compact)
        let pretty = """
            {
              "name": "RTM",
              "id": "9223372036854775807",
              "n": -12.5e-3,
              "flags": [
                true,
                false,
                null
              ],
              "nested": {
                "empty": {},
                "list": [],
                "deep": [
                  [
                    1,
                    {
                      "x": "y"
                    }
                  ]
                ]
              },
              "uni": "日本語 😀"
            }
            """
        #expect(value.serialized(pretty: true) == pretty)
        #expect(try JSONValue(parsing: compact) == value)
        #expect(try JSONValue(parsing: pretty) == value)
        #expect(try JSONValue(parsing: Array(compact.utf8)) == value)

        #expect(value["name"] == .string("RTM"))
        #expect(value["n"] == .number("-12.5e-3"))
        #expect(
            value["nested"]?["deep"]
                == .array([.array([.number("1"), .object([JSONMember("x", .string("y"))])])]))
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["name"] == nil)
    }

    @Test func scalarsAndNumbersKeepTheirText() throws {
        #expect(try JSONValue(parsing: " \n\t\r 1 \n") == .number("1"))
        #expect(try JSONValue(parsing: "true") == .bool(true))
        #expect(try JSONValue(parsing: "false") == .bool(false))
        #expect(try JSONValue(parsing: "null") == .null)
        for literal in [
            "0", "-0", "0.5", "-0.0e-0", "1.5e+10", "1E-2", "123456789012345678901234567890",
        ] {
            let value = try JSONValue(parsing: literal)
            #expect(value == .number(literal))
            #expect(value.serialized() == literal)
        }
    }

    // MARK: Strings

    @Test func everyEscapeDecodes() throws {
        let value = try JSONValue(parsing: #""\"\\\/\b\f\n\r\t\u0041\u00E9\u4e2d\u0000x""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t" + "Aé中\u{0}x"))
    }

    @Test func serializerEscapesOnlyWhatItMust() throws {
        let value = JSONValue.string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1}\u{1F}\u{7F} é")
        let expected = #""\"\\/\b\f\n\r\t\u0000\u0001\u001f"# + "\u{7F} é\""
        #expect(value.serialized() == expected)
        #expect(try JSONValue(parsing: expected) == value)
        let key = JSONValue.object([JSONMember("a\"b\n", .null)])
        #expect(key.serialized() == #"{"a\"b\n":null}"#)
        #expect(key.serialized(pretty: true) == "{\n  \"a\\\"b\\n\": null\n}")
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""\ud83d\ude00!""#) == .string("😀!"))
        #expect(try JSONValue(parsing: #""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        #expect(try JSONValue(parsing: "\"😀\"") == .string("😀"))
        #expect(JSONValue.string("😀").serialized() == "\"😀\"")

        for lone in [
            #""\uD83D""#, #""\uD83Dx""#, #""\uD83D\u0041""#, #""\uDE00""#,
            #""\uDE00\uD83D""#, #""\uD83D\uD83D""#, #""\uD83D\""#, #""\uD83D\n""#,
        ] {
            let error = parseError(lone)
            #expect(error?.code == .invalidJSON, "\(lone)")
            #expect(error?.offset == 1, "\(lone)")
            #expect(error?.detail.contains("surrogate") == true, "\(lone)")
        }
    }

    @Test func nonASCIIIsWrittenAsRawUTF8() throws {
        let value = JSONValue.object([JSONMember("名前", .string("日本語\u{2028}\u{2029}"))])
        let text = value.serialized()
        #expect(text == "{\"名前\":\"日本語\u{2028}\u{2029}\"}")
        #expect(Array(text.utf8) == Array("{\"名前\":\"日本語\u{2028}\u{2029}\"}".utf8))
        #expect(!text.contains("\\u"))
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test func validUTF8Boundaries() throws {
        let cases: [([UInt8], String)] = [
            ([0xC2, 0x80], "\u{80}"),
            ([0xE0, 0xA0, 0x80], "\u{800}"),
            ([0xEF, 0xBF, 0xBF], "\u{FFFF}"),
            ([0xF0, 0x90, 0x80, 0x80], "\u{10000}"),
            ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),
        ]
        for (bytes, expected) in cases {
            #expect(try JSONValue(parsing: [0x22] + bytes + [0x22]) == .string(expected))
        }
    }

    // MARK: Rejections

    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "[1] x", "1 2", "01", "-01", "00", "-", "1.", ".5", "1e",
        "1e+", "1.e5", "+1", "{a:1}", "{'a':1}", "['a']", "[1 2]", "{\"a\" 1}", "{\"a\":}",
        "{\"a\":1 \"b\":2}", "{,}", "[,]", "[,1]", "tru", "nul", "True", "nulll", "NaN",
        "Infinity", "-Infinity", "0x10", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"\\",
        "[", "{", "]", "}", "[}", "{]", "{\"a\"", "{\"a\":", "[1", "\u{FEFF}1", "/* c */ 1",
        "1,", "\"a\tb\"", "\"a\nb\"", "\"\u{0}\"", "\"\u{1F}\"", "1\u{0}", "\u{0C}1",
    ])
    func rejectsMalformedText(_ text: String) {
        let error = parseError(text)
        #expect(error?.code == .invalidJSON)
        #expect(error?.offset != nil)
        #expect(error?.fieldPath == "")
        #expect(error?.detail.isEmpty == false)
    }

    @Test func errorOffsetsPointAtTheProblem() {
        #expect(parseError("[1,]")?.offset == 3)
        #expect(parseError("01")?.offset == 0)
        #expect(parseError("01")?.detail.contains("leading zero") == true)
        #expect(parseError("[1] x")?.offset == 4)
        #expect(parseError("{a:1}")?.offset == 1)
        #expect(parseError("\"ab\u{1}\"")?.offset == 3)
        #expect(parseError("\"abc")?.offset == 0)
        #expect(parseError("1.")?.offset == 2)
        #expect(parseError("")?.offset == 0)
        // Offsets are relative to the start of the collection, even for slices.
        let slice = Array("xx[1,]".utf8)[2...]
        do {
            _ = try JSONValue(parsing: slice)
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 3)
        }
    }

    @Test(
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22], [0x22, 0xC0, 0x80, 0x22],
            [0x22, 0xC1, 0xBF, 0x22],
            [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], [0x22, 0xE6, 0x97, 0x22], [0x22, 0xE6, 0x97],
            [0x22, 0xF0, 0x9F, 0x98, 0x22], [0x22, 0xC3], [0xFF], [0xC3, 0xA9],
            [0x5B, 0xE2, 0x80, 0x82, 0x31, 0x5D],
        ] as [[UInt8]])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        let error = parseError(bytes)
        #expect(error?.code == .invalidJSON)
        #expect(error?.offset != nil)
    }

    @Test func duplicateKeysAreRejected() {
        let error = parseError(#"{"a":1,"a":2}"#)
        #expect(error?.code == .invalidJSON)
        #expect(error?.offset == 7)
        #expect(error?.detail.contains(#""a""#) == true)
        #expect(parseError(#"{"key":1,"\u006bey":2}"#)?.detail.contains(#""key""#) == true)
        #expect(parseError(#"{"x":{"a":1,"b":2,"a":3}}"#)?.code == .invalidJSON)
        // The same key in different objects is fine.
        #expect(parseError(#"{"a":{"a":1},"b":{"a":2},"c":[{"a":1},{"a":2}]}"#) == nil)
        // Keys are compared by bytes, not by Unicode canonical equivalence.
        #expect(parseError("{\"\u{E9}\":1,\"e\u{301}\":2}") == nil)
    }

    @Test func depthLimitIsExact() {
        for maxDepth in [1, 2, 5, 64] {
            let arrays = { (depth: Int) in
                String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            }
            let objects = { (depth: Int) in
                String(repeating: "{\"k\":", count: depth) + "1"
                    + String(repeating: "}", count: depth)
            }
            let mixed = { (depth: Int) in
                (0..<depth).map { $0 % 2 == 0 ? "[" : "{\"k\":" }.joined() + "1"
                    + (0..<depth).reversed().map { $0 % 2 == 0 ? "]" : "}" }.joined()
            }
            for build in [arrays, objects, mixed] {
                #expect(parseError(build(maxDepth), maxDepth: maxDepth) == nil, "\(maxDepth)")
                let error = parseError(build(maxDepth + 1), maxDepth: maxDepth)
                #expect(error?.code == .invalidJSON, "\(maxDepth)")
                #expect(error?.detail.contains("depth") == true)
            }
            #expect(parseError(arrays(maxDepth + 1), maxDepth: maxDepth)?.offset == maxDepth)
            // Empty containers count as a level too.
            let empty =
                String(repeating: "[", count: maxDepth + 1)
                + String(repeating: "]", count: maxDepth + 1)
            #expect(parseError(empty, maxDepth: maxDepth)?.code == .invalidJSON)
        }
        #expect(parseError("1", maxDepth: 0) == nil)
        #expect(parseError("[]", maxDepth: 0)?.code == .invalidJSON)
        #expect(parseError("{}", maxDepth: 0)?.code == .invalidJSON)
        // The default limit is 64, and hostile nesting fails fast without deep recursion.
        #expect(
            parseError(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil
        )
        #expect(
            parseError(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))?.code
                == .invalidJSON)
        #expect(parseError(String(repeating: "[", count: 200_000))?.offset == 64)
    }

    // MARK: Integer helpers

    @Test func int32Boundaries() throws {
        for make in [JSONValue.number, JSONValue.string] {
            #expect(try make("2147483647").proto3Int32(path: "f") == Int32.max)
            #expect(try make("-2147483648").proto3Int32(path: "f") == Int32.min)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("2147483648").proto3Int32(path: "f")
                } != nil)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("-2147483649").proto3Int32(path: "f")
                } != nil)
            #expect(try make("4294967295").proto3UInt32(path: "f") == UInt32.max)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("4294967296").proto3UInt32(path: "f")
                } != nil)
            #expect(
                helperError { () throws(RTMWireError) in try make("-1").proto3UInt32(path: "f") }
                    != nil)
        }
        let error = helperError { () throws(RTMWireError) in
            try JSONValue.number("2147483648").proto3Int32(path: "msg.count")
        }
        #expect(error?.code == .invalidJSON)
        #expect(error?.fieldPath == "msg.count")
        #expect(error?.detail.contains("2147483648") == true)
        #expect(error?.detail.contains("int32") == true)
        #expect(error?.offset == nil)
    }

    @Test func int64Boundaries() throws {
        for make in [JSONValue.number, JSONValue.string] {
            #expect(try make("9223372036854775807").proto3Int64(path: "f") == Int64.max)
            #expect(try make("-9223372036854775808").proto3Int64(path: "f") == Int64.min)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("9223372036854775808").proto3Int64(path: "f")
                } != nil)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("-9223372036854775809").proto3Int64(path: "f")
                } != nil)
            #expect(try make("18446744073709551615").proto3UInt64(path: "f") == UInt64.max)
            #expect(try make("1.8446744073709551615e19").proto3UInt64(path: "f") == UInt64.max)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("18446744073709551616").proto3UInt64(path: "f")
                } != nil)
            #expect(
                helperError { () throws(RTMWireError) in
                    try make("99999999999999999999999").proto3UInt64(path: "f")
                } != nil)
            #expect(
                helperError { () throws(RTMWireError) in try make("1e20").proto3UInt64(path: "f") }
                    != nil)
            #expect(try make("1e19").proto3UInt64(path: "f") == 10_000_000_000_000_000_000)
            #expect(
                helperError { () throws(RTMWireError) in try make("1e19").proto3Int64(path: "f") }
                    != nil)
            #expect(
                helperError { () throws(RTMWireError) in try make("-1").proto3UInt64(path: "f") }
                    != nil)
        }
        let error = helperError { () throws(RTMWireError) in
            try JSONValue.string("18446744073709551616").proto3UInt64(path: "a.b")
        }
        #expect(error?.fieldPath == "a.b")
        #expect(error?.detail.contains("18446744073709551616") == true)
        #expect(error?.detail.contains("uint64") == true)
    }

    @Test func integerForms() throws {
        let accepted: [(String, Int64)] = [
            ("1e3", 1000), ("1E2", 100), ("1e+2", 100), ("5.0", 5), ("1.5e1", 15), ("150e-1", 15),
            ("-0", 0), ("0.0", 0), ("-0.0e5", 0), ("0e99999999999999999999", 0), ("-12", -12),
            ("0.000000000000000000000000001e27", 1), ("-9.223372036854775808e18", Int64.min),
        ]
        for (text, expected) in accepted {
            #expect(try JSONValue.number(text).proto3Int64(path: "f") == expected, "\(text)")
            #expect(try JSONValue.string(text).proto3Int64(path: "f") == expected, "\(text)")
        }
        #expect(try JSONValue.number("-0").proto3UInt64(path: "f") == 0)
        #expect(try JSONValue.string("-0").proto3UInt32(path: "f") == 0)
        #expect(try JSONValue.number("-0").proto3Int32(path: "f") == 0)

        let rejected = [
            "1.5", "0.5", "1e-1", "15e-1", "1e-99999999999", "", " 1", "1 ", "+1", "0x10", "NaN",
            "Infinity", "-Infinity", "01", "1.", ".5", "-", "1e", "abc", "1_000", "１",
        ]
        for text in rejected {
            for value in [JSONValue.number(text), JSONValue.string(text)] {
                let error = helperError { () throws(RTMWireError) in
                    try value.proto3Int64(path: "x.y")
                }
                #expect(error?.code == .invalidJSON, "\(text)")
                #expect(error?.fieldPath == "x.y", "\(text)")
                #expect(
                    helperError { () throws(RTMWireError) in try value.proto3UInt32(path: "x.y") }
                        != nil, "\(text)")
            }
        }
        #expect(
            helperError { () throws(RTMWireError) in
                try JSONValue.number("1.5").proto3Int32(path: "f")
            }?
            .detail.contains("not an integer") == true)
        for wrongType in [JSONValue.null, .bool(true), .array([]), .object([])] {
            #expect(
                helperError { () throws(RTMWireError) in try wrongType.proto3Int32(path: "f") }?
                    .code == .invalidJSON)
            #expect(
                helperError { () throws(RTMWireError) in try wrongType.proto3UInt64(path: "f") }?
                    .code == .invalidJSON)
        }
    }

    // MARK: Other helpers

    @Test func typedHelpers() throws {
        #expect(try JSONValue.string("hi").proto3String(path: "s") == "hi")
        #expect(try JSONValue.bool(false).proto3Bool(path: "b") == false)
        #expect(try JSONValue.array([.null]).proto3Array(path: "a") == [.null])
        #expect(
            try JSONValue.object([JSONMember("k", .null)]).proto3Object(path: "o") == [
                JSONMember("k", .null)
            ])

        let stringError = helperError { () throws(RTMWireError) in
            try JSONValue.number("1").proto3String(path: "m.s")
        }
        #expect(stringError?.code == .invalidJSON)
        #expect(stringError?.fieldPath == "m.s")
        #expect(stringError?.detail == "expected a string, found a number")
        #expect(
            helperError { () throws(RTMWireError) in
                try JSONValue.string("true").proto3Bool(path: "b")
            }?.fieldPath == "b")
        #expect(
            helperError { () throws(RTMWireError) in try JSONValue.null.proto3Array(path: "a") }?
                .fieldPath == "a")
        #expect(
            helperError { () throws(RTMWireError) in try JSONValue.array([]).proto3Object(path: "o")
            }?.fieldPath == "o")
        #expect(
            helperError { () throws(RTMWireError) in try JSONValue.null.proto3String(path: "s") }
                != nil)
    }

    @Test func encodingHelpers() {
        #expect(JSONValue.proto3Int64(Int64.min) == .string("-9223372036854775808"))
        #expect(JSONValue.proto3UInt64(UInt64.max) == .string("18446744073709551615"))
        #expect(JSONValue.proto3Int32(Int32.min) == .number("-2147483648"))
        #expect(JSONValue.proto3UInt32(UInt32.max) == .number("4294967295"))
        #expect(JSONValue.proto3Bytes(Array("foob".utf8)) == .string("Zm9vYg=="))
        #expect(JSONValue.proto3Bytes([0xFB, 0xFF, 0xBF]) == .string("+/+/"))
        #expect(JSONValue.proto3Bytes([]) == .string(""))
    }

    // MARK: Base64

    @Test func base64RFC4648Vectors() {
        let vectors = [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded.utf8) == Array(plain.utf8))
            let unpadded = encoded.filter { $0 != "=" }
            #expect(Base64.decode(unpadded.utf8) == Array(plain.utf8))
        }
    }

    @Test func base64Alphabets() throws {
        #expect(Base64.decode("+/+/".utf8) == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("-_-_".utf8) == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("-_8".utf8) == [0xFB, 0xFF])
        #expect(Base64.decode("-_8=".utf8) == [0xFB, 0xFF])
        // Non-zero unused trailing bits are accepted.
        #expect(Base64.decode("Zh==".utf8) == [0x66])
        #expect(Base64.decode("Zh".utf8) == [0x66])
        var all = [UInt8]()
        for byte in 0...255 { all.append(UInt8(byte)) }
        let encoded = Base64.encode(all)
        #expect(Base64.decode(encoded.utf8) == all)
        let urlSafe = String(encoded.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }).filter {
            $0 != "="
        }
        #expect(Base64.decode(urlSafe.utf8) == all)

        #expect(try JSONValue.string("Zm9vYmFy").proto3Bytes(path: "b") == Array("foobar".utf8))
        #expect(try JSONValue.string("-_8").proto3Bytes(path: "b") == [0xFB, 0xFF])
        #expect(try JSONValue.string("").proto3Bytes(path: "b") == [])
    }

    @Test(arguments: [
        "Z", "Zm9vY", "Zg=", "Zg===", "Zm8==", "Z===", "=", "==", "Zm9v=", "Zg==Zg==", "Zg=a",
        "Zm 9v", "Zm9v\n", " Zm9v", "Zm9*", "Zm9v.", "Zm9vä",
    ])
    func base64Invalid(_ text: String) {
        #expect(Base64.decode(text.utf8) == nil)
        let error = helperError { () throws(RTMWireError) in
            try JSONValue.string(text).proto3Bytes(path: "m.data")
        }
        #expect(error?.code == .invalidJSON)
        #expect(error?.fieldPath == "m.data")
        #expect(error?.detail.contains("base64") == true)
    }

    // MARK: Fuzz

    @Test func fuzzNeverTraps() {
        var random = SplitMix64(state: 0x5254_4D57_6972_6531)
        let seeds: [[UInt8]] = [
            #"{"a":[1,2.5e-3,-0,true,false,null],"b":{"c":"d\n\u00e9\uD83D\uDE00"},"e":[]}"#,
            #"[[[[{"k":[{}]}]]]]"#, #""日本語 😀""#, "-12.5E+7", #"{"x":"\u0000\\\/\b\f\r\t"}"#,
            "  [ 1 , { \"y\" : [ ] } ]  ", "null",
        ].map { Array($0.utf8) }
        let interesting: [UInt8] =
            Array("{}[]\",:\\u0123456789-+.eEtrufalsn \t\n\r/bDdC".utf8)
            + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
        var failures: [String] = []
        var parsedCount = 0
        for iteration in 0..<20_000 {
            var input: [UInt8]
            if iteration % 4 == 0 {
                // Pure random bytes, biased towards JSON punctuation.
                input = (0..<random.below(40)).map { _ in
                    random.below(3) == 0
                        ? UInt8(truncatingIfNeeded: random.next())
                        : interesting[random.below(interesting.count)]
                }
            } else {
                input = seeds[random.below(seeds.count)]
                for _ in 0...random.below(4) {
                    let position = input.isEmpty ? 0 : random.below(input.count + 1)
                    switch random.below(5) {
                    case 0 where position < input.count:
                        input[position] = UInt8(truncatingIfNeeded: random.next())
                    case 1:
                        input.insert(interesting[random.below(interesting.count)], at: position)
                    case 2 where position < input.count:
                        input.remove(at: position)
                    case 3:
                        input.removeLast(input.count - position)
                    default:
                        let start = random.below(input.count + 1)
                        let end = start + random.below(input.count - start + 1)
                        input.insert(contentsOf: input[start..<end], at: position)
                    }
                }
            }
            do {
                let value = try JSONValue(parsing: input, maxDepth: 8)
                parsedCount += 1
                // Whatever parses must serialize to text that parses back to the same value.
                for pretty in [false, true] {
                    if (try? JSONValue(parsing: value.serialized(pretty: pretty), maxDepth: 8))
                        != value
                    {
                        failures.append("round trip of \(input)")
                    }
                }
            } catch {
                if error.code != .invalidJSON || error.offset == nil {
                    failures.append("\(input): \(error)")
                } else if let offset = error.offset, offset < 0 || offset > input.count {
                    failures.append("offset \(offset) out of bounds for \(input)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(parsedCount > 100)
    }
}

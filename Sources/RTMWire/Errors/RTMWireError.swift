/// An error raised by any RTMWire operation: wire decoding, encoding, limits, semantic
/// validation, framing or image probing.
///
/// The error is a struct rather than an enum so that new kinds can be added without breaking
/// callers: switch on ``code`` (a ``Code`` value, matched like an enum case) and read the context
/// (``fieldPath``, ``offset``, ``limit``) for the person.
///
/// ```swift
/// do { _ = try Envelope(serializedBytes: bytes) }
/// catch { if error.code == .limitExceeded { print(error.limit!) } }
/// ```
public struct RTMWireError: Error, Hashable, Sendable {
    /// What went wrong, as a switchable value.
    public var code: Code
    /// The dotted path of the field involved, outermost first (for example
    /// `image.thumbnail`), or empty when the error concerns the whole input.
    public var fieldPath: String
    /// The byte offset in the input where the problem was found, when decoding.
    public var offset: Int?
    /// For ``Code/limitExceeded``: which limit, what it allows and what was found.
    public var limit: LimitViolation?
    /// A human-readable detail sentence.
    public var detail: String

    /// Creates an error. Library code uses the static factories; this is public so that
    /// adapters (transports, tools) can raise the same type.
    public init(
        code: Code, fieldPath: String = "", offset: Int? = nil,
        limit: LimitViolation? = nil, detail: String
    ) {
        self.code = code
        self.fieldPath = fieldPath
        self.offset = offset
        self.limit = limit
        self.detail = detail
    }

    /// Returns the same error with `component` prepended to its field path; decoders call it
    /// while unwinding out of nested messages so the path reads outermost first.
    public func prefixingPath(_ component: String) -> RTMWireError {
        var copy = self
        copy.fieldPath = fieldPath.isEmpty ? component : component + "." + fieldPath
        return copy
    }

    /// ``prefixingPath(_:)`` with a field's name as the generated decoders spell it. Out of
    /// line: it runs only while an error unwinds, and every message type's sub-message scope
    /// would otherwise carry its own copy.
    @usableFromInline @inline(never)
    package func prefixingPath(field: StaticString) -> RTMWireError {
        prefixingPath("\(field)")
    }

    /// ``prefixingPath(_:)`` with the element `index` of the repeated field `field`
    /// (`items[3]`), out of line as ``prefixingPath(field:)``.
    @usableFromInline @inline(never)
    package func prefixingPath(field: StaticString, index: Int) -> RTMWireError {
        prefixingPath("\(field)[\(index)]")
    }
}

extension RTMWireError {
    /// The kind of an ``RTMWireError``: an open set of named values, stable across releases.
    ///
    /// Compare with `==` or match in a `switch` (`case .truncated:`); always keep a `default:`
    /// branch because later releases may add codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable, machine-readable name (also used by the golden vectors and the CLI).
        public let name: String

        /// Creates a code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The stable name, as ``name``.
        public var description: String { name }

        // MARK: Wire level

        /// The input ended in the middle of a tag, varint, fixed-width value or field.
        public static let truncated = Code("truncated")
        /// A varint ran longer than 10 bytes.
        public static let varintTooLong = Code("varintTooLong")
        /// A tag carried field number 0 or a number above 2^29-1.
        public static let invalidFieldNumber = Code("invalidFieldNumber")
        /// A tag carried wire type 6 or 7.
        public static let invalidWireType = Code("invalidWireType")
        /// A length prefix pointed past the end of the input or of the enclosing message.
        public static let lengthPastEnd = Code("lengthPastEnd")
        /// An end-group tag without a matching start, or with a different field number.
        public static let mismatchedGroupEnd = Code("mismatchedGroupEnd")
        /// A start-group tag whose group never ended.
        public static let unterminatedGroup = Code("unterminatedGroup")
        /// A string field held bytes that are not valid UTF-8.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// A sub-message's declared length ended inside one of its fields.
        public static let trailingBytes = Code("trailingBytes")
        /// Messages or groups were nested deeper than ``Limits/maxDepth``.
        public static let depthLimitExceeded = Code("depthLimitExceeded")

        // MARK: Limits and semantics

        /// A configured limit was exceeded; ``RTMWireError/limit`` says which.
        public static let limitExceeded = Code("limitExceeded")
        /// A required value is missing (for example an empty media id).
        public static let missingField = Code("missingField")
        /// A value is present but not allowed (for example a stream chunk with no event).
        public static let invalidValue = Code("invalidValue")

        // MARK: Framing

        /// A caller-provided output buffer is shorter than the encoded message.
        public static let bufferTooSmall = Code("bufferTooSmall")

        /// A delimited stream ended in the middle of a frame.
        public static let truncatedFrame = Code("truncatedFrame")

        // MARK: JSON

        /// Input that is not well-formed JSON, or JSON that does not fit the message.
        public static let invalidJSON = Code("invalidJSON")
        /// A JSON object named a field the message does not have.
        public static let unknownJSONField = Code("unknownJSONField")

        // MARK: Image probe

        /// The bytes are not an image format ``ImageProbe`` reads (JPEG, PNG, BMP, GIF, WebP,
        /// HEIC/HEIF, AVIF).
        public static let unrecognizedImageFormat = Code("unrecognizedImageFormat")
        /// The image header is recognised but malformed or cut short.
        public static let malformedImageHeader = Code("malformedImageHeader")
    }

    /// The details of a ``Code/limitExceeded`` error; prints as
    /// `maxContentBytes: allowed 32768, actual 40000`.
    public struct LimitViolation: Hashable, Sendable, CustomStringConvertible {
        /// The name of the ``Limits`` property that was exceeded (for example `maxContentBytes`).
        public var name: String
        /// The largest value the limit allows.
        public var allowed: Int
        /// The value found: 64 bits on every platform, so a size or length read from the wire
        /// reads the same on a 32-bit one (wasm32, watchOS); a value above `Int64.max` is
        /// `Int64.max`.
        public var actual: Int64

        /// Creates a violation record; `actual` is any integer, clamped to 64 bits.
        public init(name: String, allowed: Int, actual: some BinaryInteger) {
            self.name = name
            self.allowed = allowed
            self.actual = Int64(clamping: actual)
        }

        /// `<name>: allowed <allowed>, actual <actual>`.
        public var description: String { "\(name): allowed \(allowed), actual \(actual)" }
    }
}

extension RTMWireError: CustomStringConvertible {
    /// One line: `<code>: <path> at byte <offset>: <detail>`.
    public var description: String {
        var text = code.name + ":"
        if !fieldPath.isEmpty { text += " " + fieldPath }
        if let offset { text += " at byte \(offset)" }
        text += fieldPath.isEmpty && offset == nil ? " " : ": "
        text += detail
        if let limit { text += " (limit \(limit))" }
        return text
    }
}

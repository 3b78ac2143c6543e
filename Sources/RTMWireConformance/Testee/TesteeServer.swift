#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The testee side of the protocol over file descriptors: reads request frames until the end of
/// input and writes one response frame per request (`rtmwire conformance testee` serves
/// ``SwiftTestee`` on its standard input and output).
public enum TesteeServer {
    /// Input that breaks the framing (a request cut short, a body above 64 MiB) or output that
    /// cannot be written: the session cannot go on.
    public struct SessionError: Error, Sendable, CustomStringConvertible {
        /// What happened.
        public var description: String
    }

    /// Serves requests from `input` until its end, answering each with `answer` on `output`.
    /// Returns normally at the end of input between two requests.
    public static func serve(
        input: Int32 = 0, output: Int32 = 1, answer: (TesteeRequest) -> TesteeResponse
    ) throws(SessionError) {
        while let prefix = try read(4, from: input, atBoundary: true) {
            let length = TesteeFrame.length(ofPrefix: prefix)
            guard length <= TesteeFrame.maxBodyLength else {
                throw SessionError(description: "a request of \(length) bytes (at most 64 MiB)")
            }
            let body = try read(length, from: input, atBoundary: false) ?? []
            let response =
                TesteeRequest(body: body).map(answer) ?? .runtimeError("malformed request")
            try write(TesteeFrame.frame(response.encoded()), to: output)
        }
    }

    /// Exactly `count` bytes; nil at the end of input before the first byte when `atBoundary`.
    private static func read(_ count: Int, from fd: Int32, atBoundary: Bool) throws(SessionError)
        -> [UInt8]?
    {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes[offset...].withUnsafeMutableBytes {
                posixRead(fd, $0.baseAddress, $0.count)
            }
            if got > 0 {
                offset += got
            } else if got == 0 {
                if offset == 0 && atBoundary { return nil }
                throw SessionError(description: "the input ended inside a request")
            } else if errno != EINTR {
                throw SessionError(description: "cannot read: \(errnoText())")
            }
        }
        return bytes
    }

    private static func write(_ bytes: [UInt8], to fd: Int32) throws(SessionError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                posixWrite(fd, $0.baseAddress, $0.count)
            }
            if written > 0 {
                offset += written
            } else if errno != EINTR {
                throw SessionError(description: "cannot write: \(errnoText())")
            }
        }
    }
}

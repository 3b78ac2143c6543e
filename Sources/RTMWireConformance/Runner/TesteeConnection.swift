/// Something that answers conformance requests: a testee process (``TesteeProcess``) or an
/// in-process answerer (``InProcessTestee``).
public protocol TesteeConnection: AnyObject {
    /// Sends one request and returns the testee's answer. Throws when the testee failed the
    /// request (crashed, ran out of time, answered garbage); the next request starts afresh.
    func send(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse
    /// Ends the session: the testee sees the end of its input and must exit with status 0.
    func finish() throws(TesteeFailure)
}

/// A testee that failed a request or the session: what happened, for people.
public struct TesteeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened, e.g. "no answer within 10 s" or "exited with status 134".
    public var description: String

    /// Creates a failure.
    public init(_ description: String) { self.description = description }
}

/// A ``TesteeConnection`` that answers with a function in this process: the Swift testee in
/// tests, without a process in between.
public final class InProcessTestee: TesteeConnection {
    private let answer: (TesteeRequest) -> TesteeResponse

    /// Creates a connection that answers every request with `answer`.
    public init(_ answer: @escaping (TesteeRequest) -> TesteeResponse) { self.answer = answer }

    public func send(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse {
        answer(request)
    }

    public func finish() throws(TesteeFailure) {}
}

import Foundation

/// One PEM block (RFC 7468): its label and the DER bytes it wraps.
struct PEMBlock {
    /// The label, e.g. `PUBLIC KEY` or `PRIVATE KEY`.
    var label: String
    /// The DER bytes.
    var der: [UInt8]

    /// Reads the first block of `text`; throws ``TokenKeyError/Code/notPEM`` when there is none.
    init(_ text: String) throws(TokenKeyError) {
        let lines = text.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }),
            lines[begin].hasSuffix("-----")
        else { throw TokenKeyError(.notPEM, "no '-----BEGIN …-----' line") }
        let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast(5))
        guard
            let end = lines[(begin + 1)...].firstIndex(where: { $0 == "-----END \(label)-----" })
        else { throw TokenKeyError(.notPEM, "no '-----END \(label)-----' line") }
        guard let der = Data(base64Encoded: lines[(begin + 1)..<end].joined()), !der.isEmpty else {
            throw TokenKeyError(.notPEM, "the '\(label)' block is not base64")
        }
        self.label = label
        self.der = Array(der)
    }

    /// The standard text form of `der` under `label`, 64 characters a line.
    static func text(label: String, der: [UInt8]) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let next = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex)
            lines.append(String(base64[index..<(next ?? base64.endIndex)]))
            index = next ?? base64.endIndex
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The DER forms of Ed25519 keys (RFC 8410): a fixed prefix, then the 32 key bytes. Every
/// encoder (OpenSSL, Python's cryptography, Go, Java) writes exactly these forms.
enum Ed25519DER {
    /// SubjectPublicKeyInfo: SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING (32 bytes) }.
    static let publicKeyPrefix: [UInt8] = [
        0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00,
    ]
    /// PKCS #8 v1: SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET
    /// STRING (32 bytes) } }.
    static let privateKeyPrefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04,
        0x20,
    ]

    /// The 32 key bytes after `prefix`, or nil when `der` is not exactly that form.
    static func keyBytes(_ der: [UInt8], prefix: [UInt8]) -> [UInt8]? {
        guard der.count == prefix.count + 32, der.starts(with: prefix) else { return nil }
        return Array(der[prefix.count...])
    }

    /// Whether `der` names the Ed25519 algorithm (its OID's bytes) at all.
    static func namesEd25519(_ der: [UInt8]) -> Bool {
        let oid: [UInt8] = [0x06, 0x03, 0x2B, 0x65, 0x70]
        return der.count >= oid.count
            && (0...(der.count - oid.count)).contains {
                der[$0..<($0 + oid.count)].elementsEqual(oid)
            }
    }
}

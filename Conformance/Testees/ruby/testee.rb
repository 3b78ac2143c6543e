# frozen_string_literal: true

# The Ruby testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md): Google's protobuf
# for Ruby (Debian's ruby-google-protobuf 3.21.12, a C extension with its own upb) with protoc's
# code for Schemas/ (generated/, from Scripts/generate-runtimes), binary and proto3 JSON. RTMWire's
# semantic rules are not implemented: validate requests are skipped. Needs no build:
# Scripts/build-testee ruby prints `ruby testee.rb`.

generated = File.join(__dir__, 'generated')
$LOAD_PATH.unshift(generated)
require 'google/protobuf'
Dir.glob(File.join(generated, 'rtmwire', 'v1', '*_pb.rb')).sort.each do |file|
  require file.delete_prefix("#{generated}/").delete_suffix('.rb')
end

BINARY = 1
JSON_FORMAT = 2
VALIDATE = 1
OK = 0
PARSE_ERROR = 1
SERIALIZE_ERROR = 2
SKIPPED = 3
RUNTIME_ERROR = 4
MAX_BODY = 64 << 20

def answer(body)
  return [RUNTIME_ERROR, 'malformed request'] if body.bytesize < 4 || body.getbyte(3).zero? ||
                                                 body.bytesize < 4 + body.getbyte(3)

  source, target, flags, name_length = body.unpack('C4')
  formats = [BINARY, JSON_FORMAT]
  unless formats.include?(source) && formats.include?(target) && (flags & ~VALIDATE).zero?
    return [RUNTIME_ERROR, 'unknown format or flag']
  end

  descriptor = Google::Protobuf::DescriptorPool.generated_pool.lookup(body.byteslice(4, name_length))
  return [RUNTIME_ERROR, 'unknown message type'] unless descriptor.is_a?(Google::Protobuf::Descriptor)
  return [SKIPPED, "RTMWire's semantic rules are not implemented"] if (flags & VALIDATE).nonzero?

  payload = body.byteslice(4 + name_length..) || ''
  klass = descriptor.msgclass
  begin
    message = source == BINARY ? klass.decode(payload) : klass.decode_json(payload.force_encoding(Encoding::UTF_8))
  rescue StandardError => e # Google::Protobuf::ParseError, ArgumentError, ...
    return [PARSE_ERROR, "#{e.class}: #{e.message}"]
  end
  begin
    [OK, target == BINARY ? klass.encode(message) : klass.encode_json(message)]
  rescue StandardError => e
    [SERIALIZE_ERROR, "#{e.class}: #{e.message}"]
  end
end

$stdin.binmode
$stdout.binmode
loop do
  header = $stdin.read(4)
  exit 0 if header.nil? || header.empty?
  exit 2 if header.bytesize != 4
  length = header.unpack1('V')
  body = length <= MAX_BODY ? $stdin.read(length) || '' : ''
  exit 2 if body.bytesize != length
  status, output = answer(body)
  output = output.b
  $stdout.write([output.bytesize + 1, status].pack('VC'), output)
  $stdout.flush
end

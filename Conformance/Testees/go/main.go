// Command testee is the Go testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md):
// google.golang.org/protobuf 1.28 with protoc-gen-go's code for Schemas/ (package rtmwirepb,
// from Scripts/generate-runtimes) and protojson. RTMWire's semantic rules are not implemented:
// validate requests are skipped. Build: Scripts/build-testee go (GOPATH mode, nothing downloaded).
package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	_ "rtmwire.conformance/rtmwirepb" // registers every message of Schemas/
)

const (
	formatBinary = 1
	formatJSON   = 2
	flagValidate = 1
	maxBody      = 64 << 20
)

const (
	statusOK byte = iota
	statusParseError
	statusSerializeError
	statusSkipped
	statusRuntimeError
)

func answer(body []byte) (byte, []byte) {
	if len(body) < 4 || body[3] == 0 || len(body) < 4+int(body[3]) {
		return statusRuntimeError, []byte("malformed request")
	}
	input, output, flags := body[0], body[1], body[2]
	if (input != formatBinary && input != formatJSON) || (output != formatBinary && output != formatJSON) ||
		flags&^flagValidate != 0 {
		return statusRuntimeError, []byte("unknown format or flag")
	}
	name := protoreflect.FullName(body[4 : 4+int(body[3])])
	payload := body[4+int(body[3]):]
	messageType, err := protoregistry.GlobalTypes.FindMessageByName(name)
	if err != nil {
		return statusRuntimeError, []byte("unknown message type")
	}
	if flags&flagValidate != 0 {
		return statusSkipped, []byte("RTMWire's semantic rules are not implemented")
	}
	message := messageType.New().Interface()
	if input == formatBinary {
		err = proto.Unmarshal(payload, message)
	} else {
		err = protojson.Unmarshal(payload, message)
	}
	if err != nil {
		return statusParseError, []byte(err.Error())
	}
	var out []byte
	if output == formatBinary {
		out, err = proto.MarshalOptions{Deterministic: true}.Marshal(message)
	} else {
		out, err = protojson.Marshal(message)
	}
	if err != nil {
		return statusSerializeError, []byte(err.Error())
	}
	return statusOK, out
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	header := make([]byte, 4)
	for {
		if _, err := io.ReadFull(in, header); err != nil {
			if errors.Is(err, io.EOF) {
				return
			}
			fmt.Fprintln(os.Stderr, "testee:", err)
			os.Exit(2)
		}
		length := binary.LittleEndian.Uint32(header)
		if length > maxBody {
			fmt.Fprintln(os.Stderr, "testee: request longer than 64 MiB")
			os.Exit(2)
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(in, body); err != nil {
			fmt.Fprintln(os.Stderr, "testee:", err)
			os.Exit(2)
		}
		status, payload := answer(body)
		binary.LittleEndian.PutUint32(header, uint32(len(payload)+1))
		out.Write(header)
		out.WriteByte(status)
		out.Write(payload)
		if err := out.Flush(); err != nil {
			os.Exit(2)
		}
	}
}

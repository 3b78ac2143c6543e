// Command testee is the gogo/protobuf testee of the RTMWire conformance protocol
// (Conformance/PROTOCOL.md): github.com/gogo/protobuf 1.3.2 (Debian's golang-github-gogo-protobuf-dev)
// with protoc-gen-gogofast's code for Schemas/ (generated Marshal and Unmarshal methods that keep
// unknown fields; package rtmwirepb, from Scripts/generate-runtimes) and gogo's jsonpb. RTMWire's
// semantic rules are not implemented: validate requests are skipped.
// Build: Scripts/build-testee go-gogo (GOPATH mode, nothing downloaded).
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"

	"github.com/gogo/protobuf/jsonpb"
	"github.com/gogo/protobuf/proto"

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
	messageType := proto.MessageType(string(body[4 : 4+int(body[3])])) // *T, or nil
	payload := body[4+int(body[3]):]
	if messageType == nil {
		return statusRuntimeError, []byte("unknown message type")
	}
	if flags&flagValidate != 0 {
		return statusSkipped, []byte("RTMWire's semantic rules are not implemented")
	}
	message := reflect.New(messageType.Elem()).Interface().(proto.Message)
	var err error
	var out []byte
	if input == formatBinary {
		err = proto.Unmarshal(payload, message)
	} else {
		err = jsonpb.Unmarshal(bytes.NewReader(payload), message)
	}
	if err != nil {
		return statusParseError, []byte(err.Error())
	}
	if output == formatBinary {
		// Not deterministic: gogofast's generated Marshal refuses it (the schemas have no maps,
		// so the bytes are the same).
		out, err = proto.Marshal(message)
	} else {
		var text string
		text, err = (&jsonpb.Marshaler{}).MarshalToString(message)
		out = []byte(text)
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

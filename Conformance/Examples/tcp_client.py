#!/usr/bin/env python3
"""A client of `rtmwire serve` in Python over TCP, as Conformance/SERVER.md describes it: Google's
protobuf (the code generated from Schemas/, as in Conformance/Testees/python/generated) and PyJWT
for the token a backend would mint. Tests/RTMWireCLITests/PythonClientTests.swift runs it.

    PYTHONPATH=Conformance/Testees/python/generated \
        python3 Conformance/Examples/tcp_client.py PORT SECRET_FILE

Signs in as alice, posts to channel "general", reads the channel's history back byte for byte,
and is refused when it names another sender. Exits 0 when every answer is the one expected.
"""
import socket
import sys
import time

import jwt
from google.protobuf.internal.decoder import _DecodeVarint32
from google.protobuf.internal.encoder import _VarintBytes
from rtmwire.v1 import envelope_pb2 as pb
from rtmwire.v1 import session_pb2


class Connection:
    """Delimited envelopes over a socket: a varint length, then the envelope's bytes."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buffer = b""

    def send(self, envelope):
        self.socket.sendall(_VarintBytes(envelope.ByteSize()) + envelope.SerializeToString())

    def receive(self):
        while True:
            if self.buffer:
                length, start = _DecodeVarint32(self.buffer, 0)
                if len(self.buffer) >= start + length:
                    envelope = pb.Envelope()
                    envelope.ParseFromString(self.buffer[start:start + length])
                    self.buffer = self.buffer[start + length:]
                    return envelope
            chunk = self.socket.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk


def envelope(message_id, user, kind, conversation_id):
    message = pb.Envelope(message_id=message_id, send_time_ms=int(time.time() * 1000))
    message.sender.user_id = user
    message.conversation.type = kind
    message.conversation.id = conversation_id
    return message


def main():
    port, secret_file = int(sys.argv[1]), sys.argv[2]
    # What the backend does: HS256 over the secret the server was given (one trailing newline
    # of the file dropped, as the server drops it).
    secret = open(secret_file, "rb").read().removesuffix(b"\n")
    token = jwt.encode({"sub": "alice", "exp": int(time.time()) + 3600}, secret, algorithm="HS256")

    connection = Connection(port)
    sign_in = envelope("s1", "alice", pb.CONVERSATION_TYPE_PEER, "alice")
    sign_in.sign_in.token = token
    connection.send(sign_in)
    answer = connection.receive()
    assert answer.WhichOneof("body") == "acknowledgement", answer
    assert answer.acknowledgement.message_id == "s1" and answer.acknowledgement.position == 0

    text = envelope("m1", "alice", pb.CONVERSATION_TYPE_CHANNEL, "general")
    text.text.text = "안녕, from Python"
    connection.send(text)
    ack = connection.receive().acknowledgement
    assert ack.message_id == "m1" and ack.position >= 1 and ack.epoch, ack

    request = envelope("h1", "alice", pb.CONVERSATION_TYPE_CHANNEL, "general")
    request.history_request.limit = 10
    connection.send(request)
    page = connection.receive().history_page
    assert page.request_message_id == "h1" and page.epoch == ack.epoch, page
    stored = {entry.position: entry.envelope for entry in page.entries}
    assert stored[ack.position] == text.SerializeToString(), page

    spoof = envelope("x1", "bob", pb.CONVERSATION_TYPE_CHANNEL, "general")
    spoof.text.text = "I am bob"
    connection.send(spoof)
    refusal = connection.receive().refusal
    assert refusal.message_id == "x1", refusal
    assert refusal.code == session_pb2.REFUSAL_CODE_SENDER_MISMATCH, refusal
    print(f"tcp_client: signed in, stored at position {ack.position}, read back, refused a spoof")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A Python client of `rtmwire serve --websocket`, written as a team on another platform would:
Google's protobuf with protoc's code for Schemas/ (Conformance/Testees/python/generated), the
`websockets` library, and tokens minted with PyJWT from the server's HS256 secret, as a backend
would mint them (Conformance/SERVER.md).

It checks the six points a first Python client found missing, one line each ("yes: ..." or
"NO: ..."), and exits 1 when any is a no:

  1. a channel metadata SET is answered, and the channel's other member gets a storage event,
     not the request;
  2. a stream pull is answered with the response and the stream's chunks;
  3. a group ack query is answered with a page of the group's read receipts;
  4. a user who joins a channel later reads what was said before, byte for byte, from history,
     also after the server restarted (--phase after, run against the restarted server);
  5. a connection that names a signed-in user without signing in is refused and closed, and
     that user's private message does not reach it;
  6. a non-member can neither join a group by a status nor receive the group's messages.

Usage: server_check.py --url ws://HOST:PORT --secret-file FILE --state FILE --phase before|after
(--state keeps, between the phases, the bytes phase "before" sent).
"""

import argparse
import asyncio
import json
import os
import pathlib
import sys
import time

GENERATED = pathlib.Path(__file__).resolve().parents[1] / "Testees" / "python" / "generated"
sys.path.insert(0, str(GENERATED))

import jwt  # noqa: E402  (PyJWT)
import websockets  # noqa: E402
from rtmwire.v1 import (  # noqa: E402
    content_pb2,
    envelope_pb2,
    group_pb2,
    history_pb2,
    metadata_pb2,
    receipt_pb2,
    session_pb2,
    status_pb2,
    stream_pb2,
)

PEER, CHANNEL, GROUP = (envelope_pb2.CONVERSATION_TYPE_PEER, envelope_pb2.CONVERSATION_TYPE_CHANNEL,
                        envelope_pb2.CONVERSATION_TYPE_GROUP)
RUN = str(int(time.time() * 1000))  # names of this run, so reruns on one database stay apart
# Seconds to wait for each answer. RTMWIRE_CHECK_TIMEOUT overrides it: the Swift test suite
# sets a long one, as it runs this beside hundreds of other tests on two cores.
TIMEOUT = float(os.environ.get("RTMWIRE_CHECK_TIMEOUT", "5"))


class Client:
    """One signed-in WebSocket connection (binary subprotocol)."""

    def __init__(self, socket, user):
        self.socket, self.user, self.count = socket, user, 0

    @classmethod
    async def connect(cls, url, user, token=None, in_handshake=True):
        protocols = ["rtmwire.v1.binary"]
        if token and in_handshake:
            protocols.append("rtmwire.bearer." + token)  # how a browser presents its token
        client = cls(await websockets.connect(url, subprotocols=protocols), user)
        if token and not in_handshake:  # how any other client may: a sign_in envelope first
            await client.send(PEER, user, sign_in=session_pb2.SignIn(token=token))
            assert (await client.receive()).HasField("acknowledgement"), "sign-in not acknowledged"
        return client

    def envelope(self, conversation_type, conversation_id, **body):
        self.count += 1
        envelope = envelope_pb2.Envelope(message_id=f"{self.user}-{RUN}-{self.count}",
                                         send_time_ms=int(time.time() * 1000))
        envelope.sender.user_id = self.user
        envelope.conversation.type = conversation_type
        envelope.conversation.id = conversation_id
        for name, value in body.items():
            getattr(envelope, name).CopyFrom(value)
        return envelope

    async def send(self, conversation_type, conversation_id, **body):
        envelope = self.envelope(conversation_type, conversation_id, **body)
        await self.socket.send(envelope.SerializeToString())
        return envelope

    async def receive(self, timeout=TIMEOUT, waiting_for="an envelope"):
        envelope = envelope_pb2.Envelope()
        try:
            data = await asyncio.wait_for(self.socket.recv(), timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"{self.user} waited {timeout:g} s for {waiting_for}") from None
        envelope.ParseFromString(data)
        return envelope

    async def receive_kind(self, kind, timeout=TIMEOUT):
        """The next envelope whose body is `kind`, skipping acknowledgements and statuses."""
        while True:
            envelope = await self.receive(timeout, waiting_for=kind)
            if envelope.WhichOneof("body") == kind:
                return envelope
            if envelope.WhichOneof("body") not in ("acknowledgement", "status"):
                raise AssertionError(f"{self.user} got {envelope.WhichOneof('body')}, not {kind}")

    async def join(self, channel):
        await self.send(CHANNEL, channel, status=status_pb2.StatusMessage(
            presence=status_pb2.PRESENCE_ONLINE))
        await self.receive_kind("acknowledgement")

    async def close(self):
        await self.socket.close()


def tokens(secret):
    """A minting backend: HS256 tokens for a user, valid for ten minutes."""
    def mint(user):
        return jwt.encode({"sub": user, "exp": int(time.time()) + 600}, secret, algorithm="HS256")
    return mint


async def metadata_set(url, mint):
    alice = await Client.connect(url, "alice", mint("alice"))
    bob = await Client.connect(url, "bob", mint("bob"), in_handshake=False)
    channel = "py-room-" + RUN
    await bob.join(channel)
    request = metadata_pb2.MetadataRequest(request_id="set-1",
                                           operation=metadata_pb2.METADATA_OPERATION_SET)
    request.target.channel.channel_name = channel
    request.target.channel.channel_type = metadata_pb2.CHANNEL_TYPE_MESSAGE
    request.metadata.items.add(key="topic", value="launch day")
    await alice.send(CHANNEL, channel, metadata=metadata_pb2.MetadataMessage(request=request))
    answer = (await alice.receive_kind("metadata")).metadata
    told = (await bob.receive_kind("metadata")).metadata
    await alice.close(), await bob.close()
    assert answer.WhichOneof("kind") == "response" and answer.response.request_id == "set-1"
    assert answer.response.status == metadata_pb2.METADATA_STATUS_OK
    assert told.WhichOneof("kind") == "event", "bob got the request itself"
    assert told.event.metadata.items[0].value == "launch day"
    return "metadata SET answered (revision %d); bob got a storage event, not the request" % (
        answer.response.metadata.items[0].revision)


async def stream_pull(url, mint):
    bot = await Client.connect(url, "bot", mint("bot"))
    stream_id = "py-stream-" + RUN
    await bot.send(PEER, "bob", stream=stream_pb2.StreamMessage(message_uid=stream_id))
    await bot.receive_kind("acknowledgement")
    chunks = [stream_pb2.StreamChunk(stream_id=stream_id, sequence=0, init=stream_pb2.StreamInit())]
    chunks += [stream_pb2.StreamChunk(stream_id=stream_id, sequence=i + 1,
                                      delta=stream_pb2.StreamDelta(content=text))
               for i, text in enumerate(["안녕", " 👋"])]
    chunks.append(stream_pb2.StreamChunk(stream_id=stream_id, sequence=3,
                                         complete=stream_pb2.StreamComplete(summary="a greeting")))
    for chunk in chunks:
        await bot.send(PEER, "bob", stream_chunk=chunk)
        await bot.receive_kind("acknowledgement")
    await bot.close()
    bob = await Client.connect(url, "bob", mint("bob"))
    await bob.send(PEER, "bot", stream_pull_request=stream_pb2.StreamPullRequest(
        stream_message_id=stream_id))
    response = (await bob.receive_kind("stream_pull_response")).stream_pull_response
    pulled = [(await bob.receive_kind("stream_chunk")).stream_chunk for _ in chunks]
    await bob.close()
    assert response.code == 0, f"pull answered with code {response.code}"
    assert pulled == chunks, "the chunks differ"
    return "stream pull answered with the response and its %d chunks in order" % len(pulled)


async def create_group(alice, bob, group):
    """alice creates `group` with bob as a member; both get the group's response."""
    create = group_pb2.GroupRequest(operation=group_pb2.GROUP_OPERATION_CREATE)
    create.members.add(user_id="bob", role=group_pb2.GROUP_ROLE_MEMBER)
    await alice.send(GROUP, group, group_request=create)
    assert (await alice.receive_kind("group_response")).group_response.status == 0
    await bob.receive_kind("group_response")


async def group_acks(url, mint):
    alice = await Client.connect(url, "alice", mint("alice"))
    bob = await Client.connect(url, "bob", mint("bob"))
    group = "py-team-" + RUN
    await create_group(alice, bob, group)
    said = await alice.send(GROUP, group, text=content_pb2.TextMessage(text="read me"))
    await bob.receive_kind("text")
    read = receipt_pb2.Receipt(group_read=receipt_pb2.GroupReadReceipt(
        message_id=said.message_id, group_id=group))
    await bob.send(GROUP, group, receipt=read)
    await bob.receive_kind("acknowledgement")  # stored before alice asks
    query = receipt_pb2.Receipt(group_ack_query=receipt_pb2.GroupAckQuery(
        message_id=said.message_id, group_id=group, page_size=10))
    await alice.send(GROUP, group, receipt=query)
    while True:
        answer = (await alice.receive_kind("receipt")).receipt
        if answer.WhichOneof("kind") == "group_ack_page":
            break
    await alice.close(), await bob.close()
    page = answer.group_ack_page
    assert page.total_count == 1 and page.acks[0].reader_user_id == "bob", f"page: {page}"
    return "group ack query answered: 1 read, by bob"


async def history_before(url, mint, state):
    alice = await Client.connect(url, "alice", mint("alice"))
    channel = "py-history-" + RUN
    sent = await alice.send(CHANNEL, channel, text=content_pb2.TextMessage(text="before you came"))
    ack = (await alice.receive_kind("acknowledgement")).acknowledgement
    await alice.close()
    state.write_text(json.dumps({"channel": channel, "bytes": sent.SerializeToString().hex(),
                                 "position": ack.position}))
    return await history_read(url, mint, state, "")


async def history_read(url, mint, state, when):
    saved = json.loads(state.read_text())
    carol = await Client.connect(url, "carol", mint("carol"))
    await carol.send(CHANNEL, saved["channel"], history_request=history_pb2.HistoryRequest(limit=50))
    page = (await carol.receive_kind("history_page")).history_page
    await carol.close()
    kept = [entry.envelope.hex() for entry in page.entries]
    assert saved["bytes"] in kept, "what was said before is not in the history"
    return f"a later joiner reads what was said before{when}, byte for byte (position " \
           f"{saved['position']})"


async def impostor(url, mint):
    alice = await Client.connect(url, "alice", mint("alice"))
    bob = await Client.connect(url, "bob", mint("bob"))
    fake = await Client.connect(url, "alice")  # no credential at all
    await fake.send(PEER, "bob", text=content_pb2.TextMessage(text="I am alice"))
    refused = (await fake.receive_kind("refusal")).refusal
    assert refused.code == session_pb2.REFUSAL_CODE_UNAUTHENTICATED
    try:
        extra = await fake.receive(timeout=2)
        raise AssertionError(f"the impostor's connection stayed open ({extra.WhichOneof('body')})")
    except websockets.ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
    private = await bob.send(PEER, "alice", text=content_pb2.TextMessage(text="for alice only"))
    got = await alice.receive_kind("text")
    await alice.close(), await bob.close()
    assert got.message_id == private.message_id
    return f"an impostor naming alice was refused (unauthenticated) and closed ({code}); " \
           "bob's private message reached alice alone"


async def non_member(url, mint):
    alice = await Client.connect(url, "alice", mint("alice"))
    bob = await Client.connect(url, "bob", mint("bob"))
    carol = await Client.connect(url, "carol", mint("carol"))
    group = "py-closed-" + RUN
    await create_group(alice, bob, group)
    await carol.send(GROUP, group, status=status_pb2.StatusMessage(
        presence=status_pb2.PRESENCE_ONLINE))
    refused = (await carol.receive_kind("refusal")).refusal
    assert refused.code == session_pb2.REFUSAL_CODE_FORBIDDEN
    said = await alice.send(GROUP, group, text=content_pb2.TextMessage(text="members only"))
    assert (await bob.receive_kind("text")).message_id == said.message_id
    # What carol receives next is alice's private message: the group's passed her by.
    private = await alice.send(PEER, "carol", text=content_pb2.TextMessage(text="hi carol"))
    got = await carol.receive_kind("text")
    await alice.close(), await bob.close(), await carol.close()
    assert got.message_id == private.message_id, "carol received the group's message"
    return "a non-member was refused (forbidden) and did not receive the group's message"


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--secret-file", required=True, type=pathlib.Path)
    parser.add_argument("--state", required=True, type=pathlib.Path)
    parser.add_argument("--phase", choices=["before", "after"], default="before")
    arguments = parser.parse_args()
    secret = arguments.secret_file.read_bytes()
    if secret.endswith(b"\n"):
        secret = secret[:-1]
    mint = tokens(secret)
    url = arguments.url
    if arguments.phase == "after":
        checks = [("4", lambda: history_read(url, mint, arguments.state, " after a restart"))]
    else:
        checks = [("1", lambda: metadata_set(url, mint)), ("2", lambda: stream_pull(url, mint)),
                  ("3", lambda: group_acks(url, mint)),
                  ("4", lambda: history_before(url, mint, arguments.state)),
                  ("5", lambda: impostor(url, mint)), ("6", lambda: non_member(url, mint))]
    failed = 0
    for number, check in checks:
        try:
            result = await check()
            print(f"yes {number}: {result}")
        except Exception as error:  # noqa: BLE001  (every failure is reported, then counted)
            failed += 1
            print(f"NO {number}: {type(error).__name__}: {error}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    asyncio.run(main())

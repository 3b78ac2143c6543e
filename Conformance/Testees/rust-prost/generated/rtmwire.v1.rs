/// A plain text message.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct TextMessage {
    /// The text body, UTF-8. Counts toward the 32 KB content budget.
    #[prost(string, tag="1")]
    pub text: ::prost::alloc::string::String,
    /// Users the text mentions. Absent = none.
    #[prost(message, optional, tag="2")]
    pub mentions: ::core::option::Option<Mentions>,
}
/// An image stored on the file server. The image bytes never travel in the message: only its media
/// id (issued by the file server on upload, valid 7 days) and descriptive fields. A message built
/// from a media id alone (Agora's createImageMessageByMediaId: re-sending or forwarding an upload)
/// has no size, width or height: each is 0, "unknown".
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct ImageMessage {
    /// Media id issued by the file server. Required (non-empty).
    #[prost(string, tag="1")]
    pub media_id: ::prost::alloc::string::String,
    /// Display file name. Counts toward the 32 KB content budget.
    #[prost(string, tag="2")]
    pub file_name: ::prost::alloc::string::String,
    /// Size of the uploaded image in bytes, at most Limits.maxMediaBytes (default 31,457,280 = 30 MB).
    /// 0 = unknown (a message sent by media id).
    #[prost(uint64, tag="3")]
    pub size: u64,
    /// Image width in pixels. Computed by the sender for the formats ImageProbe reads; an explicit
    /// value set by the sender overrides the computed one. 0 = unknown (any other format).
    #[prost(uint32, tag="4")]
    pub width: u32,
    /// Image height in pixels; same rules as width. 0 = unknown.
    #[prost(uint32, tag="5")]
    pub height: u32,
    /// Thumbnail bytes (binary, any format), set by the application; the codec never generates one.
    /// Counts toward the 32 KB content budget. Empty = no thumbnail.
    #[prost(bytes="vec", tag="6")]
    pub thumbnail: ::prost::alloc::vec::Vec<u8>,
    /// Thumbnail width in pixels. 0 = unknown.
    #[prost(uint32, tag="7")]
    pub thumbnail_width: u32,
    /// Thumbnail height in pixels. 0 = unknown.
    #[prost(uint32, tag="8")]
    pub thumbnail_height: u32,
    /// Optional caption. Counts toward the 32 KB content budget.
    #[prost(string, tag="9")]
    pub text: ::prost::alloc::string::String,
    /// Users the caption mentions. Absent = none.
    #[prost(message, optional, tag="10")]
    pub mentions: ::core::option::Option<Mentions>,
    /// When the file server discards the upload and the media id stops working (ms since the Unix
    /// epoch; Agora keeps uploads 7 days), so a receiver knows before it downloads. 0 = not given;
    /// negative is invalid.
    #[prost(int64, tag="11")]
    pub expire_time_ms: i64,
}
/// A file stored on the file server (same media id rules as ImageMessage).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct FileMessage {
    /// Media id issued by the file server. Required (non-empty).
    #[prost(string, tag="1")]
    pub media_id: ::prost::alloc::string::String,
    /// Display file name. Counts toward the 32 KB content budget.
    #[prost(string, tag="2")]
    pub file_name: ::prost::alloc::string::String,
    /// Size of the uploaded file in bytes, at most Limits.maxMediaBytes (default 31,457,280 = 30 MB).
    /// 0 = unknown (a message sent by media id).
    #[prost(uint64, tag="3")]
    pub size: u64,
    /// Thumbnail bytes set by the application (binary). Counts toward the 32 KB content budget.
    #[prost(bytes="vec", tag="4")]
    pub thumbnail: ::prost::alloc::vec::Vec<u8>,
    /// Optional caption. Counts toward the 32 KB content budget.
    #[prost(string, tag="5")]
    pub text: ::prost::alloc::string::String,
    /// Users the caption mentions. Absent = none.
    #[prost(message, optional, tag="6")]
    pub mentions: ::core::option::Option<Mentions>,
    /// When the file server discards the upload (ms since the Unix epoch), as for an image. 0 = not
    /// given; negative is invalid.
    #[prost(int64, tag="7")]
    pub expire_time_ms: i64,
}
/// An application-defined message, e.g. the chat tutorial's app-specific JSON messages.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct CustomMessage {
    /// Application type name, e.g. "com.example.poll". Required (non-empty).
    #[prost(string, tag="1")]
    pub r#type: ::prost::alloc::string::String,
    /// Opaque payload, interpreted by the application. Counts toward the 32 KB content budget.
    #[prost(bytes="vec", tag="2")]
    pub payload: ::prost::alloc::vec::Vec<u8>,
}
/// The users a text or caption mentions ("@alice", "@everyone"). How the text shows a mention is
/// the application's choice; receivers notify the users listed here, or every member of the
/// conversation when `everyone` is set. A Mentions that is present mentions someone.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Mentions {
    /// Mentioned user ids: each non-empty, no id twice, at most Limits.maxMentions (default 100).
    #[prost(string, repeated, tag="1")]
    pub user_ids: ::prost::alloc::vec::Vec<::prost::alloc::string::String>,
    /// "@everyone" / "@all": every member of the conversation is mentioned.
    #[prost(bool, tag="2")]
    pub everyone: bool,
}
/// The caption of an image or file message, as an edit replaces it (MessageEdit.caption).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Caption {
    /// The new caption; empty removes it. Counts toward the 32 KB content budget, which the receiver
    /// checks again together with the edited message's file name and thumbnail.
    #[prost(string, tag="1")]
    pub text: ::prost::alloc::string::String,
    /// Users the new caption mentions. Absent = none.
    #[prost(message, optional, tag="2")]
    pub mentions: ::core::option::Option<Mentions>,
}
/// One entry of the data an app attaches to a message (Sendbird's data, Stream's extraData,
/// RongCloud's message extensions): the same bytes as one entry of a map<string, string>, so a
/// peer whose schema declares the field as a map reads it; its proto3 JSON is a list, in the
/// sender's order. App data is not content: it has its own limits (Limits.maxAppDataEntries,
/// maxAppDataKeyBytes, maxAppDataValueBytes, RongCloud's extension bounds) and stays outside the
/// 32 KB content budget, whose rule is Agora's about what a message shows.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct AppDataEntry {
    /// The key. Required (non-empty), at most Limits.maxAppDataKeyBytes (default 32); unique
    /// among the entries of one message or update.
    #[prost(string, tag="1")]
    pub key: ::prost::alloc::string::String,
    /// The value, at most Limits.maxAppDataValueBytes (default 4,096). Empty is a value.
    #[prost(string, tag="2")]
    pub value: ::prost::alloc::string::String,
}
/// An edit of an earlier message by its sender: the new text of a text message, or the new caption
/// of an image or file message. The edit replaces the content and its mentions whole. Receivers
/// apply edits in edit-time order (the latest wins) and only from the edited message's sender;
/// who may edit and for how long is server policy, not a codec rule.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MessageEdit {
    /// The edited message's id (its Envelope.message_id). Required (non-empty).
    #[prost(string, tag="1")]
    pub target_message_id: ::prost::alloc::string::String,
    /// When the edit was made, ms since the Unix epoch. Required (positive): it orders edits.
    #[prost(int64, tag="2")]
    pub edit_time_ms: i64,
    /// The new content. Exactly one is required.
    #[prost(oneof="message_edit::Content", tags="3, 4")]
    pub content: ::core::option::Option<message_edit::Content>,
}
/// Nested message and enum types in `MessageEdit`.
pub mod message_edit {
    /// The new content. Exactly one is required.
    #[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Oneof)]
    pub enum Content {
        /// The new text of a text message, with its mentions. The rules of a text body apply:
        /// non-empty, within the 32 KB content budget.
        #[prost(message, tag="3")]
        Text(super::TextMessage),
        /// The new caption of an image or file message, with its mentions.
        #[prost(message, tag="4")]
        Caption(super::Caption),
    }
}
/// A change to the app data of an earlier message (RongCloud updateMessageExpansion and
/// removeMessageExpansionForKey), by its sender or by the server (a stream's summary is one such
/// update). Receivers set every entry of `set`, then remove every key of `removed_keys`, and apply
/// updates in update-time order.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct AppDataUpdate {
    /// The changed message's id (its Envelope.message_id). Required (non-empty).
    #[prost(string, tag="1")]
    pub target_message_id: ::prost::alloc::string::String,
    /// Entries to add or overwrite: at most Limits.maxAppDataEntries, distinct keys.
    #[prost(message, repeated, tag="2")]
    pub set: ::prost::alloc::vec::Vec<AppDataEntry>,
    /// Keys to remove: at most Limits.maxAppDataEntries, each non-empty and not also in `set`.
    #[prost(string, repeated, tag="3")]
    pub removed_keys: ::prost::alloc::vec::Vec<::prost::alloc::string::String>,
    /// When the change was made, ms since the Unix epoch. 0 = not stamped; negative is invalid.
    #[prost(int64, tag="4")]
    pub update_time_ms: i64,
}
/// A status update broadcast by a channel member, or by the server about a member.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StatusMessage {
    /// The member's presence. Required (not UNSPECIFIED).
    #[prost(enumeration="Presence", tag="1")]
    pub presence: i32,
    /// True while the member's hand is raised (asking for attention).
    #[prost(bool, tag="2")]
    pub hand_raised: bool,
    /// The member this status is about when someone else reports it: the server that saw the
    /// member join or leave the channel (Agora RTM memberJoined / memberLeft, which the tutorial
    /// shows as online / offline) sends the member's id. Empty = the sender's own status.
    #[prost(string, tag="3")]
    pub member_user_id: ::prost::alloc::string::String,
}
/// Presence of a user in a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum Presence {
    /// Not set.
    Unspecified = 0,
    /// The user joined or is active in the channel.
    Online = 1,
    /// The user left the channel.
    Offline = 2,
}
impl Presence {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            Presence::Unspecified => "PRESENCE_UNSPECIFIED",
            Presence::Online => "PRESENCE_ONLINE",
            Presence::Offline => "PRESENCE_OFFLINE",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "PRESENCE_UNSPECIFIED" => Some(Self::Unspecified),
            "PRESENCE_ONLINE" => Some(Self::Online),
            "PRESENCE_OFFLINE" => Some(Self::Offline),
            _ => None,
        }
    }
}
/// A receipt: exactly one kind.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Receipt {
    #[prost(oneof="receipt::Kind", tags="1, 2, 3, 4, 5, 6, 7")]
    pub kind: ::core::option::Option<receipt::Kind>,
}
/// Nested message and enum types in `Receipt`.
pub mod receipt {
    #[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Oneof)]
    pub enum Kind {
        /// The receiver got these messages (sent automatically on arrival).
        #[prost(message, tag="1")]
        Delivery(super::DeliveryReceipt),
        /// The receiver read one message.
        #[prost(message, tag="2")]
        MessageRead(super::MessageReadReceipt),
        /// The receiver read the whole conversation; names no message.
        #[prost(message, tag="3")]
        ConversationRead(super::ConversationReadReceipt),
        /// One group member read one group message.
        #[prost(message, tag="4")]
        GroupRead(super::GroupReadReceipt),
        /// How many group members have read a message (sent to the sender when it asked).
        #[prost(message, tag="5")]
        GroupReadCount(super::GroupReadCount),
        /// The sender asks the server for one page of a group message's read receipts
        /// (asyncFetchGroupMessageAcksFromServer).
        #[prost(message, tag="6")]
        GroupAckQuery(super::GroupAckQuery),
        /// The server's answer: one page of read receipts and the cursor to the next.
        #[prost(message, tag="7")]
        GroupAckPage(super::GroupAckPage),
    }
}
/// Delivery receipt: may batch many message ids. At least one id is required.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct DeliveryReceipt {
    /// Ids of the delivered messages, at most Limits.maxRepeatedCount.
    #[prost(string, repeated, tag="1")]
    pub message_ids: ::prost::alloc::vec::Vec<::prost::alloc::string::String>,
    /// Delivery time (ms since the Unix epoch) of each message, parallel to message_ids; empty
    /// when the receiver does not record times, otherwise exactly as many entries as message_ids.
    /// Negative times are invalid.
    /// Packed on the wire.
    #[prost(int64, repeated, tag="2")]
    pub delivered_at_ms: ::prost::alloc::vec::Vec<i64>,
}
/// Message read receipt: one message was read. The conversation is the envelope's.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MessageReadReceipt {
    /// Id of the message that was read. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
}
/// Conversation read receipt: every message of a conversation was read. Carries no message ids.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct ConversationReadReceipt {
    /// The conversation that was read (the peer's user id in one-to-one chat). Required.
    #[prost(string, tag="1")]
    pub conversation_id: ::prost::alloc::string::String,
}
/// Group message read receipt, one per member per message.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupReadReceipt {
    /// Id of the group message that was read. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// The group id. Required (non-empty); in an envelope, the conversation's id.
    #[prost(string, tag="2")]
    pub group_id: ::prost::alloc::string::String,
    /// Free-form content attached by the reader (sendGroupMessageReadAck's content). Counts toward
    /// the 32 KB content budget.
    #[prost(string, tag="3")]
    pub content: ::prost::alloc::string::String,
    /// Server-issued id of this acknowledgement (used to page through acks).
    #[prost(string, tag="4")]
    pub ack_id: ::prost::alloc::string::String,
    /// When the member read the message, ms since the Unix epoch. 0 = unknown; negative is invalid.
    #[prost(int64, tag="5")]
    pub read_time_ms: i64,
    /// The member who read the message (AgoraChatGroupMessageAck.from). In a receipt of its own the
    /// envelope's sender is the reader and this may be empty; in a GroupAckPage it is required.
    #[prost(string, tag="6")]
    pub reader_user_id: ::prost::alloc::string::String,
}
/// Read count of a group message, for a sender that asked for group read receipts.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupReadCount {
    /// Id of the group message. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// The group id. Required (non-empty).
    #[prost(string, tag="2")]
    pub group_id: ::prost::alloc::string::String,
    /// Number of members that have read the message so far.
    #[prost(uint32, tag="3")]
    pub read_count: u32,
}
/// A request for one page of a group message's read receipts, oldest first (Agora Chat
/// asyncFetchGroupMessageAcksFromServer: message id, group id, start ack id, page size).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupAckQuery {
    /// Id of the group message. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// The group id. Required (non-empty); in an envelope, the conversation's id.
    #[prost(string, tag="2")]
    pub group_id: ::prost::alloc::string::String,
    /// The cursor: the next_ack_id of the previous page. Empty = the first page.
    #[prost(string, tag="3")]
    pub start_ack_id: ::prost::alloc::string::String,
    /// How many receipts to return: 1 ... Limits.maxGroupAckPageSize (default 100).
    #[prost(uint32, tag="4")]
    pub page_size: u32,
}
/// One page of a group message's read receipts (Agora Chat AgoraChatCursorResult plus the total).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupAckPage {
    /// Id of the group message. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// The group id. Required (non-empty); in an envelope, the conversation's id.
    #[prost(string, tag="2")]
    pub group_id: ::prost::alloc::string::String,
    /// The receipts of this page, oldest first: at most Limits.maxGroupAckPageSize, each for this
    /// message and group, each with its ack_id and reader_user_id.
    #[prost(message, repeated, tag="3")]
    pub acks: ::prost::alloc::vec::Vec<GroupReadReceipt>,
    /// The start_ack_id of the next page. Empty = this is the last page.
    #[prost(string, tag="4")]
    pub next_ack_id: ::prost::alloc::string::String,
    /// How many read receipts the message has in all.
    #[prost(uint32, tag="5")]
    pub total_count: u32,
}
/// A streaming message as first delivered: its identity, initial content and state.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamMessage {
    /// Unique id of the streaming message (RongCloud messageUId). Required (non-empty).
    #[prost(string, tag="1")]
    pub message_uid: ::prost::alloc::string::String,
    /// Text format of the content, e.g. "text/markdown" (RCStreamMessage.type).
    #[prost(string, tag="2")]
    pub content_type: ::prost::alloc::string::String,
    /// Content received so far; by default only the initial packet.
    #[prost(string, tag="3")]
    pub content: ::prost::alloc::string::String,
    /// True once content generation has completed.
    #[prost(bool, tag="4")]
    pub is_complete: bool,
    /// Reason for abnormal termination, provided by the business server. 0 = none.
    #[prost(int32, tag="5")]
    pub complete_reason: i32,
    /// Reason for termination, provided by the messaging server. 0 = normal termination.
    #[prost(int32, tag="6")]
    pub stop_reason: i32,
    /// True once the client has finished retrieving the stream.
    #[prost(bool, tag="7")]
    pub is_sync: bool,
    /// An optional reference to another message (a quoted or replied-to message).
    #[prost(message, optional, tag="8")]
    pub reference: ::core::option::Option<StreamReference>,
    /// The summary of the whole content, once there is one (RongCloud delivers it as the message
    /// extension RCStreamMessageExpansionSummeryKey and stores it with the message): what a
    /// conversation list or the history shows. Set from the complete event's summary. Optional.
    #[prost(string, tag="9")]
    pub summary: ::prost::alloc::string::String,
}
/// A reference from a streaming message to another message (RongCloud RCReferenceInfo).
/// MessageReference (envelope.proto, the reply of any envelope) has the same field numbers, types
/// and names, so both read the same bytes and JSON.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamReference {
    /// The referenced message's UID. Required when the reference is present.
    #[prost(string, tag="1")]
    pub message_uid: ::prost::alloc::string::String,
    /// User id of the referenced message's sender.
    #[prost(string, tag="2")]
    pub sender_user_id: ::prost::alloc::string::String,
    /// A short excerpt of the referenced message's content: at most Limits.maxExcerptBytes
    /// (default 1,024) UTF-8 bytes, as for MessageReference, its twin.
    #[prost(string, tag="3")]
    pub excerpt: ::prost::alloc::string::String,
}
/// One event of a stream's content.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamChunk {
    /// The streaming message this chunk belongs to (its message_uid). Required (non-empty).
    #[prost(string, tag="1")]
    pub stream_id: ::prost::alloc::string::String,
    /// Position of this chunk in the stream, starting at 0 with init; deltas follow in order.
    #[prost(uint64, tag="2")]
    pub sequence: u64,
    /// Exactly one event is required.
    #[prost(oneof="stream_chunk::Event", tags="3, 4, 5")]
    pub event: ::core::option::Option<stream_chunk::Event>,
}
/// Nested message and enum types in `StreamChunk`.
pub mod stream_chunk {
    /// Exactly one event is required.
    #[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Oneof)]
    pub enum Event {
        /// Start (or restart) the stream: discard any partial data of this stream id.
        #[prost(message, tag="3")]
        Init(super::StreamInit),
        /// The next piece of content.
        #[prost(message, tag="4")]
        Delta(super::StreamDelta),
        /// The stream ended (normally or not).
        #[prost(message, tag="5")]
        Complete(super::StreamComplete),
    }
}
/// Init event (RongCloud onInit): resets the stream.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamInit {
    /// Text format of the content that follows, e.g. "text/plain". Optional.
    #[prost(string, tag="1")]
    pub content_type: ::prost::alloc::string::String,
}
/// Delta event (RongCloud onDelta): the next piece of content, UTF-8.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamDelta {
    /// The content piece, appended to what came before in sequence order.
    #[prost(string, tag="1")]
    pub content: ::prost::alloc::string::String,
}
/// Complete event (RongCloud onComplete plus the summary message extension).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamComplete {
    /// Result code of the stream request. 0 = success.
    #[prost(int32, tag="1")]
    pub code: i32,
    /// Reason for termination given by the messaging server. 0 = normal termination.
    #[prost(int32, tag="2")]
    pub stop_reason: i32,
    /// Final summary of the content (RCStreamMessageExpansionSummeryKey). Optional.
    #[prost(string, tag="3")]
    pub summary: ::prost::alloc::string::String,
    /// Reason for abnormal termination given by the business server. 0 = none.
    #[prost(int32, tag="4")]
    pub complete_reason: i32,
}
/// A client asks for a streaming message's content (RongCloud requestStreamMessageWithParams),
/// for a stream it did not follow live or lost part of. The server answers with a
/// StreamPullResponse and, when its code is 0, sends the content again as the usual chunks
/// (init, deltas, complete), which a StreamAssembler applies as it would live ones.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamPullRequest {
    /// The streaming message's id (its StreamMessage.message_uid). Required (non-empty).
    #[prost(string, tag="1")]
    pub stream_message_id: ::prost::alloc::string::String,
}
/// The server's answer to a StreamPullRequest (the code the completion handler receives).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StreamPullResponse {
    /// The stream asked for. Required (non-empty).
    #[prost(string, tag="1")]
    pub stream_message_id: ::prost::alloc::string::String,
    /// 0 = the content follows as chunks; otherwise the server's error code (for example, no such
    /// stream), and no chunk follows.
    #[prost(int32, tag="2")]
    pub code: i32,
}
/// One key/value item (AgoraRtmMetadataItem).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MetadataItem {
    /// The key. Required (non-empty), at most Limits.maxMetadataKeyBytes.
    #[prost(string, tag="1")]
    pub key: ::prost::alloc::string::String,
    /// The value, at most Limits.maxMetadataValueBytes. Optional: an empty value is a value, and
    /// a remove request names its items by key alone.
    #[prost(string, tag="2")]
    pub value: ::prost::alloc::string::String,
    /// User id of the last editor. Read-only: set by the store when options.record_user_id is on;
    /// ignored on requests.
    #[prost(string, tag="3")]
    pub author_user_id: ::prost::alloc::string::String,
    /// Item revision. On requests: revision <= 0 means no compare-and-set; > 0 means apply only if
    /// the stored revision matches. On responses and events: the stored revision.
    #[prost(int64, tag="4")]
    pub revision: i64,
    /// Last update time, ms since the Unix epoch. Read-only: set by the store when
    /// options.record_timestamp is on; ignored on requests. 0 = not recorded.
    #[prost(uint64, tag="5")]
    pub update_time_ms: u64,
}
/// A whole metadata set (AgoraRtmMetadata).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Metadata {
    /// The items, at most Limits.maxRepeatedCount.
    #[prost(message, repeated, tag="1")]
    pub items: ::prost::alloc::vec::Vec<MetadataItem>,
    /// Whole-set revision. On requests: <= 0 means no compare-and-set; > 0 means apply only if the
    /// stored major revision matches. On responses and events: the stored major revision.
    #[prost(int64, tag="2")]
    pub major_revision: i64,
}
/// Options of a write (AgoraRtmMetadataOptions).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MetadataOptions {
    /// Record the edit time in each written item's update_time_ms.
    #[prost(bool, tag="1")]
    pub record_timestamp: bool,
    /// Record the editor's user id in each written item's author_user_id.
    #[prost(bool, tag="2")]
    pub record_user_id: bool,
}
/// A channel addressed by name and type.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct ChannelTarget {
    /// The channel name. Required (non-empty).
    #[prost(string, tag="1")]
    pub channel_name: ::prost::alloc::string::String,
    /// Message or stream channel. Required (not UNSPECIFIED).
    #[prost(enumeration="ChannelType", tag="2")]
    pub channel_type: i32,
}
/// Whose metadata: a channel's or a user's. Exactly one is required.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MetadataTarget {
    #[prost(oneof="metadata_target::Target", tags="1, 2")]
    pub target: ::core::option::Option<metadata_target::Target>,
}
/// Nested message and enum types in `MetadataTarget`.
pub mod metadata_target {
    #[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Oneof)]
    pub enum Target {
        /// Channel metadata.
        #[prost(message, tag="1")]
        Channel(super::ChannelTarget),
        /// User metadata of this user id (non-empty).
        #[prost(string, tag="2")]
        UserId(::prost::alloc::string::String),
    }
}
/// A storage request from a client.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MetadataRequest {
    /// Client-chosen id echoed by the response. Required (non-empty).
    #[prost(string, tag="1")]
    pub request_id: ::prost::alloc::string::String,
    /// What to do. Required (not UNSPECIFIED).
    #[prost(enumeration="MetadataOperation", tag="2")]
    pub operation: i32,
    /// Whose metadata. Required.
    #[prost(message, optional, tag="3")]
    pub target: ::core::option::Option<MetadataTarget>,
    /// Items and major revision for set/update/remove (remove names items by key).
    #[prost(message, optional, tag="4")]
    pub metadata: ::core::option::Option<Metadata>,
    /// Write options (set/update/remove).
    #[prost(message, optional, tag="5")]
    pub options: ::core::option::Option<MetadataOptions>,
    /// Lock name: when non-empty, only the holder of this lock may write. Empty = no lock. Locks
    /// exist on channel targets only (Agora's channel metadata calls take one; user calls do not),
    /// and ACQUIRE_LOCK and RELEASE_LOCK require one.
    #[prost(string, tag="6")]
    pub lock_name: ::prost::alloc::string::String,
}
/// The store's answer to a request.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MetadataResponse {
    /// The request_id of the request answered.
    #[prost(string, tag="1")]
    pub request_id: ::prost::alloc::string::String,
    /// The operation of the request answered.
    #[prost(enumeration="MetadataOperation", tag="2")]
    pub operation: i32,
    /// The target of the request answered.
    #[prost(message, optional, tag="3")]
    pub target: ::core::option::Option<MetadataTarget>,
    /// Outcome. OK (0) on success.
    #[prost(enumeration="MetadataStatus", tag="4")]
    pub status: i32,
    /// Human-readable explanation when status is not OK.
    #[prost(string, tag="5")]
    pub error_message: ::prost::alloc::string::String,
    /// For get: the stored set. For writes: the stored set after the operation.
    #[prost(message, optional, tag="6")]
    pub metadata: ::core::option::Option<Metadata>,
}
/// A storage event delivered to subscribers (didReceiveStorageEvent).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct StorageEvent {
    /// Channel or user whose metadata changed (the event's storage type follows from it).
    #[prost(message, optional, tag="1")]
    pub target: ::core::option::Option<MetadataTarget>,
    /// Snapshot, set, update or remove. Required (not UNSPECIFIED).
    #[prost(enumeration="StorageEventType", tag="2")]
    pub event_type: i32,
    /// The items concerned (for a snapshot, the whole set) and the new major revision.
    #[prost(message, optional, tag="3")]
    pub metadata: ::core::option::Option<Metadata>,
    /// User id of the client whose operation caused the event. Empty for snapshots.
    #[prost(string, tag="4")]
    pub publisher_user_id: ::prost::alloc::string::String,
}
/// A storage message: a request, a response or an event.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MetadataMessage {
    #[prost(oneof="metadata_message::Kind", tags="1, 2, 3")]
    pub kind: ::core::option::Option<metadata_message::Kind>,
}
/// Nested message and enum types in `MetadataMessage`.
pub mod metadata_message {
    #[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Oneof)]
    pub enum Kind {
        /// From a client to the store.
        #[prost(message, tag="1")]
        Request(super::MetadataRequest),
        /// From the store to the requesting client.
        #[prost(message, tag="2")]
        Response(super::MetadataResponse),
        /// From the store to subscribers.
        #[prost(message, tag="3")]
        Event(super::StorageEvent),
    }
}
/// The type of an RTM channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum ChannelType {
    /// Not set. Rejected on a channel target.
    Unspecified = 0,
    /// A message channel.
    Message = 1,
    /// A stream channel.
    Stream = 2,
}
impl ChannelType {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            ChannelType::Unspecified => "CHANNEL_TYPE_UNSPECIFIED",
            ChannelType::Message => "CHANNEL_TYPE_MESSAGE",
            ChannelType::Stream => "CHANNEL_TYPE_STREAM",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "CHANNEL_TYPE_UNSPECIFIED" => Some(Self::Unspecified),
            "CHANNEL_TYPE_MESSAGE" => Some(Self::Message),
            "CHANNEL_TYPE_STREAM" => Some(Self::Stream),
            _ => None,
        }
    }
}
/// A storage operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum MetadataOperation {
    /// Not set. Rejected on a request.
    Unspecified = 0,
    /// setChannelMetadata / setUserMetadata: add or overwrite items.
    Set = 1,
    /// getChannelMetadata / getUserMetadata: read the whole set.
    Get = 2,
    /// updateChannelMetadata / updateUserMetadata: change existing items only.
    Update = 3,
    /// removeChannelMetadata / removeUserMetadata: delete the named items (all if none named).
    Remove = 4,
    /// subscribeUserMetadata: receive storage events for a user.
    Subscribe = 5,
    /// unsubscribeUserMetadata: stop receiving them.
    Unsubscribe = 6,
    /// acquireLock: take the lock named by lock_name on a channel, so that writes naming it are
    /// the requester's alone. LOCK_HELD when another user holds it.
    AcquireLock = 7,
    /// releaseLock: give the named lock back. LOCK_HELD when another user holds it, ITEM_NOT_FOUND
    /// when nobody does.
    ReleaseLock = 8,
}
impl MetadataOperation {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            MetadataOperation::Unspecified => "METADATA_OPERATION_UNSPECIFIED",
            MetadataOperation::Set => "METADATA_OPERATION_SET",
            MetadataOperation::Get => "METADATA_OPERATION_GET",
            MetadataOperation::Update => "METADATA_OPERATION_UPDATE",
            MetadataOperation::Remove => "METADATA_OPERATION_REMOVE",
            MetadataOperation::Subscribe => "METADATA_OPERATION_SUBSCRIBE",
            MetadataOperation::Unsubscribe => "METADATA_OPERATION_UNSUBSCRIBE",
            MetadataOperation::AcquireLock => "METADATA_OPERATION_ACQUIRE_LOCK",
            MetadataOperation::ReleaseLock => "METADATA_OPERATION_RELEASE_LOCK",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "METADATA_OPERATION_UNSPECIFIED" => Some(Self::Unspecified),
            "METADATA_OPERATION_SET" => Some(Self::Set),
            "METADATA_OPERATION_GET" => Some(Self::Get),
            "METADATA_OPERATION_UPDATE" => Some(Self::Update),
            "METADATA_OPERATION_REMOVE" => Some(Self::Remove),
            "METADATA_OPERATION_SUBSCRIBE" => Some(Self::Subscribe),
            "METADATA_OPERATION_UNSUBSCRIBE" => Some(Self::Unsubscribe),
            "METADATA_OPERATION_ACQUIRE_LOCK" => Some(Self::AcquireLock),
            "METADATA_OPERATION_RELEASE_LOCK" => Some(Self::ReleaseLock),
            _ => None,
        }
    }
}
/// Outcome of a storage operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum MetadataStatus {
    /// The operation succeeded.
    Ok = 0,
    /// A positive revision or major revision did not match the stored one.
    RevisionConflict = 1,
    /// The item (or the whole set) does not exist: update of a missing item, remove of a missing
    /// item, get of an unknown target.
    ItemNotFound = 2,
    /// The named lock is held by another user, or the target is locked and no lock was named.
    LockHeld = 3,
    /// The request was malformed (e.g. no target).
    InvalidRequest = 4,
}
impl MetadataStatus {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            MetadataStatus::Ok => "METADATA_STATUS_OK",
            MetadataStatus::RevisionConflict => "METADATA_STATUS_REVISION_CONFLICT",
            MetadataStatus::ItemNotFound => "METADATA_STATUS_ITEM_NOT_FOUND",
            MetadataStatus::LockHeld => "METADATA_STATUS_LOCK_HELD",
            MetadataStatus::InvalidRequest => "METADATA_STATUS_INVALID_REQUEST",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "METADATA_STATUS_OK" => Some(Self::Ok),
            "METADATA_STATUS_REVISION_CONFLICT" => Some(Self::RevisionConflict),
            "METADATA_STATUS_ITEM_NOT_FOUND" => Some(Self::ItemNotFound),
            "METADATA_STATUS_LOCK_HELD" => Some(Self::LockHeld),
            "METADATA_STATUS_INVALID_REQUEST" => Some(Self::InvalidRequest),
            _ => None,
        }
    }
}
/// The kind of a storage event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum StorageEventType {
    /// Not set.
    Unspecified = 0,
    /// The complete current set, sent when a subscription starts.
    Snapshot = 1,
    /// Items were set.
    Set = 2,
    /// Items were updated.
    Update = 3,
    /// Items were removed.
    Remove = 4,
}
impl StorageEventType {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            StorageEventType::Unspecified => "STORAGE_EVENT_TYPE_UNSPECIFIED",
            StorageEventType::Snapshot => "STORAGE_EVENT_TYPE_SNAPSHOT",
            StorageEventType::Set => "STORAGE_EVENT_TYPE_SET",
            StorageEventType::Update => "STORAGE_EVENT_TYPE_UPDATE",
            StorageEventType::Remove => "STORAGE_EVENT_TYPE_REMOVE",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "STORAGE_EVENT_TYPE_UNSPECIFIED" => Some(Self::Unspecified),
            "STORAGE_EVENT_TYPE_SNAPSHOT" => Some(Self::Snapshot),
            "STORAGE_EVENT_TYPE_SET" => Some(Self::Set),
            "STORAGE_EVENT_TYPE_UPDATE" => Some(Self::Update),
            "STORAGE_EVENT_TYPE_REMOVE" => Some(Self::Remove),
            _ => None,
        }
    }
}
/// A recall of an earlier message: receivers replace it with a notice that it was recalled.
/// How long after sending a message may be recalled (the recall window, e.g. two minutes), and
/// who besides its sender may recall it (a group owner, a moderator), is server policy, not a
/// codec rule: the codec checks only the fields below, and servers refuse recalls out of policy.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MessageRecall {
    /// The recalled message's id (its Envelope.message_id). Required (non-empty).
    #[prost(string, tag="1")]
    pub target_message_id: ::prost::alloc::string::String,
    /// Who recalled it: the message's sender, or a moderator acting for the server. Required.
    #[prost(string, tag="2")]
    pub recalled_by_user_id: ::prost::alloc::string::String,
    /// Why, shown with the recall notice. Optional; counts toward the 32 KB content budget.
    #[prost(string, tag="3")]
    pub reason: ::prost::alloc::string::String,
}
/// One user (the envelope's sender) adding or removing a reaction to a message.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Reaction {
    /// The message reacted to (its Envelope.message_id). Required (non-empty).
    #[prost(string, tag="1")]
    pub target_message_id: ::prost::alloc::string::String,
    /// The reaction key (see the rules above). Required.
    #[prost(string, tag="2")]
    pub key: ::prost::alloc::string::String,
    /// Add or remove. Required (not UNSPECIFIED).
    #[prost(enumeration="ReactionAction", tag="3")]
    pub action: i32,
}
/// The reactions to one message, as a server reports them to one receiver (after a reaction
/// changed, or when the receiver loads the message).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct ReactionSummary {
    /// The message the reactions belong to. Required (non-empty).
    #[prost(string, tag="1")]
    pub target_message_id: ::prost::alloc::string::String,
    /// One entry per key, no key twice, in the server's order (e.g. first used first); empty when
    /// every reaction was removed. At most Limits.maxRepeatedCount.
    #[prost(message, repeated, tag="2")]
    pub reactions: ::prost::alloc::vec::Vec<ReactionCount>,
}
/// The reactions with one key.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct ReactionCount {
    /// The reaction key (same rules as Reaction.key). Required.
    #[prost(string, tag="1")]
    pub key: ::prost::alloc::string::String,
    /// How many users reacted with the key: at least 1, and at least as many as recent_user_ids.
    #[prost(uint32, tag="2")]
    pub count: u32,
    /// Some of them, most recent first: each non-empty, no id twice, at most
    /// Limits.maxReactionRecentUsers (default 10).
    #[prost(string, repeated, tag="3")]
    pub recent_user_ids: ::prost::alloc::vec::Vec<::prost::alloc::string::String>,
    /// True when the receiver of this summary is among the users who reacted with the key.
    #[prost(bool, tag="4")]
    pub receiver_reacted: bool,
}
/// Whether a reaction is added or removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum ReactionAction {
    /// Not set. Rejected on a reaction.
    Unspecified = 0,
    /// The sender reacts with the key (again: no change).
    Add = 1,
    /// The sender takes back its reaction with the key (none: no change).
    Remove = 2,
}
impl ReactionAction {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            ReactionAction::Unspecified => "REACTION_ACTION_UNSPECIFIED",
            ReactionAction::Add => "REACTION_ACTION_ADD",
            ReactionAction::Remove => "REACTION_ACTION_REMOVE",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "REACTION_ACTION_UNSPECIFIED" => Some(Self::Unspecified),
            "REACTION_ACTION_ADD" => Some(Self::Add),
            "REACTION_ACTION_REMOVE" => Some(Self::Remove),
            _ => None,
        }
    }
}
/// The envelope's sender started or stopped typing in the envelope's conversation. Ephemeral:
/// receivers show it and neither store nor acknowledge it.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct TypingIndicator {
    /// Started or stopped. Required (not UNSPECIFIED).
    #[prost(enumeration="TypingState", tag="1")]
    pub state: i32,
    /// For STARTED: how long receivers show the indicator without a repeat, in ms, so a sender that
    /// vanishes is not shown typing forever. 0 = the receiver's default. At most
    /// Limits.maxTypingExpiryMs (default 60,000). Ignored for STOPPED.
    #[prost(uint32, tag="2")]
    pub expires_after_ms: u32,
}
/// Whether the sender is typing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum TypingState {
    /// Not set. Rejected on a typing indicator.
    Unspecified = 0,
    /// The sender started typing (or is still typing: senders repeat it before it expires).
    Started = 1,
    /// The sender stopped typing (sent, cleared or left the input).
    Stopped = 2,
}
impl TypingState {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            TypingState::Unspecified => "TYPING_STATE_UNSPECIFIED",
            TypingState::Started => "TYPING_STATE_STARTED",
            TypingState::Stopped => "TYPING_STATE_STOPPED",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "TYPING_STATE_UNSPECIFIED" => Some(Self::Unspecified),
            "TYPING_STATE_STARTED" => Some(Self::Started),
            "TYPING_STATE_STOPPED" => Some(Self::Stopped),
            _ => None,
        }
    }
}
/// The first envelope of a connection that did not present a token in its WebSocket handshake
/// (every TCP client, and browsers, which cannot set headers on a WebSocket); also sent on an
/// open connection to replace a token before it expires. The envelope's sender is the user the
/// token names (its `sub` claim); its conversation is that user's own peer conversation.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct SignIn {
    /// A signed JSON Web Token in compact form (header.payload.signature, base64url): `sub` is the
    /// user id, `exp` the expiry. Required (non-empty), at most Limits.maxTokenBytes (default 8,192).
    #[prost(string, tag="1")]
    pub token: ::prost::alloc::string::String,
}
/// The server kept an envelope, or took a request it answers itself: sent to the envelope's
/// sender alone. A client that sees no acknowledgement for an envelope sends it again with the
/// same message id; the server stores a message id once per conversation and acknowledges the
/// repeat with the same position.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Acknowledgement {
    /// The acknowledged envelope's message_id. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// The envelope's position in its conversation's history: positions grow by one per stored
    /// envelope of the conversation, from 1. 0 = taken but not kept in history (a sign-in, a
    /// request the server answered).
    #[prost(uint64, tag="2")]
    pub position: u64,
    /// The epoch of the conversation's history, which positions belong to: a new epoch means the
    /// positions a client saw before are gone (the history was reset). Empty with position 0.
    #[prost(string, tag="3")]
    pub epoch: ::prost::alloc::string::String,
    /// When the server stored the envelope, ms since the Unix epoch. 0 = not stored; negative is
    /// invalid.
    #[prost(int64, tag="4")]
    pub stored_time_ms: i64,
}
/// The server refused an envelope (message_id set) or the connection (message_id empty; the
/// server closes it after this). Sent to the envelope's sender alone; nothing of a refused
/// envelope is stored or forwarded.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Refusal {
    /// The refused envelope's message_id. Empty = the connection is refused.
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// Why. Required (not UNSPECIFIED).
    #[prost(enumeration="RefusalCode", tag="2")]
    pub code: i32,
    /// What was wrong, for a person to read. Optional.
    #[prost(string, tag="3")]
    pub detail: ::prost::alloc::string::String,
}
/// Why the server refused an envelope or a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum RefusalCode {
    /// Not set. Rejected on a refusal.
    Unspecified = 0,
    /// No token was presented before the first other envelope.
    Unauthenticated = 1,
    /// The token is not a well-formed JWT, or its signature or algorithm is not one the server
    /// accepts (a forged or foreign token).
    TokenInvalid = 2,
    /// The token's `exp` has passed (or its `nbf` has not come).
    TokenExpired = 3,
    /// The token's `aud` or `iss` is not the server's.
    WrongAudience = 4,
    /// The envelope names another sender than the signed-in user.
    SenderMismatch = 5,
    /// The signed-in user may not do this: post to a group it is no member of, join a channel its
    /// token does not allow, write another user's metadata, change a group without its role.
    Forbidden = 6,
    /// The envelope breaks the codec's rules (the full decoder's error is in the detail).
    InvalidEnvelope = 7,
    /// The server could not store the envelope (its database is unavailable or full); nothing was
    /// kept, and the client may send it again later.
    StorageUnavailable = 8,
    /// The message an edit, recall, reaction, receipt or app-data update names is not stored.
    NotFound = 9,
    /// The server is shutting down or over a limit; try again later (or on another node).
    Unavailable = 10,
}
impl RefusalCode {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            RefusalCode::Unspecified => "REFUSAL_CODE_UNSPECIFIED",
            RefusalCode::Unauthenticated => "REFUSAL_CODE_UNAUTHENTICATED",
            RefusalCode::TokenInvalid => "REFUSAL_CODE_TOKEN_INVALID",
            RefusalCode::TokenExpired => "REFUSAL_CODE_TOKEN_EXPIRED",
            RefusalCode::WrongAudience => "REFUSAL_CODE_WRONG_AUDIENCE",
            RefusalCode::SenderMismatch => "REFUSAL_CODE_SENDER_MISMATCH",
            RefusalCode::Forbidden => "REFUSAL_CODE_FORBIDDEN",
            RefusalCode::InvalidEnvelope => "REFUSAL_CODE_INVALID_ENVELOPE",
            RefusalCode::StorageUnavailable => "REFUSAL_CODE_STORAGE_UNAVAILABLE",
            RefusalCode::NotFound => "REFUSAL_CODE_NOT_FOUND",
            RefusalCode::Unavailable => "REFUSAL_CODE_UNAVAILABLE",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "REFUSAL_CODE_UNSPECIFIED" => Some(Self::Unspecified),
            "REFUSAL_CODE_UNAUTHENTICATED" => Some(Self::Unauthenticated),
            "REFUSAL_CODE_TOKEN_INVALID" => Some(Self::TokenInvalid),
            "REFUSAL_CODE_TOKEN_EXPIRED" => Some(Self::TokenExpired),
            "REFUSAL_CODE_WRONG_AUDIENCE" => Some(Self::WrongAudience),
            "REFUSAL_CODE_SENDER_MISMATCH" => Some(Self::SenderMismatch),
            "REFUSAL_CODE_FORBIDDEN" => Some(Self::Forbidden),
            "REFUSAL_CODE_INVALID_ENVELOPE" => Some(Self::InvalidEnvelope),
            "REFUSAL_CODE_STORAGE_UNAVAILABLE" => Some(Self::StorageUnavailable),
            "REFUSAL_CODE_NOT_FOUND" => Some(Self::NotFound),
            "REFUSAL_CODE_UNAVAILABLE" => Some(Self::Unavailable),
            _ => None,
        }
    }
}
/// A client asks for a page of the envelope's conversation's history. Positions are those of
/// Acknowledgement.position and HistoryEntry.position.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct HistoryRequest {
    /// Envelopes before this position, newest page first (scrolling back). 0 = not set.
    #[prost(uint64, tag="1")]
    pub before_position: u64,
    /// Envelopes after this position, oldest first (catching up). 0 = not set. At most one of
    /// before_position and after_position is set; neither = the latest page.
    #[prost(uint64, tag="2")]
    pub after_position: u64,
    /// The most envelopes to return: 1 ... Limits.maxHistoryPageSize (default 100).
    #[prost(uint32, tag="3")]
    pub limit: u32,
    /// The epoch the position belongs to (Acknowledgement.epoch, HistoryPage.epoch). Empty = any
    /// (a first load); a position from another epoch is answered with HISTORY_STATUS_RELOAD.
    #[prost(string, tag="4")]
    pub epoch: ::prost::alloc::string::String,
}
/// One stored envelope of a history page.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct HistoryEntry {
    /// Its position in the conversation's history. Required (positive).
    #[prost(uint64, tag="1")]
    pub position: u64,
    /// When the server stored it, ms since the Unix epoch. Required (positive).
    #[prost(int64, tag="2")]
    pub stored_time_ms: i64,
    /// The envelope as the server received it, byte for byte (unknown fields included): decode it
    /// with the same decoder as any envelope. Required (non-empty).
    #[prost(bytes="vec", tag="3")]
    pub envelope: ::prost::alloc::vec::Vec<u8>,
}
/// The server's answer to a HistoryRequest, sent to the requester alone.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct HistoryPage {
    /// The HistoryRequest envelope's message_id. Required (non-empty).
    #[prost(string, tag="1")]
    pub request_message_id: ::prost::alloc::string::String,
    /// Whether the page could be served.
    #[prost(enumeration="HistoryStatus", tag="2")]
    pub status: i32,
    /// The stored envelopes, oldest first, at most Limits.maxHistoryPageSize (and as many as fit
    /// one envelope of Limits.maxMessageBytes).
    #[prost(message, repeated, tag="3")]
    pub entries: ::prost::alloc::vec::Vec<HistoryEntry>,
    /// The conversation's current epoch. Required (non-empty).
    #[prost(string, tag="4")]
    pub epoch: ::prost::alloc::string::String,
    /// The conversation's newest position (0 = nothing stored yet).
    #[prost(uint64, tag="5")]
    pub latest_position: u64,
    /// More envelopes lie beyond this page in the direction asked for.
    #[prost(bool, tag="6")]
    pub has_more: bool,
}
/// Whether a history page could be served from the positions asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum HistoryStatus {
    /// The page holds what was asked for.
    Ok = 0,
    /// The position asked from is gone (retention removed it) or belongs to another epoch: the
    /// page is empty, and the client reloads from the latest page.
    Reload = 1,
    /// The signed-in user may not read this conversation.
    Forbidden = 2,
}
impl HistoryStatus {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            HistoryStatus::Ok => "HISTORY_STATUS_OK",
            HistoryStatus::Reload => "HISTORY_STATUS_RELOAD",
            HistoryStatus::Forbidden => "HISTORY_STATUS_FORBIDDEN",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "HISTORY_STATUS_OK" => Some(Self::Ok),
            "HISTORY_STATUS_RELOAD" => Some(Self::Reload),
            "HISTORY_STATUS_FORBIDDEN" => Some(Self::Forbidden),
            _ => None,
        }
    }
}
/// One member of a group.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupMember {
    /// The member's user id. Required (non-empty).
    #[prost(string, tag="1")]
    pub user_id: ::prost::alloc::string::String,
    /// Its role.
    #[prost(enumeration="GroupRole", tag="2")]
    pub role: i32,
}
/// A client asks the server to change or list a group's members. The group is the envelope's
/// conversation.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupRequest {
    /// What to do. Required (not UNSPECIFIED).
    #[prost(enumeration="GroupOperation", tag="1")]
    pub operation: i32,
    /// The members to add, remove or set the role of (their user ids and, for add and set-role,
    /// roles): at most Limits.maxRepeatedCount. Empty for leave and list.
    #[prost(message, repeated, tag="2")]
    pub members: ::prost::alloc::vec::Vec<GroupMember>,
}
/// The server's answer to a GroupRequest (to the requester), and the change it made (to every
/// member, request_message_id empty: a membership event).
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct GroupResponse {
    /// The GroupRequest envelope's message_id; empty in an event sent to the members.
    #[prost(string, tag="1")]
    pub request_message_id: ::prost::alloc::string::String,
    /// The operation answered or reported. Required (not UNSPECIFIED).
    #[prost(enumeration="GroupOperation", tag="2")]
    pub operation: i32,
    /// Whether it was done.
    #[prost(enumeration="GroupStatus", tag="3")]
    pub status: i32,
    /// For list: every member with its role; otherwise the members changed, with their roles now
    /// (at most Limits.maxRepeatedCount).
    #[prost(message, repeated, tag="4")]
    pub members: ::prost::alloc::vec::Vec<GroupMember>,
}
/// A member's role in a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum GroupRole {
    /// Not set: a member when adding.
    Unspecified = 0,
    /// A member: posts and receives.
    Member = 1,
    /// An admin: also adds and removes members.
    Admin = 2,
    /// The owner: also makes and unmakes admins. One per group.
    Owner = 3,
}
impl GroupRole {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            GroupRole::Unspecified => "GROUP_ROLE_UNSPECIFIED",
            GroupRole::Member => "GROUP_ROLE_MEMBER",
            GroupRole::Admin => "GROUP_ROLE_ADMIN",
            GroupRole::Owner => "GROUP_ROLE_OWNER",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "GROUP_ROLE_UNSPECIFIED" => Some(Self::Unspecified),
            "GROUP_ROLE_MEMBER" => Some(Self::Member),
            "GROUP_ROLE_ADMIN" => Some(Self::Admin),
            "GROUP_ROLE_OWNER" => Some(Self::Owner),
            _ => None,
        }
    }
}
/// What a group request does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum GroupOperation {
    /// Not set. Rejected on a request.
    Unspecified = 0,
    /// Create the group: the sender becomes its owner, and the members named are added.
    Create = 1,
    /// Add the members named (owner or admin).
    Add = 2,
    /// Remove the members named (owner or admin; an admin only members).
    Remove = 3,
    /// The sender leaves the group (the owner cannot).
    Leave = 4,
    /// List the members.
    List = 5,
    /// Set the role of the members named to theirs, admin or member (owner only).
    SetRole = 6,
}
impl GroupOperation {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            GroupOperation::Unspecified => "GROUP_OPERATION_UNSPECIFIED",
            GroupOperation::Create => "GROUP_OPERATION_CREATE",
            GroupOperation::Add => "GROUP_OPERATION_ADD",
            GroupOperation::Remove => "GROUP_OPERATION_REMOVE",
            GroupOperation::Leave => "GROUP_OPERATION_LEAVE",
            GroupOperation::List => "GROUP_OPERATION_LIST",
            GroupOperation::SetRole => "GROUP_OPERATION_SET_ROLE",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "GROUP_OPERATION_UNSPECIFIED" => Some(Self::Unspecified),
            "GROUP_OPERATION_CREATE" => Some(Self::Create),
            "GROUP_OPERATION_ADD" => Some(Self::Add),
            "GROUP_OPERATION_REMOVE" => Some(Self::Remove),
            "GROUP_OPERATION_LEAVE" => Some(Self::Leave),
            "GROUP_OPERATION_LIST" => Some(Self::List),
            "GROUP_OPERATION_SET_ROLE" => Some(Self::SetRole),
            _ => None,
        }
    }
}
/// Outcome of a group request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum GroupStatus {
    /// Done.
    Ok = 0,
    /// The sender's role does not allow it.
    Forbidden = 1,
    /// No such group.
    NotFound = 2,
    /// Create named a group that exists.
    Exists = 3,
    /// The request was malformed (no members where some are needed, the owner removed).
    InvalidRequest = 4,
}
impl GroupStatus {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            GroupStatus::Ok => "GROUP_STATUS_OK",
            GroupStatus::Forbidden => "GROUP_STATUS_FORBIDDEN",
            GroupStatus::NotFound => "GROUP_STATUS_NOT_FOUND",
            GroupStatus::Exists => "GROUP_STATUS_EXISTS",
            GroupStatus::InvalidRequest => "GROUP_STATUS_INVALID_REQUEST",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "GROUP_STATUS_OK" => Some(Self::Ok),
            "GROUP_STATUS_FORBIDDEN" => Some(Self::Forbidden),
            "GROUP_STATUS_NOT_FOUND" => Some(Self::NotFound),
            "GROUP_STATUS_EXISTS" => Some(Self::Exists),
            "GROUP_STATUS_INVALID_REQUEST" => Some(Self::InvalidRequest),
            _ => None,
        }
    }
}
/// One message between a client and a server (or two peers): header plus exactly one body.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Envelope {
    /// Client-generated unique id of this message, e.g. a UUID string. Required (non-empty).
    #[prost(string, tag="1")]
    pub message_id: ::prost::alloc::string::String,
    /// Who sent the message. Required.
    #[prost(message, optional, tag="2")]
    pub sender: ::core::option::Option<Sender>,
    /// Send time in milliseconds since the Unix epoch (UTC). 0 = not stamped; negative is invalid.
    #[prost(int64, tag="3")]
    pub send_time_ms: i64,
    /// Where the message is addressed: a peer, a channel or a group. Required.
    #[prost(message, optional, tag="4")]
    pub conversation: ::core::option::Option<Conversation>,
    /// What the sender asks of the receivers (receipts). Absent = all off.
    #[prost(message, optional, tag="5")]
    pub delivery_options: ::core::option::Option<DeliveryOptions>,
    /// The message this envelope replies to. Absent = not a reply. Any body may reply (usually
    /// text, image or file). Numbered after the body kinds so that older readers, which keep it as
    /// an unknown field after the body, re-encode the envelope byte for byte.
    #[prost(message, optional, tag="64")]
    pub reply_to: ::core::option::Option<MessageReference>,
    /// Data the app attaches to this message (see AppDataEntry): at most Limits.maxAppDataEntries
    /// entries with distinct keys. Empty = none.
    #[prost(message, repeated, tag="65")]
    pub app_data: ::prost::alloc::vec::Vec<AppDataEntry>,
    /// Exactly one body. A member that is set is always encoded, even when empty. A reader that
    /// finds no body it knows but an unknown field numbered in the reserved room below (a kind
    /// added after its schema version) reports an unknown kind (Envelope.bodyMember), not an error,
    /// and still routes the envelope by its header.
    #[prost(oneof="envelope::Body", tags="16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39")]
    pub body: ::core::option::Option<envelope::Body>,
}
/// Nested message and enum types in `Envelope`.
pub mod envelope {
    /// Exactly one body. A member that is set is always encoded, even when empty. A reader that
    /// finds no body it knows but an unknown field numbered in the reserved room below (a kind
    /// added after its schema version) reports an unknown kind (Envelope.bodyMember), not an error,
    /// and still routes the envelope by its header.
    #[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Oneof)]
    pub enum Body {
        /// A plain text message.
        #[prost(message, tag="16")]
        Text(super::TextMessage),
        /// An image uploaded to the file server (media id) with optional thumbnail and caption.
        #[prost(message, tag="17")]
        Image(super::ImageMessage),
        /// A file uploaded to the file server (media id) with optional thumbnail and caption.
        #[prost(message, tag="18")]
        File(super::FileMessage),
        /// Presence and the "raise hand" flag of a channel member.
        #[prost(message, tag="19")]
        Status(super::StatusMessage),
        /// A delivery, read, conversation-read or group-read receipt.
        #[prost(message, tag="20")]
        Receipt(super::Receipt),
        /// A streaming message announced by the server (initial content and state).
        #[prost(message, tag="21")]
        Stream(super::StreamMessage),
        /// One event (init, delta, complete) of a streaming message's content.
        #[prost(message, tag="22")]
        StreamChunk(super::StreamChunk),
        /// A channel or user metadata (storage) request, response or event.
        #[prost(message, tag="23")]
        Metadata(super::MetadataMessage),
        /// An application-defined message: type name plus opaque payload.
        #[prost(message, tag="24")]
        Custom(super::CustomMessage),
        /// A new text or caption for an earlier message of the same sender.
        #[prost(message, tag="25")]
        Edit(super::MessageEdit),
        /// An earlier message recalled ("deleted for everyone").
        #[prost(message, tag="26")]
        Recall(super::MessageRecall),
        /// A user adding or removing a reaction to an earlier message.
        #[prost(message, tag="27")]
        Reaction(super::Reaction),
        /// The reactions to one message, per key, as the server reports them to one receiver.
        #[prost(message, tag="28")]
        ReactionSummary(super::ReactionSummary),
        /// The sender started or stopped typing in the conversation.
        #[prost(message, tag="29")]
        Typing(super::TypingIndicator),
        /// A client asks the server to send a streaming message's content again.
        #[prost(message, tag="30")]
        StreamPullRequest(super::StreamPullRequest),
        /// The server's answer to a stream pull request; the content follows as stream chunks.
        #[prost(message, tag="31")]
        StreamPullResponse(super::StreamPullResponse),
        /// A change to the app data of an earlier message.
        #[prost(message, tag="32")]
        AppDataUpdate(super::AppDataUpdate),
        /// A client signs in to the server with a token (first envelope of a connection, or a
        /// token's renewal). Only a server answers it; it is never forwarded.
        #[prost(message, tag="33")]
        SignIn(super::SignIn),
        /// The server kept an envelope (its position in the conversation's history) or took a
        /// request: sent to the envelope's sender alone.
        #[prost(message, tag="34")]
        Acknowledgement(super::Acknowledgement),
        /// The server refused an envelope or the connection: sent to the envelope's sender alone.
        #[prost(message, tag="35")]
        Refusal(super::Refusal),
        /// A client asks the server for a page of the conversation's history (or what came after a
        /// position: catch-up after a reconnect).
        #[prost(message, tag="36")]
        HistoryRequest(super::HistoryRequest),
        /// The server's answer to a history request: stored envelopes with their positions.
        #[prost(message, tag="37")]
        HistoryPage(super::HistoryPage),
        /// A client asks the server to create a group, change or list its members.
        #[prost(message, tag="38")]
        GroupRequest(super::GroupRequest),
        /// The server's answer to a group request, or a membership change sent to the members.
        #[prost(message, tag="39")]
        GroupResponse(super::GroupResponse),
    }
}
/// A reference to another message: what an envelope replies to (Envelope.reply_to).
///
/// It shares field numbers, types and names with StreamReference (stream.proto): the two read the
/// same bytes and the same proto3 JSON, so a streaming message's reference and a reply convert
/// into each other unchanged. StreamReference stays as it was (StreamMessage.reference keeps its
/// type) so nothing released changes; this type carries the general name and the excerpt limit.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct MessageReference {
    /// The referenced message's id: its Envelope.message_id (named message_uid like
    /// StreamReference's, after RongCloud's messageUId). Required when the reference is present.
    #[prost(string, tag="1")]
    pub message_uid: ::prost::alloc::string::String,
    /// User id of the referenced message's sender. Optional.
    #[prost(string, tag="2")]
    pub sender_user_id: ::prost::alloc::string::String,
    /// A short excerpt of the referenced message's content, for display before the original is
    /// loaded: at most Limits.maxExcerptBytes (default 1,024) UTF-8 bytes. Optional.
    #[prost(string, tag="3")]
    pub excerpt: ::prost::alloc::string::String,
}
/// The sender of an envelope.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Sender {
    /// The sender's user id. Required (non-empty).
    #[prost(string, tag="1")]
    pub user_id: ::prost::alloc::string::String,
    /// The name shown to other users. Optional (empty = none).
    #[prost(string, tag="2")]
    pub display_name: ::prost::alloc::string::String,
}
/// The conversation an envelope belongs to.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct Conversation {
    /// Peer, channel or group. Required (not UNSPECIFIED).
    #[prost(enumeration="ConversationType", tag="1")]
    pub r#type: i32,
    /// The peer user id, channel name or group id. Required (non-empty).
    #[prost(string, tag="2")]
    pub id: ::prost::alloc::string::String,
}
/// What the sender asks of the receivers (Agora Chat: enableDeliveryAck, enableRequireReadAck,
/// isNeedGroupAck). All default to false.
#[allow(clippy::derive_partial_eq_without_eq)]
#[derive(Clone, PartialEq, ::prost::Message)]
pub struct DeliveryOptions {
    /// The receiver answers with a delivery receipt when the message arrives.
    #[prost(bool, tag="1")]
    pub delivery_receipt: bool,
    /// The receiver answers with a message read receipt once the message is read.
    #[prost(bool, tag="2")]
    pub read_receipt: bool,
    /// Group members answer with group read receipts; the sender may receive read counts.
    /// Only meaningful in a group conversation.
    #[prost(bool, tag="3")]
    pub group_read_receipt: bool,
}
/// The kind of a conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::prost::Enumeration)]
#[repr(i32)]
pub enum ConversationType {
    /// Not set. Rejected by semantic validation on an envelope.
    Unspecified = 0,
    /// One-to-one chat; the id is the peer's user id.
    Peer = 1,
    /// A channel (RTM message channel); the id is the channel name.
    Channel = 2,
    /// A group chat; the id is the group id.
    Group = 3,
}
impl ConversationType {
    /// String value of the enum field names used in the ProtoBuf definition.
    ///
    /// The values are not transformed in any way and thus are considered stable
    /// (if the ProtoBuf definition does not change) and safe for programmatic use.
    pub fn as_str_name(&self) -> &'static str {
        match self {
            ConversationType::Unspecified => "CONVERSATION_TYPE_UNSPECIFIED",
            ConversationType::Peer => "CONVERSATION_TYPE_PEER",
            ConversationType::Channel => "CONVERSATION_TYPE_CHANNEL",
            ConversationType::Group => "CONVERSATION_TYPE_GROUP",
        }
    }
    /// Creates an enum from field names used in the ProtoBuf definition.
    pub fn from_str_name(value: &str) -> ::core::option::Option<Self> {
        match value {
            "CONVERSATION_TYPE_UNSPECIFIED" => Some(Self::Unspecified),
            "CONVERSATION_TYPE_PEER" => Some(Self::Peer),
            "CONVERSATION_TYPE_CHANNEL" => Some(Self::Channel),
            "CONVERSATION_TYPE_GROUP" => Some(Self::Group),
            _ => None,
        }
    }
}

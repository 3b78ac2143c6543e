//! The rust-protobuf testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md):
//! rust-protobuf 2.27.1 (Debian's librust-protobuf-dev) with protoc-gen-rust's code for
//! Schemas/ (generated/, from Scripts/generate-runtimes, with a registry of full names in
//! generated/mod.rs). Binary only: JSON and validate requests are skipped.
//! Build: Scripts/build-testee rust-protobuf (cargo --offline against /usr/share/cargo/registry).
use std::io::{self, Read, Write};

#[path = "../generated/mod.rs"]
mod generated; // the schemas' modules and fn round_trip(name, payload)

const BINARY: u8 = 1;
const JSON: u8 = 2;
const VALIDATE: u8 = 1;
const MAX_BODY: usize = 64 << 20;
const OK: u8 = 0;
const PARSE_ERROR: u8 = 1;
const SERIALIZE_ERROR: u8 = 2;
const SKIPPED: u8 = 3;
const RUNTIME_ERROR: u8 = 4;

/// What parsing and re-serializing one message gave.
pub enum Outcome {
    Ok(Vec<u8>),
    ParseError(String),
    SerializeError(String),
}

/// Parses `payload` as M and serializes it again.
pub fn parse_serialize<M: protobuf::Message>(payload: &[u8]) -> Outcome {
    match M::parse_from_bytes(payload) {
        Err(error) => Outcome::ParseError(error.to_string()),
        Ok(message) => match message.write_to_bytes() {
            Ok(bytes) => Outcome::Ok(bytes),
            Err(error) => Outcome::SerializeError(error.to_string()),
        },
    }
}

fn answer(body: &[u8]) -> (u8, Vec<u8>) {
    if body.len() < 4 || body[3] == 0 || body.len() < 4 + body[3] as usize {
        return (RUNTIME_ERROR, b"malformed request".to_vec());
    }
    let (source, target, flags, name_length) = (body[0], body[1], body[2], body[3] as usize);
    if ![BINARY, JSON].contains(&source) || ![BINARY, JSON].contains(&target) || flags & !VALIDATE != 0 {
        return (RUNTIME_ERROR, b"unknown format or flag".to_vec());
    }
    let name = String::from_utf8_lossy(&body[4..4 + name_length]).into_owned();
    let payload = &body[4 + name_length..];
    // Look the type up first (an unknown one is a runtime error whatever else is asked).
    if generated::round_trip(&name, &[]).is_none() {
        return (RUNTIME_ERROR, b"unknown message type".to_vec());
    }
    if flags & VALIDATE != 0 {
        return (SKIPPED, b"RTMWire's semantic rules are not implemented".to_vec());
    }
    if source == JSON || target == JSON {
        return (SKIPPED, b"rust-protobuf 2 has no proto3 JSON mapping".to_vec());
    }
    match generated::round_trip(&name, payload) {
        Some(Outcome::Ok(output)) => (OK, output),
        Some(Outcome::ParseError(text)) => (PARSE_ERROR, text.into_bytes()),
        Some(Outcome::SerializeError(text)) => (SERIALIZE_ERROR, text.into_bytes()),
        None => (RUNTIME_ERROR, b"unknown message type".to_vec()),
    }
}

fn main() {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    loop {
        let mut header = [0u8; 4];
        match input.read(&mut header[..1]) {
            Ok(0) => return, // end of file where a request starts
            Ok(_) => {}
            Err(_) => std::process::exit(2),
        }
        if input.read_exact(&mut header[1..]).is_err() {
            std::process::exit(2);
        }
        let length = u32::from_le_bytes(header) as usize;
        if length > MAX_BODY {
            std::process::exit(2);
        }
        let mut body = vec![0u8; length];
        if input.read_exact(&mut body).is_err() {
            std::process::exit(2);
        }
        let (status, payload) = answer(&body);
        let mut frame = ((payload.len() + 1) as u32).to_le_bytes().to_vec();
        frame.push(status);
        frame.extend_from_slice(&payload);
        if output.write_all(&frame).and_then(|_| output.flush()).is_err() {
            std::process::exit(2);
        }
    }
}

//! The WebSocket wire layer over any bytes: an HTTP head, then frames put
//! together into messages by both sides, with and without
//! permessage-deflate (a context kept or not): never a panic, never an
//! allocation past the caps.
#![no_main]

use cardshark::transport::websocket::frame::{header, Read};
use cardshark::transport::websocket::handshake::{parse_head, Deflate};
use cardshark::transport::websocket::message::{Assembler, Event, Side, MAX_MESSAGE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = parse_head(data);
    let Some((&mode, frames)) = data.split_first() else {
        return;
    };
    let side = if mode & 1 == 0 { Side::Client } else { Side::Server };
    let deflate = (mode & 2 != 0).then_some(Deflate {
        server_no_context_takeover: mode & 4 != 0,
        client_no_context_takeover: mode & 8 != 0,
        ..Deflate::default()
    });
    let mut a = Assembler::new(side, deflate);
    let mut rest = frames;
    while let Read::Header(h) = header(rest) {
        let Ok(end) = usize::try_from(h.total()) else {
            return;
        };
        if end > rest.len() {
            return;
        }
        if let Some(Event::Message { payload, .. }) = a.frame(&h, &rest[h.header_len..end]) {
            assert!(payload.len() <= MAX_MESSAGE);
        }
        rest = &rest[end..];
    }
});

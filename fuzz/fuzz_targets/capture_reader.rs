//! The capture reader (pcap and pcapng, either byte order) over any bytes:
//! frames until the end or an error, never a panic or a huge allocation.
#![no_main]

use cardshark::capture::CaptureReader;
use libfuzzer_sys::fuzz_target;
use std::io::Cursor;

fuzz_target!(|data: &[u8]| {
    let Ok(mut reader) = CaptureReader::from_reader("fuzz", Box::new(Cursor::new(data.to_vec())))
    else {
        return;
    };
    let _ = reader.format();
    while let Ok(Some(frame)) = reader.next_frame() {
        assert!(frame.data.len() <= data.len());
    }
    assert!(reader.bytes_consumed() <= data.len() as u64);
});

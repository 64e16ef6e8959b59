//! Protocol detection over any bytes: the input cut into the client's and
//! the server's bytes, with a server port from the input.
#![no_main]

use cardshark::detect::detect;
use libfuzzer_sys::fuzz_target;

const PORTS: [u16; 6] = [7234, 19380, 7667, 8000, 80, 40000];

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let port = PORTS[usize::from(data[0]) % PORTS.len()];
    let finished = data[0] & 0x80 != 0;
    let rest = &data[2..];
    let cut = usize::from(data[1]) * rest.len() / 256;
    let (c2s, s2c) = rest.split_at(cut);
    let _ = detect(c2s, s2c, finished, port);
    let _ = detect(s2c, c2s, finished, port);
});

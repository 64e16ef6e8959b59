//! IP fragments: order, duplicates, overlaps, caps and time-outs.

use super::*;

// ---- fragments -----------------------------------------------------------

/// The start and end of each piece of `len` bytes cut at offsets `cuts`.
fn pieces(len: usize, cuts: &[usize]) -> Vec<(usize, usize)> {
    let bounds: Vec<usize> = [0]
        .into_iter()
        .chain(cuts.iter().copied())
        .chain([len])
        .collect();
    bounds.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Splits an IPv4 packet (20-byte header) into fragments at the given
/// payload offsets (multiples of 8).
pub(super) fn ipv4_fragments(packet: &[u8], id: u16, cuts: &[usize]) -> Vec<Vec<u8>> {
    let (header, body) = packet.split_at(20);
    (pieces(body.len(), cuts).into_iter())
        .map(|(start, end)| {
            let mut h = header.to_vec();
            h[2..4].copy_from_slice(&u16::try_from(20 + end - start).unwrap().to_be_bytes());
            h[4..6].copy_from_slice(&id.to_be_bytes());
            let more = if end < body.len() { 0x2000 } else { 0 };
            let flags = more | u16::try_from(start / 8).unwrap();
            h[6..8].copy_from_slice(&flags.to_be_bytes());
            h.extend_from_slice(&body[start..end]);
            ethernet(0x0800, &h)
        })
        .collect()
}

/// Splits an IPv6 packet (no extension headers) into fragments at the
/// given offsets of its payload.
pub(super) fn ipv6_fragments(packet: &[u8], id: u32, cuts: &[usize]) -> Vec<Vec<u8>> {
    let (header, body) = packet.split_at(40);
    let next = header[6];
    (pieces(body.len(), cuts).into_iter())
        .map(|(start, end)| {
            let mut h = header.to_vec();
            h[4..6].copy_from_slice(&u16::try_from(8 + end - start).unwrap().to_be_bytes());
            h[6] = 44;
            let more = u16::from(end < body.len());
            let off = u16::try_from(start).unwrap() | more;
            h.extend_from_slice(&[next, 0]);
            h.extend_from_slice(&off.to_be_bytes());
            h.extend_from_slice(&id.to_be_bytes());
            h.extend_from_slice(&body[start..end]);
            h
        })
        .collect()
}

/// Feeds frames in order; returns the segment of the last, which must be
/// the only TCP one, and checks the others were held.
fn feed(decoder: &mut LinkDecoder, link_type: u32, frames: &[&[u8]]) -> Vec<u8> {
    let (last, held) = frames.split_last().unwrap();
    for data in held {
        match decoder.decode(&frame(link_type, 1, data)) {
            Packet::FragmentHeld => {}
            other => panic!("expected FragmentHeld, got {other:?}"),
        }
    }
    match decoder.decode(&frame(link_type, 1, last)) {
        Packet::Tcp(s) => {
            assert_eq!(s.seq, SEQ);
            assert_eq!(s.ack, ACK);
            assert_eq!(s.missing, 0);
            if s.src.is_ipv4() {
                assert_v4_segment(&s, s.payload);
            } else {
                assert_v6_segment(&s, s.payload);
            }
            s.payload.to_vec()
        }
        other => panic!("expected Tcp, got {other:?}"),
    }
}

pub(super) fn long_payload() -> Vec<u8> {
    (0..120u8).map(|b| b.wrapping_mul(7)).collect()
}

#[test]
fn ipv4_fragments_in_order() {
    let payload = long_payload();
    let frags = ipv4_fragments(&ipv4_tcp(&payload), 77, &[24, 64, 96]);
    let mut d = LinkDecoder::new();
    let refs: Vec<&[u8]> = frags.iter().map(Vec::as_slice).collect();
    assert_eq!(feed(&mut d, 1, &refs), payload);
    let s = d.stats();
    assert_eq!((s.fragments, s.reassembled, s.fragments_dropped), (4, 1, 0));
    assert_eq!((s.tcp, s.frames), (1, 4));
    assert_eq!(d.pending_datagrams(), 0);
    assert_eq!(d.buffered_bytes(), 0);
}

#[test]
fn ipv4_fragments_out_of_order_with_a_duplicate() {
    let payload = long_payload();
    let f = ipv4_fragments(&ipv4_tcp(&payload), 78, &[24, 64, 96]);
    let mut d = LinkDecoder::new();
    let order: [&[u8]; 5] = [&f[3], &f[1], &f[1], &f[0], &f[2]];
    assert_eq!(feed(&mut d, 1, &order), payload);
    let s = d.stats();
    assert_eq!((s.fragments, s.reassembled, s.fragments_dropped), (5, 1, 0));
    assert_eq!(d.pending_datagrams(), 0);

    // A late duplicate opens a new datagram, given up at the end.
    assert!(matches!(
        d.decode(&frame(1, 2, &f[2])),
        Packet::FragmentHeld
    ));
    d.flush_fragments();
    assert_eq!(d.stats().fragments_dropped, 1);
    assert_eq!(d.pending_datagrams(), 0);
}

#[test]
fn overlapping_fragments_first_copy_wins() {
    let payload = long_payload();
    let packet = ipv4_tcp(&payload);
    let mut f = ipv4_fragments(&packet, 79, &[48, 96]);
    // A rogue fragment over [32, 64) carrying 0xff, arriving before the
    // genuine [48, 96): bytes 48..64 come from it, the rest from the others.
    let mut rogue = ipv4_fragments(&packet, 79, &[32, 64])[1].clone();
    let ip_body = 14 + 20;
    rogue[ip_body..].fill(0xff);
    f.insert(1, rogue);
    let refs: Vec<&[u8]> = f.iter().map(Vec::as_slice).collect();
    let mut d = LinkDecoder::new();
    let got = feed(&mut d, 1, &refs);
    // TCP header is 20 bytes: payload offset = body offset - 20.
    let mut want = payload.clone();
    want[48 - 20..64 - 20].fill(0xff);
    assert_eq!(got, want);
}

#[test]
fn ipv6_fragments_out_of_order() {
    let payload = long_payload();
    let f = ipv6_fragments(&ipv6_tcp(&payload), 0xdead_beef, &[16, 80]);
    let mut d = LinkDecoder::new();
    let order: [&[u8]; 4] = [&f[2], &f[0], &f[2], &f[1]];
    assert_eq!(feed(&mut d, 229, &order), payload);
    let s = d.stats();
    assert_eq!((s.fragments, s.reassembled, s.fragments_dropped), (4, 1, 0));
}

#[test]
fn ipv6_fragment_with_destination_options_inside() {
    // Fragmentable part: destination options, then TCP.
    let payload = long_payload();
    let tcp = ipv6_tcp(&payload)[40..].to_vec();
    let mut inner = vec![6, 0, 1, 4, 0, 0, 0, 0];
    inner.extend_from_slice(&tcp);
    let mut packet = ipv6_tcp(&payload)[..40].to_vec();
    packet[6] = 60;
    packet[4..6].copy_from_slice(&u16::try_from(inner.len()).unwrap().to_be_bytes());
    packet.extend_from_slice(&inner);
    let f = ipv6_fragments(&packet, 5, &[64]);
    let mut d = LinkDecoder::new();
    let order: [&[u8]; 2] = [&f[1], &f[0]];
    assert_eq!(feed(&mut d, 101, &order), payload);
}

#[test]
fn non_tcp_fragments_are_not_buffered() {
    let mut udp = Vec::new();
    PacketBuilder::ipv4(V4_A, V4_B, 64)
        .udp(5000, 5001)
        .write(&mut udp, &[1; 64])
        .unwrap();
    let f = ipv4_fragments(&udp, 9, &[32]);
    let mut d = LinkDecoder::new();
    for data in &f {
        assert!(matches!(
            d.decode(&frame(1, 0, data)),
            Packet::NotTcp(NotTcp::Udp)
        ));
    }
    assert_eq!(d.pending_datagrams(), 0);
    let s = d.stats();
    assert_eq!(
        (s.fragments, s.not_tcp[&NotTcp::Udp], s.fragments_dropped),
        (2, 2, 0)
    );
}

#[test]
fn fragment_timeout_is_counted() {
    let payload = long_payload();
    let f = ipv4_fragments(&ipv4_tcp(&payload), 80, &[24, 64]);
    let mut d = LinkDecoder::new();
    assert!(matches!(
        d.decode(&frame(1, 100, &f[0])),
        Packet::FragmentHeld
    ));
    assert!(matches!(
        d.decode(&frame(1, 159, &f[1])),
        Packet::FragmentHeld
    ));
    assert_eq!(d.stats().fragments_dropped, 0);
    // 60 s after the first fragment: both held fragments are given up,
    // and the last one starts a new datagram.
    assert!(matches!(
        d.decode(&frame(1, 160, &f[2])),
        Packet::FragmentHeld
    ));
    assert_eq!(d.stats().fragments_dropped, 2);
    assert_eq!(d.pending_datagrams(), 1);
    // Any frame drives the clock.
    let plain = ethernet(0x0800, &ipv4_tcp(PAYLOAD));
    assert!(matches!(d.decode(&frame(1, 220, &plain)), Packet::Tcp(_)));
    assert_eq!(d.stats().fragments_dropped, 3);
    assert_eq!(d.pending_datagrams(), 0);
    assert_eq!(d.buffered_bytes(), 0);
    assert_eq!(d.stats().reassembled, 0);
}

#[test]
fn fragment_caps_are_counted() {
    let payload = long_payload();
    let packet = ipv4_tcp(&payload);
    let mut d = LinkDecoder::with_config(LinkConfig {
        max_pending_datagrams: 2,
        max_buffered_bytes: 100,
        ..LinkConfig::default()
    });
    let first = |id| ipv4_fragments(&packet, id, &[24])[0].clone();
    // Three datagrams of 24 bytes each: the third evicts the first.
    for (secs, id) in [(1, 1), (2, 2), (3, 3)] {
        assert!(matches!(
            d.decode(&frame(1, secs, &first(id))),
            Packet::FragmentHeld
        ));
    }
    assert_eq!(d.pending_datagrams(), 2);
    assert_eq!(d.buffered_bytes(), 48);
    assert_eq!(d.stats().fragments_dropped, 1);

    // Datagram 2 grows to 120 bytes with its (out-of-order) last fragment:
    // over the byte cap, datagram 3 is evicted first, then it still does
    // not fit and is refused.
    let last2 = ipv4_fragments(&packet, 2, &[24])[1].clone();
    match d.decode(&frame(1, 4, &last2)) {
        Packet::Malformed(m) => assert_eq!(m, "IP fragment over the buffered bytes cap"),
        other => panic!("{other:?}"),
    }
    assert_eq!(d.stats().fragments_dropped, 3);
    assert_eq!(d.pending_datagrams(), 1);
    assert_eq!(d.buffered_bytes(), 24);

    // Within the caps, a datagram still completes.
    let f = ipv4_fragments(&ipv4_tcp(b"short"), 4, &[16]);
    let refs: Vec<&[u8]> = f.iter().map(Vec::as_slice).collect();
    assert_eq!(feed(&mut d, 1, &refs), b"short");
    d.flush_fragments();
    assert_eq!(d.stats().fragments_dropped, 4);
    assert_eq!(d.stats().reassembled, 1);
    assert_eq!(d.buffered_bytes(), 0);
}

#[test]
fn bad_fragments_are_dropped() {
    let payload = long_payload();
    let packet = ipv4_tcp(&payload);
    let f = ipv4_fragments(&packet, 81, &[64]);
    let mut d = LinkDecoder::new();

    // Cut by the snapshot length.
    match d.decode(&frame(1, 0, &f[0][..f[0].len() - 1])) {
        Packet::Malformed(m) => assert_eq!(m, "IP fragment cut by the snapshot length"),
        other => panic!("{other:?}"),
    }
    // Beyond 65535 bytes.
    let mut far = f[1].clone();
    far[14 + 6..14 + 8].copy_from_slice(&0x1fffu16.to_be_bytes());
    match d.decode(&frame(1, 0, &far)) {
        Packet::Malformed(m) => assert_eq!(m, "IP fragment beyond 65535 bytes"),
        other => panic!("{other:?}"),
    }
    // Two last fragments that disagree on the length.
    assert!(matches!(
        d.decode(&frame(1, 0, &f[1])),
        Packet::FragmentHeld
    ));
    let mut short_last = f[1].clone();
    short_last.truncate(short_last.len() - 8);
    let total = u16::from_be_bytes([short_last[16], short_last[17]]) - 8;
    short_last[16..18].copy_from_slice(&total.to_be_bytes());
    match d.decode(&frame(1, 0, &short_last)) {
        Packet::Malformed(m) => assert_eq!(m, "IP fragment inconsistent with earlier ones"),
        other => panic!("{other:?}"),
    }
    assert_eq!(d.stats().fragments_dropped, 3);
    assert_eq!(d.stats().malformed, 3);
    // The datagram still completes with the genuine first fragment.
    assert_eq!(feed(&mut d, 1, &[&f[0]]), payload);
    assert_eq!(d.stats().fragments, 5);
}

//! Tests of the [`Store`] and of [`KeyedBytes`].

use super::*;

type Item = KeyedBytes<2>;

/// Bytes one [`item`] takes in memory.
const ITEM: usize = std::mem::size_of::<Item>() + 8;

/// An item of key `[id, 7]` whose bytes tell its id.
fn item(id: u64) -> Item {
    KeyedBytes::new([id, 7], id.to_le_bytes().to_vec())
}

/// `n` items, ids 0..n in a shuffled order.
fn shuffled(n: u64) -> Vec<Item> {
    // 37 is prime to the sizes used: i -> 37 i mod n is a permutation.
    (0..n).map(|i| item(i * 37 % n)).collect()
}

fn sorted(items: &[Item]) -> Vec<Item> {
    let mut v = items.to_vec();
    v.sort_by_key(|i| i.key);
    v
}

fn merged<T: Spill>(s: &Sorted<T>) -> Vec<T> {
    s.merge().unwrap().map(Result::unwrap).collect()
}

fn store<T: Spill>(items: &[T], bytes_in_memory: usize, max_runs: usize) -> Sorted<T> {
    let mut s = Store::with_max_runs(bytes_in_memory, max_runs);
    for i in items {
        s.push(i.clone()).unwrap();
    }
    s.finish().unwrap()
}

#[test]
fn spilled_runs_and_the_remainder_merge_in_key_order() {
    let input = shuffled(20);
    let want = sorted(&input);
    // 3 items in memory: six runs of 3, and 2 items left in memory.
    let items = store(&input, 3 * ITEM, MAX_RUNS);
    let file = items.file.as_ref().expect("spilled");
    assert_eq!(file.runs.len(), 6);
    assert_eq!(items.mem.len(), 2);
    assert_eq!(items.len(), 20);
    assert_eq!(merged(&items), want);
    // A second merge reads the same items again, and so does one made
    // while another is half read.
    let mut first = items.merge().unwrap();
    let head: Vec<Item> = first.by_ref().take(7).map(Result::unwrap).collect();
    assert_eq!(merged(&items), want);
    let tail: Vec<Item> = first.map(Result::unwrap).collect();
    assert_eq!([head, tail].concat(), want);
}

#[test]
fn too_many_runs_are_merged_down_first() {
    let input = shuffled(101);
    let want = sorted(&input);
    // 33 runs of 3, merged 4 at a time down to at most 4.
    let items = store(&input, 3 * ITEM, 4);
    let file = items.file.as_ref().expect("spilled");
    assert!(file.runs.len() <= 4, "{} runs", file.runs.len());
    assert_eq!(file.runs.iter().map(|r| r.items).sum::<u64>(), 99);
    assert_eq!(merged(&items), want);
    assert_eq!(merged(&items), want);
}

#[test]
fn without_a_spill_no_file_is_made() {
    let input = shuffled(16);
    let items = store(&input, 16 * ITEM, MAX_RUNS);
    assert!(items.file.is_none());
    assert_eq!(merged(&items), sorted(&input));
    let empty = store::<Item>(&[], 1, MAX_RUNS);
    assert!(empty.is_empty() && empty.file.is_none());
    assert_eq!(merged(&empty), []);
}

#[test]
fn the_bound_is_in_bytes_and_an_item_past_it_stands_alone() {
    let size = |n: usize| std::mem::size_of::<Item>() + n;
    let mut s = Store::new(size(100) + size(50));
    let items = [
        KeyedBytes::new([3, 0], vec![3; 100]),
        KeyedBytes::new([1, 0], vec![1; 50]), // fits beside the first
        KeyedBytes::new([2, 0], vec![2; 500]), // spills both, then alone
        KeyedBytes::new([0, 0], vec![0; 10]), // spills the big one
    ];
    for i in &items {
        s.push(i.clone()).unwrap();
    }
    assert_eq!(s.mem.len(), 1);
    let out = s.finish().unwrap();
    let runs: Vec<u64> = out
        .file
        .as_ref()
        .unwrap()
        .runs
        .iter()
        .map(|r| r.items)
        .collect();
    assert_eq!(runs, [2, 1]);
    assert_eq!(merged(&out), sorted(&items));
    // With no bytes at all, every item is a run of its own.
    let one_each = store(&items, 0, MAX_RUNS);
    assert_eq!(one_each.file.as_ref().unwrap().runs.len(), 3);
    assert_eq!(merged(&one_each), sorted(&items));
}

#[test]
fn a_truncated_run_is_an_error() {
    let items = store(&shuffled(7), 3 * ITEM, MAX_RUNS);
    let file = items.file.as_ref().unwrap();
    // Each item takes 2 × 8 + 4 + 8 bytes in the file: cut the fifth.
    file.file.set_len(28 * 4 + 10).unwrap();
    let results: Vec<io::Result<Item>> = match items.merge() {
        Ok(m) => m.collect(),
        Err(e) => vec![Err(e)],
    };
    assert!(results.last().unwrap().is_err(), "ends with the error");
    assert!(results.len() < 7);
}

fn encoded<const N: usize>(item: &KeyedBytes<N>) -> Vec<u8> {
    let mut out = Vec::new();
    item.write_to(&mut out).unwrap();
    out
}

#[test]
fn keyed_bytes_round_trip() {
    let items = [
        KeyedBytes::new([0, 0, 0], Vec::new()),
        KeyedBytes::new([u64::MAX, 1, 2], b"\0\n\xff hand".to_vec()),
        KeyedBytes::new([5, u64::MAX, 0], vec![0xA5; 100_000]),
    ];
    for i in &items {
        let bytes = encoded(i);
        assert_eq!(bytes.len(), 3 * 8 + 4 + i.bytes.len());
        let mut input = &bytes[..];
        assert_eq!(&KeyedBytes::<3>::read_from(&mut input).unwrap(), i);
        assert!(input.is_empty(), "reads exactly its bytes");
    }
    // Items follow one another.
    let all: Vec<u8> = items.iter().flat_map(encoded).collect();
    let mut input = &all[..];
    for i in &items {
        assert_eq!(&KeyedBytes::<3>::read_from(&mut input).unwrap(), i);
    }
    let none = KeyedBytes::new([], b"x".to_vec());
    assert_eq!(encoded(&none), [1, 0, 0, 0, b'x']);
}

#[test]
fn corrupt_keyed_bytes_are_errors_not_panics() {
    let bytes = encoded(&KeyedBytes::new([9, 8], b"hello".to_vec()));
    let read = |b: &[u8]| KeyedBytes::<2>::read_from(&mut &b[..]);
    // Cut anywhere: in the key, in the length, in the bytes.
    for cut in 0..bytes.len() {
        assert!(read(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    // A length past the bound, and one past the end of the input.
    let mut long = bytes.clone();
    long[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = read(&long).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{e}");
    let mut past = bytes.clone();
    past[16..20].copy_from_slice(&(MAX_BYTES as u32).to_le_bytes());
    assert_eq!(read(&past).unwrap_err().kind(), io::ErrorKind::InvalidData);
    // Too long to write is an error too.
    let huge = KeyedBytes::new([0, 0], vec![0; MAX_BYTES + 1]);
    assert!(huge.write_to(&mut io::sink()).is_err());
}

#[test]
fn cells_round_trip_and_bad_bytes_are_errors() {
    let row: Vec<String> = ["0:1", "", "été → 漢", "a\nb\0", &"x".repeat(300)]
        .map(String::from)
        .to_vec();
    let b = cells_to_bytes(&row).unwrap();
    assert_eq!(cells_from_bytes(&b).unwrap(), row);
    assert_eq!(cells_from_bytes(&[]).unwrap(), Vec::<String>::new());
    for cut in 1..b.len() {
        // Cut inside a length or a cell (or between cells: fewer cells).
        match cells_from_bytes(&b[..cut]) {
            Ok(c) => assert!(c.len() < row.len(), "cut at {cut}"),
            Err(e) => assert_eq!(e.kind(), io::ErrorKind::InvalidData),
        }
    }
    let mut not_utf8 = cells_to_bytes(&["ab".to_string()]).unwrap();
    not_utf8[5] = 0xff;
    assert!(cells_from_bytes(&not_utf8).is_err());
}

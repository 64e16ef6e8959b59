//! pokerkit and the OHH checks read a tracker's import folder (`hands
//! --format text|ohh -o DIR`, `tracker_folder.rs`): every file of the
//! folders made from every capture of testdata/, and the files of a folder
//! while cardshark writes it, from a capture fed at a pace through
//! standard input (as `tcpdump -U -w - | cardshark hands -o DIR -`
//! would), checked after each hand added (`check_hands.py --folder`, which
//! reads each file under a shared flock).

use crate::common::{self, testdata};
use crate::tracker_folder::{folder, pcap_records};
use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// `check_hands.py --folder DIR`'s counts.
fn check(dir: &Path) -> Value {
    let out = common::interop_check("check_hands.py", &[Path::new("--folder"), dir]);
    serde_json::from_str::<Value>(&out).unwrap()["folder"].clone()
}

/// The hands a folder gets from a capture: each complete hand once in the
/// file of each hero of its complete views, and once in the Observer's
/// if a complete view's client is not dealt in.
fn complete_hands(file: &Path) -> usize {
    let mut n = 0;
    for h in common::hands_ohh(file, &[]) {
        let dealt: Vec<&Value> = (h["players"].as_array().unwrap().iter())
            .map(|p| &p["id"])
            .collect();
        let mut places: Vec<Option<&Value>> = (h["cardshark"]["views"].as_array().unwrap())
            .iter()
            .filter(|v| v["complete"] == true)
            .map(|v| Some(&v["hero"]).filter(|p| dealt.contains(p)))
            .collect();
        places.sort_by_key(|p| p.map(|p| p.as_u64()));
        places.dedup();
        n += places.len();
    }
    n
}

#[test]
#[ignore = "needs the Python venv of tests/interop/setup.sh (pokerkit, ohh-pydantic); CI runs it"]
fn pokerkit_reads_every_file_of_the_tracker_folders_of_testdata() {
    let (mut captures, mut files, mut hands) = (0, 0, 0);
    for file in super::captures(&testdata(".")) {
        let want = complete_hands(&file);
        if want == 0 {
            continue;
        }
        let tmp = tempfile::tempdir().unwrap();
        for format in ["text", "ohh"] {
            let out = (common::cardshark().args(["hands", "--format", format, "-o"]))
                .arg(tmp.path().join(format))
                .arg(&file)
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", file.display());
        }
        let got = check(tmp.path());
        let name = file.display();
        assert_eq!(got["text_hands"], want, "{name}: {got}");
        assert_eq!(got["ohh_objects"], want, "{name}: {got}");
        assert_eq!(got["text_files"], got["ohh_files"], "{name}: {got}");
        captures += 1;
        files += got["text_files"].as_u64().unwrap() + got["ohh_files"].as_u64().unwrap();
        hands += want;
    }
    println!("tracker folders: {captures} captures, {files} files, {hands} hands each way");
    assert!(captures >= 20, "{captures}");
}

#[test]
#[ignore = "needs the Python venv of tests/interop/setup.sh (pokerkit, ohh-pydantic); CI runs it"]
fn pokerkit_reads_a_tracker_folder_while_it_is_written() {
    let file = testdata("pokerth1/duo.pcap");
    let want = complete_hands(&file) as u64;
    let (header, records) = pcap_records(&std::fs::read(&file).unwrap());
    for (format, key) in [("text", "text_hands"), ("ohh", "ohh_objects")] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardshark"))
            .args(["hands", "--format", format, "-o"])
            .arg(dir.path())
            .arg("-")
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&header).unwrap();
        // Hands counted by each check made while the capture was fed.
        let mut midway = Vec::new();
        let mut size = 0;
        for r in &records {
            stdin.write_all(r).unwrap();
            stdin.flush().unwrap();
            std::thread::sleep(Duration::from_millis(3));
            let now: usize = folder(dir.path()).values().map(Vec::len).sum();
            if now != size {
                size = now;
                midway.push(check(dir.path())[key].as_u64().unwrap());
            }
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let end = check(dir.path());
        assert_eq!(end[key], want, "{format}: {end}");
        println!("{format}: checked while written with {midway:?} hands, {want} at the end");
        let before_end = midway.iter().filter(|&&n| n < want).count();
        assert!(before_end >= 3, "{format}: {midway:?}");
        assert!(midway.windows(2).all(|w| w[0] <= w[1]), "{midway:?}");
    }
}

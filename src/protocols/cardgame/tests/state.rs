//! Directions, the stage and the scores.

use super::super::messages::{Stage, Who};
use super::*;
use Direction::{C2S, S2C};

fn score(who: u8, total: u16, increase: u16, what: &str) -> Vec<u8> {
    let mut b = vec![0x0a, who];
    b.extend_from_slice(&total.to_be_bytes());
    b.extend_from_slice(&increase.to_be_bytes());
    b.push(u8::try_from(what.len()).unwrap());
    b.extend_from_slice(what.as_bytes());
    b
}

#[test]
fn the_wrong_direction_is_noted() {
    let mut dec = Decoder::new();
    let d = dec.decode(S2C, &[0x81, 3]);
    assert_eq!(d.error, None);
    assert_eq!(
        texts(&d.notes),
        ["PlayCard is sent by the client, but this came from the server"]
    );
    assert_eq!(codes(&d.notes), ["cardgame.wrong_direction"]);
    let d = dec.decode(C2S, &[0x09, 3]);
    assert_eq!(
        texts(&d.notes),
        ["Stage is sent by the server, but this came from the client"]
    );
    // Not from the server: the stage is not followed.
    assert_eq!(dec.stage(), None);
    assert!(dec.decode(C2S, &[0x81, 3]).notes.is_empty());
}

#[test]
fn the_stage_is_followed() {
    let mut dec = Decoder::new();
    dec.decode(S2C, &[0x09, 0x00]);
    assert_eq!(dec.stage(), Some(Stage(0)));
    dec.decode(S2C, &[0x09, 0x07]);
    assert_eq!(dec.stage(), Some(Stage(7)));
}

#[test]
fn scores_add_up_and_show_both_players() {
    let mut dec = Decoder::new();
    let d = dec.decode(S2C, &score(0, 20, 20, "marriage"));
    assert_eq!(
        (d.notes.len(), d.fields.summary()),
        (0, "score: recipient 20 (+20, marriage)".to_owned())
    );
    let d = dec.decode(S2C, &score(1, 80, 80, "pinochle"));
    assert_eq!(
        d.fields.summary(),
        "score: opponent 80 (+80, pinochle), recipient 20"
    );
    let d = dec.decode(S2C, &score(0, 120, 100, "tricks"));
    assert!(d.notes.is_empty());
    assert_eq!(
        d.fields.summary(),
        "score: recipient 120 (+100, tricks), opponent 80"
    );
    assert_eq!(
        (dec.score(Who(0)), dec.score(Who(1))),
        (Some(120), Some(80))
    );
    // The summary field is not a wire field.
    assert_eq!(
        json(&d),
        serde_json::json!({"who": "recipient", "total": 120, "increase": 100, "what": "tricks"})
    );
    let d = dec.decode(S2C, &score(1, 90, 20, "last trick"));
    assert_eq!(
        texts(&d.notes),
        ["total 90 is not the previous total 80 plus 20"]
    );
    assert_eq!(
        d.notes,
        [Note::CardGameScoreNotCumulative {
            total: 90,
            previous: 80,
            increase: 20
        }]
    );
    // A Reset may start a new game: totals start again.
    dec.decode(S2C, &[0x01, 0x00]);
    assert_eq!(dec.score(Who(1)), None);
    let d = dec.decode(S2C, &score(1, 10, 10, "meld"));
    assert!(d.notes.is_empty());
    assert_eq!(d.fields.summary(), "score: opponent 10 (+10, meld)");
}

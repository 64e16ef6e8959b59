//! Where a hand goes in a tracker's import folder (`folder.rs`): its
//! hero's folder and its table session's file, named as PokerStars names
//! its files, with what a file name cannot hold made `_`.

use cardshark::analysis::hands::{Hand, Limit};
use cardshark::output::hand_text;

/// The folder of the hands who play without the capture's client.
const OBSERVER: &str = "Observer";

/// Where a hand goes: its hero's folder and its file's name.
pub(super) struct Place {
    pub(super) hero: String,
    /// `YYYYMMDD`, UTC.
    pub(super) day: String,
    pub(super) table: String,
    /// `SB-BB`.
    stakes: String,
    pub(super) game: &'static str,
}

impl Place {
    pub(super) fn of(h: &Hand) -> Place {
        let hero = (h.hero.and_then(|p| h.seat(p)))
            .map_or_else(|| OBSERVER.to_string(), |s| s.display_name());
        // The hand's start, the same for each view of it.
        let day: String = h
            .start()
            .rfc3339()
            .chars()
            .take(10)
            .filter(|c| *c != '-')
            .collect();
        let blind = |b: Option<u64>| b.map_or("x".to_string(), |b| b.to_string());
        Place {
            hero: file_safe(&hero),
            day,
            table: file_safe(&hand_text::table_title(h)),
            stakes: format!("{}-{}", blind(h.small_blind), blind(h.big_blind)),
            game: match h.limit {
                Limit::NoLimit => "No Limit Hold'em",
                Limit::PotLimit => "Pot Limit Hold'em",
                Limit::FixedLimit => "Limit Hold'em",
            },
        }
    }

    /// The file's name, with this hand's stakes.
    pub(super) fn name(&self, ext: &str) -> String {
        let Place {
            day,
            table,
            stakes,
            game,
            ..
        } = self;
        format!("HH{day} {table} - {stakes} - Play Money {game}.{ext}")
    }

    /// Whether `name` is the file of this session, whatever its stakes.
    pub(super) fn names(&self, name: &str, ext: &str) -> bool {
        let head = format!("HH{} {} - ", self.day, self.table);
        let tail = format!(" - Play Money {}.{ext}", self.game);
        (name.strip_prefix(&head).and_then(|r| r.strip_suffix(&tail))).is_some_and(|stakes| {
            !stakes.is_empty()
                && !stakes.contains(" - ")
                && stakes
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '-' || c == 'x')
        })
    }
}

/// `s` as a file name: `/ \ : * ? " < > |` and control characters as `_`,
/// no leading or trailing space or trailing dot, at most 80 characters,
/// never empty, `.` or `..`.
fn file_safe(s: &str) -> String {
    let mut out: String = (s.chars().take(80))
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    out = out.trim().trim_end_matches('.').trim_end().to_string();
    if out.is_empty() || out == "." || out == ".." {
        out = "_".into();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardshark::analysis::hands::Seat;
    use cardshark::capture::Timestamp;
    use cardshark::protocols::ProtocolId;

    fn hand() -> Hand {
        let mut h = Hand::new(
            ProtocolId::PokerTh1,
            2,
            5,
            10,
            Timestamp::new(1_795_000_000, 0),
        );
        h.table_name = Some("Friday: late/night".into());
        h.small_blind = Some(10);
        h.big_blind = Some(20);
        h.hero = Some(7);
        h.seats = vec![Seat {
            seat: 1,
            player: 7,
            name: Some("alice".into()),
            stack: Some(1000),
            final_stack: None,
            cards: None,
        }];
        h
    }

    #[test]
    fn files_are_named_as_pokerstars_names_them() {
        let p = Place::of(&hand());
        assert_eq!(p.hero, "alice");
        assert_eq!(
            p.name("txt"),
            "HH20261118 Friday_ late_night - 10-20 - Play Money No Limit Hold'em.txt"
        );
        // Found again with other stakes; not another table's.
        assert!(p.names(
            "HH20261118 Friday_ late_night - 20-40 - Play Money No Limit Hold'em.txt",
            "txt"
        ));
        assert!(!p.names(
            "HH20261118 Friday_ late_night - 5-10 - 20-40 - Play Money No Limit Hold'em.txt",
            "txt"
        ));
        assert!(!p.names(
            "HH20261118 Friday_ late_night - 10-20 - Play Money No Limit Hold'em.ohh",
            "txt"
        ));
        let mut h = hand();
        h.hero = Some(8);
        assert_eq!(Place::of(&h).hero, OBSERVER);
    }

    #[test]
    fn names_hold_only_what_file_names_can() {
        assert_eq!(
            file_safe("a/b\\c:d*e?f\"g<h>i|j\u{7}"),
            "a_b_c_d_e_f_g_h_i_j_"
        );
        assert_eq!(file_safe(" .. "), "_");
        assert_eq!(file_safe("table. "), "table");
        assert_eq!(file_safe(&"x".repeat(200)).len(), 80);
    }
}

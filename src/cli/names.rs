//! Names given on the command line that the program knows in advance:
//! message types (`--type`), protocols (`-p`) and time formats (`-t`).
//! Each is checked before the capture is read (a wrong one is a usage
//! error naming the option, with the nearest name as a hint) and offered
//! by the shell completions.

use cardshark::decode::label::{self, NAME_LIST};
use cardshark::decode::Record;
use cardshark::output::time::{TimeFormat, FORMATS};
use cardshark::protocols::ProtocolId;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use std::collections::BTreeSet;
use std::ffi::OsStr;

/// Every record type of every protocol, and every event name, sorted.
pub fn type_names() -> Vec<&'static str> {
    let mut names: BTreeSet<&'static str> = ProtocolId::ALL
        .iter()
        .flat_map(|p| p.type_names())
        .chain(Record::EVENT_NAMES)
        .collect();
    // What a message of a type its protocol does not know is called.
    names.insert("Unknown");
    names.into_iter().collect()
}

/// The name among `names` nearest to `s`, when it is near enough to be
/// what was meant (clap's own measure, Jaro-Winkler above 0.8).
fn nearest<'a>(s: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let s = s.to_ascii_lowercase();
    names
        .into_iter()
        .map(|n| (strsim::jaro_winkler(&s, &n.to_ascii_lowercase()), n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

/// A usage error about `value` of the option `arg` (as clap names it).
fn invalid(cmd: &clap::Command, arg: Option<&clap::Arg>, value: &str, why: String) -> clap::Error {
    let name = arg.map_or_else(|| "the value".to_string(), |a| format!("'{a}'"));
    clap::Error::raw(
        ErrorKind::InvalidValue,
        format!("invalid value '{value}' for {name}: {why}\n"),
    )
    .with_cmd(cmd)
}

/// `--type NAME`: a message type or event of any protocol, any case.
#[derive(Debug, Clone, Copy)]
pub struct TypeName;

impl TypedValueParser for TypeName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let s = value.to_string_lossy();
        let names = type_names();
        if names.iter().any(|n| n.eq_ignore_ascii_case(&s)) {
            return Ok(s.into_owned());
        }
        let hint = match nearest(&s, names.iter().copied()) {
            Some(n) => format!("did you mean '{n}'?"),
            None => "the Type column of `cardshark decode FILE` shows them, \
                     e.g. PlayersActionDone, PacketPokerRaise, DiePlace, gap"
                .to_string(),
        };
        let why = format!("no protocol has a message type or event of that name; {hint}");
        Err(invalid(cmd, arg, &s, why))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(type_names().into_iter().map(PossibleValue::new)))
    }
}

/// `-p NAME`: a protocol's or a dialect's name, as tables show it
/// ([`label::NAMES`]).
#[derive(Debug, Clone, Copy)]
pub struct Protocol;

impl TypedValueParser for Protocol {
    type Value = &'static str;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<&'static str, clap::Error> {
        let s = value.to_string_lossy();
        if let Some(name) = NAME_LIST.iter().find(|n| **n == s) {
            return Ok(name);
        }
        // A table's `websocket/pokerth-1`: the transport is a key of its own.
        if let Some(inner) = s.strip_prefix("websocket/").filter(|n| label::is_name(n)) {
            let why = format!(
                "the transport is not part of the name: -p {inner} (with \
                 -Y 'transport == \"websocket\"' for only what a WebSocket carried)"
            );
            return Err(invalid(cmd, arg, &s, why));
        }
        let mean = nearest(&s, NAME_LIST.iter().copied())
            .map_or(String::new(), |n| format!("; did you mean '{n}'?"));
        let why = format!(
            "unknown protocol, not one of {}{mean}",
            NAME_LIST.join(", ")
        );
        Err(invalid(cmd, arg, &s, why))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let names = label::NAMES
            .iter()
            .map(|(name, what)| PossibleValue::new(name).help(what));
        Some(Box::new(names))
    }
}

/// `-t FORMAT`: tshark's time formats. `-t` picked the message type in
/// earlier releases, so a type name given to it says to use `--type`.
#[derive(Debug, Clone, Copy)]
pub struct Time;

impl TypedValueParser for Time {
    type Value = TimeFormat;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<TimeFormat, clap::Error> {
        let s = value.to_string_lossy();
        TimeFormat::from_name(&s).ok_or_else(|| {
            let names: Vec<&str> = FORMATS.iter().map(|f| f.1).collect();
            let mut why = format!("not a time format, one of {}", names.join(", "));
            let is_type = type_names().iter().any(|n| n.eq_ignore_ascii_case(&s));
            let has_type = cmd.get_arguments().any(|a| a.get_long() == Some("type"));
            if is_type && has_type {
                why.push_str(&format!(
                    "; -t is the time format, as in tshark: to pick records by message type, use --type {s}"
                ));
            }
            invalid(cmd, arg, &s, why)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let formats = FORMATS
            .iter()
            .map(|(_, name, help)| PossibleValue::new(name).help(help));
        Some(Box::new(formats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_cover_every_protocol_and_event() {
        let names = type_names();
        for n in [
            "PlayersActionDone",
            "HandStart",
            "PacketPokerRaise",
            "DiePlace",
            "PlayCard",
            "gap",
            "websocket_close",
            "Unknown",
        ] {
            assert!(names.contains(&n), "{n}");
        }
    }

    #[test]
    fn nearest_names() {
        let names = type_names();
        assert_eq!(
            nearest("PlayersActonDone", names.iter().copied()),
            Some("PlayersActionDone")
        );
        assert_eq!(nearest("xyzzy", names.iter().copied()), None);
    }
}

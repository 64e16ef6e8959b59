//! Which records `decode` writes: the arguments' filters (`-s`, `-p`,
//! `--type`, `--frame`) and `-Y`, and the columns `-e` asks for, whose
//! names resolve in the same scope.

use super::args::DecodeArgs;
use super::fields::Columns;
use crate::cli::{display_filter, CliError};
use cardshark::decode::label;
use cardshark::decode::Record;
use cardshark::filter::record::{Paths, RecordKey, RecordScope, View};
use cardshark::filter::Filter;

/// Whether the arguments' filters let `r` through (with `-Y`, which
/// [`Rows`](super::sink::Rows) checks beside): the one selection of
/// records, which decides both what is written and (through the streams
/// of the records written) what `-w` writes.
pub(super) fn wanted(a: &DecodeArgs, r: &Record) -> bool {
    a.stream.is_none_or(|s| s == r.stream)
        && a.protocol.is_none_or(|name| {
            r.protocol
                .is_some_and(|p| label::answers_to(p, r.dialect, name))
        })
        && a.type_name
            .as_deref()
            .is_none_or(|t| t.eq_ignore_ascii_case(r.type_name()))
        && a.frame.is_none_or(|f| f == r.frame)
}

/// What `-Y` and `-e` made of the arguments: the filter, the columns,
/// and the `fields.*` paths their keys read.
pub(super) struct Selection {
    pub(super) filter: Option<Filter<RecordKey>>,
    pub(super) columns: Option<Columns>,
    pub(super) paths: Paths,
}

impl Selection {
    pub(super) fn new(args: &DecodeArgs) -> Result<Self, CliError> {
        let mut scope = RecordScope::new();
        let filter = (args.display_filter.as_deref())
            .map(|t| display_filter::compile(t, &mut scope))
            .transpose()?;
        let columns = Columns::new(args.format, &args.fields, &mut scope)?;
        Ok(Selection {
            filter,
            columns,
            paths: scope.into_paths(),
        })
    }
}

/// Whether `r` is written: the arguments' filters and `-Y` (for a
/// command that does not render the record's columns, which
/// [`Rows`](super::sink::Rows) reads from the same view).
pub(super) fn selected(a: &DecodeArgs, select: &Selection, r: &Record) -> bool {
    wanted(a, r)
        && (select.filter.as_ref()).is_none_or(|f| f.matches(&mut View::new(r, &select.paths)))
}

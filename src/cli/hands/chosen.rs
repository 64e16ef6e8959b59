//! Which hands `hands` writes: those `--hand` and `-Y` let through.

use super::args::HandsArgs;
use crate::cli::display_filter::passes;
use crate::cli::hand_keys::hand_json;
use cardshark::analysis::hands::Hand;
use cardshark::filter::Filter;

/// Whether `h` is written: `--hand` and `-Y` (`filter`) let it through.
pub(super) fn chosen(args: &HandsArgs, filter: Option<&Filter<Vec<String>>>, h: &Hand) -> bool {
    args.hand.is_none_or(|id| id.matches(h)) && (filter.is_none() || passes(filter, &hand_json(h)))
}

//! Output helpers shared by the subcommands (tables, JSON).

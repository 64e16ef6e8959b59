//! Display filters (`-Y EXPR`), like tshark's: comparisons and boolean
//! logic over the keys of what a command writes (a record, a hand, a
//! stream's row, a timeline change).
//!
//! Stage-neutral: the language ([`parser`]), the values ([`value`]) and
//! the evaluation (here) know nothing of records. A command gives a
//! [`Scope`] (which names exist, and what each is), compiles the text once
//! with [`Filter::compile`], and asks [`Filter::matches`] of each item
//! through a [`Subject`] (the values a key holds in that item). Records
//! have their own fast scope and subject ([`record`]); hands, rows and
//! changes are served as JSON objects ([`json`]).
//!
//! Semantics, as tshark's: a key may hold several values (a list's
//! elements) or none. A comparison is true when some value of the key
//! satisfies it, except `!=`, true when the key has values and every one
//! differs; a comparison with an absent key is false (and `!(k == v)` is
//! true). A bare key is true when some value is not `false`, `null`, empty
//! text or an empty object.

mod extract;
pub mod json;
pub mod names;
pub mod parser;
pub mod record;
pub mod time;
pub mod value;

pub use parser::{Op, ParseError};
pub use value::{Lit, Value};

use parser::{Ast, Member, Name, Spanned};
use std::cmp::Ordering;

/// What the compiler knows of a key beyond its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Anything.
    Any,
    /// A time: text in a comparison must be RFC 3339.
    Time,
    /// Text from a fixed set: a string in a comparison must be one of
    /// them (`what` names the set in the error).
    OneOf {
        /// What the values are (`a protocol`).
        what: &'static str,
        /// The values.
        values: &'static [&'static str],
    },
}

/// The names an expression may use: each resolved to a key once, when it
/// is compiled.
pub trait Scope {
    /// How the subject finds a key's values.
    type Key;
    /// The key a name stands for and its kind, or why the name is not one
    /// (`unknown field 'x' (did you mean y?)`).
    fn resolve(&mut self, name: &str) -> Result<(Self::Key, Kind), String>;
}

/// The item a filter looks at: the values each key holds in it.
pub trait Subject<K> {
    /// Calls `f` with each value `key` holds (none when it is absent),
    /// stopping at the first call that returns true; returns whether one
    /// did.
    fn any(&mut self, key: &K, f: &mut dyn FnMut(Value<'_>) -> bool) -> bool;
}

/// Why an expression is not a filter: where, and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterError {
    /// The column, from 1.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl std::fmt::Display for FilterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl From<ParseError> for FilterError {
    fn from(e: ParseError) -> Self {
        FilterError {
            column: e.column,
            message: e.message,
        }
    }
}

/// A compiled filter over keys `K`.
#[derive(Debug)]
pub struct Filter<K> {
    root: Node<K>,
}

#[derive(Debug)]
enum Node<K> {
    Or(Box<Node<K>>, Box<Node<K>>),
    And(Box<Node<K>>, Box<Node<K>>),
    Not(Box<Node<K>>),
    Test(K),
    Cmp(K, Op, Lit),
    In(K, Vec<Member>),
    Contains(K, Lit),
    Matches(K, regex_lite::Regex),
}

impl<K> Filter<K> {
    /// Parses `text` and resolves its names in `scope`.
    pub fn compile<S: Scope<Key = K>>(text: &str, scope: &mut S) -> Result<Self, FilterError> {
        let ast = parser::parse(text)?;
        Ok(Filter {
            root: build(ast, scope)?,
        })
    }

    /// Whether `subject` passes.
    pub fn matches(&self, subject: &mut impl Subject<K>) -> bool {
        eval(&self.root, subject)
    }
}

/// Resolves `name` in `scope`: an error at its column when it is unknown.
fn resolve<S: Scope>(scope: &mut S, name: &Name) -> Result<(S::Key, Kind), FilterError> {
    scope.resolve(&name.text).map_err(|message| FilterError {
        column: name.column,
        message,
    })
}

/// A literal made fit for a key of kind `kind`: text turned into a time
/// for a time key, checked against the values of a fixed set.
fn fit(kind: Kind, lit: Spanned<Lit>) -> Result<Lit, FilterError> {
    let error = |message| {
        Err(FilterError {
            column: lit.column,
            message,
        })
    };
    match (kind, &lit.value) {
        (Kind::Time, Lit::Str(s)) => match time::parse(s) {
            Some(t) => Ok(Lit::Time(t)),
            None => error(format!(
                "\"{s}\" is not a time (RFC 3339, e.g. \"2026-11-21T06:10:00Z\", or seconds since 1970)"
            )),
        },
        (Kind::Time, Lit::Int(_) | Lit::Float(_)) => {
            let secs = match lit.value {
                Lit::Int(n) => n as f64,
                Lit::Float(x) => x,
                _ => 0.0,
            };
            let whole = secs.floor();
            let nanos = ((secs - whole) * 1e9).round() as u32;
            Ok(Lit::Time(crate::capture::Timestamp::new(whole as i64, nanos)))
        }
        (Kind::OneOf { what, values }, Lit::Str(s)) if !values.contains(&s.as_str()) => {
            error(format!("\"{s}\" is not {what} (one of {})", values.join(", ")))
        }
        _ => Ok(lit.value),
    }
}

fn build<S: Scope>(ast: Ast, scope: &mut S) -> Result<Node<S::Key>, FilterError> {
    let mut sub = |a: Box<Ast>| build(*a, scope).map(Box::new);
    Ok(match ast {
        Ast::Or(a, b) => {
            let a = sub(a)?;
            Node::Or(a, sub(b)?)
        }
        Ast::And(a, b) => {
            let a = sub(a)?;
            Node::And(a, sub(b)?)
        }
        Ast::Not(a) => Node::Not(sub(a)?),
        Ast::Test(name) => Node::Test(resolve(scope, &name)?.0),
        Ast::Cmp(name, op, lit) => {
            let (key, kind) = resolve(scope, &name)?;
            Node::Cmp(key, op, fit(kind, lit)?)
        }
        Ast::In(name, set) => {
            let (key, kind) = resolve(scope, &name)?;
            let spanned = |value, column| Spanned { value, column };
            let members = set
                .into_iter()
                .map(|m| {
                    Ok(match m.value {
                        Member::One(l) => Member::One(fit(kind, spanned(l, m.column))?),
                        Member::Range(a, b) => Member::Range(
                            fit(kind, spanned(a, m.column))?,
                            fit(kind, spanned(b, m.column))?,
                        ),
                    })
                })
                .collect::<Result<_, FilterError>>()?;
            Node::In(key, members)
        }
        Ast::Contains(name, lit) => Node::Contains(resolve(scope, &name)?.0, lit.value),
        Ast::Matches(name, pattern) => {
            let key = resolve(scope, &name)?.0;
            let re = regex_lite::RegexBuilder::new(&pattern.value)
                .case_insensitive(true)
                .build()
                .map_err(|e| FilterError {
                    column: pattern.column,
                    message: format!(
                        "not a regular expression: {}",
                        e.to_string().lines().last().unwrap_or_default().trim()
                    ),
                })?;
            Node::Matches(key, re)
        }
    })
}

fn eval<K>(node: &Node<K>, s: &mut impl Subject<K>) -> bool {
    let eq = |v: &Value, l: &Lit| value::compare(v, l) == Some(Ordering::Equal);
    match node {
        Node::Or(a, b) => eval(a, s) || eval(b, s),
        Node::And(a, b) => eval(a, s) && eval(b, s),
        Node::Not(a) => !eval(a, s),
        Node::Test(k) => s.any(k, &mut |v| v.truthy()),
        Node::Cmp(k, Op::Ne, lit) => {
            let mut seen = false;
            let some_equal = s.any(k, &mut |v| {
                seen = true;
                eq(&v, lit)
            });
            seen && !some_equal
        }
        Node::Cmp(k, op, lit) => s.any(k, &mut |v| {
            value::compare(&v, lit).is_some_and(|o| match op {
                Op::Eq => o == Ordering::Equal,
                Op::Lt => o == Ordering::Less,
                Op::Le => o != Ordering::Greater,
                Op::Gt => o == Ordering::Greater,
                Op::Ge => o != Ordering::Less,
                Op::Ne => o != Ordering::Equal,
            })
        }),
        Node::In(k, set) => s.any(k, &mut |v| {
            set.iter().any(|m| match m {
                Member::One(l) => eq(&v, l),
                Member::Range(lo, hi) => {
                    value::compare(&v, lo).is_some_and(|o| o != Ordering::Less)
                        && value::compare(&v, hi).is_some_and(|o| o != Ordering::Greater)
                }
            })
        }),
        Node::Contains(k, lit) => s.any(k, &mut |v| value::contains(&v, lit)),
        Node::Matches(k, re) => s.any(k, &mut |v| match v {
            Value::Str(t) | Value::Json(t) => re.is_match(t),
            _ => false,
        }),
    }
}

/// "did you mean": the known name nearest to `name`, if one is near.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(name, k), k))
        .filter(|&(score, _)| score > 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests;

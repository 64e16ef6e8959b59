//! The display filter grammar (nom), to an [`Ast`] whose field names are
//! not resolved yet (see [`super::Filter::compile`]).
//!
//! ```text
//! expr    := and (("||" | "or") and)*
//! and     := unary (("&&" | "and") unary)*
//! unary   := ("!" | "not") unary | "(" expr ")" | test
//! test    := field [ op value | "contains" string | "matches" string | "in" set ]
//! op      := "==" | "!=" | "<" | "<=" | ">" | ">=" | "eq" | "ne" | "lt" | "le" | "gt" | "ge"
//! set     := "{" (value [".." value])* "}"          members apart by spaces or commas
//! field   := name ("." name)*                        name: letters, digits, '_'
//! value   := string | number | "true" | "false" | "null"
//! string  := '"' ... '"' | "'" ... "'"               escapes \" \' \\ \n \t \r
//! ```
//!
//! Errors say where: the column (from 1) and what was expected there.

use super::value::Lit;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};
use std::fmt;

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `==`, `eq`.
    Eq,
    /// `!=`, `ne`: every value differs (and there is one).
    Ne,
    /// `<`, `lt`.
    Lt,
    /// `<=`, `le`.
    Le,
    /// `>`, `gt`.
    Gt,
    /// `>=`, `ge`.
    Ge,
}

/// A field name as written, and the column it starts at.
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    /// `fields.player_id`.
    pub text: String,
    /// Its column, from 1.
    pub column: usize,
}

/// A member of an `in` set.
#[derive(Debug, Clone, PartialEq)]
pub enum Member {
    /// One value.
    One(Lit),
    /// `low..high`, both included.
    Range(Lit, Lit),
}

/// A value as written and its column (to place errors found later).
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Its column, from 1.
    pub column: usize,
}

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Ast {
    /// `a || b`.
    Or(Box<Ast>, Box<Ast>),
    /// `a && b`.
    And(Box<Ast>, Box<Ast>),
    /// `!a`.
    Not(Box<Ast>),
    /// A bare field: present and true.
    Test(Name),
    /// `field op value`.
    Cmp(Name, Op, Spanned<Lit>),
    /// `field in {...}`.
    In(Name, Vec<Spanned<Member>>),
    /// `field contains "text"`.
    Contains(Name, Spanned<Lit>),
    /// `field matches "regex"`.
    Matches(Name, Spanned<String>),
}

/// Why an expression could not be parsed, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The column, from 1.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

/// nom's error: where, and (once a rule is sure what it wanted) what.
#[derive(Debug)]
struct PErr<'a> {
    at: &'a str,
    message: Option<String>,
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(at: &'a str, _: nom::error::ErrorKind) -> Self {
        PErr { at, message: None }
    }
    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

type R<'a, T> = IResult<&'a str, T, PErr<'a>>;

/// Fails for good at `at` with `message`.
fn fail<T>(at: &str, message: String) -> R<'_, T> {
    Err(nom::Err::Failure(PErr {
        at,
        message: Some(message),
    }))
}

fn ws(i: &str) -> R<'_, &str> {
    multispace0(i)
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A keyword: the word itself, not the start of a longer one.
fn keyword<'a>(word: &'static str) -> impl Parser<&'a str, Output = &'a str, Error = PErr<'a>> {
    move |i: &'a str| {
        let (rest, w) = tag(word)(i)?;
        if rest.starts_with(is_word) {
            return Err(nom::Err::Error(PErr {
                at: i,
                message: None,
            }));
        }
        Ok((rest, w))
    }
}

/// The word at `i`, for messages (`'foo'`, or `the end`).
fn token(i: &str) -> String {
    let i = i.trim_start();
    if i.is_empty() {
        return "the end".into();
    }
    let end = i
        .char_indices()
        .find(|&(n, c)| n > 0 && !is_word(c) || c.is_whitespace())
        .map_or(i.len(), |(n, _)| n);
    let word = if end == 0 {
        &i[..i.chars().next().map_or(0, char::len_utf8)]
    } else {
        &i[..end]
    };
    format!("'{word}'")
}

/// Parses a whole expression; `column` turns a position into a column.
pub fn parse(text: &str) -> Result<Ast, ParseError> {
    let column = |at: &str| text[..text.len() - at.len()].chars().count() + 1;
    let error = |e: PErr| ParseError {
        column: column(e.at),
        message: e
            .message
            .unwrap_or_else(|| format!("unexpected {}", token(e.at))),
    };
    if text.trim().is_empty() {
        return Err(ParseError {
            column: 1,
            message: "the filter is empty".into(),
        });
    }
    let mut p = Ctx {
        text,
        depth: 0,
        tests: 0,
    };
    match p.or(text) {
        Ok((rest, ast)) => {
            let (rest, _) = ws(rest).map_err(|_| ParseError {
                column: column(rest),
                message: "unexpected input".into(),
            })?;
            if rest.is_empty() {
                return Ok(ast);
            }
            let message = if rest.starts_with(')') {
                "')' without a '(' before it".to_string()
            } else {
                format!(
                    "expected '&&', '||' or the end of the filter, not {}",
                    token(rest)
                )
            };
            Err(ParseError {
                column: column(rest),
                message,
            })
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(error(e)),
        Err(nom::Err::Incomplete(_)) => Err(ParseError {
            column: text.chars().count() + 1,
            message: "the filter ends too soon".into(),
        }),
    }
}

/// The text being parsed (for columns in messages).
struct Ctx<'t> {
    text: &'t str,
    /// Parentheses and negations open around the current point.
    depth: usize,
    /// Tests so far.
    tests: usize,
}

/// The most parentheses and negations open at once: evaluation recurses
/// on them, so a bound keeps it within any thread's stack.
const MAX_DEPTH: usize = 64;

/// The most tests in one filter (chains of `&&` and `||` nest as deep).
const MAX_TESTS: usize = 1024;

impl<'t> Ctx<'t> {
    fn column(&self, at: &str) -> usize {
        self.text[..self.text.len() - at.len()].chars().count() + 1
    }

    fn or<'a>(&mut self, i: &'a str) -> R<'a, Ast> {
        let (mut i, mut left) = self.and(i)?;
        loop {
            let (j, _) = ws(i)?;
            let Ok((j, _)) = alt((tag("||"), keyword("or"))).parse(j) else {
                return Ok((i, left));
            };
            let (j, right) = self.operand(j, "'||'", Self::and)?;
            left = Ast::Or(Box::new(left), Box::new(right));
            i = j;
        }
    }

    fn and<'a>(&mut self, i: &'a str) -> R<'a, Ast> {
        let (mut i, mut left) = self.unary(i)?;
        loop {
            let (j, _) = ws(i)?;
            let Ok((j, _)) = alt((tag("&&"), keyword("and"))).parse(j) else {
                return Ok((i, left));
            };
            let (j, right) = self.operand(j, "'&&'", Self::unary)?;
            left = Ast::And(Box::new(left), Box::new(right));
            i = j;
        }
    }

    /// What follows a logical operator `what`: `rule`, or an error there.
    fn operand<'a>(
        &mut self,
        i: &'a str,
        what: &str,
        rule: fn(&mut Self, &'a str) -> R<'a, Ast>,
    ) -> R<'a, Ast> {
        let (i, _) = ws(i)?;
        match rule(self, i) {
            Err(nom::Err::Error(_)) => {
                fail(i, format!("expected a test after {what}, not {}", token(i)))
            }
            other => other,
        }
    }

    fn unary<'a>(&mut self, i: &'a str) -> R<'a, Ast> {
        let (i, _) = ws(i)?;
        if self.depth >= MAX_DEPTH {
            return fail(
                i,
                format!("more than {MAX_DEPTH} parentheses and negations open at once"),
            );
        }
        self.depth += 1;
        let result = self.unary_inner(i);
        self.depth -= 1;
        result
    }

    fn unary_inner<'a>(&mut self, i: &'a str) -> R<'a, Ast> {
        if let Ok((j, _)) = alt((keyword("not"), tag("!"))).parse(i) {
            if !j.starts_with('=') {
                let (j, inner) = self.operand(j, "'!'", Self::unary)?;
                return Ok((j, Ast::Not(Box::new(inner))));
            }
        }
        if let Some(j) = i.strip_prefix('(') {
            let (j, _) = ws(j)?;
            let (j, inner) = match self.or(j) {
                Err(nom::Err::Error(_)) => {
                    return fail(j, format!("expected a test after '(', not {}", token(j)))
                }
                other => other?,
            };
            let (j, _) = ws(j)?;
            return match j.strip_prefix(')') {
                Some(j) => Ok((j, inner)),
                None => fail(
                    j,
                    format!(
                        "expected ')' to close the '(' at column {}, not {}",
                        self.column(i),
                        token(j)
                    ),
                ),
            };
        }
        self.test(i)
    }

    fn test<'a>(&mut self, i: &'a str) -> R<'a, Ast> {
        self.tests += 1;
        if self.tests > MAX_TESTS {
            return fail(i, format!("more than {MAX_TESTS} tests in one filter"));
        }
        let (j, name) = match field(i) {
            Ok(ok) => ok,
            Err(_) if i.starts_with(['"', '\'']) || i.starts_with(|c: char| c.is_ascii_digit()) => {
                return fail(
                    i,
                    format!(
                        "expected a field name, '(' or '!', not the value {}",
                        token(i)
                    ),
                )
            }
            Err(e) => return Err(e),
        };
        let name = Name {
            text: name.to_string(),
            column: self.column(i),
        };
        let (k, _) = ws(j)?;
        if let Ok((k, _)) = keyword("in").parse(k) {
            return self.set(k, name);
        }
        if let Ok((l, _)) = keyword("contains").parse(k) {
            let (l, lit) = self.value(l, "'contains'")?;
            if !matches!(lit.value, Lit::Str(_)) {
                return fail(l, format!("'contains' takes a string, not {}", lit.value));
            }
            return Ok((l, Ast::Contains(name, lit)));
        }
        if let Ok((l, _)) = keyword("matches").parse(k) {
            let (l, lit) = self.value(l, "'matches'")?;
            let Lit::Str(pattern) = lit.value else {
                return fail(
                    l,
                    "'matches' takes a regular expression in quotes".to_string(),
                );
            };
            let pattern = Spanned {
                value: pattern,
                column: lit.column,
            };
            return Ok((l, Ast::Matches(name, pattern)));
        }
        let Ok((l, op)) = operator(k) else {
            if k.starts_with('=') && !k.starts_with("==") {
                return fail(k, "'=' is not an operator: '==' compares".into());
            }
            return Ok((j, Ast::Test(name)));
        };
        let what = format!("'{}'", &k[..k.len() - l.len()]);
        let (l, lit) = self.value(l, &what)?;
        Ok((l, Ast::Cmp(name, op, lit)))
    }

    /// The value after `what`, or an error saying it is missing.
    fn value<'a>(&mut self, i: &'a str, what: &str) -> R<'a, Spanned<Lit>> {
        let (i, _) = ws(i)?;
        let column = self.column(i);
        match literal(i) {
            Ok((j, value)) => Ok((j, Spanned { value, column })),
            Err(nom::Err::Error(_)) => {
                let word: &str = take_while::<_, _, PErr>(|c: char| is_word(c) || c == '.')(i)
                    .map(|(_, w)| w)
                    .unwrap_or_default();
                if word.is_empty() {
                    fail(i, format!("expected a value after {what}"))
                } else {
                    fail(
                        i,
                        format!(
                            "expected a value after {what}, not '{word}' (text goes in quotes: \"{word}\")"
                        ),
                    )
                }
            }
            Err(e) => Err(e),
        }
    }

    /// `{ 1 3 5..9 "a" }` after `in`.
    fn set<'a>(&mut self, i: &'a str, name: Name) -> R<'a, Ast> {
        let (i, _) = ws(i)?;
        let Some(mut i) = i.strip_prefix('{') else {
            return fail(i, format!("expected '{{' after 'in', not {}", token(i)));
        };
        let mut members = Vec::new();
        loop {
            let (j, _) = ws(i)?;
            let j = j.strip_prefix(',').unwrap_or(j);
            let (j, _) = ws(j)?;
            if let Some(j) = j.strip_prefix('}') {
                if members.is_empty() {
                    return fail(i, "the set is empty".into());
                }
                return Ok((j, Ast::In(name, members)));
            }
            if j.is_empty() {
                return fail(j, "expected '}' to close the set".into());
            }
            let column = self.column(j);
            let (j, low) = self.value(j, "'{' or a member")?;
            let (j, member) = match j.strip_prefix("..") {
                Some(k) => {
                    let (k, high) = self.value(k, "'..'")?;
                    (k, Member::Range(low.value, high.value))
                }
                None => (j, Member::One(low.value)),
            };
            members.push(Spanned {
                value: member,
                column,
            });
            i = j;
        }
    }
}

/// `name(.name)*`: a field name (its first part does not start with a digit).
fn field(i: &str) -> R<'_, &str> {
    if i.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(nom::Err::Error(PErr {
            at: i,
            message: None,
        }));
    }
    recognize((
        take_while1(is_word),
        nom::multi::many0((char('.'), take_while1(is_word))),
    ))
    .parse(i)
}

fn operator(i: &str) -> R<'_, Op> {
    alt((
        tag("==").map(|_| Op::Eq),
        tag("!=").map(|_| Op::Ne),
        tag("<=").map(|_| Op::Le),
        tag(">=").map(|_| Op::Ge),
        tag("<").map(|_| Op::Lt),
        tag(">").map(|_| Op::Gt),
        keyword("eq").map(|_| Op::Eq),
        keyword("ne").map(|_| Op::Ne),
        keyword("le").map(|_| Op::Le),
        keyword("ge").map(|_| Op::Ge),
        keyword("lt").map(|_| Op::Lt),
        keyword("gt").map(|_| Op::Gt),
    ))
    .parse(i)
}

fn literal(i: &str) -> R<'_, Lit> {
    if i.starts_with(['"', '\'']) {
        return string(i).map(|(i, s)| (i, Lit::Str(s)));
    }
    alt((
        keyword("true").map(|_| Lit::Bool(true)),
        keyword("false").map(|_| Lit::Bool(false)),
        keyword("null").map(|_| Lit::Null),
        number,
    ))
    .parse(i)
}

/// `-12`, `3.5`, `1e6` (not the `..` of a range).
fn number(i: &str) -> R<'_, Lit> {
    let digits = || take_while1(|c: char| c.is_ascii_digit());
    let frac = (char('.'), digits());
    let exp = (
        alt((char('e'), char('E'))),
        opt(alt((char('+'), char('-')))),
        digits(),
    );
    let (rest, text) = recognize((opt(char('-')), digits(), opt(frac), opt(exp))).parse(i)?;
    if rest.starts_with(is_word) {
        return Err(nom::Err::Error(PErr {
            at: i,
            message: None,
        }));
    }
    if let Ok(n) = text.parse::<i128>() {
        return Ok((rest, Lit::Int(n)));
    }
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok((rest, Lit::Float(x))),
        _ => fail(i, format!("'{text}' is not a number that fits")),
    }
}

/// A quoted string with backslash escapes.
fn string(i: &str) -> R<'_, String> {
    let quote = i.chars().next().unwrap_or('"');
    let mut out = String::new();
    let mut chars = i[1..].char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            c if c == quote => return Ok((&i[1 + n + 1..], out)),
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, 'r')) => out.push('\r'),
                Some((_, c @ ('"' | '\'' | '\\'))) => out.push(c),
                Some((m, c)) => {
                    return fail(
                        &i[1 + m..],
                        format!("'\\{c}' is not an escape (\\\" \\' \\\\ \\n \\t \\r are)"),
                    )
                }
                None => break,
            },
            c => out.push(c),
        }
    }
    fail(i, format!("this string has no closing {quote}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    fn name(text: &str, column: usize) -> Name {
        Name {
            text: text.into(),
            column,
        }
    }

    #[test]
    fn precedence_and_words() {
        let ast = parse("a == 1 || b && !c").unwrap();
        let expected = Ast::Or(
            Box::new(Ast::Cmp(
                name("a", 1),
                Op::Eq,
                Spanned {
                    value: Lit::Int(1),
                    column: 6,
                },
            )),
            Box::new(Ast::And(
                Box::new(Ast::Test(name("b", 11))),
                Box::new(Ast::Not(Box::new(Ast::Test(name("c", 17))))),
            )),
        );
        assert_eq!(ast, expected);
        assert_eq!(
            parse("a eq 1 or b and not c").unwrap().to_string_debug(),
            ast.to_string_debug()
        );
        // Parentheses group.
        let grouped = parse("(a || b) && c").unwrap();
        assert!(matches!(grouped, Ast::And(..)));
    }

    #[test]
    fn values_of_every_kind() {
        let lit = |t: &str| match parse(&format!("x == {t}")).unwrap() {
            Ast::Cmp(_, _, l) => l.value,
            other => panic!("{other:?}"),
        };
        assert_eq!(lit("-1"), Lit::Int(-1));
        assert_eq!(lit("18446744073709551615"), Lit::Int(u64::MAX.into()));
        assert_eq!(lit("0.5"), Lit::Float(0.5));
        assert_eq!(lit("1e3"), Lit::Float(1000.0));
        assert_eq!(lit("true"), Lit::Bool(true));
        assert_eq!(lit("null"), Lit::Null);
        assert_eq!(lit(r#""a \"b\"\n""#), Lit::Str("a \"b\"\n".into()));
        assert_eq!(lit("'it'"), Lit::Str("it".into()));
        let Ast::In(_, set) = parse("stream in {1, 3 5..7 \"x\"}").unwrap() else {
            panic!()
        };
        let members: Vec<Member> = set.into_iter().map(|m| m.value).collect();
        assert_eq!(
            members,
            vec![
                Member::One(Lit::Int(1)),
                Member::One(Lit::Int(3)),
                Member::Range(Lit::Int(5), Lit::Int(7)),
                Member::One(Lit::Str("x".into())),
            ]
        );
        assert!(matches!(
            parse("fields.showdown_stack.serial2money.1001 > 0").unwrap(),
            Ast::Cmp(n, Op::Gt, _) if n.text == "fields.showdown_stack.serial2money.1001"
        ));
    }

    #[test]
    fn errors_point_at_the_column() {
        assert_eq!(err("type == "), "column 9: expected a value after '=='");
        assert_eq!(
            err("type == PlayersActionDone"),
            "column 9: expected a value after '==', not 'PlayersActionDone' \
             (text goes in quotes: \"PlayersActionDone\")"
        );
        assert_eq!(
            err("frame = 3"),
            "column 7: '=' is not an operator: '==' compares"
        );
        assert_eq!(
            err("(frame > 3"),
            "column 11: expected ')' to close the '(' at column 1, not the end"
        );
        assert_eq!(err("frame > 3)"), "column 10: ')' without a '(' before it");
        assert_eq!(
            err("frame > 3 stream"),
            "column 11: expected '&&', '||' or the end of the filter, not 'stream'"
        );
        assert_eq!(
            err("frame > 3 &&"),
            "column 13: expected a test after '&&', not the end"
        );
        assert_eq!(
            err("type == \"abc"),
            "column 9: this string has no closing \""
        );
        assert_eq!(
            err("stream in 1"),
            "column 11: expected '{' after 'in', not '1'"
        );
        assert_eq!(err("stream in {}"), "column 12: the set is empty");
        assert_eq!(
            err("\"x\" == type"),
            "column 1: expected a field name, '(' or '!', not the value '\"x'"
        );
        assert_eq!(err("  "), "column 1: the filter is empty");
        assert_eq!(
            err("type contains 3"),
            "column 16: 'contains' takes a string, not 3"
        );
        assert_eq!(
            err("! "),
            "column 3: expected a test after '!', not the end"
        );
        // Bounds, so that evaluation cannot run out of stack.
        let deep = format!("{}a{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(
            err(&deep),
            "column 65: more than 64 parentheses and negations open at once"
        );
        assert!(err(&"!".repeat(100_000)).ends_with("open at once"));
        let long = vec!["a"; 2000].join(" && ");
        assert!(err(&long).ends_with("more than 1024 tests in one filter"));
        assert!(parse(&vec!["a"; 1000].join(" || ")).is_ok());
    }

    impl Ast {
        fn to_string_debug(&self) -> String {
            // Columns differ between spellings; compare the shape.
            format!("{self:?}")
                .split("column: ")
                .map(|s| s.trim_start_matches(char::is_numeric))
                .collect()
        }
    }
}

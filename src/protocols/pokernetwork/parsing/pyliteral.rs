//! A small grammar for the Python literals of
//! `PacketPokerHandHistory.history` and `serial2name` (the `repr()` of
//! tuples, lists and dicts), read into JSON without evaluating anything:
//!
//! - tuples and lists become arrays, dicts objects (keys as strings: a
//!   number key `101` becomes `"101"`, `True`/`False`/`None` their names);
//! - strings in `'` or `"` quotes, with an optional `u`/`b`/`r` prefix and
//!   Python's escapes (`\n`, `\xHH`, `\uXXXX`, `\UXXXXXXXX`, octal, ...);
//! - integers (a Python 2 long's `L` suffix allowed) and floats;
//! - `True`, `False`, `None`.
//!
//! Nesting is bounded by [`MAX_DEPTH`].

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, multispace0, one_of};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};
use serde_json::{Map, Number, Value};

/// How deep tuples, lists and dicts may nest.
pub const MAX_DEPTH: usize = 64;

type Res<'a, T> = IResult<&'a str, T>;

/// The JSON value of the Python literal `text` (surrounding white space
/// allowed), or why it is not one.
pub fn parse(text: &str) -> Result<Value, String> {
    match value(text, 0) {
        Ok((rest, v)) => {
            let rest = rest.trim_start();
            if rest.is_empty() {
                Ok(v)
            } else {
                Err(format!(
                    "unexpected text at byte {}",
                    text.len() - rest.len()
                ))
            }
        }
        Err(nom::Err::Failure(e)) | Err(nom::Err::Error(e)) => Err(format!(
            "syntax error at byte {}",
            text.len() - e.input.len()
        )),
        Err(nom::Err::Incomplete(_)) => Err("incomplete".to_owned()),
    }
}

/// A failure at `i` (no other alternative can match).
fn failure<T>(i: &str) -> Res<'_, T> {
    Err(nom::Err::Failure(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Verify,
    )))
}

/// One value, with the white space around it.
fn value(i: &str, depth: usize) -> Res<'_, Value> {
    let (i, _) = multispace0(i)?;
    let (i, v) = match i.chars().next() {
        Some('(') => sequence(i, depth, '(', ')').map(|(i, v)| (i, Value::Array(v)))?,
        Some('[') => sequence(i, depth, '[', ']').map(|(i, v)| (i, Value::Array(v)))?,
        Some('{') => dict(i, depth)?,
        Some('\'' | '"') => string.map(Value::String).parse(i)?,
        Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => number(i)?,
        Some(_) => alt((
            tag("True").map(|_| Value::Bool(true)),
            tag("False").map(|_| Value::Bool(false)),
            tag("None").map(|_| Value::Null),
            string.map(Value::String),
        ))
        .parse(i)?,
        None => return failure(i),
    };
    let (i, _) = multispace0(i)?;
    Ok((i, v))
}

/// Items between `open` and `close`, separated by commas, a trailing comma
/// allowed.
fn sequence(i: &str, depth: usize, open: char, close: char) -> Res<'_, Vec<Value>> {
    if depth >= MAX_DEPTH {
        return failure(i);
    }
    let (mut i, _) = (char(open), multispace0).parse(i)?;
    let mut items = Vec::new();
    loop {
        if let Ok((rest, _)) = char::<_, nom::error::Error<&str>>(close).parse(i) {
            return Ok((rest, items));
        }
        let (rest, v) = value(i, depth + 1)?;
        items.push(v);
        let (rest, sep) = opt(char(',')).parse(rest)?;
        let (rest, _) = multispace0(rest)?;
        if sep.is_none() {
            let (rest, _) = char(close).parse(rest)?;
            return Ok((rest, items));
        }
        i = rest;
    }
}

/// `{key: value, ...}`.
fn dict(i: &str, depth: usize) -> Res<'_, Value> {
    if depth >= MAX_DEPTH {
        return failure(i);
    }
    let (mut i, _) = (char('{'), multispace0).parse(i)?;
    let mut map = Map::new();
    loop {
        if let Ok((rest, _)) = char::<_, nom::error::Error<&str>>('}').parse(i) {
            return Ok((rest, Value::Object(map)));
        }
        let (rest, k) = value(i, depth + 1)?;
        let (rest, _) = char(':').parse(rest)?;
        let (rest, v) = value(rest, depth + 1)?;
        map.insert(key(k), v);
        let (rest, sep) = opt(char(',')).parse(rest)?;
        let (rest, _) = multispace0(rest)?;
        if sep.is_none() {
            let (rest, _) = char('}').parse(rest)?;
            return Ok((rest, Value::Object(map)));
        }
        i = rest;
    }
}

/// A dict key as an object key.
fn key(k: Value) -> String {
    match k {
        Value::String(s) => s,
        Value::Number(n) => n.to_string(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Null => "None".to_owned(),
        other => other.to_string(),
    }
}

/// An integer (with an optional `L`) or a float.
fn number(i: &str) -> Res<'_, Value> {
    let digits = || take_while1(|c: char| c.is_ascii_digit());
    let (rest, text) = recognize((
        opt(one_of("+-")),
        alt((
            recognize((
                digits(),
                opt((char('.'), take_while(|c: char| c.is_ascii_digit()))),
            )),
            recognize((char('.'), digits())),
        )),
        opt((one_of("eE"), opt(one_of("+-")), digits())),
    ))
    .parse(i)?;
    let (rest, long) = opt(one_of("lL")).parse(rest)?;
    let is_float = text.contains(['.', 'e', 'E']);
    let n = if is_float {
        if long.is_some() {
            return failure(i);
        }
        text.parse::<f64>().ok().and_then(Number::from_f64)
    } else {
        let t = text.strip_prefix('+').unwrap_or(text);
        t.parse::<i64>()
            .map(Number::from)
            .or_else(|_| t.parse::<u64>().map(Number::from))
            .ok()
    };
    match n {
        Some(n) => Ok((rest, Value::Number(n))),
        None => failure(i),
    }
}

/// A quoted string with an optional prefix (`u`, `b`, `r`, `ur`, `br`...).
fn string(i: &str) -> Res<'_, String> {
    let (i, prefix) = take_while(|c: char| "uUbBrR".contains(c)).parse(i)?;
    if prefix.len() > 2 {
        return failure(i);
    }
    let raw = prefix.contains(['r', 'R']);
    let (mut i, quote) = one_of("'\"").parse(i)?;
    let mut out = String::new();
    loop {
        let mut chars = i.chars();
        match chars.next() {
            None | Some('\n') => return failure(i),
            Some(c) if c == quote => return Ok((chars.as_str(), out)),
            Some('\\') if raw => {
                // A raw string keeps the backslash and the next character.
                out.push('\\');
                match chars.next() {
                    Some(c) => out.push(c),
                    None => return failure(i),
                }
                i = chars.as_str();
            }
            Some('\\') => {
                let (rest, ()) = escape(chars.as_str(), &mut out)?;
                i = rest;
            }
            Some(c) => {
                out.push(c);
                i = chars.as_str();
            }
        }
    }
}

/// The escape after a backslash, added to `out`.
fn escape<'a>(i: &'a str, out: &mut String) -> Res<'a, ()> {
    let mut chars = i.chars();
    let Some(c) = chars.next() else {
        return failure(i);
    };
    let rest = chars.as_str();
    let simple = match c {
        '\n' => return Ok((rest, ())),
        '\\' => '\\',
        '\'' => '\'',
        '"' => '"',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'a' => '\u{7}',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'v' => '\u{b}',
        'x' => return hex_char(rest, 2, out),
        'u' => return hex_char(rest, 4, out),
        'U' => return hex_char(rest, 8, out),
        '0'..='7' => {
            let len = i
                .chars()
                .take(3)
                .take_while(|c| ('0'..='7').contains(c))
                .count();
            return match u32::from_str_radix(&i[..len], 8)
                .ok()
                .and_then(char::from_u32)
            {
                Some(c) => {
                    out.push(c);
                    Ok((&i[len..], ()))
                }
                None => failure(i),
            };
        }
        // Python keeps an unknown escape as it is, backslash included.
        other => {
            out.push('\\');
            other
        }
    };
    out.push(simple);
    Ok((rest, ()))
}

/// `n` hex digits naming a character, added to `out`.
fn hex_char<'a>(i: &'a str, n: usize, out: &mut String) -> Res<'a, ()> {
    let digits = i
        .get(..n)
        .filter(|d| d.chars().all(|c| c.is_ascii_hexdigit()));
    match digits
        .and_then(|d| u32::from_str_radix(d, 16).ok())
        .and_then(char::from_u32)
    {
        Some(c) => {
            out.push(c);
            Ok((&i[n..], ()))
        }
        None => failure(i),
    }
}

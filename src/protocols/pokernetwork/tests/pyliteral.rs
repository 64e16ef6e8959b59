//! The Python-literal grammar of the hand history.

use crate::protocols::pokernetwork::parsing::pyliteral::{parse, MAX_DEPTH};
use serde_json::json;

#[test]
fn containers() {
    assert_eq!(parse("()"), Ok(json!([])));
    assert_eq!(parse("(1,)"), Ok(json!([1])));
    assert_eq!(parse(" [ 1 , (2, 3) , [ ] ] "), Ok(json!([1, [2, 3], []])));
    assert_eq!(parse("[1, 2,]"), Ok(json!([1, 2])));
    assert_eq!(parse("{}"), Ok(json!({})));
    assert_eq!(
        parse("{101: 'a', 'k': [None], True: 1, None: 2, (1, 'x'): 3, 2.5: 4,}"),
        Ok(json!({"101": "a", "k": [null], "True": 1, "None": 2, "[1,\"x\"]": 3, "2.5": 4}))
    );
}

#[test]
fn numbers() {
    assert_eq!(parse("0"), Ok(json!(0)));
    assert_eq!(parse("-17"), Ok(json!(-17)));
    assert_eq!(parse("+5"), Ok(json!(5)));
    assert_eq!(parse("123L"), Ok(json!(123)));
    assert_eq!(parse("18446744073709551615L"), Ok(json!(u64::MAX)));
    assert_eq!(parse("-9223372036854775808"), Ok(json!(i64::MIN)));
    assert_eq!(parse("1396357707.0"), Ok(json!(1396357707.0)));
    assert_eq!(parse("2."), Ok(json!(2.0)));
    assert_eq!(parse(".5"), Ok(json!(0.5)));
    assert_eq!(parse("-1.5e3"), Ok(json!(-1500.0)));
    assert!(parse("18446744073709551616").is_err());
    assert!(parse("1e400").is_err());
    assert!(parse("1.5L").is_err());
}

#[test]
fn strings() {
    assert_eq!(
        parse(r#"'it''s'"#).map(|_| ()),
        Err("unexpected text at byte 4".to_owned())
    );
    assert_eq!(parse(r#""it's""#), Ok(json!("it's")));
    assert_eq!(parse(r#"'say \"hi\"'"#), Ok(json!("say \"hi\"")));
    assert_eq!(
        parse(r"'a\'b\\c\n\t\x41\u00e9\U0001F0A1\101\q'"),
        Ok(json!("a'b\\c\n\tAé🂡A\\q"))
    );
    assert_eq!(parse(r"u'Zo\xeb'"), Ok(json!("Zoë")));
    assert_eq!(parse(r"b'x'"), Ok(json!("x")));
    assert_eq!(parse(r"r'a\nb'"), Ok(json!("a\\nb")));
    assert_eq!(parse("'K\u{f6}ln'"), Ok(json!("Köln")));
    assert_eq!(
        parse("'unterminated"),
        Err("syntax error at byte 13".to_owned())
    );
    assert!(parse("'a\nb'").is_err());
    assert!(parse(r"'\x4'").is_err());
    assert!(parse("xyz'a'").is_err());
}

#[test]
fn constants_and_what_is_not_a_literal() {
    assert_eq!(parse("[True, False, None]"), Ok(json!([true, false, null])));
    assert_eq!(
        parse("Decimal('1.0')"),
        Err("syntax error at byte 0".to_owned())
    );
    assert_eq!(
        parse("__import__('os')"),
        Err("syntax error at byte 0".to_owned())
    );
    assert_eq!(parse("[1, 2"), Err("syntax error at byte 5".to_owned()));
    assert_eq!(parse("{1 2}"), Err("syntax error at byte 3".to_owned()));
    assert_eq!(parse("1 2"), Err("unexpected text at byte 2".to_owned()));
    assert_eq!(parse(""), Err("syntax error at byte 0".to_owned()));
}

#[test]
fn nesting_is_bounded() {
    let nested = |n: usize| "[".repeat(n) + &"]".repeat(n);
    assert!(parse(&nested(MAX_DEPTH)).is_ok());
    assert!(parse(&nested(MAX_DEPTH + 1)).is_err());
    let dicts = |n: usize| "{1: ".repeat(n) + "0" + &"}".repeat(n);
    assert!(parse(&dicts(MAX_DEPTH)).is_ok());
    assert!(parse(&dicts(MAX_DEPTH + 1)).is_err());
    // Far deeper than the stack would allow, without a crash.
    assert!(parse(&nested(100_000)).is_err());
}

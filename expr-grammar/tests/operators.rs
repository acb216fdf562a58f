//! Precedence and associativity of every operator, prefixes and parentheses.

mod common;

use common::shown;

#[test]
fn each_binary_operator() {
    for op in ["||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"] {
        assert_eq!(shown(&format!("a {op} b")), format!("(a {op} b)"));
        assert_eq!(shown(&format!("a{op}b")), format!("(a {op} b)"));
    }
}

#[test]
fn all_binary_operators_are_left_associative() {
    for op in ["||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"] {
        assert_eq!(shown(&format!("a {op} b {op} c")), format!("((a {op} b) {op} c)"));
    }
    assert_eq!(shown("a - b + c"), "((a - b) + c)");
    assert_eq!(shown("a / b * c % d"), "(((a / b) * c) % d)");
    assert_eq!(shown("a < b >= c"), "((a < b) >= c)");
    assert_eq!(shown("a == b != c"), "((a == b) != c)");
}

/// Each level, loosest first; every operator of a level binds looser than
/// every operator of the levels after it.
const LEVELS: [&[&str]; 6] = [&["||"], &["&&"], &["==", "!="], &["<", "<=", ">", ">="], &["+", "-"], &["*", "/", "%"]];

#[test]
fn precedence_between_every_pair_of_levels() {
    for (i, loose_level) in LEVELS.iter().enumerate() {
        for tight_level in &LEVELS[i + 1..] {
            for loose in *loose_level {
                for tight in *tight_level {
                    let left = format!("a {loose} b {tight} c");
                    assert_eq!(shown(&left), format!("(a {loose} (b {tight} c))"), "{left}");
                    let right = format!("a {tight} b {loose} c");
                    assert_eq!(shown(&right), format!("((a {tight} b) {loose} c)"), "{right}");
                }
            }
        }
    }
}

#[test]
fn a_long_mix() {
    assert_eq!(shown("a || b && c == d < e + f * g"), "(a || (b && (c == (d < (e + (f * g))))))");
    assert_eq!(shown("a * b + c < d == e && f || g"), "((((((a * b) + c) < d) == e) && f) || g)");
}

#[test]
fn prefixes_bind_tightest() {
    assert_eq!(shown("-a * b"), "((-a) * b)");
    assert_eq!(shown("a * -b"), "(a * (-b))");
    assert_eq!(shown("-2 * 3"), "((-2) * 3)");
    assert_eq!(shown("!a && b"), "((!a) && b)");
    assert_eq!(shown("!a == b"), "((!a) == b)");
    assert_eq!(shown("- -a"), "(-(-a))");
    assert_eq!(shown("--a"), "(-(-a))");
    assert_eq!(shown("!!a"), "(!(!a))");
    assert_eq!(shown("-!a"), "(-(!a))");
    assert_eq!(shown("a - -b"), "(a - (-b))");
    assert_eq!(shown("a--b"), "(a - (-b))");
    assert_eq!(shown("-a.b"), "(-a.b)");
    assert_eq!(shown("-f(x)"), "(-f(x))");
    assert_eq!(shown("!isPlaying.value"), "(!isPlaying.value)");
}

#[test]
fn parentheses_group() {
    assert_eq!(shown("(a + b) * c"), "((a + b) * c)");
    assert_eq!(shown("a * (b + c)"), "(a * (b + c))");
    assert_eq!(shown("a - (b - c)"), "(a - (b - c))");
    assert_eq!(shown("-(a + b)"), "(-(a + b))");
    assert_eq!(shown("((((a))))"), "a");
    assert_eq!(shown("(-1)"), "(-1)");
    assert_eq!(shown("!(a || b) && c"), "((!(a || b)) && c)");
}

//! Parse errors: where they are, what was found and what was expected.

use expr_grammar::{parse_expr, parse_template, ParseError};

const A_VALUE: &str = "a value (a number, a text, a name, true, false, a color, ( , - or !)";

fn error(src: &str) -> ParseError {
    match parse_expr(src) {
        Ok(expr) => panic!("{src:?} parsed as {expr:?}"),
        Err(e) => e,
    }
}

/// Line, column, found and expected of the error for `src`.
fn at(src: &str) -> (usize, usize, String, String) {
    let e = error(src);
    (e.line, e.column, e.found, e.expected)
}

fn words(line: usize, column: usize, found: &str, expected: &str) -> (usize, usize, String, String) {
    (line, column, found.to_string(), expected.to_string())
}

#[test]
fn a_dangling_operator() {
    assert_eq!(at("a +"), words(1, 4, "end of text", A_VALUE));
    assert_eq!(at("a + "), words(1, 5, "end of text", A_VALUE));
    let e = error("a +");
    assert_eq!(e.to_string(), format!("found end of text, expected {A_VALUE}"));
    assert_eq!(e.offset, 3);
}

#[test]
fn an_unclosed_paren() {
    assert_eq!(at("(a + b"), words(1, 7, "end of text", "an operator or ) to close the ( at column 1"));
    assert_eq!(at("x * (a + (b)"), words(1, 13, "end of text", "an operator or ) to close the ( at column 5"));
    assert_eq!(at("(a b)"), words(1, 4, "'b'", "an operator or ) to close the ( at column 1"));
}

#[test]
fn an_unclosed_call() {
    assert_eq!(at("f(a, b"), words(1, 7, "end of text", "an operator, a comma or ) to close the ( at column 2"));
    assert_eq!(at("f("), words(1, 3, "end of text", &format!("{A_VALUE} or ) to close the ( at column 2")));
    assert_eq!(at("f(a,)"), words(1, 5, "')'", A_VALUE));
}

#[test]
fn an_unterminated_text() {
    assert_eq!(at("'abc"), words(1, 1, "an unterminated text starting at column 1", "a closing '"));
    assert_eq!(at("a == \"abc"), words(1, 6, "an unterminated text starting at column 6", "a closing \""));
    // The other kind of quote does not close it.
    assert_eq!(at("'abc\""), words(1, 1, "an unterminated text starting at column 1", "a closing '"));
}

#[test]
fn a_stray_character() {
    assert_eq!(at("a ? b"), words(1, 3, "'?'", "an operator or the end of the expression"));
    assert_eq!(at("a = b"), words(1, 3, "'='", "an operator or the end of the expression"));
    assert_eq!(at("a & b"), words(1, 3, "'&'", "an operator or the end of the expression"));
    assert_eq!(at("a && & b"), words(1, 6, "'&'", A_VALUE));
    assert_eq!(at("é"), words(1, 1, "'é'", A_VALUE));
    assert_eq!(at("'é' ?"), words(1, 5, "'?'", "an operator or the end of the expression"));
}

#[test]
fn an_empty_expression() {
    assert_eq!(at(""), words(1, 1, "end of text", A_VALUE));
    assert_eq!(at("  \n "), words(2, 2, "end of text", A_VALUE));
    assert_eq!(at("()"), words(1, 2, "')'", A_VALUE));
}

#[test]
fn two_values_in_a_row() {
    assert_eq!(at("1 2"), words(1, 3, "'2'", "an operator or the end of the expression"));
    assert_eq!(at("a 'b'"), words(1, 3, "the text 'b'", "an operator or the end of the expression"));
    assert_eq!(at("f(1) (2)"), words(1, 6, "'('", "an operator or the end of the expression"));
}

#[test]
fn an_error_on_line_two() {
    assert_eq!(at("a +\n  * b"), words(2, 3, "'*'", A_VALUE));
    assert_eq!(at("a &&\r\nb c"), words(2, 3, "'c'", "an operator or the end of the expression"));
    let e = error("(a +\n  (b");
    assert_eq!((e.line, e.column), (2, 5));
    assert_eq!(e.expected, "an operator or ) to close the ( at column 3");
    // A parenthesis open on another line says which.
    assert_eq!(error("(a +\n b").expected, "an operator or ) to close the ( at line 1, column 1");
    // Columns count characters, not bytes.
    assert_eq!(at("'ü' +\n'é' 'x'").1, 5);
}

#[test]
fn names_after_dot_at_and_dollar() {
    assert_eq!(at("a."), words(1, 3, "end of text", "a name after ."));
    assert_eq!(at("a.1"), words(1, 3, "'1'", "a name after ."));
    assert_eq!(at("@"), words(1, 2, "end of text", "a name after @"));
    assert_eq!(at("$ x"), words(1, 2, "a space", "a name after $"));
}

#[test]
fn bad_colors() {
    assert_eq!(at("#62745"), words(1, 2, "'62745'", "6 or 8 hex digits after #"));
    assert_eq!(at("#62745F0"), words(1, 2, "'62745F0'", "6 or 8 hex digits after #"));
}

#[test]
fn the_error_span_covers_the_found_token() {
    let e = error("a + && b");
    assert_eq!((e.span.start, e.span.end), (4, 6));
    assert_eq!(e.found, "'&&'");
}

const TOO_DEEP: &str = "an expression nested too deeply";
const TOO_MANY_TERMS: &str = "an expression with too many terms or operators inside one another";

#[test]
fn nesting_up_to_the_limit_parses() {
    let parens = format!("{}1{}", "(".repeat(256), ")".repeat(256));
    assert!(parse_expr(&parens).is_ok());
    assert!(parse_expr(&format!("{}1", "-".repeat(255))).is_ok());
    let calls = format!("{}1{}", "f(".repeat(255), ")".repeat(255));
    assert!(parse_expr(&calls).is_ok());
    assert!(parse_expr(&vec!["1"; 256].join(" + ")).is_ok());
}

#[test]
fn the_depth_limit() {
    let e = error(&format!("{}1{}", "(".repeat(257), ")".repeat(257)));
    assert_eq!((e.line, e.column, e.found.as_str()), (1, 257, TOO_DEEP));
    assert_eq!(e.expected, "at most 256 levels of parentheses, calls and - or !");
    assert_eq!(error(&format!("{}1", "-".repeat(257))).found, TOO_DEEP);
    assert_eq!(error(&format!("{}1", "!".repeat(257))).found, TOO_DEEP);
    // A flat sum is as deep as it has terms: the words say terms, not nesting (issue 38).
    let sum = error(&vec!["1"; 258].join(" + "));
    assert_eq!(sum.found, TOO_MANY_TERMS);
    assert!(sum.expected.starts_with("at most 256 terms in a row of operators"), "{}", sum.expected);
    assert_eq!(error(&vec!["1"; 257].join(" + ")).found, TOO_MANY_TERMS);
}

#[test]
fn very_deep_nesting_is_an_error_not_a_stack_overflow() {
    let n = 10_000;
    for src in [
        "(".repeat(n),
        format!("{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}1", "-".repeat(n)),
        format!("{}1", "!".repeat(n)),
        format!("{}1{}", "-(".repeat(n), ")".repeat(n)),
        format!("{}1{}", "f(".repeat(n), ")".repeat(n)),
        format!("{}1{}", "(1 + ".repeat(n), ")".repeat(n)),
    ] {
        assert_eq!(error(&src).found, TOO_DEEP);
        assert_eq!(parse_template(&format!("x {{{src}}}")).map_err(|e| e.found), Err(TOO_DEEP.to_string()));
    }
    for src in [vec!["1"; n].join(" + "), vec!["a"; n].join(" || ")] {
        assert_eq!(error(&src).found, TOO_MANY_TERMS);
        assert_eq!(parse_template(&format!("x {{{src}}}")).map_err(|e| e.found), Err(TOO_MANY_TERMS.to_string()));
    }
}

/// Inputs cut anywhere, and scrambled ones: errors or trees, never a panic.
#[test]
fn no_input_panics() {
    let samples = [
        "dataRow('Position', (fromRank - 1) * 8 + (targetFile - 1))",
        "isOnBoard == true && data('Position', square, 'kind') != \"\" && !x",
        "@self.a - #62745F80 * $g % .5 >= 0.44 || 'é♞' <= -f()",
        "Move {$n + 1}: {{ {'}'} }} {data(\"a\")}",
    ];
    for src in samples {
        for (i, _) in src.char_indices() {
            let _ = parse_expr(&src[..i]);
            let _ = parse_expr(&src[i..]);
            let _ = parse_template(&src[..i]);
            let _ = parse_template(&src[i..]);
        }
    }
    // A fixed pseudo-random walk over characters the grammar cares about.
    let alphabet: Vec<char> = "a1._@$#'\"(),+-*/%<>=!&|{} \n\té9Ff".chars().collect();
    let mut seed: u64 = 0x2545F4914F6CDD1D;
    for _ in 0..3_000 {
        let len = (seed >> 59) as usize;
        let src: String = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                alphabet[(seed % alphabet.len() as u64) as usize]
            })
            .collect();
        if let Err(e) = parse_expr(&src) {
            assert!(e.offset <= src.len() && e.line >= 1 && e.column >= 1, "{src:?}: {e:?}");
        }
        let _ = parse_template(&src);
    }
}

//! The real `cardtable drive`: commands on standard input, one JSON object a
//! line on standard output, errors as {"error": ...}, never a crash.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use cardtable::json::Json;

fn drive(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("drive")
        .args(args)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable drive");
    child.stdin.take().unwrap().write_all(input.as_bytes()).expect("write the commands");
    child.wait_with_output().expect("cardtable drive ends")
}

/// A strict reader of one JSON value (the whole text), into the engine's Json.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn parse(text: &str) -> Result<Json, String> {
        let mut r = Reader { s: text.as_bytes(), i: 0 };
        let v = r.value()?;
        r.ws();
        if r.i != r.s.len() {
            return Err(format!("text after the value at byte {}", r.i));
        }
        Ok(v)
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && b" \t\r\n".contains(&self.s[self.i]) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected `{}` at byte {}", c as char, self.i))
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut pairs = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(pairs));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.eat(b':')?;
                    pairs.push((key, self.value()?));
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(pairs));
                        }
                        _ => return Err(format!("expected `,` or `}}` at byte {}", self.i)),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value()?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return Err(format!("expected `,` or `]` at byte {}", self.i)),
                    }
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(c) if *c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while self.i < self.s.len() && (self.s[self.i].is_ascii_digit() || b"+-.eE".contains(&self.s[self.i])) {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                text.parse::<f64>().map(Json::Num).map_err(|_| format!("bad number `{text}`"))
            }
            _ => Err(format!("expected a value at byte {}", self.i)),
        }
    }

    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(format!("expected `{w}` at byte {}", self.i))
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if self.s.get(self.i) != Some(&b'"') {
            return Err(format!("expected a string at byte {}", self.i));
        }
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return Err("an unclosed string".into()),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|e| e.to_string());
                }
                Some(b'\\') => {
                    let esc = *self.s.get(self.i + 1).ok_or("a lone backslash")?;
                    self.i += 2;
                    match esc {
                        b'"' => out.push(b'"'),
                        b'\\' => out.push(b'\\'),
                        b'/' => out.push(b'/'),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'u' => {
                            let hex =
                                std::str::from_utf8(self.s.get(self.i..self.i + 4).ok_or("a short \\u")?).unwrap();
                            let c = u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
                            let mut buf = [0; 4];
                            out.extend(char::from_u32(c).ok_or("a bad \\u")?.encode_utf8(&mut buf).as_bytes());
                            self.i += 4;
                        }
                        other => return Err(format!("unknown escape `\\{}`", other as char)),
                    }
                }
                Some(c) if *c < 0x20 => return Err("a control character in a string".into()),
                Some(c) => {
                    out.push(*c);
                    self.i += 1;
                }
            }
        }
    }
}

fn keys(j: &Json) -> Vec<&str> {
    match j {
        Json::Obj(pairs) => pairs.iter().map(|(k, _)| k.as_str()).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn the_json_reader_is_strict() {
    assert_eq!(
        Reader::parse(r#"{"a":[1,-2.5,true,null],"b":"x\"\n\u00e9"}"#).unwrap().get("b").as_str(),
        Some("x\"\né")
    );
    for bad in [r#"{"a":1"#, r#"{"a" 1}"#, r#"{a:1}"#, r#"{"a":1} x"#, r#"["a",]"#, "tru", ""] {
        assert!(Reader::parse(bad).is_err(), "`{bad}` should not read");
    }
}

#[test]
fn drive_answers_each_command_with_one_json_line() {
    let input = "\
# a comment line, and a blank line: neither is answered

click e2
table Targets
frobnicate
eval 1 +
eval data('Position', 'e2', 'kind')
click e4
global status
get \"Game Rules\" boardState
objects \"Status Line\"
click nowhere
faults
";
    let out = drive(&[], input);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "drive exited {:?}; stderr:\n{stderr}", out.status);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 11, "one line per command:\n{stdout}");
    let answers: Vec<Json> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| Reader::parse(l).unwrap_or_else(|e| panic!("line {}: not JSON ({e}): {l}", i + 1)))
        .collect();
    for (i, a) in answers.iter().enumerate() {
        assert!(matches!(a, Json::Obj(_)), "line {}: not a JSON object: {}", i + 1, lines[i]);
    }

    assert_eq!(keys(&answers[0]), ["clicked"]);
    assert_eq!(answers[0].get("clicked").as_str(), Some("e2"));

    assert_eq!(keys(&answers[1]), ["table", "rows"]);
    let rows = answers[1].get("rows").as_array();
    assert_eq!(rows.len(), 64, "Targets has a row per Square once a Piece is selected");
    let reachable: Vec<&str> = rows
        .iter()
        .filter(|r| r.get("reachable") == &Json::Bool(true))
        .filter_map(|r| r.get("name").as_str())
        .collect();
    assert_eq!(reachable, ["e3", "e4"]);
    assert!(rows.iter().all(|r| keys(r) == ["name", "reachable"]), "each row has its name and cells");

    assert_eq!(keys(&answers[2]), ["error"], "an unknown command is an error: {}", lines[2]);
    assert!(answers[2].get("error").as_str().unwrap().contains("frobnicate"), "{}", lines[2]);

    assert_eq!(keys(&answers[3]), ["error"], "an expression that does not parse is an error: {}", lines[3]);
    assert!(answers[3].get("error").as_str().unwrap().starts_with("column 4:"), "{}", lines[3]);

    assert_eq!(answers[4], Json::obj(vec![("value", Json::Str("Pawn".into()))]));
    assert_eq!(answers[5].get("clicked").as_str(), Some("e4"));
    assert_eq!(
        answers[6],
        Json::obj(vec![("global", Json::Str("status".into())), ("value", Json::Str("Your move".into()))])
    );

    assert_eq!(
        keys(&answers[7]),
        [
            "sideToMove",
            "selected",
            "lastFrom",
            "lastTo",
            "checkSquare",
            "enPassantSquare",
            "promotionSquare",
            "fiftyMoveCount",
            "playerSide",
            "inspected"
        ]
    );
    assert_eq!(answers[7].get("sideToMove").as_str(), Some("Black"));
    assert_eq!(answers[7].get("selected").as_str(), Some(""));
    assert_eq!(answers[7].get("lastFrom").as_str(), Some("e2"));
    assert_eq!(answers[7].get("lastTo").as_str(), Some("e4"));
    assert_eq!(answers[7].get("checkSquare").as_str(), Some(""));
    // the Pawn's two-Square Move leaves e3 to be taken en passant (Update En Passant)
    assert_eq!(answers[7].get("enPassantSquare").as_str(), Some("e3"));
    assert_eq!(answers[7].get("promotionSquare").as_str(), Some(""));
    // a Pawn Move starts the fifty-move count over
    assert_eq!(answers[7].get("fiftyMoveCount"), &Json::Num(0.0));
    assert_eq!(answers[7].get("playerSide").as_str(), Some("White"));
    assert_eq!(answers[7].get("inspected").as_str(), Some(""));

    let status_line = &answers[8].get("objects").as_array()[0];
    assert_eq!(status_line.get("type").as_str(), Some("Status Line"));
    assert_eq!(status_line.get("text").as_str(), Some("Your move"));

    assert_eq!(keys(&answers[9]), ["error"], "{}", lines[9]);
    assert_eq!(answers[10], Json::obj(vec![("faults", Json::Arr(vec![]))]));
}

#[test]
fn drive_survives_garbage() {
    let input = "click\nget\nget Nobody x\ncall\ncall Find King side=\ncall Find King nope='x'\ntable\nwait -1\n\
                 restore never\neval )\neval data('Nope', 0, 'x')\nkey Enter\nobjects Nobody\n\u{1F600}\n";
    let out = drive(&[], input);
    assert!(out.status.success(), "stderr:\n{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), input.lines().count(), "{stdout}");
    for line in lines {
        let j = Reader::parse(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(matches!(j, Json::Obj(_)), "{line}");
    }
}

#[test]
fn drive_refuses_a_broken_folder() {
    let copy = common::TempContent::chess("drive-broken");
    copy.replace_once("tables/Sides.csv", "Black,-1,7,White,1", "Black,-1,7,1");
    let dir = copy.dir.to_str().unwrap().to_string();
    let out = drive(&[&dir], "click e2\n");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no answers from a game that did not load");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("tables/Sides.csv:3:1: error: this row has 4 cells; the header has 5"), "{stderr}");
}

//! The real `cardtable` command line: --help and --version everywhere, `help`
//! as clap gives it, unknown options and stray arguments refused with the
//! usage (exit 2), options before or after the game folder.

use crate::common;

use std::process::{Command, Output, Stdio};

/// Runs the binary with no display and no input, so that nothing it starts can
/// open a window or wait: what is checked is what the command line makes of it.
fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(args)
        .current_dir(common::root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("start cardtable")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A run that printed help or a version on stdout and exited 0.
fn prints(args: &[&str]) -> String {
    let out = cardtable(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "`cardtable {}` exits 0; stderr:\n{stderr}", args.join(" "));
    assert!(stderr.is_empty(), "`cardtable {}` writes nothing on stderr:\n{stderr}", args.join(" "));
    stdout
}

/// A run refused by the command line: exit 2, the reason on stderr, nothing run.
fn refused(args: &[&str]) -> String {
    let out = cardtable(args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "`cardtable {}` is refused with 2; stderr:\n{stderr}", args.join(" "));
    assert!(out.stdout.is_empty(), "`cardtable {}` answers nothing:\n{}", args.join(" "), text(&out.stdout));
    assert!(stderr.starts_with("error: "), "the reason is given:\n{stderr}");
    stderr
}

/// [`refused`], with the usage shown.
fn refused_with_usage(args: &[&str]) -> String {
    let stderr = refused(args);
    assert!(stderr.contains("Usage: cardtable"), "`cardtable {}` shows the usage:\n{stderr}", args.join(" "));
    stderr
}

#[test]
fn help_on_the_program_and_each_subcommand() {
    let top = prints(&["--help"]);
    for word in
        ["Usage: cardtable", "drive", "check", "--screenshot", "--frames", "--script", "--data-dir", "--version"]
    {
        assert!(top.contains(word), "--help names `{word}`:\n{top}");
    }
    // The chess library's option, added to the command line at run time.
    assert!(top.contains("--fen <FEN>") && top.contains("start from this position, a FEN (chess library)"), "{top}");
    assert!(prints(&["-h"]).contains("Usage: cardtable"));
    assert_eq!(prints(&["help"]), top, "`cardtable help` is `cardtable --help`");

    for sub in ["drive", "check"] {
        let help = prints(&[sub, "--help"]);
        assert!(help.contains(&format!("Usage: cardtable {sub} [OPTIONS] [CONTENT]")), "{sub} --help:\n{help}");
        assert!(help.contains("--data-dir <DIR>"), "{sub} takes the data folder:\n{help}");
        assert!(!help.contains("--screenshot"), "{sub} takes no window options:\n{help}");
        assert_eq!(prints(&["help", sub]), help, "`cardtable help {sub}` is `cardtable {sub} --help`");
    }
}

#[test]
fn version_on_the_program_and_each_subcommand() {
    let version = format!("cardtable {}", env!("CARGO_PKG_VERSION"));
    assert_eq!(prints(&["--version"]).trim(), version);
    assert_eq!(prints(&["-V"]).trim(), version);
    for sub in ["drive", "check"] {
        let out = prints(&[sub, "--version"]);
        assert!(out.starts_with("cardtable") && out.trim().ends_with(env!("CARGO_PKG_VERSION")), "{sub}: {out}");
    }
}

#[test]
fn unknown_options_and_stray_arguments_are_refused() {
    let stderr = refused_with_usage(&["drive", "content/chess", "--bogus"]);
    assert!(stderr.contains("--bogus"), "the error names the option:\n{stderr}");
    let stderr = refused_with_usage(&["drive", "content/chess", "extra"]);
    assert!(stderr.contains("extra"), "the error names the argument:\n{stderr}");
    refused_with_usage(&["check", "content/chess", "extra"]);
    refused_with_usage(&["check", "--bogus"]);
    refused_with_usage(&["--bogus"]);
    refused_with_usage(&["content/chess", "extra"]);
    refused_with_usage(&["content/chess", "drive"]);
    // The window's options are not the subcommands' (`drive` and `check` take the libraries' options, as the
    // window does; `uci` does not).
    refused_with_usage(&["uci", "--engine", "builtin"]);
    refused_with_usage(&["drive", "--screenshot", "a.png"]);
    refused_with_usage(&["check", "--screenshot", "a.png"]);
    // A value is checked, wherever the option stands.
    let stderr = refused(&["--frames", "many", "content/chess"]);
    assert!(stderr.contains("--frames"), "{stderr}");
    refused(&["content/chess", "--frames", "many"]);
    refused(&["content/chess", "--screenshot"]);
}

#[test]
fn an_off_that_names_no_logic_component_is_refused_with_the_names() {
    // The name is known only once the game is loaded, yet it is refused as
    // any other mistake of the command line: exit 2, the usage, and here the
    // game's Logic Components and the one meant.
    for (args, usage) in [
        (vec!["drive", "content/chess", "--off", "Make Computr Move"], "Usage: cardtable drive"),
        (vec!["check", "content/chess", "--off", "Make Computr Move"], "Usage: cardtable check"),
        (vec!["uci", "content/chess", "--off", "Make Computr Move"], "Usage: cardtable uci"),
    ] {
        let stderr = refused_with_usage(&args);
        assert!(stderr.contains(usage), "{stderr}");
        assert!(
            stderr.contains("no Logic Component is named `Make Computr Move` (did you mean `Make Computer Move`?)"),
            "{stderr}"
        );
        assert!(stderr.contains("The game's Logic Components: Ask To Resign, "), "{stderr}");
        assert!(stderr.contains(", Undo"), "{stderr}");
    }
    // Every unknown name at once; a known one is taken.
    let stderr = refused_with_usage(&["drive", "--off", "Undo", "--off", "Nothing", "--off", "Sliding Piece"]);
    assert!(stderr.contains("are named `Nothing`, `Sliding Piece` (did you mean `Slide Piece`?)."), "{stderr}");
    let out = cardtable(&["drive", "content/chess", "--off", "Make Computer Move"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The driver's own `off` says the same.
    let mut d = common::chess_driver();
    let answer = d.command("off \"Make Computr Move\"").to_string();
    assert!(answer.contains("(did you mean `Make Computer Move`?). The game's Logic Components: "), "{answer}");
}

#[test]
fn subcommands_still_run() {
    let out = cardtable(&["check", "content/chess"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("is fine"), "{}", text(&out.stdout));
    // No folder named: the chess game built into the binary.
    let out = cardtable(&["check"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("(built-in chess): "), "{}", text(&out.stdout));
    let out = cardtable(&["drive", "content/chess"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn options_may_stand_before_or_after_the_folder() {
    // With no display the window cannot start; what matters here is that the
    // command line took every order (not refused with 2 and the usage). The
    // window test plays the same orders under a display.
    for args in [
        ["--frames", "2", "content/chess", "--screenshot", "a.png"],
        ["content/chess", "--frames", "2", "--screenshot", "a.png"],
        ["--screenshot", "a.png", "--frames", "2", "content/chess"],
        ["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "content/chess", "--frames", "2"],
    ] {
        let out = cardtable(&args);
        let stderr = text(&out.stderr);
        assert_ne!(out.status.code(), Some(2), "`cardtable {}`:\n{stderr}", args.join(" "));
        assert!(!stderr.contains("Usage:"), "`cardtable {}` parsed:\n{stderr}", args.join(" "));
    }
}

/// Stderr of a run that must fail with one plain sentence: no panic, no backtrace.
fn one_sentence_failure(out: &Output, what: &str) -> String {
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{what}: exits non-zero:\n{stderr}");
    assert_ne!(out.status.code(), Some(101), "{what}: not a panic's exit:\n{stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "{what}: no panic text:\n{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{what}: one sentence:\n{stderr}");
    assert!(stderr.contains("`cardtable drive`"), "{what}: says what to run instead:\n{stderr}");
    stderr
}

#[test]
fn with_no_display_the_window_says_what_is_missing_and_what_to_run_instead() {
    let png = std::env::temp_dir().join(format!("cardtable-cli-{}.png", std::process::id()));
    let png = png.to_string_lossy();
    for args in [&[][..], &["content/chess"], &["content/chess", "--screenshot", &png, "--frames", "1"]] {
        let what = format!("`cardtable {}` with no DISPLAY", args.join(" "));
        let stderr = one_sentence_failure(&cardtable(args), &what);
        assert!(stderr.contains("no display") && stderr.contains("DISPLAY"), "{what}: says what is missing:\n{stderr}");
        assert!(stderr.contains("xvfb-run cardtable"), "{what}: names a virtual display:\n{stderr}");
    }
    // DISPLAY set, but to a display that is not there: the window's own failure
    // to open it becomes the same kind of sentence.
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("content/chess")
        .current_dir(common::root())
        .env("DISPLAY", ":4711")
        .env("RUST_BACKTRACE", "1")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .expect("start cardtable");
    let stderr = one_sentence_failure(&out, "`cardtable content/chess` with DISPLAY=:4711");
    assert!(stderr.contains("cannot open"), "{stderr}");
}

/// `cardtable trace FOLDER --script FILE`: each command of the script with
/// what it ran under it as indented text, the options narrowing it, the
/// library options (`--fen`) taken as `drive` takes them; no script, a
/// script that is not there, refused.
#[test]
fn trace_prints_what_each_command_of_a_script_ran() {
    let dir = tempfile::Builder::new().prefix("cardtable-trace-cli-").tempdir().expect("a temp folder");
    let script = dir.path().join("why.txt");
    std::fs::write(&script, "# the centre\nclick b2\n").expect("write the script");
    let script = script.to_string_lossy().to_string();
    let out = cardtable(&["trace", "content/examples/tic-tac-toe", "--script", &script, "--depth", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "click b2\n  Event Mouse Pressed from b2/Cell, heard by b2/Cell\n    Place Stone (Mouse Pressed) on b2/Cell \
         (logic/Place Stone.yaml:10)\n  answer: {\"clicked\":\"b2\"}\n"
    );
    let fen = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    let args = ["trace", "content/chess", "--fen", fen, "--script", &script, "--table", "Targets", "--limit", "3"];
    std::fs::write(dir.path().join("why.txt"), "click z9\n").expect("write the script");
    let out = cardtable(&args);
    let stdout = text(&out.stdout);
    assert!(out.status.success() && stdout.contains("no Object named `z9` that can be clicked"), "{stdout}");
    std::fs::write(dir.path().join("why.txt"), "click e2\n").expect("write the script");
    let stdout = text(&cardtable(&args).stdout);
    assert!(stdout.contains("reset table Targets (logic/Clear Targets.yaml:11)"), "{stdout}");
    assert!(stdout.contains("more entries past the limit of 3"), "{stdout}");
    assert!(refused_with_usage(&["trace", "content/chess"]).contains("--script"));
    let out = cardtable(&["trace", "content/chess", "--script", "no/such/script.txt"]);
    assert!(!out.status.success() && text(&out.stderr).contains("cannot read the script"), "{}", text(&out.stderr));
}

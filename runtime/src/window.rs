//! The window (macroquad): a thin layer over the same World the driver uses.

use crate::game::Game;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

#[derive(Default, Debug)]
pub struct Options {
    pub content: Option<String>,
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    pub script: Option<PathBuf>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options { frames: 3, ..Options::default() };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
            match a.as_str() {
                "--screenshot" => o.screenshot = Some(PathBuf::from(value("--screenshot")?)),
                "--frames" => o.frames = value("--frames")?.parse().map_err(|_| "--frames takes a whole number".to_string())?,
                "--script" => o.script = Some(PathBuf::from(value("--script")?)),
                flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
                path if o.content.is_none() => o.content = Some(path.to_string()),
                extra => return Err(format!("unexpected argument {extra}")),
            }
        }
        Ok(o)
    }
}

pub fn run(_game: Rc<Game>, _opts: Options) -> ExitCode {
    eprintln!("the window is not built yet");
    ExitCode::FAILURE
}

//! The window, for real: the game is run in a window under a display (Xvfb
//! in CI), a screenshot is taken, and its pixels are checked.

use std::path::{Path, PathBuf};
use std::process::Command;

const SQUARE: u32 = 120;
const BOARD_TOP: u32 = 0;

/// How to start the binary with a display: directly, under xvfb-run, or not at all.
fn launcher() -> Option<Vec<String>> {
    if std::env::var_os("DISPLAY").is_some() {
        return Some(vec![]);
    }
    let found = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join("xvfb-run").is_file()))
        .unwrap_or(false);
    found.then(|| ["xvfb-run", "-a", "-s", "-screen 0 1280x1200x24"].map(String::from).to_vec())
}

struct Shot {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Shot {
    fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]
    }

    /// The centre of a Square (file 1..8, rank 1..8), White at the bottom.
    fn square_centre(file: u32, rank: u32) -> (u32, u32) {
        ((file - 1) * SQUARE + SQUARE / 2, BOARD_TOP + (8 - rank) * SQUARE + SQUARE / 2)
    }

    /// How many near-white pixels a 40 x 40 box at a Square's centre holds:
    /// a White Piece stands there when most are.
    fn white_pixels(&self, file: u32, rank: u32) -> usize {
        let (cx, cy) = Self::square_centre(file, rank);
        (cx - 20..cx + 20)
            .flat_map(|x| (cy - 20..cy + 20).map(move |y| (x, y)))
            .filter(|&(x, y)| self.pixel(x, y)[..3].iter().all(|&c| c > 235))
            .count()
    }

    /// The mean colour of a Square's top-left corner, where no Piece is drawn.
    fn corner_colour(&self, file: u32, rank: u32) -> [f32; 3] {
        let (cx, cy) = Self::square_centre(file, rank);
        let (x0, y0) = (cx - 50, cy - 50);
        let mut sum = [0.0f32; 3];
        for x in x0 + 20..x0 + 30 {
            for y in y0..y0 + 10 {
                let p = self.pixel(x, y);
                for c in 0..3 {
                    sum[c] += f32::from(p[c]) / 100.0;
                }
            }
        }
        sum
    }
}

fn screenshot(run: &[String], script: Option<&str>, name: &str) -> Shot {
    let dir = std::env::temp_dir().join(format!("cardtable-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join(format!("{name}.png"));
    let mut args: Vec<String> = run.to_vec();
    args.push(env!("CARGO_BIN_EXE_cardtable").into());
    args.push(content().to_string_lossy().into());
    args.extend(["--screenshot".into(), png.to_string_lossy().into(), "--frames".into(), "3".into()]);
    if let Some(script) = script {
        let path = dir.join(format!("{name}.script"));
        std::fs::write(&path, script).unwrap();
        args.extend(["--script".into(), path.to_string_lossy().into()]);
    }
    let out = Command::new(&args[0]).args(&args[1..]).output().expect("the window runs");
    assert!(out.status.success(), "the window failed: {}", String::from_utf8_lossy(&out.stderr));
    read_png(&png)
}

fn read_png(path: &Path) -> Shot {
    let decoder = png::Decoder::new(std::fs::File::open(path).expect("a screenshot was written"));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "screenshots are RGBA");
    buf.truncate(info.buffer_size());
    Shot { width: info.width, height: info.height, rgba: buf }
}

fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("content/chess")
}

#[test]
fn the_window_shows_the_board_and_a_move_played_by_script() {
    let Some(run) = launcher() else {
        // Written past the test harness's capture, so that it shows in a passing run.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "\nwindow test SKIPPED: no DISPLAY and no xvfb-run here (apt-get install xvfb xauth libgl1-mesa-dri)"
        );
        return;
    };
    let start = screenshot(&run, None, "start");
    assert_eq!((start.width, start.height), (960, 1100), "the game screen is 960 x 1100");
    // White Pawns on rank 2, nothing on rank 4.
    assert!(start.white_pixels(5, 2) > 600, "a White Pawn stands on e2");
    assert!(start.white_pixels(5, 4) < 50, "e4 is empty at the start");
    // a1 is dark wood, h1 light.
    let (a1, h1) = (start.corner_colour(1, 1), start.corner_colour(8, 1));
    assert!(a1.iter().sum::<f32>() < h1.iter().sum::<f32>(), "a1 is a dark Square, h1 a light one");

    let moved = screenshot(&run, Some("click e2\nclick e4\n"), "e2e4");
    assert!(moved.white_pixels(5, 2) < 50, "the Pawn has left e2");
    assert!(moved.white_pixels(5, 4) > 600, "the Pawn stands on e4");
    // e2 and e4 glow soft yellow: more yellow (red + green against blue) than before.
    let yellow = |c: [f32; 3]| c[0] + c[1] - 2.0 * c[2];
    assert!(yellow(moved.corner_colour(5, 2)) > yellow(start.corner_colour(5, 2)) + 10.0, "e2 shows the last Move");
    assert!(yellow(moved.corner_colour(5, 4)) > yellow(start.corner_colour(5, 4)) + 10.0, "e4 shows the last Move");
    // The status line under the Board has dark text on the light strip.
    let dark =
        (300..660).flat_map(|x| (1010..1050).map(move |y| (x, y))).filter(|&(x, y)| moved.pixel(x, y)[1] < 150).count();
    assert!(dark > 200, "the status line shows words ({dark} dark pixels)");
}

/// With no folder named, from a folder with no content in it, the window plays
/// the built-in game: its pictures come from the binary.
#[test]
fn the_window_shows_the_built_in_game_from_anywhere() {
    let Some(run) = launcher() else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "\nwindow test SKIPPED: no DISPLAY and no xvfb-run here");
        return;
    };
    let dir = std::env::temp_dir().join(format!("cardtable-window-builtin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("start.png");
    let mut args: Vec<String> = run.to_vec();
    args.push(env!("CARGO_BIN_EXE_cardtable").into());
    args.extend(["--screenshot".into(), png.to_string_lossy().into(), "--frames".into(), "3".into()]);
    let out = Command::new(&args[0]).args(&args[1..]).current_dir(&dir).output().expect("the window runs");
    assert!(out.status.success(), "the window failed: {}", String::from_utf8_lossy(&out.stderr));
    let start = read_png(&png);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!((start.width, start.height), (960, 1100));
    assert!(start.white_pixels(5, 2) > 600, "a White Pawn stands on e2");
    let (a1, h1) = (start.corner_colour(1, 1), start.corner_colour(8, 1));
    assert!(a1.iter().sum::<f32>() < h1.iter().sum::<f32>(), "a1 is a dark Square, h1 a light one");
}

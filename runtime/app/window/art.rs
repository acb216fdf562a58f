//! The game's art in the window: its fonts, and its pictures decoded from
//! PNG on threads of their own (the first frame's while the fonts load, the
//! rest a few a frame after it) and made textures.

use cardtable_runtime::game::Game;
use cardtable_runtime::ids::ImageId;
use cardtable_runtime::present::{DrawItem, DrawKind};
use macroquad::prelude::{load_ttf_font_from_bytes, FilterMode, Font, Image, ImageFormat, Texture2D};
use std::borrow::Cow;
use std::path::PathBuf;

pub struct Art {
    /// Each picture of the game, by ImageId: None until it is first needed
    /// (when it is first drawn, or after the first frame: `later`), then
    /// the texture, or None inside when it cannot be read.
    pub images: Vec<Option<Option<Texture2D>>>,
    /// The object types' own pictures, loaded a few a frame once the first
    /// frame is on screen (those it draws are loaded for it): a panel opened
    /// later finds its picture loaded, and the first frame waits for none
    /// it does not draw.
    pub later: Vec<ImageId>,
    /// Pictures being decoded on a thread of their own while the window
    /// does something else (the fonts); `need` takes them.
    decoding: Option<std::thread::JoinHandle<Decoded>>,
    pub regular: Option<Font>,
    pub bold: Option<Font>,
}

/// Pictures decoded, each with its id (None: one that could not be).
type Decoded = Vec<(ImageId, Option<Image>)>;

/// The game's art, its fonts loaded; its pictures are loaded when needed.
/// `first` are the pictures of the first frame: decoded on other threads
/// while the fonts load.
pub fn load_art(game: &Game, first: Vec<ImageId>) -> Art {
    let mut later: Vec<ImageId> = game.types.iter().filter_map(|t| t.sprite.as_ref()).map(|s| s.image).collect();
    later.sort_by_key(|im| im.index());
    later.dedup();
    later.reverse();
    let mut art = Art { images: vec![None; game.images.len()], later, decoding: None, regular: None, bold: None };
    let files: Vec<(ImageId, Vec<u8>)> =
        art.unread(game, first).into_iter().map(|(im, b)| (im, b.into_owned())).collect();
    let ids: Vec<ImageId> = files.iter().map(|(im, _)| *im).collect();
    art.decoding = std::thread::Builder::new()
        .name("cardtable-art".into())
        .spawn(move || {
            let decoded = decode_all(files.iter().map(|(_, bytes)| bytes.as_slice()).collect());
            files.iter().map(|(im, _)| *im).zip(decoded).collect()
        })
        .ok();
    if art.decoding.is_none() {
        // No thread to be had: the first frame loads them itself.
        for im in ids {
            art.images[im.index()] = None;
        }
    }
    let font = |p: &Option<PathBuf>| {
        p.as_ref().and_then(|p| game.files.read(p).ok()).and_then(|b| load_ttf_font_from_bytes(&b).ok())
    };
    art.regular = font(&game.fonts.regular);
    art.bold = font(&game.fonts.bold);
    art
}

impl Art {
    /// The files of the pictures of `wanted` not loaded nor being loaded,
    /// each once; from now on they count as being loaded (a file that
    /// cannot be read, as loaded and unreadable).
    fn unread<'g>(
        &mut self,
        game: &'g Game,
        wanted: impl IntoIterator<Item = ImageId>,
    ) -> Vec<(ImageId, Cow<'g, [u8]>)> {
        let mut files = Vec::new();
        for image in wanted {
            let Some(slot @ None) = self.images.get_mut(image.index()) else { continue };
            *slot = Some(None);
            if let Some(bytes) = game.images.get(image.index()).and_then(|im| game.files.read(&im.path).ok()) {
                files.push((image, bytes));
            }
        }
        files
    }

    /// Makes each decoded picture a texture.
    fn install(&mut self, decoded: impl IntoIterator<Item = (ImageId, Option<Image>)>) {
        for (image, picture) in decoded {
            let texture = picture.map(|picture| {
                let tex = Texture2D::from_image(&picture);
                tex.set_filter(FilterMode::Linear);
                tex
            });
            if let Some(slot) = self.images.get_mut(image.index()) {
                *slot = Some(texture);
            }
        }
    }

    /// Loads the pictures of `wanted` not loaded yet: their PNGs are decoded
    /// side by side, a thread a core (a board's takes tens of
    /// milliseconds), then each is made a texture.
    pub fn need(&mut self, game: &Game, wanted: impl IntoIterator<Item = ImageId>) {
        if let Some(decoding) = self.decoding.take() {
            // A decoder that panicked leaves its pictures unread, as a bad file is.
            let decoded = decoding.join().unwrap_or_default();
            self.install(decoded);
        }
        let files = self.unread(game, wanted);
        let decoded = decode_all(files.iter().map(|(_, bytes)| &**bytes).collect());
        self.install(files.iter().map(|(im, _)| *im).zip(decoded));
    }

    /// Loads a few of the pictures kept for after the first frame (as many
    /// as there are cores); whether any are left.
    pub fn load_later(&mut self, game: &Game) -> bool {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let some: Vec<ImageId> = (0..cores).map_while(|_| self.later.pop()).collect();
        self.need(game, some);
        !self.later.is_empty()
    }
}

/// The pictures a draw list draws.
pub fn sprites(items: &[DrawItem]) -> impl Iterator<Item = ImageId> + '_ {
    items.iter().filter_map(|item| match item.kind {
        DrawKind::Sprite { image, .. } => Some(image),
        DrawKind::Text { .. } | DrawKind::Line { .. } => None,
    })
}

/// PNG files decoded to pictures (None: one that is not a PNG the decoder
/// reads), on as many threads as there are cores, the largest first.
fn decode_all(files: Vec<&[u8]>) -> Vec<Option<Image>> {
    let decode = |bytes: &[u8]| Image::from_file_with_format(bytes, Some(ImageFormat::Png)).ok();
    let cores = std::thread::available_parallelism().map_or(1, usize::from).min(files.len());
    if cores <= 1 {
        return files.into_iter().map(decode).collect();
    }
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(files[i].len()));
    let mut out: Vec<Option<Image>> = (0..files.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..cores)
            .map(|t| {
                let mine: Vec<usize> = order.iter().copied().skip(t).step_by(cores).collect();
                let files = &files;
                scope.spawn(move || mine.into_iter().map(|i| (i, decode(files[i]))).collect::<Vec<_>>())
            })
            .collect();
        for handle in handles {
            // A decoder that panicked leaves its pictures unread (None), as a bad file is.
            for (i, picture) in handle.join().unwrap_or_default() {
                out[i] = picture;
            }
        }
    });
    out
}

//! Newtype ids: every name of the content becomes one of these at load, so
//! running never looks a name up. They sit at the bottom of the tree: every
//! room may use them, and they use nothing.

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident),*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u16);
        impl $name {
            pub fn index(self) -> usize { self.0 as usize }
        }
    )*};
}

id_type!(
    /// A data table.
    TableId,
    /// A column of one table.
    ColumnId,
    /// A Data Structure.
    StructId,
    /// A Function card.
    FuncId,
    /// A Logic Component card.
    CompId,
    /// An Event: Created, Mouse Pressed, or a Custom Event.
    EventId,
    /// A Global.
    GlobalId,
    /// A picture in art/.
    ImageId,
    /// A sound in sounds/.
    SoundId
);

impl EventId {
    pub const CREATED: EventId = EventId(0);
    pub const MOUSE_PRESSED: EventId = EventId(1);
    pub const UI_ACTIVATED: EventId = EventId(2);
    pub const GAME_START: EventId = EventId(3);
    /// Every frame the Object is drawn (a Draw Event: `when: When Drawn`).
    pub const DRAWN: EventId = EventId(4);
    /// The left button went up over the Object, after a press that reached no button.
    pub const MOUSE_RELEASED: EventId = EventId(5);
    /// The mouse moved while the left button was held after a press that reached no button.
    pub const MOUSE_DRAGGED: EventId = EventId(6);
    /// The left button went up after a press that reached no button, wherever it went up.
    pub const DRAG_ENDED: EventId = EventId(7);
    /// The window showed more or less of the game screen beside it (`screenBeside()`).
    pub const SCREEN_RESIZED: EventId = EventId(8);
    /// A `load game` brought the saved game back (the last but one built-in Event).
    pub const LOAD_SUCCEEDED: EventId = EventId(BUILTIN_EVENTS.len() as u16 - 2);
    /// A `load game` found no save to bring back, or one that cannot be read (the last).
    pub const LOAD_FAILED: EventId = EventId(BUILTIN_EVENTS.len() as u16 - 1);
}

/// The names of the built-in Events, in EventId order, one a line.
pub const BUILTIN_EVENTS: &[&str] = &[
    "Created",
    "Mouse Pressed",
    "UI Activated",
    // After every Created of the scene at the start, and again after Restart Game.
    "Game Start",
    // Every frame each shown Object is drawn: its lines (`set draw color`, `draw line`).
    "When Drawn",
    // The left button went up over this Object's box (after a press that reached no button).
    "Mouse Released",
    // The mouse moved while the left button is held (after a press that reached no button): to every listener.
    "Mouse Dragged",
    // The left button went up (after a press that reached no button), wherever: to every listener.
    "Drag Ended",
    // The room the window shows beside the game screen (`screenBeside()`) changed: to every listener.
    "Screen Resized",
    // After a `load game`, once the input that asked for it has ended.
    "load:succeeded",
    "load:failed",
];

/// A Game State (Playing, Promotion, Game Over, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateId(pub u16);

/// A UI Group: screen Objects shown and hidden together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupId(pub u16);

/// An Input Context: a set of Commands bound to keys, on or off (game.yaml's `inputs:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContextId(pub u16);

/// A live Object in the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub u32);

/// An object type of the content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypeId(pub u32);

/// How a tween moves from where it starts to its target (`ease: Sine In Out`):
/// the share of the way it has gone at each share of its duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ease {
    Linear,
    SineIn,
    SineOut,
    SineInOut,
}

impl Ease {
    /// Every ease, with its name as the content writes it (any case).
    pub const ALL: [(Ease, &'static str); 4] = [
        (Ease::Linear, "Linear"),
        (Ease::SineIn, "Sine In"),
        (Ease::SineOut, "Sine Out"),
        (Ease::SineInOut, "Sine In Out"),
    ];

    /// The ease a name gives (`Sine in Out`, as the book writes it: any case, spaces between words).
    pub fn named(name: &str) -> Option<Ease> {
        let words: Vec<&str> = name.split_whitespace().collect();
        Ease::ALL
            .iter()
            .find(|(_, n)| n.split(' ').map(str::to_lowercase).eq(words.iter().map(|w| w.to_lowercase())))
            .map(|(e, _)| *e)
    }

    pub fn name(self) -> &'static str {
        Ease::ALL.iter().find(|(e, _)| *e == self).map_or("Linear", |(_, n)| n)
    }

    /// The share of the way at `t`, the share of the duration (0 to 1): 0 at 0, 1 at 1.
    pub fn share_at(self, t: f64) -> f64 {
        use std::f64::consts::PI;
        if t.is_nan() || t <= 0.0 {
            return 0.0;
        }
        if t >= 1.0 {
            return 1.0;
        }
        match self {
            Ease::Linear => t,
            Ease::SineIn => 1.0 - (t * PI / 2.0).cos(),
            Ease::SineOut => (t * PI / 2.0).sin(),
            Ease::SineInOut => (1.0 - (t * PI).cos()) / 2.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ease_starts_at_0_ends_at_1_and_is_named_as_the_book_writes_it() {
        for (ease, name) in Ease::ALL {
            assert_eq!((ease.share_at(0.0), ease.share_at(1.0)), (0.0, 1.0), "{name}");
            assert_eq!(ease.share_at(2.0), 1.0, "{name}: past its end it stays at its end");
            assert_eq!(Ease::named(name), Some(ease));
            assert_eq!(ease.name(), name);
        }
        assert_eq!(Ease::named("Sine in Out"), Some(Ease::SineInOut));
        assert_eq!(Ease::named("  sine   IN out "), Some(Ease::SineInOut));
        assert_eq!(Ease::named("Sine"), None);
        assert!((Ease::SineInOut.share_at(0.5) - 0.5).abs() < 1e-15);
        assert!(Ease::SineIn.share_at(0.5) < 0.5 && Ease::SineOut.share_at(0.5) > 0.5);
    }

    #[test]
    fn each_built_in_event_id_names_its_event() {
        for (id, name) in [
            (EventId::CREATED, "Created"),
            (EventId::MOUSE_PRESSED, "Mouse Pressed"),
            (EventId::UI_ACTIVATED, "UI Activated"),
            (EventId::GAME_START, "Game Start"),
            (EventId::DRAWN, "When Drawn"),
            (EventId::MOUSE_RELEASED, "Mouse Released"),
            (EventId::MOUSE_DRAGGED, "Mouse Dragged"),
            (EventId::DRAG_ENDED, "Drag Ended"),
            (EventId::SCREEN_RESIZED, "Screen Resized"),
        ] {
            assert_eq!(BUILTIN_EVENTS.get(id.index()), Some(&name));
        }
    }
}

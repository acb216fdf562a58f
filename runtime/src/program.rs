//! Cards as the interpreter runs them: every name already resolved to an
//! index, every constant already a [`Value`]. The surface syntax of each step
//! is in its variant's doc comment.

use crate::ids::{
    ColumnId, CompId, ContextId, Ease, EventId, FuncId, GlobalId, GroupId, SoundId, StateId, StructId, TableId,
};
use crate::value::{Sym, Type, Value};
use expr_grammar::ast::{BinaryOp, UnaryOp};

pub type Block = Box<[Step]>;

/// A slot in the running card's frame: a parameter, a local, a Repeat's
/// counter, or one value of a call's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(pub u16);

/// Which Object an expression or a step works on.
#[derive(Clone, Debug)]
pub enum ObjRef {
    /// `self`
    This,
    /// `other`
    Other,
    /// An expression that gives an Object: `piece`, `gameRules`.
    Expr(Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    X,
    Y,
}

/// A column named by a constant (resolved at load) or by an expression.
#[derive(Clone, Debug)]
pub enum ColumnRef {
    Fixed(ColumnId),
    Dynamic(Box<Expr>),
}

#[derive(Clone, Debug)]
pub enum Expr {
    Const(Value),
    /// A parameter or local of the running card.
    Local(Slot),
    /// `$name`
    Global(GlobalId),
    /// `@self.name`: the running Logic Component's Shared Variable.
    Shared(u16),
    /// `self`, `other`, or an Object-valued expression, as a value.
    Object(ObjRef),
    /// A property of an Object: `obj.name`, `obj.slot.field`, ...
    Prop(ObjRef, Prop),
    /// `data(T, row, column)`
    Data(TableId, Box<Expr>, ColumnRef),
    /// `dataRow(T, i)`
    DataRow(TableId, Box<Expr>),
    /// `dataCount(T)`
    DataCount(TableId),
    /// `dataFind(T, column, value)`
    DataFind(TableId, ColumnRef, Box<Expr>),
    Abs(Box<Expr>),
    Floor(Box<Expr>),
    /// `random(n)`: an integer from 0 to n-1, from the World's generator.
    Random(Box<Expr>),
    Clamp(Box<[Expr; 3]>),
    /// `pointerX()`, `pointerY()`: where the mouse is on the game screen, in
    /// pixels from its bottom-left corner.
    Pointer(Axis),
    /// `clock()`: the game's clock, the seconds it has been played (`World::time`),
    /// moved by the host's ticks only (the window's frames, the driver's `wait`).
    Clock,
    /// `screenBeside()`: how many game-screen pixels the window shows on each
    /// side of the game screen, past its width ([`crate::world::World::beside`]).
    ScreenBeside,
    Hypot(Box<[Expr; 2]>),
    Unary(UnaryOp, Box<Expr>),
    /// Every binary operator but `&&` and `||`.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `a && b`: b is not looked at when a is false.
    And(Box<Expr>, Box<Expr>),
    /// `a || b`: b is not looked at when a is true.
    Or(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operator {
    Set,
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpriteProp {
    Alpha,
    Frame,
    Visible,
    Tint,
    /// `set button on`: a button turned off draws dimmed and hears no click.
    ButtonOn,
}

/// Where a Change Variable or Change Component Value writes.
#[derive(Clone, Debug)]
pub enum Target {
    Local(Slot, Type),
    Global(GlobalId),
    Prop(ObjRef, Prop),
}

/// What of an Object an expression reads, or a step changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prop {
    /// `obj.name`
    Name,
    /// `obj.slot.field`: a field of one of the Object's Data Structures.
    Field(StructId, u16),
    /// `obj.transform.position.x`
    Position(Axis),
    /// `obj.text.text`
    Text,
    /// `obj.text.color`
    TextColor,
}

#[derive(Clone, Debug)]
pub struct Step {
    pub kind: StepKind,
    /// Index into `Game::sites`: which card, step number and line.
    pub site: u32,
}

#[derive(Clone, Debug)]
pub enum StepKind {
    /// `declare: NAME, type: T, value: V`: sets the local to its first value.
    Declare { slot: Slot, ty: Type, value: Expr },
    /// `set: NAME, value: V, operator: +=` and `set component: PATH, ...`
    Set { target: Target, op: Operator, value: Expr },
    /// `set data cell: TABLE, row: R, column: C, value: V`
    SetCell { table: TableId, row: Expr, column: ColumnRef, value: Expr },
    /// `reset table: TABLE`
    ResetTable(TableId),
    /// `control row: TABLE, row: R, operation: add or update | remove`
    ControlRow { table: TableId, row: Expr, remove: bool, answer: Option<Slot> },
    /// `call: FUNCTION, action name: N, with: {...}`: arguments in parameter
    /// order (defaults filled in); the answer lands in `answer..`.
    Call { function: FuncId, args: Box<[Expr]>, answer: Option<Slot> },
    /// `if: C, then: [...], else: [...]`
    If { cond: Expr, then: Block, otherwise: Block },
    /// `repeat: N, steps: [...]`; `local.index` is `counter`.
    Repeat { count: Expr, counter: Slot, body: Block },
    /// `while: C, steps: [...]`
    While { cond: Expr, body: Block },
    /// `return: V`
    Return(Expr),
    /// `return: {field: V, ...}`, in the structure's field order.
    ReturnStruct(Box<[Expr]>),
    /// `trigger: EVENT, applies to: OBJECT`
    Trigger { event: EventId, only: Option<ObjRef> },
    /// `create: TYPE, x: X, y: Y, created as: N`
    Create { object_type: Expr, x: Expr, y: Expr, created_as: Option<Slot> },
    /// `set alpha|frame|visible|tint: V, applies to: OBJECT`
    Sprite { prop: SpriteProp, object: ObjRef, value: Expr },
    /// `set state: STATE`
    SetState(StateId),
    /// `is state: STATE, action name: N`
    IsState { state: StateId, answer: Option<Slot> },
    /// `ui group: GROUP, visible: false`; and a menu's: `menu element: MENU`
    /// (opens it), `menu element: MENU, operation: hide` (closes it),
    /// `element: ELEMENT, visible: false` (shows or hides an element of a
    /// menu), which the loader checks name a menu, an element.
    ShowGroup { group: GroupId, visible: bool },
    /// `restart game: true`: the World begins again once the input ends.
    RestartGame,
    /// `logic component: COMPONENT, state: disable|enable, applies to: OBJECT`
    SwitchComponent { component: CompId, on: bool, object: ObjRef },
    /// `has row: TABLE, row: R, action name: N`: whether the row is there; adds nothing.
    HasRow { table: TableId, row: Expr, answer: Option<Slot> },
    /// `set position: OBJECT, x: X, y: Y`; with `relative to: screen`, X and
    /// Y are screen pixels from the middle of the screen (`screen: true`).
    SetPosition { object: ObjRef, x: Expr, y: Expr, screen: bool },
    /// `set sprite: PICTURE, applies to: OBJECT`: PICTURE is a Text naming a PNG of art/.
    SetSprite { object: ObjRef, picture: Expr },
    /// `set horizontal scale: V`, `set vertical scale: V` or `set scale: V` (both), `applies to: OBJECT`
    SetScale { axes: ScaleAxes, object: ObjRef, value: Expr },
    /// `load value: KEY, default: V, action name: N`: N.value is the
    /// Persistent Value kept under KEY, made a value of the default's type
    /// (`ty`), or the default when none is kept or it cannot be made one.
    LoadValue { key: Box<str>, default: Expr, ty: Type, answer: Option<Slot> },
    /// `save value: KEY, value: V, action name: N`: keeps V under KEY on
    /// this computer; N.value is whether it was written.
    SaveValue { key: Box<str>, value: Expr, answer: Option<Slot> },
    /// `save game: SLOT, action name: N`: the whole World into the slot;
    /// N.value is whether it was written.
    SaveGame { slot: Box<str>, answer: Option<Slot> },
    /// `load game: SLOT, action name: N`: once the input that runs has
    /// finished, the slot's save becomes the World, then `load:succeeded`
    /// (or `load:failed`) runs; N.value is whether the load was started.
    LoadGame { slot: Box<str>, answer: Option<Slot> },
    /// `has saved game: SLOT, action name: N`: N.value is whether the slot holds a save.
    HasSavedGame { slot: Box<str>, answer: Option<Slot> },
    /// `forget saved game: SLOT`: the slot's save is deleted.
    ForgetSavedGame(Box<str>),
    /// `copy text: V`: the text V on the clipboard (the host's: none is a notice).
    CopyText(Expr),
    /// `play sound: NAME`: the sound `sounds/NAME.wav` is played (the
    /// host plays it, or lists it: `World::sounds`).
    PlaySound(SoundId),
    /// `paste into: $GLOBAL`: the clipboard's text into a Text Global
    /// (empty, with a notice, where there is none).
    PasteInto(GlobalId),
    /// `input context: CONTEXT, active: false`: turns an Input Context off (or on, the default).
    InputContext { context: ContextId, on: bool },
    /// `call library: NAME, function: F, applies to: OBJECT`: asks the code
    /// library NAME (the `library`th of game.yaml's `libraries`) to run its
    /// function F for the Object (self when left out); the library answers
    /// later, as a Custom Event (see `World::library_calls`).
    CallLibrary { library: u16, function: Sym, object: ObjRef },
    /// Timers, tweens and Event Logic variants (see [`TimeStep`]).
    Time(Box<TimeStep>),
    /// The Draw actions of a Draw Event (see [`DrawStep`]).
    Draw(Box<DrawStep>),
}

/// The Draw actions, which run only while a frame's Draw Events (`when:
/// When Drawn`) run; screen pixels counted from the bottom-left corner.
#[derive(Clone, Debug)]
pub enum DrawStep {
    /// `set draw color: COLOR`: the color (with its alpha) of the lines drawn next.
    Color(Expr),
    /// `draw line: { x1: X, y1: Y, x2: X, y2: Y }, line width: W`
    Line { ends: Box<[Expr; 4]>, width: Expr },
}

/// The steps of the game's clock, and the switch between Event Logic variants.
#[derive(Clone, Debug)]
pub enum TimeStep {
    /// `start timer: NAME, repeat every: S, ring once: true, applies to: OBJECT`:
    /// the Object's timer NAME rings (`when: timer NAME`) after S seconds,
    /// once or every S seconds; a timer of that name already running starts again.
    /// `event` is the Event `timer NAME`, when a card listens to it.
    StartTimer { name: Sym, event: Option<EventId>, every: Expr, once: bool, object: ObjRef },
    /// `stop timer: NAME, applies to: OBJECT`
    StopTimer { name: Sym, object: ObjRef },
    /// `tween: OBJECT.transform.position.x, target: V, duration: S, ease: Sine In Out`
    Tween { object: ObjRef, axis: Axis, target: Expr, duration: Expr, ease: Ease },
    /// `event: EVENT, mode: MODE, applies to: OBJECT`: the running Logic
    /// Component's handlers of EVENT on the Object: from now on only the
    /// variant MODE runs.
    Mode { component: CompId, event: EventId, mode: Sym, object: ObjRef },
}

/// Which way a Set Scale step scales a sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleAxes {
    Horizontal,
    Vertical,
    Both,
}

/// What a card answers: nothing (a Logic Component's Event, a Function with
/// no `returns:`), one value (`name.value`), or a structure (`name.field`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    Nothing,
    Value(Type),
    Struct(StructId),
}

/// One card's steps as a tree, with the frame a run of it starts with:
/// its parameters and locals, each holding its type's first value, and the
/// card's first Declares of constants (which are folded into the frame, not
/// kept as steps) already holding theirs.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    pub body: Block,
    pub frame: Box<[Value]>,
    /// The card's line in its file: a Function's first line, a handler's
    /// `when:` (for a trace).
    pub line: u32,
}

/// Every card's tree, as the loader compiled it, beside the [`crate::game::Game`]
/// (which keeps only the lowered code): for the load's own checks and for
/// the tree walker (`World::call_function_walked`), which runs a card from
/// its tree to check the register machine against.
#[derive(Clone, Debug, Default)]
pub struct Trees {
    /// By `FuncId`.
    pub functions: Vec<Tree>,
    /// By `CompId`, then by the handler's index in its Component.
    pub handlers: Vec<Vec<Tree>>,
}

impl Trees {
    /// Every tree, Functions' then handlers'.
    pub fn all(&self) -> impl Iterator<Item = &Tree> {
        self.functions.iter().chain(self.handlers.iter().flatten())
    }

    /// Calls `f` with every step of every tree, those inside an If, a
    /// Repeat or a While too.
    pub fn each_step(&self, mut f: impl FnMut(&Step)) {
        fn walk(block: &[Step], f: &mut impl FnMut(&Step)) {
            for step in block {
                f(step);
                match &step.kind {
                    StepKind::If { then, otherwise, .. } => {
                        walk(then, f);
                        walk(otherwise, f);
                    }
                    StepKind::Repeat { body, .. } | StepKind::While { body, .. } => walk(body, f),
                    _ => {}
                }
            }
        }
        for tree in self.all() {
            walk(&tree.body, &mut f);
        }
    }
}

//! Events: a card's Custom Event, a click, the scene's Created, delivered to
//! every listener at once, depth first, in the order the Objects were made;
//! and calls from outside (the driver, a code library).

use super::{fail, Ctx, Flow, Res};
use crate::game::{CardRef, Function, Game, Handler, Key, Layer, TemplatePart, MAX_COMMANDS_PER_KEY};
use crate::ids::{CompId, EventId, FuncId, ObjectId};
use crate::program::Trees;
use crate::value::{Sym, Value, EMPTY};
use crate::world::{Fault, World};
use std::path::PathBuf;

impl World {
    /// Runs every listener of `event` (only `only`'s, when given), with `sender` as their Other.
    /// A fault in one handler is kept, and the next listener runs.
    pub fn dispatch(&mut self, g: &Game, event: EventId, sender: Option<ObjectId>, only: Option<ObjectId>) -> Res<()> {
        // Once an Event, not once a step: a trace walks the cards (exec/trace.rs).
        if self.trace.is_some() {
            return self.dispatch_traced(g, event, sender, only);
        }
        self.deliver(g, event, sender, only, |_, _, h| Ok(h.code.frame()), |w, cx, _, _, h| w.exec(g, cx, &h.code))
    }

    /// An Event's delivery, however its handlers run (`run`: the machine
    /// over their code, or the tree walker over their trees), each in a new
    /// frame that starts as `frame` gives it. Handlers are named by their
    /// Component and their index in it, beside the handler itself.
    #[inline(always)]
    pub(crate) fn deliver<'g, 'f>(
        &mut self,
        g: &'g Game,
        event: EventId,
        sender: Option<ObjectId>,
        only: Option<ObjectId>,
        frame: impl Fn(CompId, usize, &'g Handler) -> Res<&'f [Value]>,
        run: impl Fn(&mut World, &Ctx, CompId, usize, &'g Handler) -> Res<Flow>,
    ) -> Res<()> {
        self.check_depth()?;
        self.depth += 1;
        let count = self.listeners[event.index()].len();
        for i in 0..count {
            let l = self.listeners[event.index()][i];
            if only.is_some_and(|o| o != l.object) || !self.objects[l.object.0 as usize].alive {
                continue;
            }
            let ty = self.objects[l.object.0 as usize].ty;
            let comp = g.types[ty.0 as usize].attachments[l.attachment as usize].component;
            if (!self.disabled.is_empty() && self.disabled.contains(&(l.object, comp)))
                || (!self.host_off.is_empty() && self.host_off.contains(&comp))
            {
                continue;
            }
            let h = l.handler as usize;
            let handler = &g.components[comp.index()].handlers[h];
            if (handler.key.is_some() && handler.key != self.key_now)
                || handler.mode.is_some_and(|m| !self.mode_on(l.object, comp, event, m))
            {
                continue;
            }
            let base = self.stack.len();
            let result = frame(comp, h, handler).and_then(|frame| {
                self.stack.push_frame(frame);
                let cx = Ctx {
                    this: Some(l.object),
                    other: sender.map_or(Value::None, Value::Obj),
                    attachment: Some((ty, l.attachment)),
                    base,
                };
                run(self, &cx, comp, h, handler)
            });
            self.stack.truncate(base);
            if let Err(fail) = result {
                if self.steps_left == 0 || fail.too_deep {
                    self.depth -= 1;
                    return Err(fail);
                }
                let fault = self.fault_of(g, &fail);
                self.keep_fault(fault);
            }
        }
        self.depth -= 1;
        Ok(())
    }

    /// Calls a Function with arguments already evaluated; its answer is in `self.ret`.
    pub fn call_function(&mut self, g: &Game, cx: &Ctx, f: FuncId, args: &[Value]) -> Res<()> {
        if self.trace.is_some() {
            return self.call_traced(g, cx, f, args);
        }
        let func = &g.functions[f.index()];
        given_from_outside(func, args)?;
        self.invoke(g, cx, func, |_, i| args[i])
    }

    /// Runs each scene Object's Created Event, in the scene's order, then
    /// every listener of Game Start, once.
    pub fn start(&mut self) {
        let game = self.game.clone();
        self.starting = true;
        self.holding += 1;
        for i in 0..game.scene.len() {
            self.input(|w, g| w.dispatch(g, EventId::CREATED, Some(ObjectId(i as u32)), Some(ObjectId(i as u32))));
        }
        self.input(|w, g| w.dispatch(g, EventId::GAME_START, None, None));
        self.holding -= 1;
        self.starting = false;
        self.settle();
    }

    /// `restart game`: asked for now, done once no input runs (see
    /// [`World::settle`]). Not while the game starts: Created and Game
    /// Start would begin it again, for ever.
    pub(crate) fn ask_restart(&mut self) -> Res<()> {
        if self.starting {
            return fail(
                "Restart Game while the game starts (in Created or Game Start): it would start again for ever",
            );
        }
        self.restart_asked = true;
        Ok(())
    }

    /// The World begins again from the Game, as at the start (tables,
    /// Objects, Globals, Game State, UI Groups, Logic Components switched
    /// off, the code libraries' state), then runs Created and Game Start.
    /// The faults kept so far, the notices, the step budget, the count of
    /// restarts, the random generator (it goes on), the store (Persistent Values and saved games are on this
    /// computer, not in the World) and a load asked for stay.
    #[cold]
    pub fn restart(&mut self) {
        let mut fresh = World::new(self.game.clone());
        fresh.faults = std::mem::take(&mut self.faults);
        fresh.notices = std::mem::take(&mut self.notices);
        fresh.store = self.store.clone();
        fresh.clipboard = self.clipboard.clone();
        fresh.sounds = std::mem::take(&mut self.sounds);
        fresh.documents = self.documents.take();
        fresh.pending_load = self.pending_load.take();
        fresh.held_saves = self.held_saves.take();
        fresh.dropping_saves = self.dropping_saves;
        fresh.step_budget = self.step_budget;
        fresh.restarts = self.restarts + 1;
        fresh.set_reduced_motion(self.reduced_motion);
        // The window is as it was: the cards read its room beside the game screen at Game Start.
        fresh.beside = self.beside;
        fresh.host_off = std::mem::take(&mut self.host_off);
        // A game set up from outside starts again from its set-up position.
        fresh.table_starts = std::mem::take(&mut self.table_starts);
        for (t, start) in &fresh.table_starts {
            fresh.tables[t.index()].clone_from(start);
        }
        fresh.trace = self.trace.take();
        fresh.random = self.random;
        fresh.save_check = self.save_check.clone();
        *self = fresh;
        self.start();
    }

    /// Runs one input from outside (a click, a driver command) with a fresh
    /// step budget; a fault is kept in `faults` and the World goes on. A
    /// `load game` it asked for happens when it has finished (`settle`).
    pub fn input<T>(&mut self, f: impl FnOnce(&mut World, &Game) -> Result<T, Box<crate::exec::Fail>>) -> Option<T> {
        let game = self.game.clone();
        self.steps_left = self.step_budget;
        self.depth = 0;
        let base = self.stack.len();
        let result = f(self, &game);
        self.stack.truncate(base);
        let answer = match result {
            Ok(v) => Some(v),
            Err(fail) => {
                let fault = self.fault_of(&game, &fail);
                self.keep_fault(fault);
                None
            }
        };
        self.settle();
        answer
    }

    /// A fault kept (and told to a trace, when one is made).
    #[cold]
    pub(crate) fn keep_fault(&mut self, fault: Fault) {
        if self.trace.is_some() {
            self.trace_fault(&fault);
        }
        self.faults.push(fault);
    }

    pub(crate) fn fault_of(&self, game: &Game, fail: &crate::exec::Fail) -> Fault {
        let site = fail.site.and_then(|s| game.sites.get(s as usize));
        let (card, step, line, file) = match site {
            Some(s) => {
                // `get`: a game changed after it was loaded may have lost the card.
                let file = match s.card {
                    CardRef::Function(f) => game.functions.get(f.index()).map(|f| f.file.clone()),
                    CardRef::Component(c, _) => game.components.get(c.index()).map(|c| c.file.clone()),
                    CardRef::Loose => Some(PathBuf::from("driver")),
                };
                let file = file.unwrap_or_default();
                (game.card_name(s.card), s.step, s.line, file)
            }
            None => ("an expression".into(), 0, 0, PathBuf::new()),
        };
        Fault { card, step, file, line, message: kept_message(&fail.message) }
    }

    /// A left click at a point of the game screen. A shown button (a screen
    /// Object with a box) takes it, with Mouse Pressed and UI Activated, and
    /// the world under it hears nothing; otherwise every Object under the
    /// point hears Mouse Pressed, in the order they were made. While a menu
    /// is open, only the shown buttons of the open menus (and their
    /// elements) hear it. A button turned off (`set button on: false`) takes
    /// the click and hears nothing.
    pub fn click_at(&mut self, px: f32, py: f32) {
        self.click_by(px, py, None);
    }

    /// A click as [`World::click_at`] makes it, its listeners (and every
    /// card they call, every Event they send) walked from `trees` by the tree
    /// walker: to check the machine against.
    pub fn click_at_walked(&mut self, px: f32, py: f32, trees: &Trees) {
        self.click_by(px, py, Some(trees));
    }

    /// The left button went down at a point of the game screen: the click
    /// [`World::click_at`] makes, and, when no button took it, a drag begins:
    /// until the button goes up ([`World::mouse_up`]), each move of the mouse
    /// ([`World::mouse_move`]) is heard as Mouse Dragged.
    pub fn mouse_down(&mut self, px: f32, py: f32, trees: Option<&Trees>) {
        self.dragging = false;
        self.button_focus = None;
        let took = self.click_by(px, py, trees);
        self.dragging = !took;
    }

    /// The mouse moved to a point of the game screen; during a drag (and
    /// while no menu is open) every Object that listens hears Mouse Dragged,
    /// in the order they were made, and reads the point as `pointerX()`,
    /// `pointerY()`.
    pub fn mouse_move(&mut self, px: f32, py: f32, trees: Option<&Trees>) {
        self.pointer = (px, py);
        if !self.dragging || self.menu_open() {
            return;
        }
        self.holding += 1;
        self.send_to_every_listener(EventId::MOUSE_DRAGGED, trees);
        self.holding -= 1;
        self.settle();
    }

    /// The left button went up at a point of the game screen. After a drag,
    /// the Objects under the point hear Mouse Released, as a click's would
    /// (a shown button takes it: the world under it hears nothing; while a
    /// menu is open only its buttons hear), then every Object that listens
    /// hears Drag Ended. After a press a button took, nothing is heard.
    pub fn mouse_up(&mut self, px: f32, py: f32, trees: Option<&Trees>) {
        self.pointer = (px, py);
        if !std::mem::take(&mut self.dragging) {
            return;
        }
        let on_screen =
            |w: &World, id: &ObjectId| w.game.types[w.objects[id.0 as usize].ty.0 as usize].layer == Layer::Screen;
        let mut hits = self.hits(px, py);
        if self.menu_open() {
            hits.retain(|id| on_screen(self, id) && self.in_open_menu(&self.objects[id.0 as usize]));
        }
        if hits.iter().any(|id| on_screen(self, id)) {
            hits.retain(|id| on_screen(self, id) && !self.objects[id.0 as usize].button_off);
        }
        self.holding += 1;
        for id in hits {
            if self.restart_asked {
                break;
            }
            self.input(|w, g| w.send(g, EventId::MOUSE_RELEASED, Some(id), Some(id), trees));
        }
        self.send_to_every_listener(EventId::DRAG_ENDED, trees);
        self.holding -= 1;
        self.settle();
    }

    /// An Event every Object that listens to it hears, each as its own
    /// Other, in the order they were made.
    pub(super) fn send_to_every_listener(&mut self, event: EventId, trees: Option<&Trees>) {
        let mut last = None;
        for i in 0..self.listeners[event.index()].len() {
            if self.restart_asked {
                break;
            }
            let Some(l) = self.listeners[event.index()].get(i).copied() else { break };
            if last == Some(l.object) {
                continue;
            }
            last = Some(l.object);
            self.input(|w, g| w.send(g, event, Some(l.object), Some(l.object), trees));
        }
    }

    /// A click; whether a shown button (or an open menu) took it.
    fn click_by(&mut self, px: f32, py: f32, trees: Option<&Trees>) -> bool {
        self.pointer = (px, py);
        let menu = self.menu_open();
        let mut hits = self.hits(px, py);
        let on_screen =
            |w: &World, id: &ObjectId| w.game.types[w.objects[id.0 as usize].ty.0 as usize].layer == Layer::Screen;
        if self.menu_open() {
            // An open menu holds the game: only its own shown buttons hear.
            hits.retain(|id| on_screen(self, id) && self.in_open_menu(&self.objects[id.0 as usize]));
        }
        let buttons: Vec<ObjectId> = hits.iter().copied().filter(|id| on_screen(self, id)).collect();
        let took = menu || !buttons.is_empty();
        // A click that asked to begin the World again reaches no more Objects.
        self.holding += 1;
        if buttons.is_empty() {
            for id in hits {
                if self.restart_asked {
                    break;
                }
                self.input(|w, g| w.send(g, EventId::MOUSE_PRESSED, Some(id), Some(id), trees));
            }
        } else {
            // A button turned off takes its click and does nothing with it.
            let buttons: Vec<ObjectId> =
                buttons.into_iter().filter(|id| !self.objects[id.0 as usize].button_off).collect();
            for id in buttons {
                if self.restart_asked {
                    break;
                }
                self.input(|w, g| {
                    w.send(g, EventId::MOUSE_PRESSED, Some(id), Some(id), trees)?;
                    w.send(g, EventId::UI_ACTIVATED, Some(id), Some(id), trees)
                });
            }
        }
        self.holding -= 1;
        self.settle();
        took
    }

    /// A key pressed: every Command bound to it in the Input Contexts that
    /// are on (each once, in the order game.yaml lists them, as they were
    /// when the key went down) is heard by its handlers, with no Other; a
    /// handler with `key:` only when it is that key. While a menu is open,
    /// only the Objects of the open menus hear. Answers the Commands sent.
    pub fn press_key(&mut self, key: Key) -> KeyCommands {
        self.key_by(key, None)
    }

    /// A key as [`World::press_key`] presses it, its listeners walked from
    /// `trees` by the tree walker.
    pub fn press_key_walked(&mut self, key: Key, trees: &Trees) -> KeyCommands {
        self.key_by(key, Some(trees))
    }

    fn key_by(&mut self, key: Key, trees: Option<&Trees>) -> KeyCommands {
        let game = self.game.clone();
        let mut sent = KeyCommands { events: [EventId(0); MAX_COMMANDS_PER_KEY], count: 0, pressed: None };
        // Tab, where the content binds it to nothing, walks the buttons; Enter or Space presses the one walked to.
        let bound = |k: Key| {
            game.inputs.iter().any(|c| c.bindings.iter().any(|b| b.0 == k) || c.presses.iter().any(|p| p.0 == k))
        };
        if Some(key) == Key::parse("Tab") && !bound(key) {
            self.walk_buttons();
            return sent;
        }
        let focused = self.button_focus.filter(|&id| self.can_press(id));
        if let (Some(id), true) = (focused, Key::parse("Enter") == Some(key) || Key::parse("Space") == Some(key)) {
            let (x, y) = self.screen_point(id);
            self.click_by(x, y, trees);
            sent.pressed = Some(id);
            return sent;
        }
        self.button_focus = None;
        // A context that is on and takes keys from another (`takes keys from`) leaves it the keys it binds.
        // Read when the key goes down, as the contexts on are.
        let taken: Vec<bool> = (0..game.inputs.len())
            .map(|c| {
                game.inputs
                    .iter()
                    .zip(&self.inputs_on)
                    .any(|(t, on)| *on && t.takes_from.iter().any(|f| f.0 as usize == c) && t.binds(key))
            })
            .collect();
        let on = game.inputs.iter().zip(&self.inputs_on).enumerate().filter(|(i, (_, on))| **on && !taken[*i]);
        for (_, (c, _)) in on {
            for &(_, e) in c.bindings.iter().filter(|(k, _)| *k == key) {
                // The loader lets no key be bound in more contexts than there is room for.
                if sent.count < MAX_COMMANDS_PER_KEY && !sent.events().contains(&e) {
                    sent.events[sent.count] = e;
                    sent.count += 1;
                }
            }
        }
        self.holding += 1;
        self.key_now = Some(key);
        for &e in &sent.events[..sent.count] {
            if self.restart_asked {
                break;
            }
            if !self.menu_open() {
                self.input(|w, g| w.send(g, e, None, None, trees));
                continue;
            }
            // An open menu holds the game: only its own Objects hear.
            let mut last = None;
            for i in 0..self.listeners[e.index()].len() {
                let Some(l) = self.listeners[e.index()].get(i).copied() else { break };
                if last == Some(l.object) || !self.in_open_menu(&self.objects[l.object.0 as usize]) {
                    continue;
                }
                last = Some(l.object);
                self.input(|w, g| w.send(g, e, None, Some(l.object), trees));
            }
        }
        self.key_now = None;
        self.holding -= 1;
        self.settle();
        // Then the first button a context that is on binds the key to (`press NAME`) that can be pressed now.
        let presses = game.inputs.iter().zip(&self.inputs_on).enumerate().filter(|(i, (_, on))| **on && !taken[*i]);
        for (_, name) in presses.flat_map(|(_, (c, _))| c.presses.iter().filter(|(k, _)| *k == key)) {
            if self.restart_asked {
                break;
            }
            if let Some(id) = self.pressable(name) {
                let (x, y) = self.screen_point(id);
                self.click_by(x, y, trees);
                sent.pressed = Some(id);
                break;
            }
        }
        sent
    }

    /// The button named `name` a click could press now ([`World::can_press`]).
    pub fn pressable(&self, name: &str) -> Option<ObjectId> {
        (0..self.objects.len() as u32)
            .map(ObjectId)
            .find(|&id| self.syms.text(self.objects[id.0 as usize].name) == name && self.can_press(id))
    }

    /// Whether a click could press the Object now: a button (a screen
    /// Object with a box), shown, on, and, while a menu is open, of an open menu.
    pub fn can_press(&self, id: ObjectId) -> bool {
        let Some(o) = self.objects.get(id.0 as usize) else { return false };
        let t = &self.game.types[o.ty.0 as usize];
        t.layer == Layer::Screen
            && t.hit_box.is_some()
            && self.shown(o)
            && !o.button_off
            && (!self.menu_open() || self.in_open_menu(o))
    }

    /// Tab: the focus goes to the next button a click could press, in the
    /// order the Objects were made, from the last round to the first.
    fn walk_buttons(&mut self) {
        let n = self.objects.len() as u32;
        let from = self.button_focus.map_or(0, |id| id.0 + 1);
        self.button_focus = (0..n).map(|i| ObjectId((from + i) % n.max(1))).find(|&id| self.can_press(id));
    }

    /// The text an Object's Text component shows now, read from outside (the
    /// window, the driver): each hole of its template is an input of its own,
    /// and a hole that faults is kept in `faults` and shows nothing.
    pub fn text_of(&mut self, id: ObjectId) -> String {
        let o = &self.objects[id.0 as usize];
        if let Some(sym) = o.text {
            return self.syms.text(sym).to_string();
        }
        let game = self.game.clone();
        let Some(def) = &game.types[o.ty.0 as usize].text else { return String::new() };
        let mut out = String::new();
        for part in &def.template.parts {
            match part {
                TemplatePart::Literal(s) => out.push_str(s),
                TemplatePart::Hole(e) => {
                    if let Some(v) = self.input(|w, g| w.eval_loose(g, Some(id), e)) {
                        out.push_str(&crate::value::Shown(v, &self.syms).to_string());
                    }
                }
            }
        }
        out
    }

    /// The text an Object's Text component shows now, read by a card: the
    /// template's holes run inside the input that is running, under its step
    /// budget and one level deeper (a text whose hole reads itself is too
    /// deep, not endless), and a hole's fault is the card's.
    pub(crate) fn text_in_input(&mut self, g: &Game, id: ObjectId) -> Res<Sym> {
        let o = &self.objects[id.0 as usize];
        if let Some(sym) = o.text {
            return Ok(sym);
        }
        let Some(def) = &g.types[o.ty.0 as usize].text else { return Ok(EMPTY) };
        self.check_depth()?;
        self.depth += 1;
        let mut out = String::new();
        let mut result = Ok(());
        for part in &def.template.parts {
            match part {
                TemplatePart::Literal(s) => out.push_str(s),
                TemplatePart::Hole(e) => match self.eval_loose(g, Some(id), e) {
                    Ok(v) => out.push_str(&crate::value::Shown(v, &self.syms).to_string()),
                    Err(fail) => {
                        result = Err(fail);
                        break;
                    }
                },
            }
            // Each part is a Text within `limits: text` already: the text
            // grows past it by one part at most before it stops.
            if out.len() > self.limits.text {
                result = self.text_too_long();
                break;
            }
        }
        self.depth -= 1;
        result.and_then(|()| self.make_text(&out))
    }
}

/// The Commands a key sent (`World::press_key`), kept without allocating.
#[derive(Clone, Copy, Debug)]
pub struct KeyCommands {
    events: [EventId; MAX_COMMANDS_PER_KEY],
    count: usize,
    /// The button the key pressed (`press NAME: [KEY]`), if it pressed one.
    pub pressed: Option<ObjectId>,
}

impl KeyCommands {
    pub fn events(&self) -> &[EventId] {
        &self.events[..self.count]
    }
}

/// A call from outside (`World::call_function` and its tree-walked twin)
/// gives a value for every parameter.
pub(crate) fn given_from_outside(func: &Function, args: &[Value]) -> Res<()> {
    if args.len() < func.params.len() {
        return fail(format!("`{}` needs {} values, one per parameter", func.name, func.params.len()));
    }
    Ok(())
}

/// The most of a fault's message a World keeps, in bytes: a message may
/// quote a Text (`no row `...``), up to `limits: text` long, and every
/// listener of an Event may fault.
const KEPT_MESSAGE: usize = 1000;

/// A fault's message as a World keeps it: past `KEPT_MESSAGE` bytes, cut
/// at a character's start, with `…` after.
fn kept_message(message: &str) -> String {
    if message.len() <= KEPT_MESSAGE {
        return message.to_string();
    }
    let mut end = KEPT_MESSAGE;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &message[..end])
}

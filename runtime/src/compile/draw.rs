//! The Draw actions of a Draw Event (`when: When Drawn`), from their YAML
//! fields to [`DrawStep`]s.

use super::cx::Cx;
use crate::program::{DrawStep, Expr, StepKind};
use crate::source::yaml::Fields;
use crate::value::Type;

impl<'a> Cx<'a> {
    /// `set draw color: COLOR`
    pub(super) fn draw_color(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set draw color"], "a Set Draw Color step", self.d);
        let color = self.expr_field(f, "set draw color")?;
        let pos = f.opt_text("set draw color", self.d).map_or(f.pos, |(_, p)| p);
        self.check_fits(&color, Type::Color, pos, "`set draw color`");
        Some(StepKind::Draw(Box::new(DrawStep::Color(color))))
    }

    /// `draw line: { x1: X, y1: Y, x2: X, y2: Y }`, `line width: W`: screen
    /// pixels from the bottom-left corner.
    pub(super) fn draw_line(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["draw line", "line width"], "a Draw Line step", self.d);
        let width = self.number_field(f, "line width");
        let file = self.file;
        let ends = f.get("draw line").and_then(|n| Fields::of(file, n, "`draw line` (x1, y1, x2, y2)", self.d))?;
        ends.only(&["x1", "y1", "x2", "y2"], "`draw line`", self.d);
        let [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map(|k| self.number_field(&ends, k));
        Some(StepKind::Draw(Box::new(DrawStep::Line { ends: Box::new([x1?, y1?, x2?, y2?]), width: width? })))
    }

    /// An expression field that must be a Number.
    fn number_field(&mut self, f: &Fields, key: &str) -> Option<Expr> {
        let e = self.expr_field(f, key)?;
        let pos = f.opt_text(key, self.d).map_or(f.pos, |(_, p)| p);
        self.check_fits(&e, Type::Number, pos, &format!("`{key}`"));
        Some(e)
    }
}

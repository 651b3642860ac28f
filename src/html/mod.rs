//! Markup for the panels that are drawn from a string (see `ui::markup`): pure functions
//! from state to HTML, compiled and tested natively. Every piece of user text goes through
//! [`escape`].

pub mod effective_level;
pub mod el_turn;

use std::fmt::Write;

use crate::core::distribution::Column;
use crate::core::tone::Tone;

/// Escapes text for HTML content and quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A small builder that keeps markup readable: `tag` opens with raw attributes, `text`
/// escapes, `raw` trusts.
#[derive(Default)]
pub struct Html {
    out: String,
}

impl Html {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends markup written by us (no user text inside).
    pub fn raw(&mut self, markup: &str) -> &mut Self {
        self.out.push_str(markup);
        self
    }

    /// Appends user text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.out.push_str(&escape(text));
        self
    }

    /// A button that acts: `<button type="button" class=.. data-act data-arg aria-label>`,
    /// its label and accessible name escaped.
    pub fn button(
        &mut self,
        class: &str,
        act: &str,
        arg: &str,
        name: &str,
        label: &str,
    ) -> &mut Self {
        let _ = write!(
            self.out,
            r#"<button type="button" class="{class}" data-act="{act}" data-arg="{}" aria-label="{}">{}</button>"#,
            escape(arg),
            escape(name),
            escape(label)
        );
        self
    }

    /// A one-line text field with a label for assistive technology.
    pub fn input(
        &mut self,
        id: &str,
        name: &str,
        label: &str,
        placeholder: &str,
        max: usize,
    ) -> &mut Self {
        let _ = write!(
            self.out,
            r#"<input type="text" id="{id}" name="{name}" maxlength="{max}" autocomplete="off" aria-label="{}" placeholder="{}">"#,
            escape(label),
            escape(placeholder)
        );
        self
    }

    /// The markup so far.
    pub fn finish(&mut self) -> String {
        std::mem::take(&mut self.out)
    }
}

/// The chart's list items as markup: label first for screen readers ("2: 22%"), shown
/// as percentage, bar, label by CSS order. Built from numbers and our own labels only, so
/// nothing needs escaping.
pub fn bars_markup(columns: &[Column], tone: fn(i32) -> Tone) -> String {
    let tallest = columns
        .iter()
        .map(|c| c.chance.per_myriad())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut markup = String::new();
    for column in columns {
        let (from, to) = (tone(column.from), tone(column.to));
        let tone = if from == to { from } else { Tone::Neutral };
        // Height in ten-thousandths of the tallest bar.
        let height = u64::from(column.chance.per_myriad()) * 10_000 / u64::from(tallest);
        markup.push_str(&format!(
            r#"<li class="bar {tone}" style="--h:{height}"><span class="bar-label">{label}<span class="visually-hidden">: </span></span><span class="bar-pct">{percent}</span><span class="bar-fill"></span></li>"#,
            tone = tone.name(),
            label = column.label(),
            percent = column.chance.whole_percent_text(),
        ));
    }
    markup
}

impl Write for Html {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.raw(s);
        Ok(())
    }
}

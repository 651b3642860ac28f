//! Markup for the panels that are drawn from a string (see `ui::markup`): pure functions
//! from state to HTML, compiled and tested natively. Every piece of user text goes through
//! [`escape`].

pub mod characters;

use std::fmt::Write;

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

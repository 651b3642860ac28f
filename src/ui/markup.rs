//! Panels drawn from a string of markup, with their events handled in one place.
//!
//! Leptos compiles each element of a `view!` into its own code. For lists and forms that
//! change as a whole (characters, facets, harm) that costs far more WebAssembly than the
//! markup itself, so such panels render escaped HTML from state and hand every click, form
//! submission and change to one handler as an [`Act`]: the element's `data-act` and
//! `data-arg`, and for a form its named fields. Focus and typed text survive a redraw.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

/// What the player did in a markup panel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Act {
    /// The `data-act` of the element acted on: "remove-facet".
    pub name: String,
    /// Its `data-arg`, often an id: "12".
    pub arg: String,
    /// For a submitted form or a changed field, each named field and its value.
    pub fields: Vec<(String, String)>,
}

impl Act {
    /// The argument as a number, if it is one.
    pub fn id(&self) -> Option<u64> {
        self.arg.parse().ok()
    }

    /// A submitted field's value, or empty.
    pub fn field(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// A `<div>` whose content is `html`, redrawn when it changes. `on_act` gets every click on
/// an element with `data-act`, every form submitted (the form's `data-act`, its fields) and
/// every change of a field with `data-act`; when it returns true for a form, the form is
/// cleared.
#[component]
pub fn Markup(
    /// The panel's content; every piece of user text in it must be escaped
    /// (`crate::html::escape`).
    #[prop(into)]
    html: Signal<String>,
    /// Handles what the player did; true clears a submitted form.
    on_act: Callback<Act, bool>,
    /// The container's class.
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let node = NodeRef::<html::Div>::new();
    // Redraw only when the markup really changed: most taps leave most panels as they were,
    // and replacing a panel's content costs the browser far more than comparing text.
    let drawn = StoredValue::new(String::new());
    Effect::new(move |_| {
        let Some(div) = node.get() else {
            return;
        };
        html.with(|markup| {
            if drawn.with_value(|last| last != markup) {
                redraw(&div, markup);
                drawn.set_value(markup.clone());
            }
        });
    });
    let click = move |ev: leptos::ev::MouseEvent| {
        // Buttons act on a click; forms act through their submit event.
        let Some(target) = acted_on(&ev).filter(|t| t.tag_name() == "BUTTON") else {
            return;
        };
        on_act.run(act_of(&target, Vec::new()));
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(form) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if on_act.run(act_of(&form, fields_of(&form)))
            && let Ok(form) = form.dyn_into::<web_sys::HtmlFormElement>()
        {
            form.reset();
        }
    };
    let change = move |ev: leptos::ev::Event| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if target.has_attribute("data-act") && target.tag_name() == "INPUT" {
            let field = field_of(&target).into_iter().collect();
            on_act.run(act_of(&target, field));
        }
    };
    view! { <div class=class node_ref=node on:click=click on:submit=submit on:change=change></div> }
}

/// The element with `data-act` that an event happened in, if any.
fn acted_on(ev: &leptos::ev::MouseEvent) -> Option<Element> {
    let target: Element = ev.target()?.dyn_into().ok()?;
    target.closest("[data-act]").ok().flatten()
}

fn act_of(element: &Element, fields: Vec<(String, String)>) -> Act {
    Act {
        name: element.get_attribute("data-act").unwrap_or_default(),
        arg: element.get_attribute("data-arg").unwrap_or_default(),
        fields,
    }
}

/// A named input's name and value; a checkbox or radio that is not checked has none.
fn field_of(element: &Element) -> Option<(String, String)> {
    let input = element.dyn_ref::<HtmlInputElement>()?;
    let name = input.name();
    let kind = input.type_();
    if name.is_empty() || ((kind == "checkbox" || kind == "radio") && !input.checked()) {
        return None;
    }
    Some((name, input.value()))
}

fn fields_of(form: &Element) -> Vec<(String, String)> {
    let Ok(inputs) = form.query_selector_all("input[name], select[name]") else {
        return Vec::new();
    };
    (0..inputs.length())
        .filter_map(|i| inputs.item(i)?.dyn_into::<Element>().ok())
        .filter_map(
            |field| match field.dyn_ref::<web_sys::HtmlSelectElement>() {
                Some(select) => Some((select.name(), select.value())),
                None => field_of(&field),
            },
        )
        .collect()
}

/// What finds an element again after a redraw: its id, or its act and argument (and for a
/// radio, its name and value), which our markup keeps stable.
fn signature(element: &Element) -> Option<String> {
    let id = element.id();
    if !id.is_empty() {
        return Some(format!("#{}", css_id(&id)));
    }
    let attribute = |name: &str| {
        element
            .get_attribute(name)
            .map(|v| format!(r#"[{name}="{}"]"#, v.replace(['"', '\\'], "")))
    };
    let act = attribute("data-act")?;
    let arg = attribute("data-arg").unwrap_or_default();
    let value = attribute("value").unwrap_or_default();
    Some(format!(
        "{}{act}{arg}{value}",
        element.tag_name().to_ascii_lowercase()
    ))
}

/// Replaces the panel's content, keeping focus and the drafts typed into its forms.
fn redraw(div: &HtmlElement, markup: &str) {
    let document = div.owner_document();
    let focused = document
        .as_ref()
        .and_then(|d| d.active_element())
        .filter(|e| div.contains(Some(e)))
        .and_then(|e| signature(&e));
    // Drafts: what the player typed into a form field and has not sent yet.
    let typed: Vec<(String, String)> = div
        .query_selector_all("form input[id]")
        .map(|inputs| {
            (0..inputs.length())
                .filter_map(|i| inputs.item(i)?.dyn_into::<HtmlInputElement>().ok())
                .filter(|input| input.value() != input.default_value())
                .map(|input| (input.id(), input.value()))
                .collect()
        })
        .unwrap_or_default();
    div.set_inner_html(markup);
    for (id, value) in typed {
        if let Some(input) = find(div, &id).and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) {
            input.set_value(&value);
        }
    }
    if let Some(element) = focused
        .and_then(|id| find(div, &id))
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

fn find(div: &HtmlElement, id: &str) -> Option<Element> {
    div.query_selector(&format!("#{}", css_id(id)))
        .ok()
        .flatten()
}

/// Ids here are ours (letters, digits, dashes); anything else is dropped rather than
/// trusted in a selector.
fn css_id(id: &str) -> String {
    id.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

//! Small controls any page may use; none of them knows a tray.

pub(crate) mod bars;
pub(crate) mod dice;
pub(crate) mod dock;
pub(crate) mod facet_list;
pub(crate) mod fold;
pub(crate) mod label_field;
pub(crate) mod later;
pub(crate) mod name_field;
pub(crate) mod qr;
pub(crate) mod real_dice;
pub(crate) mod snackbar;
pub(crate) mod stepper;
pub(crate) mod switch;
pub(crate) mod text_input;
pub(crate) mod when;

//! A share link as a QR code, for phones at the same table: encoded by the `qrcodegen` crate
//! and drawn as one SVG path.
//!
//! Error correction is Medium (about 15% of the symbol may be lost), as usual for codes read
//! off a screen by a phone camera; the encoder raises it when that costs no bigger symbol.
//! The symbol keeps the standard's quiet zone of four light modules on every side. Each row's
//! dark modules are merged into runs, one `M x yhNv1h-Nz` rectangle per run, which keeps the
//! path short.

use qrcodegen::{QrCode, QrCodeEcc};

/// Light modules around the symbol on every side.
pub const QUIET_ZONE: u32 = 4;

/// The most characters any QR code holds at Medium error correction (digits only; a link,
/// in bytes, holds fewer): longer text is refused before the encoder sees it.
const MAX_QR_CHARS: usize = 5596;

/// A QR code ready to draw: a square of `size` modules, quiet zone included, with every dark
/// module in `path`, in module units (an SVG `viewBox="0 0 size size"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrSymbol {
    /// Modules across, quiet zone included.
    pub size: u32,
    /// The QR version (1 to 40): how much it holds.
    pub version: u8,
    /// An SVG path of the dark modules.
    pub path: String,
    /// How many modules are dark.
    pub dark_modules: u32,
}

/// The QR code of `text`, or why there is none: too long for any QR code.
pub fn qr_code(text: &str) -> Result<QrSymbol, String> {
    let too_long = || {
        format!(
            "That link is too long for a QR code ({} characters); share it as text instead.",
            text.chars().count()
        )
    };
    if text.len() > MAX_QR_CHARS {
        return Err(too_long());
    }
    let code = QrCode::encode_text(text, QrCodeEcc::Medium).map_err(|_| too_long())?;
    let modules = code.size();
    let mut path = String::new();
    let mut dark_modules = 0;
    for y in 0..modules {
        let mut x = 0;
        while x < modules {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < modules && code.get_module(x, y) {
                x += 1;
            }
            let run = x - start;
            dark_modules += run as u32;
            let (left, top) = (start as u32 + QUIET_ZONE, y as u32 + QUIET_ZONE);
            path.push_str(&format!("M{left} {top}h{run}v1h-{run}z"));
        }
    }
    Ok(QrSymbol {
        size: modules as u32 + 2 * QUIET_ZONE,
        version: code.version().value(),
        path,
        dark_modules,
    })
}

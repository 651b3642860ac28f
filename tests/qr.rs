//! QR codes for share links: the symbol's structure checked against the QR standard in this
//! test (size for the version the link needs, quiet zone, the three finder patterns, the
//! timing patterns), and the drawn path against the encoder's own modules.

use dicetray::core::qr::{QUIET_ZONE, qr_code};
use qrcodegen::{QrCode, QrCodeEcc};

/// The dark modules the path draws, read back from its `M x yhNv1h-Nz` runs.
fn grid(path: &str, size: usize) -> Vec<Vec<bool>> {
    let mut dark = vec![vec![false; size]; size];
    for run in path.split('M').filter(|r| !r.is_empty()) {
        let (at, rest) = run.split_once('h').expect("a run");
        let (x, y) = at.split_once(' ').expect("x y");
        let (width, back) = rest.split_once("v1h-").expect("one module high");
        assert_eq!(back, format!("{width}z"), "closes where it started");
        let (x, y, width): (usize, usize, usize) = (
            x.parse().expect("x"),
            y.parse().expect("y"),
            width.parse().expect("width"),
        );
        assert!(width >= 1);
        for module in &mut dark[y][x..x + width] {
            assert!(!*module, "drawn once");
            *module = true;
        }
    }
    dark
}

/// The standard's finder pattern, 7 by 7: dark ring, light ring, dark 3 by 3 core.
fn finder_at(dark: &[Vec<bool>], left: usize, top: usize) -> bool {
    (0..7).all(|dy| {
        (0..7).all(|dx| {
            let ring = dx.min(dy).min(6 - dx).min(6 - dy);
            dark[top + dy][left + dx] == (ring != 1)
        })
    })
}

#[test]
fn a_challenge_link_makes_a_well_formed_symbol() {
    let link = "https://example.org/dicetray/#/narrative?challenge=2p1r1k";
    assert_eq!(link.len(), 57);
    let symbol = qr_code(link).expect("short enough");
    // In byte mode at Medium, version 3 holds 42 bytes and version 4 holds 62 (the
    // standard's table): 57 needs version 4, 17 + 4 * 4 = 33 modules, plus the quiet zone.
    assert_eq!(symbol.version, 4);
    assert_eq!(symbol.size, 33 + 2 * 4);
    let size = symbol.size as usize;
    let dark = grid(&symbol.path, size);
    let q = QUIET_ZONE as usize;
    for (y, row) in dark.iter().enumerate() {
        for (x, &module) in row.iter().enumerate() {
            let inside = (q..size - q).contains(&x) && (q..size - q).contains(&y);
            assert!(inside || !module, "quiet zone at {x},{y}");
        }
    }
    let far = size - q - 7;
    assert!(finder_at(&dark, q, q), "top left");
    assert!(finder_at(&dark, far, q), "top right");
    assert!(finder_at(&dark, q, far), "bottom left");
    assert!(!finder_at(&dark, far, far), "no finder at the bottom right");
    // Timing patterns: row and column 6 alternate between the finders, dark first.
    for i in 8..size - 2 * q - 8 {
        assert_eq!(dark[q + 6][q + i], i % 2 == 0, "row timing at {i}");
        assert_eq!(dark[q + i][q + 6], i % 2 == 0, "column timing at {i}");
    }
    // Every dark module, and only those, is drawn.
    let code = QrCode::encode_text(link, QrCodeEcc::Medium).expect("fits");
    let mut count = 0;
    for y in 0..code.size() {
        for x in 0..code.size() {
            let module = code.get_module(x, y);
            count += u32::from(module);
            assert_eq!(dark[y as usize + q][x as usize + q], module);
        }
    }
    assert_eq!(symbol.dark_modules, count);
    let drawn: usize = dark.iter().flatten().filter(|&&d| d).count();
    assert_eq!(drawn as u32, count);
}

#[test]
fn text_too_long_for_any_qr_code_is_refused() {
    // Version 40 at Medium holds 2,331 bytes.
    let long = format!("https://example.org/#/{}", "a".repeat(2400));
    let message = qr_code(&long).expect_err("too long");
    assert!(message.contains("too long for a QR code"), "{message}");
    assert!(qr_code(&"x".repeat(10_000_000)).is_err());
    // The longest link that fits still makes a symbol: version 40, 177 modules.
    let longest = "a".repeat(2331);
    assert_eq!(qr_code(&longest).expect("fits").size, 177 + 8);
    assert!(qr_code("").is_ok());
}

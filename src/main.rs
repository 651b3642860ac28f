//! The web app's entry point. Trunk builds it for WebAssembly; natively it only explains that.

#[cfg(target_arch = "wasm32")]
fn main() {
    dicetray::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "Dicetray is a web app. Build and serve it with `scripts/serve`; \
         for odds on the command line: cargo run --release --example odds -- narrative 2g1y"
    );
    std::process::exit(2);
}

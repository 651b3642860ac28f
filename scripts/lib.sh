# Shared by the scripts: tool paths and a step printer. Sourced, not run.

# cargo-installed tools and the npm tools (wasm-opt from binaryen, playwright-core).
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Prints a heading, runs the command, and says how long it took.
step() {
  local name=$1
  shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  local start=$SECONDS
  "$@"
  printf '\033[2m   %s: %ss\033[0m\n' "$name" $((SECONDS - start))
}

#!/bin/bash
# A stand-in for upstream's install script (scripts/install.sh of NousResearch/hermes-agent), for the
# action's install tests and the bench: the same options (an unknown one fails the same way), the
# same layout, and a `hermes` that runs the simulator. It downloads nothing. See README.md here.
#
#   $INSTALL_DIR/venv/bin/python   a link to the `node` found on PATH (the venv's interpreter)
#   $INSTALL_DIR/venv/bin/hermes   runs the simulator with that interpreter (absolute paths, as uv writes)
#   $HOME/.local/bin/hermes        a link to it
#   $HERMES_HOME/bin/uv            the managed uv (a stub)
#
# Environment (besides upstream's HERMES_HOME / HERMES_INSTALL_DIR):
#   HERMES_STANDIN_SIMULATOR  the simulator's hermes.mjs (required)
#   HERMES_STANDIN_LOG        append one line per run: the arguments, then the environment's names
#   HERMES_STANDIN_FAIL       fail the way a clone failure does (exit 1)
#   HERMES_STANDIN_TREE_MB    also write a venv-like tree of this many MB of small files
set -e

HERMES_HOME="${HERMES_HOME:-$HOME/.hermes}"
INSTALL_DIR="${HERMES_INSTALL_DIR:-}"
BRANCH="main"
INSTALL_COMMIT=""
ARGS="$*"

while [[ $# -gt 0 ]]; do
    case $1 in
        --no-venv|--skip-setup|--skip-browser|--no-playwright|--no-skills|--force-commit|--non-interactive|--include-desktop)
            shift ;;
        --branch) BRANCH="$2"; shift 2 ;;
        --commit) INSTALL_COMMIT="$2"; shift 2 ;;
        --dir) INSTALL_DIR="$2"; shift 2 ;;
        --hermes-home) HERMES_HOME="$2"; shift 2 ;;
        *) echo "Unknown option: $1"; exit 1 ;;
    esac
done
INSTALL_DIR="${INSTALL_DIR:-$HERMES_HOME/hermes-agent}"

if [ -n "${HERMES_STANDIN_LOG:-}" ]; then
    { echo "args: $ARGS"; echo "env: $(env | cut -d= -f1 | sort | tr '\n' ' ')"; } >> "$HERMES_STANDIN_LOG"
fi

echo -e "\033[0;36m→\033[0m Installing to $INSTALL_DIR..."
if [ -n "${HERMES_STANDIN_FAIL:-}" ]; then
    echo "Cloning into '$INSTALL_DIR'..."
    echo "fatal: Remote branch $BRANCH not found in upstream origin" >&2
    echo -e "\033[0;31m✗\033[0m Failed to clone repository"
    exit 1
fi
if [ -z "${HERMES_STANDIN_SIMULATOR:-}" ]; then
    echo "HERMES_STANDIN_SIMULATOR is not set: the stand-in needs the simulator's hermes.mjs" >&2
    exit 1
fi
NODE="$(command -v node)"

mkdir -p "$INSTALL_DIR/venv/bin" "$HERMES_HOME/bin" "$HOME/.local/bin"
echo "${INSTALL_COMMIT:-$BRANCH}" > "$INSTALL_DIR/.standin-ref"
ln -sfn "$NODE" "$INSTALL_DIR/venv/bin/python"
cat > "$INSTALL_DIR/venv/bin/hermes" <<EOF
#!/bin/sh
exec "$INSTALL_DIR/venv/bin/python" "$HERMES_STANDIN_SIMULATOR" "\$@"
EOF
chmod +x "$INSTALL_DIR/venv/bin/hermes"
printf '#!/bin/sh\necho "uv 0.0.0 (stand-in)"\n' > "$HERMES_HOME/bin/uv"
chmod +x "$HERMES_HOME/bin/uv"
if [ -n "${UV_PYTHON_INSTALL_DIR:-}" ]; then
    mkdir -p "$UV_PYTHON_INSTALL_DIR" && echo "stand-in" > "$UV_PYTHON_INSTALL_DIR/.standin"
fi

if [ -n "${HERMES_STANDIN_TREE_MB:-}" ]; then
    echo -e "\033[0;36m→\033[0m Installing dependencies (${HERMES_STANDIN_TREE_MB} MB)..."
    "$NODE" -e '
const fs = require("node:fs");
const path = require("node:path");
const [root, mb] = [process.argv[1], Number(process.argv[2])];
// Text-like content (a venv is mostly .py files): keywords and random names, which compress about
// as much as a real venv does (3 to 4 times); 2-14 KB a file, 64 files a directory.
const words = "def class return import self None True False for in if else yield lambda".split(" ");
const random = require("node:crypto").randomBytes(1 << 20);
let cursor = 0;
const next = () => {
  cursor = (cursor + 2) % (random.length - 2);
  return random.readUInt16LE(cursor);
};
let written = 0;
for (let d = 0; written < mb * 1e6; d++) {
  const dir = path.join(root, `pkg${d}`);
  fs.mkdirSync(dir, { recursive: true });
  for (let f = 0; f < 64 && written < mb * 1e6; f++) {
    const size = 2048 + (next() % 12288);
    let text = "";
    while (text.length < size) text += `${words[next() % words.length]}_${next().toString(16)} `;
    fs.writeFileSync(path.join(dir, `m${f}.py`), text);
    written += text.length;
  }
}
' "$INSTALL_DIR/venv/lib/python3.14/site-packages" "$HERMES_STANDIN_TREE_MB"
fi

ln -sfn "$INSTALL_DIR/venv/bin/hermes" "$HOME/.local/bin/hermes"
echo git > "$INSTALL_DIR/.install_method"
echo -e "\033[0;32m✓\033[0m Installed hermes launcher → ~/.local/bin/hermes"

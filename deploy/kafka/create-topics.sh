#!/usr/bin/env bash
# Creates every topic of deploy/kafka/topics.txt (generated from the contracts) on a running broker:
# missing topics with their partitions and cleanup policy; existing ones grow to the planned
# partitions and get the planned policy. Safe to run again (the compose topic-init runs it on each up).
# Usage: create-topics.sh TOPICS_FILE   env: KAFKA_BOOTSTRAP (kafka:9092), KAFKA_REPLICATION_FACTOR (1)
set -euo pipefail
file="${1:-/topics/topics.txt}"
export BOOTSTRAP="${KAFKA_BOOTSTRAP:-kafka:9092}"
export REPLICATION="${KAFKA_REPLICATION_FACTOR:-1}"
export BIN=/opt/kafka/bin

ensure_topic() {
  local name="$1" partitions="$2" policy="$3"
  if "$BIN/kafka-topics.sh" --bootstrap-server "$BOOTSTRAP" --create --if-not-exists --topic "$name" \
    --partitions "$partitions" --replication-factor "$REPLICATION" --config "cleanup.policy=$policy" >/dev/null; then
    local current
    current="$("$BIN/kafka-topics.sh" --bootstrap-server "$BOOTSTRAP" --describe --topic "$name" |
      sed -n 's/.*PartitionCount: *\([0-9]*\).*/\1/p' | head -n 1)"
    if [ "${current:-0}" -lt "$partitions" ]; then
      "$BIN/kafka-topics.sh" --bootstrap-server "$BOOTSTRAP" --alter --topic "$name" --partitions "$partitions"
    fi
    "$BIN/kafka-configs.sh" --bootstrap-server "$BOOTSTRAP" --alter --entity-type topics --entity-name "$name" \
      --add-config "cleanup.policy=$policy" >/dev/null
    echo "topic $name: $partitions partitions, cleanup.policy=$policy"
  else
    echo "topic $name: FAILED" >&2
    return 1
  fi
}
export -f ensure_topic

# Each call starts a JVM (about a second): run eight at a time.
grep -vE '^[[:space:]]*(#|$)' "$file" | xargs -P 8 -L 1 bash -c 'ensure_topic "$0" "$1" "$2"'
echo "all topics of $file are in place"

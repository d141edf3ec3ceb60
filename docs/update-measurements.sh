#!/usr/bin/env bash
# Rewrites every measured section of docs/*.md from the output of the command
# the section names, and redraws docs/chain.svg. No number is typed by hand.
#
#   docs/update-measurements.sh            run every command once, rewrite the sections and the chart
#   docs/update-measurements.sh --reuse    run nothing: rewrite from the files the commands left
#                                          behind last time (target/bench-summary.md, criterion's data);
#                                          sections read from a command's stdout keep their text;
#                                          the chart is left alone
#   docs/update-measurements.sh --check    list the sections and their commands, change nothing
#
# Run it on a quiet machine: anything else running shows up in the numbers.
#
# A measured section of a page:
#
#   <!-- measured: ID -->
#   <!-- command: CMD -->              the command that measures (run from the repository root)
#   <!-- file: target/FILE -->         optional: read the result from this file (target/ is cargo's
#                                      target directory, $CARGO_TARGET_DIR if set), not from stdout
#   <!-- section: NAME -->             optional: keep only the `### `NAME`` section of the result
#   <!-- format: text -->              optional: put the result in a ```text block (plain output)
#   <!-- join: crates/X/src/lib.rs --> optional: the rows of the table in that file's //! comment,
#   <!-- take: ITEM; ITEM; ... -->     each followed by the measured cells the ITEMs pick:
#                                      "GROUP n = 8" the time in that column of GROUP's table,
#                                      "GROUP speed-up n = 12" board_scan's time there over the row's
#   ... generated text ...
#   <!-- /measured -->
#
# The generated text names the command, the machine (CPU model and logical
# cores from /proc/cpuinfo) and the date. When a command fails or left no
# result, the section says "Not yet measured" and names the command (a join
# section still shows its static columns).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=run
case "${1:-}" in
  "") ;;
  --reuse) mode=reuse ;;
  --check) mode=check ;;
  *) echo "usage: docs/update-measurements.sh [--reuse | --check]" >&2; exit 2 ;;
esac

cpu=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || true)
cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || getconf _NPROCESSORS_ONLN)
machine="${cpu:-unknown CPU}, ${cores} logical cores"
today=$(date -u +%Y-%m-%d)
target_dir=$(cargo metadata --format-version 1 --no-deps | grep -o '"target_directory":"[^"]*"' | cut -d'"' -f4)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The pages the static tables may link to, for `[`name`]` -> `[`name`](name.md)`.
pages=$(cd docs && ls ./*.md | sed 's|^\./||; s|\.md$||' | tr '\n' ' ')

# run_once CMD: runs CMD the first time it is asked for (never in --reuse mode);
# prints the file holding its stdout, and returns its exit status. It is called
# in a command substitution (a subshell), so what it remembers lives in files
# under $work, named by a checksum of the command.
run_once() {
  local cmd=$1 key out status_file
  key=$(printf '%s' "$cmd" | cksum | cut -d' ' -f1)
  out="$work/run-$key.out"
  status_file="$work/run-$key.status"
  if [[ ! -e $status_file ]]; then
    if [[ $mode == run ]]; then
      echo "running: $cmd" >&2
      if bash -c "$cmd" >"$out" 2>"$work/run-$key.err"; then
        echo 0 >"$status_file"
      else
        echo $? >"$status_file"
        echo "failed ($cmd):" >&2
        tail -n 5 "$work/run-$key.err" >&2
      fi
    else
      : >"$out"
      echo 0 >"$status_file"
    fi
  fi
  echo "$out"
  return "$(cat "$status_file")"
}

# The static table of a file's //! comment, links turned into page links.
static_table() {
  grep '^//! |' "$1" | sed 's|^//! ||' | awk -v pages=" $pages " '
    {
      line = $0; out = ""
      # [`name`] not followed by "(": link it to docs/name.md if that page exists.
      while (match(line, /\[`[a-z_0-9]+`\]/)) {
        name = substr(line, RSTART + 2, RLENGTH - 4)
        after = substr(line, RSTART + RLENGTH, 1)
        piece = substr(line, RSTART, RLENGTH)
        if (after != "(") {
          piece = (index(pages, " " name " ") ? "[`" name "`](" name ".md)" : "`" name "`")
        }
        out = out substr(line, 1, RSTART - 1) piece
        line = substr(line, RSTART + RLENGTH)
      }
      print out line
    }'
}

# join_table STATIC_FILE RESULT_FILE TAKE: the static rows with the picked cells.
join_table() {
  awk -v take="$3" -v result="$2" '
    function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
    function key(s) { s = trim(s); gsub(/[][`]/, "", s); sub(/\(.*$/, "", s); return trim(s) }
    # Splits a table row into cells c[1..], keeping "\|" inside a cell.
    function cells(row, c,   n, i) {
      gsub(/\\\|/, "\001", row); row = trim(row); sub(/^\|/, "", row); sub(/\|$/, "", row)
      n = split(row, c, "|")
      for (i = 1; i <= n; i++) { gsub("\001", "\\|", c[i]); c[i] = trim(c[i]) }
      return n
    }
    # "295 µs (26.0×) *" -> nanoseconds, or -1.
    function ns(cell,   parts) {
      if (split(cell, parts, " ") < 2) return -1
      if (parts[2] == "s") return parts[1] * 1e9
      if (parts[2] == "ms") return parts[1] * 1e6
      if (parts[2] == "ns") return parts[1]
      return parts[1] * 1e3
    }
    function shown(cell) { sub(/ \(.*\)/, "", cell); return cell }
    BEGIN {
      group = ""
      while ((getline line < result) > 0) {
        if (line ~ /^#+ /) { group = line; sub(/^#+ `?/, "", group); sub(/[`:].*$/, "", group); header = 0; continue }
        if (line !~ /^\|/) { header = 0; continue }
        n = cells(line, c)
        if (!header) { for (i = 2; i <= n; i++) column[group, i] = c[i]; header = 1; continue }
        if (c[1] ~ /^-+$/) continue
        for (i = 2; i <= n; i++) value[group, key(c[1]), column[group, i]] = c[i]
      }
      items = split(take, item, /; */)
      for (i = 1; i <= items; i++) {
        it = trim(item[i]); g[i] = it; sub(/ .*/, "", g[i]); col[i] = substr(it, length(g[i]) + 2)
        speedup[i] = sub(/^speed-up /, "", col[i])
        label = g[i]; gsub(/[^0-9]/, "", label)
        head[i] = speedup[i] ? label ": speed-up over `board_scan`, " col[i] : label ": " col[i]
      }
    }
    /^\|/ {
      n = cells($0, c); row = $0; sub(/[ \t]+$/, "", row)
      if (NR == 1) { for (i = 1; i <= items; i++) row = row " " head[i] " |"; print row; next }
      if (c[1] ~ /^-+$/) { for (i = 1; i <= items; i++) row = row "---:|"; print row; next }
      k = key(c[1])
      for (i = 1; i <= items; i++) {
        cell = value[g[i], k, col[i]]
        if (cell == "") { row = row " – |"; continue }
        if (cell ~ / \*$/) stale = 1
        if (!speedup[i]) { row = row " " shown(cell) " |"; continue }
        base = ns(value[g[i], "board_scan", col[i]]); mine = ns(cell)
        if (base <= 0 || mine <= 0) { row = row " – |"; continue }
        r = base / mine
        row = row sprintf(r >= 100 ? " %.0f× |" : (r >= 10 ? " %.1f× |" : " %.2f× |"), r)
      }
      print row
    }
    END { if (stale) print "\n`*`: from an earlier run of the benchmark (filtered out of the last one)." }' "$1"
}

# section_of FILE NAME: the lines under the heading "### `NAME`..." up to the next heading.
section_of() {
  awk -v name="$2" '
    /^#/ { inside = index($0, "`" name "`") > 0; next }
    inside' "$1"
}

# The new text of one section, from its header lines (in $work/header).
section_body() {
  local cmd file section join take format result
  cmd=$(sed -n 's/^<!-- command: \(.*\) -->$/\1/p' "$work/header")
  file=$(sed -n 's/^<!-- file: \(.*\) -->$/\1/p' "$work/header")
  section=$(sed -n 's/^<!-- section: \(.*\) -->$/\1/p' "$work/header")
  join=$(sed -n 's/^<!-- join: \(.*\) -->$/\1/p' "$work/header")
  take=$(sed -n 's/^<!-- take: \(.*\) -->$/\1/p' "$work/header")
  format=$(sed -n 's/^<!-- format: \(.*\) -->$/\1/p' "$work/header")
  if [[ -z $cmd ]]; then
    echo "a measured section without a <!-- command: ... --> line" >&2
    exit 1
  fi
  if [[ $mode == reuse && -z $file ]] && grep -q . "$work/body"; then
    cat "$work/body" # its result went to stdout and is gone: keep the text
    return
  fi
  local ok=yes out
  out=$(run_once "$cmd") || ok=no
  result=$out
  if [[ -n $file ]]; then
    result="${file/#target\//$target_dir/}"
    [[ -s $result ]] || ok=no
  elif [[ ! -s $result ]]; then
    ok=no
  fi
  if [[ $ok == yes && -n $section ]]; then
    section_of "$result" "$section" >"$work/section"
    result="$work/section"
    grep -q '^|' "$result" || ok=no
  fi
  if [[ $ok == yes ]]; then
    echo "Measured by \`$cmd\` on $machine, $today."
    echo
    if [[ -n $join ]]; then
      static_table "$join" >"$work/static"
      join_table "$work/static" "$result" "$take"
    else
      if [[ -n $format ]]; then echo '```'"$format"; fi
      sed -e '/./,$!d' "$result" | sed -e ':a' -e '/^\n*$/{$d;N;ba' -e '}'
      if [[ -n $format ]]; then echo '```'; fi
    fi
  else
    echo "Not yet measured: run \`docs/update-measurements.sh\` (it runs \`$cmd\`)."
    if [[ -n $join ]]; then
      echo
      static_table "$join"
    fi
  fi
}

# Rewrites one page.
update_page() {
  local page=$1 line inside=no
  : >"$work/page"
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $inside == no && $line == "<!-- measured: "* ]]; then
      inside=header
      echo "$line" >>"$work/page"
      : >"$work/header"
      : >"$work/body"
      continue
    fi
    if [[ $inside == header && $line == "<!-- "* && $line != "<!-- /measured -->" ]]; then
      echo "$line" >>"$work/page"
      echo "$line" >>"$work/header"
      continue
    fi
    if [[ $inside != no && $line == "<!-- /measured -->" ]]; then
      if [[ $mode == check ]]; then
        echo "$page: $(sed -n 's/^<!-- command: \(.*\) -->$/\1/p' "$work/header")"
      else
        section_body >>"$work/page"
      fi
      echo "$line" >>"$work/page"
      inside=no
      continue
    fi
    if [[ $inside == header ]]; then inside=body; fi
    if [[ $inside == body ]]; then echo "$line" >>"$work/body"; fi
    if [[ $inside == no ]]; then echo "$line" >>"$work/page"; fi
  done <"$page"
  if [[ $mode != check ]] && ! cmp -s "$work/page" "$page"; then
    cp "$work/page" "$page"
    echo "updated $page" >&2
  fi
}

for page in docs/*.md; do
  update_page "$page"
done

# The chart: the benchmark crate's chart of the chain52 group.
case $mode in
  run) crates/bench/chart.sh --redraw || echo "chart not drawn: run crates/bench/chart.sh" >&2 ;;
  reuse) echo "docs/chain.svg left as it is: crates/bench/chart.sh --redraw redraws it" >&2 ;;
  check) echo "docs/chain.svg: crates/bench/chart.sh" ;;
esac

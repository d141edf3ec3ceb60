//! `queens count` at scale, through the binary: parts added up by
//! `queens sum`, a checkpointed count killed and resumed, and the memory
//! limit; every count against OEIS A000170.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use n_queens_cases::oeis::A000170;
use run::{part_line, queens, queens_within_deadline, records, refused, refused_with, scratch, stdout_of};

mod run;

/// The parts, each counted by its own process, add up to the count, and
/// `queens sum` refuses a set with a part missing.
#[test]
fn parts_through_the_binary_add_up() {
    for (n, of) in [(12u32, 3u32), (15, 7), (16, 2)] {
        let outputs: String =
            (1..=of).map(|index| stdout_of(&["count", &n.to_string(), "--part", &format!("{index}/{of}")])).collect();
        assert_eq!(outputs.lines().count(), of as usize);
        let total = sum_of(&[], &outputs);
        assert!(total.status.success(), "{}", String::from_utf8_lossy(&total.stderr));
        assert_eq!(String::from_utf8(total.stdout).unwrap().trim(), A000170[n as usize].to_string(), "n = {n}");
        let missing = sum_of(&[], &outputs.lines().skip(1).map(|line| format!("{line}\n")).collect::<String>());
        assert_eq!(missing.status.code(), Some(2));
        assert!(String::from_utf8(missing.stderr).unwrap().contains("missing: 1"));
    }
}

/// Bad parts and sizes are refused, and the caps the messages name are the
/// real ones.
#[test]
fn bad_parts_and_sizes_are_refused() {
    for bad in ["0/3", "4/3", "1/0", "x"] {
        refused(&["count", "12", "--part", bad], &["--part", bad]);
    }
    refused(&["count", "12", "--unique", "--part", "1/2"], &["--part", "quarters"]);
    refused(&["count", "12", "--approach", "bitmask", "--memory", "1G"], &["--memory", "quarters"]);
    for bad in ["12Q", "0", "G", "-1", "1,5G", "99999999999T"] {
        refused(&["count", "12", "--memory", bad], &["--memory", bad]);
    }
    // The tables of n = 16 need more than a mebibyte: the refusal names
    // the flag and a size that would do (accepted: see below).
    refused(&["count", "16", "--memory", "1M"], &["n = 16", "bytes", "--memory "]);
    assert_eq!(stdout_of(&["count", "16", "--memory", "64M"]).trim(), A000170[16].to_string());
    refused(&["count", "12", "--part", "1/4294967296"], &["at most 4294967295"]);
    let last = "4294967295/4294967295";
    assert!(stdout_of(&["count", "12", "--part", last]).starts_with(&format!("n=12 part={last} count=")));
    refused(&["count", "99999999999999999999"], &["no approach counts past n = 32"]);
}

/// A second count on a checkpoint another count holds is refused (a
/// lock). A count killed half way and run again with the same checkpoint
/// file gives the exact count, counting only the units not recorded (each
/// unit is in the file once); a torn last line is dropped; a file from
/// another count is refused. The count is killed by the kernel as its
/// file passes a size limit (`ulimit -f`, SIGXFSZ), at the same record
/// however busy the machine, and the lock is held by this test: nothing
/// waits on a running count.
#[test]
fn a_killed_count_resumes_from_its_checkpoint() {
    use n_queens_count::quarters::{Checkpoint, Part};
    use std::os::unix::process::ExitStatusExt;
    let path = scratch("killed");
    let file = path.to_str().unwrap();
    let args = ["count", "17", "--threads", "1", "--checkpoint", file];
    let held = Checkpoint::open(&path, 17, Part::WHOLE).unwrap();
    refused(&args, &["another count holds"]);
    drop(held);
    // 400 blocks of 512 bytes: a few thousand records, a small share of the count's.
    let killed = Command::new("sh")
        .arg("-c")
        .arg("ulimit -S -f 400; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let xfsz = rustix::process::Signal::XFSZ.as_raw();
    assert_eq!(killed.signal(), Some(xfsz), "killed by SIGXFSZ, not {killed:?}: make the count larger");
    // Its last record may be cut where the limit fell: left whole, then torn here.
    let text = std::fs::read_to_string(&path).unwrap();
    let whole = &text[..text.rfind('\n').unwrap() + 1];
    std::fs::write(&path, format!("{whole}7 123")).unwrap();
    let before: Vec<String> = whole.lines().skip(1).map(str::to_string).collect();
    assert!(before.len() > 1000, "{} units", before.len());
    refused(&["count", "16", "--checkpoint", file], &["another count", "n=17", "n=16"]);
    refused(&["count", "17", "--part", "1/2", "--checkpoint", file], &["another count", "part=1/1", "part=1/2"]);
    assert_eq!(stdout_of(&args).trim(), A000170[17].to_string());
    // The torn line is gone, what was recorded is kept, and nothing twice.
    let after = records(&path);
    assert!(after[..before.len()] == before[..], "the records before the kill are kept, in order");
    assert!(after.len() > before.len(), "the rerun counted the rest");
    // Run again: nothing left to count, the same answer.
    assert_eq!(stdout_of(&args).trim(), A000170[17].to_string());
    assert_eq!(records(&path).len(), after.len());
    std::fs::remove_file(&path).unwrap();
}

/// `--plan` says how the count keeps within its memory (the pieces, the
/// passes, the bytes), counts on one thread (the count it prints is
/// OEIS's) and predicts a speed-up for each thread count, 1× for one
/// thread, within 80 columns.
#[test]
fn the_plan_predicts_every_thread_count() {
    let text = stdout_of(&["count", "13", "--plan"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "n = 13 within 8.00G: whole starts, 16 passes", "{text}");
    assert!(lines[1].starts_with("the quarter table built once; "), "{text}");
    assert!(lines[2].starts_with("at most ") && lines[2].contains("views"), "{text}");
    let lines = &lines[3..];
    assert!(lines[0].contains(&format!("count {}", A000170[13])), "{text}");
    assert_eq!(lines.len(), 2 + 7, "{text}");
    let threads: Vec<&str> = lines[2..].iter().map(|line| line.split_whitespace().next().unwrap()).collect();
    assert_eq!(threads, ["1", "2", "4", "8", "16", "32", "64"]);
    assert!(lines[2].contains("1.00×*"), "{text}");
    assert!(text.lines().all(|line| line.chars().count() <= 80), "{text}");
    // In pieces, it says how many, and the passes.
    let text = stdout_of(&["count", "16", "--plan", "--memory", "4M"]);
    let first = text.lines().next().unwrap();
    assert!(first.contains("pieces a start") && first.ends_with(" passes"), "{text}");
    refused(&["count", "13", "--plan", "--approach", "bitmask"], &["--plan", "quarters"]);
}

/// `queens sum` with `args`, `input` on stdin.
fn sum_of(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("sum")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("queens sum runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// `sum` refuses a part cut short (a last line without its newline), a
/// total that is not OEIS's, and a line no part writes; it says when the
/// total is OEIS's; a read error is the input's, not the output's.
#[test]
fn sum_refuses_what_it_cannot_trust() {
    let parts: String = (1..=3).map(|index| stdout_of(&["count", "10", "--part", &format!("{index}/3")])).collect();
    let whole = sum_of(&[], &parts);
    assert!(whole.status.success());
    assert_eq!(String::from_utf8_lossy(&whole.stdout).trim(), A000170[10].to_string());
    assert!(String::from_utf8_lossy(&whole.stderr).contains("as OEIS A000170 gives"));
    refused_with(&sum_of(&[], parts.trim_end()), &["stdin", "line 3", "newline"]);
    // A count changed by hand, its check left as it was, is not a part's
    // line; with its check made anew, the total is not OEIS's.
    let first = parts.lines().next().unwrap();
    let (fields, _) = first.rsplit_once(" check=").unwrap();
    let (head, count) = fields.rsplit_once('=').unwrap();
    let wrong = format!("{head}={}", count.parse::<u64>().unwrap() + 1000);
    let unchecked = parts.replacen(fields, &wrong, 1);
    refused_with(&sum_of(&[], &unchecked), &["line 1", "check", "count that part again"]);
    let changed = parts.replacen(first, part_line(&wrong).trim_end(), 1);
    refused_with(&sum_of(&[], &changed), &["add up to", &A000170[10].to_string(), "OEIS"]);
    let path = scratch("sum-part");
    std::fs::write(&path, parts.trim_end()).unwrap();
    refused_with(&sum_of(&[path.to_str().unwrap()], ""), &["line 3", "newline"]);
    std::fs::remove_file(&path).unwrap();
    refused_with(&sum_of(&["/dev/zero"], ""), &["/dev/zero", "line 1", "longer"]);
    // Past OEIS's table there is nothing to check against, and it says so.
    let unknown = sum_of(&[], &(part_line("n=28 part=1/2 count=5") + &part_line("n=28 part=2/2 count=6")));
    assert_eq!(String::from_utf8_lossy(&unknown.stdout), "11\n");
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no known count"));
    // stdin a directory: reading fails, exit 1, and the message says reading.
    let directory = std::fs::File::open(std::env::temp_dir()).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_queens")).arg("sum").stdin(directory).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: reading stdin"), "{output:?}");
}

/// A checkpoint record as the count writes it under `header`, with its
/// check: the CRC-32 of the header line, then of the fields.
fn record(header: &str, fields: &str) -> String {
    let mut check = crc32fast::Hasher::new();
    check.update(format!("{header}\n{fields}").as_bytes());
    format!("{fields} {:08x}\n", check.finalize())
}

/// A checkpoint whose record changed, or that gives a unit two counts,
/// or of the older format, is refused with its line; the file is left as
/// it was; the count from an intact one is OEIS's.
#[test]
fn a_checkpoint_that_cannot_be_trusted_is_refused() {
    let path = scratch("trust");
    let file = path.to_str().unwrap();
    assert_eq!(stdout_of(&["count", "12", "--checkpoint", file]).trim(), A000170[12].to_string());
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // One digit of one count changed: its check fails.
    let at = 1 + lines[1..].iter().position(|line| line.split(' ').nth(2).is_some_and(|count| count != "0")).unwrap();
    let fields: Vec<&str> = lines[at].split(' ').collect();
    let bumped = (fields[2].parse::<u64>().unwrap() + 1000).to_string();
    let changed = text.replacen(lines[at], &format!("{} {} {bumped} {}", fields[0], fields[1], fields[3]), 1);
    std::fs::write(&path, &changed).unwrap();
    refused(&["count", "12", "--checkpoint", file], &["damaged", &format!("line {}", at + 1)]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), changed, "a refused file is left as it was");
    // The same unit again, with another count and a right check.
    let twice = format!("{text}{}", record(lines[0], &format!("{} {} {bumped}", fields[0], fields[1])));
    std::fs::write(&path, &twice).unwrap();
    refused(&["count", "12", "--checkpoint", file], &[&format!("lines {} and {}", at + 1, lines.len() + 1)]);
    // The older format, without checks.
    let old = "queens checkpoint: quarters n=12 part=1/1 n_queens_ii=0.1.0\n0 5 40\n";
    std::fs::write(&path, old).unwrap();
    refused(&["count", "12", "--checkpoint", file], &["older format"]);
    // The intact file again: nothing left to count, OEIS's answer.
    std::fs::write(&path, &text).unwrap();
    assert_eq!(stdout_of(&["count", "12", "--checkpoint", file]).trim(), A000170[12].to_string());
    std::fs::remove_file(&path).unwrap();
}

/// A record forged with a valid check (its count changed, its check made
/// anew) cannot be told from an honest one by the file; the total then
/// disagrees with OEIS A000170, which is an error, not a count: exit code
/// 1, nothing on stdout, the message names the file and its records, and
/// the file is left as it was.
#[test]
fn a_forged_record_is_an_error_not_a_count() {
    let path = scratch("forged");
    let file = path.to_str().unwrap();
    assert_eq!(stdout_of(&["count", "14", "--checkpoint", file]).trim(), A000170[14].to_string());
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = 1 + lines[1..].iter().position(|line| line.split(' ').nth(2) != Some("0")).unwrap();
    let fields: Vec<&str> = lines[at].split(' ').collect();
    let forged_count = fields[2].parse::<u64>().unwrap() + 1000;
    let forged = record(lines[0], &format!("{} {} {forged_count}", fields[0], fields[1]));
    let forged_text = text.replacen(&format!("{}\n", lines[at]), &forged, 1);
    std::fs::write(&path, &forged_text).unwrap();
    let output = queens(&["count", "14", "--checkpoint", file]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty(), "printed a count: {}", String::from_utf8_lossy(&output.stdout));
    let wrong = (A000170[14] + 1000).to_string();
    for named in [&wrong[..], &A000170[14].to_string(), "OEIS A000170", file, &format!("{} units", lines.len() - 1)] {
        assert!(stderr.contains(named), "{named} not in: {stderr}");
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), forged_text, "the checkpoint is left as it was");
    std::fs::remove_file(&path).unwrap();
}

/// Parts run twice, on two machines, are checked against each other:
/// `sum` counts copies that agree once, and refuses copies that disagree,
/// naming both lines.
#[test]
fn sum_checks_parts_run_twice() {
    let parts: Vec<String> =
        (1..=3).map(|index| stdout_of(&["count", "12", "--part", &format!("{index}/3")])).collect();
    let (first, second) = (scratch("first-run"), scratch("second-run"));
    std::fs::write(&first, parts.concat()).unwrap();
    std::fs::write(&second, format!("{}{}", parts[2], parts[0])).unwrap();
    let both = sum_of(&[first.to_str().unwrap(), second.to_str().unwrap()], "");
    let stderr = String::from_utf8_lossy(&both.stderr);
    assert!(both.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&both.stdout).trim(), A000170[12].to_string());
    assert!(stderr.contains("2 more copies of parts agreed"), "{stderr}");
    // The second run's part 1 counted otherwise: refused, both lines named.
    let fields = parts[0].trim().rsplit_once(" check=").unwrap().0;
    let (head, count) = fields.rsplit_once('=').unwrap();
    let other = part_line(&format!("{head}={}", count.parse::<u64>().unwrap() + 1));
    std::fs::write(&second, format!("{}{other}", parts[2])).unwrap();
    let first_name = format!("{}: line 1", first.display());
    let second_name = format!("{}: line 2", second.display());
    refused_with(
        &sum_of(&[first.to_str().unwrap(), second.to_str().unwrap()], ""),
        &["part 1/3", "different counts", &first_name, &second_name],
    );
    std::fs::remove_file(&first).unwrap();
    std::fs::remove_file(&second).unwrap();
}

/// What is not a regular file is refused at once, never read: devices, a
/// FIFO (which would block), a directory, and stdout itself.
#[test]
#[cfg(target_os = "linux")]
fn a_checkpoint_must_be_a_regular_file() {
    let fifo = scratch("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let temp = std::env::temp_dir();
    for path in
        ["/dev/zero", "/dev/urandom", "/dev/full", "/dev/stdout", fifo.to_str().unwrap(), temp.to_str().unwrap()]
    {
        let output = queens_within_deadline(&["count", "12", "--checkpoint", path]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
        let own = path == "/dev/stdout" && stderr.contains("stdout or stderr");
        assert!(stderr.contains("regular file") || own, "{path}: {stderr}");
    }
    // stdout a file, named through /dev/stdout: its own output, refused.
    let out = scratch("out");
    let output = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["count", "12", "--checkpoint", "/dev/stdout"])
        .stdout(std::fs::File::create(&out).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("stdout or stderr"), "{output:?}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "");
    std::fs::remove_file(&out).unwrap();
    std::fs::remove_file(&fifo).unwrap();
}

/// The size a memory refusal suggests is accepted, and `--plan` keeps to
/// `--memory`: refused below the count's need, and on one thread's worth
/// every thread count is predicted at 1×.
#[test]
fn the_memory_a_refusal_names_is_accepted() {
    for (n, limit) in [(13u32, "1K"), (16, "1M"), (16, "2M"), (17, "2M")] {
        let message = refused(&["count", &n.to_string(), "--memory", limit], &["--memory"]);
        let suggested = message.rsplit("--memory ").next().unwrap().split_whitespace().next().unwrap().to_string();
        assert_eq!(
            stdout_of(&["count", &n.to_string(), "--memory", &suggested]).trim(),
            A000170[n as usize].to_string()
        );
    }
    let message = refused(&["count", "13", "--plan", "--memory", "1"], &["n = 13", "--memory"]);
    let needed = message.split("need ").nth(1).unwrap().split(' ').next().unwrap().to_string();
    let text = stdout_of(&["count", "13", "--plan", "--memory", &needed]);
    assert!(text.contains(&format!("count {}", A000170[13])), "{text}");
    assert!(text.lines().skip(5).all(|line| line.contains(" 1.00×")), "{text}");
    for (n, count) in A000170.iter().enumerate().take(4) {
        let text = stdout_of(&["count", &n.to_string(), "--plan"]);
        assert!(!text.contains("NaN") && text.contains(&format!("count {count}")), "{text}");
    }
}

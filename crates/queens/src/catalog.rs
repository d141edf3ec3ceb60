//! `queens list` and `queens paste`: what the approaches are, and the text
//! of each that the judge accepts.

use std::io::Write;

use n_queens::{BoardSource, BoardsError};
use n_queens_count::counting::CountError;
use n_queens_steps::judge::judge_text;

use crate::common::{Failure, Outcome, Problem, RUN, WIDTH, problem_parser};

/// Arguments of `queens paste`.
#[derive(Debug, clap::Args)]
pub struct PasteArgs {
    /// The problem: 51 (every board) or 52 (the count).
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The approach, as `queens list` names it.
    pub name: String,
}

/// `queens paste 51|52 NAME`: exactly the text the judge-paste tests compile
/// (`n_queens_steps::judge::judge_text` cuts it), and nothing else on
/// stdout, so that it pipes straight into a clipboard tool.
pub fn paste(args: &PasteArgs, out: &mut impl Write) -> Outcome {
    // The name, whether the file pastes, its source, and the approaches that do.
    let found = match args.problem {
        Problem::NQueens => BoardSource::named(&args.name).ok().map(|source| match source {
            BoardSource::Approach(approach) => (approach.name, approach.judge_ready, approach.source),
            BoardSource::Extra(extra) => (extra.name, false, extra.source),
        }),
        Problem::NQueensII => {
            n_queens_count::approach(&args.name).map(|approach| (approach.name, approach.judge_ready, approach.source))
        }
    };
    let Some((name, judge_ready, source)) = found else { return Err(unknown(args.problem, &args.name)) };
    let not_ready = || {
        Failure::usage(format!(
            "{name} is not judge-ready (it goes beyond what the judge accepts); \
             the judge-ready approaches of {} are: {}",
            args.problem.number(),
            judge_ready_names(args.problem).join(", ")
        ))
    };
    let text = judge_text(source).filter(|_| judge_ready).ok_or_else(not_ready)?;
    writeln!(out, "{text}")?;
    Ok(())
}

/// The judge-ready approaches of `problem`, in chain order.
fn judge_ready_names(problem: Problem) -> Vec<&'static str> {
    match problem {
        Problem::NQueens => n_queens::APPROACHES.iter().filter(|a| a.judge_ready).map(|a| a.name).collect(),
        Problem::NQueensII => n_queens_count::APPROACHES.iter().filter(|a| a.judge_ready).map(|a| a.name).collect(),
    }
}

/// `name` is not an approach of `problem`: the message says whether the
/// other problem has it, and what this one has.
fn unknown(problem: Problem, name: &str) -> Failure {
    let other = Problem::ALL.into_iter().find(|&other| other != problem).expect("two problems");
    let other_has = match other {
        Problem::NQueens => BoardSource::named(name).is_ok(),
        Problem::NQueensII => n_queens_count::approach(name).is_some(),
    };
    let known = judge_ready_names(problem).join(", ");
    if other_has {
        let there = if judge_ready_names(other).contains(&name) {
            format!("try `{RUN} paste {} {name}`", other.number())
        } else {
            "not judge-ready there either".to_string()
        };
        return Failure::usage(format!(
            "`{name}` is an approach of {other}, not {problem} ({there}); \
             the judge-ready approaches of {problem}: {known}"
        ));
    }
    let message = match problem {
        Problem::NQueens => BoardsError::UnknownSource { name: name.to_string() }.to_string(),
        Problem::NQueensII => CountError::UnknownApproach { name: name.to_string() }.to_string(),
    };
    Failure::usage(format!("{message} (of {problem})"))
}

/// `queens list`: every approach of both problems in chain order, whether it
/// pastes into the judge (and for LeetCode 52 its range, and whether it
/// counts unique boards and uses threads), its idea on the line below; then
/// LeetCode 51's modules beyond the judge, which `queens boards --approach`
/// also takes. Every line fits [`WIDTH`] columns.
pub fn list(out: &mut impl Write) -> Outcome {
    writeln!(out, "LeetCode 51, N-Queens: every board   (boards N --approach NAME)")?;
    for approach in n_queens::APPROACHES {
        let ready = if approach.judge_ready { "judge-ready" } else { "not judge-ready" };
        write_entry(out, &format!("{} {:<14} {ready}", number(approach.name), approach.name), approach.idea)?;
    }
    writeln!(out, "  beyond the judge (own signatures, not judge-ready):")?;
    for extra in n_queens::EXTRAS {
        write_entry(out, &format!("    {}", extra.name), extra.idea)?;
    }
    writeln!(out)?;
    writeln!(out, "LeetCode 52, N-Queens II: the count   (count N --approach NAME)")?;
    for approach in n_queens_count::APPROACHES {
        let ready = if approach.judge_ready { "judge-ready" } else { "not judge-ready" };
        let mut notes = format!("n <= {}", approach.max_n);
        if approach.units.is_some() {
            // Its tables may refuse an n before that.
            notes.push_str(" as memory allows");
        }
        if approach.counts_unique {
            notes.push_str(", --unique");
        }
        if approach.threads {
            notes.push_str(", --threads");
        }
        let head = format!("{} {:<14} {ready:<16} {notes}", number(approach.name), approach.name);
        write_entry(out, &head, approach.idea)?;
    }
    writeln!(out)?;
    writeln!(out, "{RUN} paste 51|52 NAME prints a judge-ready approach.")?;
    writeln!(out, "{RUN} diff 51|52 STEP shows what a step changes in the code.")?;
    Ok(())
}

/// An approach's number on the ladder, as the chain's manifest gives it
/// (`" 4."`), or blanks for one past the judge's chain.
fn number(name: &str) -> String {
    match n_queens_steps::chain::step(name).and_then(|step| step.number) {
        Some(number) => format!("{number:>2}."),
        None => "   ".to_string(),
    }
}

/// How far an idea is indented under its entry.
const IDEA_INDENT: usize = 8;

/// One entry of `queens list`: its line, then its idea below, wrapped to
/// [`WIDTH`].
fn write_entry(out: &mut impl Write, head: &str, idea: &str) -> std::io::Result<()> {
    writeln!(out, "  {head}")?;
    let indent = " ".repeat(IDEA_INDENT);
    for line in textwrap::wrap(idea, crate::common::wrapping(WIDTH).initial_indent(&indent).subsequent_indent(&indent))
    {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

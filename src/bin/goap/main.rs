//! `goap`: the command-line tool for designers and CI (the README's "The `goap`
//! command" section).
//!
//! Arguments are parsed by hand: the binary adds no dependency to the library.

/// `print!` to stdout through [`write_stdout`]: a closed stdout ends the command quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` through [`write_stdout`].
macro_rules! outln {
    () => {
        $crate::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod demo;
mod explain;
mod plan;
mod replay;
mod studio;

use std::io::Write;
use std::process::ExitCode;

use goap::{Direction, Heuristic};

/// Exit code for invalid input or usage.
const EXIT_INVALID: u8 = 2;

const USAGE: &str = "\
goap — Goal-Oriented Action Planning

usage:
  goap plan FILE [--max-nodes N] [--heuristic H] [--direction D] [--slice N]
        plan from the file's \"start\" to its \"goal\"; prints one JSON object:
        {\"status\": \"found\"|\"no_plan\"|\"limit\", \"plan\": [...], \"cost\": ...,
         \"expanded\": ..., \"generated\": ..., \"micros\": ..., \"heuristic\": ...,
         \"direction\": \"forward\"|\"backward\" (the one that ran)}
        exit 0 found, 1 no plan, 3 node limit reached, 2 invalid input or usage
        --max-nodes N   stop after storing N search nodes (default 1000000)
        --heuristic H   auto (default), lmcut, landmarks, hmax or blind (all optimal)
        --direction D   auto (default), forward or backward (regression; domains
                        with integer variables are searched forward)
        --slice N       search in slices of at most N expanded nodes, resuming
                        between them (as a game spreads a search over frames); adds
                        \"slices\": k; plan, cost and counts equal the unsliced run
  goap validate FILE   (or: goap lint FILE)
        check a domain file; warns (on stderr) about conditions nothing can meet
        and variables nothing uses
        exit 0 valid, 2 invalid
  goap explain FILE [--goal NAME] [--max-nodes N] [--max-depth N] [--dot | --json]
        explain why the file's \"goal\" and each \"goals\" entry has a plan or not: the
        conditions nothing can make true, the actions that could and what they lack,
        and the closest reachable state; prints English text
        exit 0 all found, 1 some goal has no plan, 3 node limit reached, 2 invalid
        --goal NAME     only the \"goals\" entry NAME (the name \"goal\" is not special)
        --max-nodes N   the planner's node limit (default 1000000); with --dot, the
                        states the drawn search expands (default 200)
        --max-depth N   levels of \"needs\" the report expands (default 3)
        --dot           print a Graphviz graph of the search instead (one goal: the
                        file's \"goal\", else the --goal entry); exit 0 when written
        --json          print one JSON object {\"file\": ..., \"goals\": [...]} instead
  goap studio FILE -o PAGE.html
        write one self-contained HTML page (no network needed) to look at a domain
        file (its action graph, warnings, each goal's plan or why there is none, the
        searches) or a recording (FILE starts with the recording magic: each agent's
        timeline, replans and their searches); prints the page's path
        exit 0 written, 2 invalid input or usage
  goap demo [--kitchen] [--record FILE] [--studio PAGE]
        a village of four NPCs as a timeline: goals with changing priorities,
        a failed action, a goal without a plan, batch planning (deterministic);
        the run is recorded, replayed (checked) and shown as a studio page,
        written to PAGE (default target/goap-demo.html, or goap-demo.html in
        the system's temporary folder when there is no target folder here)
        --record FILE  also write the flight recording of the run to FILE
        --studio PAGE  write the studio page to PAGE
        --kitchen   instead plan the kitchen scenario and explain what the planner
                    did, with planning times
  goap replay FILE [--json]
        replay a flight recording in a new world and check every decision
        exit 0 all matched, 1 at the first divergence (printed: which agent, which
        step, expected and got), 2 invalid file or usage
        --json      print one JSON object: {\"status\": \"ok\"|\"diverged\"|\"invalid\",
                    \"records\", \"agents\", \"steps\", \"replans\", \"batches\",
                    \"window\", \"divergence\": {...}, \"error\": ...}
  goap help | --help | -h
  goap --version
";

/// A failed command: the message for stderr and the exit code.
pub struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// Invalid input or usage (exit 2).
    pub fn invalid(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: EXIT_INVALID,
        }
    }
}

/// Writes to stdout. When the reader has gone (`goap demo | head`), the command ends at
/// once, quietly, with status 0: there is nobody left to tell. Any other write error ends it
/// with a message and status 2.
pub fn write_stdout(args: std::fmt::Arguments<'_>) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("goap: cannot write to stdout: {e}");
        std::process::exit(i32::from(EXIT_INVALID));
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("{}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// Runs the command line `args` (without the program name); returns the exit code.
fn run(args: &[String]) -> Result<u8, Failure> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Failure::invalid(USAGE.trim_end()));
    };
    match command.as_str() {
        "plan" => plan::plan(parse_plan_args(rest)?),
        "explain" => explain::explain(explain::parse_args(rest)?),
        // `lint` is the same check; its warnings are the point.
        "validate" | "lint" => plan::validate(&single_file(command, rest)?),
        "studio" => studio::studio(studio::parse_args(rest)?),
        "demo" => demo::run(rest),
        "replay" => replay::replay(rest),
        "help" | "--help" | "-h" => {
            no_more_args(command, rest)?;
            out!("{USAGE}");
            Ok(0)
        }
        "--version" | "-V" => {
            no_more_args(command, rest)?;
            outln!("goap {}", env!("CARGO_PKG_VERSION"));
            Ok(0)
        }
        other => Err(usage_error(format!("unknown command \"{other}\""))),
    }
}

fn usage_error(message: String) -> Failure {
    Failure::invalid(format!("goap: {message}\n(run `goap --help` for usage)"))
}

fn no_more_args(command: &str, rest: &[String]) -> Result<(), Failure> {
    match rest.first() {
        None => Ok(()),
        Some(a) => Err(usage_error(format!(
            "unexpected argument \"{a}\" after `{command}`"
        ))),
    }
}

fn single_file(command: &str, rest: &[String]) -> Result<String, Failure> {
    match rest {
        [file] if !file.starts_with('-') => Ok(file.clone()),
        [flag] => Err(usage_error(format!(
            "unknown option \"{flag}\" for `{command}`"
        ))),
        [] => Err(usage_error(format!("`{command}` needs a FILE"))),
        [_, extra, ..] => Err(usage_error(format!("unexpected argument \"{extra}\""))),
    }
}

/// What `goap plan` was asked to do.
pub struct PlanArgs {
    /// The domain file.
    pub file: String,
    /// The node limit.
    pub max_nodes: u32,
    /// The heuristic.
    pub heuristic: Heuristic,
    /// The search direction.
    pub direction: Direction,
    /// `--slice N`: expanded nodes per slice.
    pub slice: Option<u64>,
}

fn parse_plan_args(rest: &[String]) -> Result<PlanArgs, Failure> {
    let mut max_nodes = goap::PlanOptions::DEFAULT_MAX_NODES;
    let mut heuristic = Heuristic::Auto;
    let mut direction = Direction::Auto;
    let mut slice = None;
    let file = parse_command_line("plan", rest, |flag| {
        match flag.name {
            "--max-nodes" => max_nodes = max_nodes_value(&flag.value()?)?,
            "--slice" => {
                let v = flag.value()?;
                slice = Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    usage_error(format!(
                        "--slice expects a whole number of nodes from 1 to {}, not \"{v}\"",
                        u64::MAX
                    ))
                })?);
            }
            "--heuristic" => {
                let v = flag.value()?;
                heuristic = parse_heuristic(&v).ok_or_else(|| {
                    usage_error(format!(
                        "--heuristic expects auto, lmcut, landmarks, hmax or blind, not \"{v}\""
                    ))
                })?;
            }
            "--direction" => {
                let v = flag.value()?;
                direction = match v.as_str() {
                    "auto" => Direction::Auto,
                    "forward" => Direction::Forward,
                    "backward" => Direction::Backward,
                    _ => {
                        return Err(usage_error(format!(
                            "--direction expects auto, forward or backward, not \"{v}\""
                        )))
                    }
                };
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    let file = file.ok_or_else(|| usage_error("`plan` needs a FILE".into()))?;
    Ok(PlanArgs {
        file,
        max_nodes,
        heuristic,
        direction,
        slice,
    })
}

/// One option on a command line, given as `--flag VALUE` or `--flag=VALUE`.
pub struct Flag<'a, 'i> {
    /// The flag, without any `=VALUE`.
    pub name: &'a str,
    inline: Option<&'a str>,
    rest: &'i mut std::slice::Iter<'a, String>,
}

impl Flag<'_, '_> {
    /// The flag's value: the text after `=`, else the next argument (which it consumes).
    pub fn value(&mut self) -> Result<String, Failure> {
        match self.inline {
            Some(v) => Ok(v.to_owned()),
            None => self
                .rest
                .next()
                .cloned()
                .ok_or_else(|| usage_error(format!("{} needs a value", self.name))),
        }
    }

    /// Refuses `--flag=VALUE` for a flag that takes no value.
    pub fn no_value(&self) -> Result<(), Failure> {
        match self.inline {
            Some(_) => Err(usage_error(format!("{} takes no value", self.name))),
            None => Ok(()),
        }
    }
}

/// Reads `rest`, the arguments of `command`: at most one FILE, and options, each handed
/// to `on_flag`, which returns whether `command` has that option. Returns the FILE, if
/// one was given; an unknown option or a second FILE is a usage error.
pub fn parse_command_line<'a>(
    command: &str,
    rest: &'a [String],
    mut on_flag: impl FnMut(&mut Flag<'a, '_>) -> Result<bool, Failure>,
) -> Result<Option<String>, Failure> {
    let mut file = None;
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg.as_str(), None),
        };
        if name.starts_with('-') {
            let mut flag = Flag {
                name,
                inline,
                rest: &mut args,
            };
            if !on_flag(&mut flag)? {
                return Err(usage_error(format!(
                    "unknown option \"{name}\" for `{command}`"
                )));
            }
        } else if file.is_some() {
            return Err(usage_error(format!("unexpected argument \"{arg}\"")));
        } else {
            file = Some(arg.clone());
        }
    }
    Ok(file)
}

/// The value of `--max-nodes`.
fn max_nodes_value(v: &str) -> Result<u32, Failure> {
    v.parse().map_err(|_| {
        usage_error(format!(
            "--max-nodes expects a whole number from 0 to {}, not \"{v}\"",
            u32::MAX
        ))
    })
}

fn parse_heuristic(name: &str) -> Option<Heuristic> {
    Some(match name {
        "auto" => Heuristic::Auto,
        "lmcut" => Heuristic::LmCut,
        "landmarks" => Heuristic::Landmarks,
        "hmax" => Heuristic::HMax,
        "blind" => Heuristic::Blind,
        _ => return None,
    })
}

/// The command-line name of a heuristic (inverse of `parse_heuristic`).
pub fn heuristic_name(h: Heuristic) -> &'static str {
    match h {
        Heuristic::Auto => "auto",
        Heuristic::LmCut => "lmcut",
        Heuristic::Landmarks => "landmarks",
        Heuristic::HMax => "hmax",
        Heuristic::Blind => "blind",
    }
}

//! `goap studio FILE -o PAGE.html`: the studio page of a domain file or a recording.

use std::path::Path;

use goap::format::load_domain_file;

use crate::{parse_command_line, usage_error, Failure};

/// What `goap studio` was asked to do.
pub struct StudioArgs {
    file: String,
    output: String,
}

/// Parses `FILE -o PAGE.html` (`-o`, `--output`, `--output=PAGE.html`).
pub fn parse_args(rest: &[String]) -> Result<StudioArgs, Failure> {
    let mut output = None;
    let file = parse_command_line("studio", rest, |flag| {
        match flag.name {
            "-o" | "--output" => output = Some(flag.value()?),
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    let file = file.ok_or_else(|| usage_error("`studio` needs a FILE".into()))?;
    let output = output.ok_or_else(|| {
        usage_error("`studio` needs -o PAGE.html (where to write the page)".into())
    })?;
    Ok(StudioArgs { file, output })
}

/// `goap studio`: writes the page and prints its path.
pub fn studio(args: StudioArgs) -> Result<u8, Failure> {
    let bytes = std::fs::read(&args.file)
        .map_err(|e| Failure::invalid(format!("{}: cannot read: {e}", args.file)))?;
    let title = Path::new(&args.file)
        .file_name()
        .map_or_else(|| args.file.clone(), |n| n.to_string_lossy().into_owned());
    let page = if bytes.starts_with(goap::record::MAGIC) {
        let timeline = goap::record::timeline(&bytes)
            .map_err(|e| Failure::invalid(format!("{}: {e}", args.file)))?;
        goap::studio::recording_page(&title, &timeline)
    } else {
        // Read again by the loader, whose errors name the file, line and column as the
        // other commands' do.
        let file =
            load_domain_file(Path::new(&args.file)).map_err(|e| Failure::invalid(e.to_string()))?;
        goap::studio::domain_page(&title, &file)
    };
    std::fs::write(&args.output, page)
        .map_err(|e| Failure::invalid(format!("{}: cannot write: {e}", args.output)))?;
    outln!("{}", args.output);
    Ok(0)
}

//! The encoding of the project's Java sources: reading a file in it, and writing a copy in it.
//!
//! A project names its encoding as javac does (`--encoding`, `encoding` in dsd.toml, Maven's
//! `project.build.sourceEncoding`, Gradle's `options.encoding`): a Java charset name
//! (`ISO-8859-1`, `Cp1252`, `UTF8`) or an alias the WHATWG encoding standard lists (`latin1`,
//! `windows-1252`, `shift_jis`). Files are decoded to text once, by the parse stage and by
//! the stages that read a source again; javac gets the name as given. Without a name, the
//! sources are UTF-8, with or without a byte order mark.

use encoding_rs::{Encoding, UTF_8};
use std::borrow::Cow;
use std::path::Path;

/// The encoding a Java or WHATWG name means, or why there is none by that name.
pub fn by_name(name: &str) -> Result<&'static Encoding, String> {
    let lower = name.trim().to_ascii_lowercase();
    let label = match lower.as_str() {
        // Java's names for the Windows code pages and Shift_JIS, which WHATWG spells otherwise.
        l if l.starts_with("cp12") => format!("windows-{}", &l[2..]),
        "ms932" | "windows-31j" => "shift_jis".to_string(),
        l => l.replace('_', "-"),
    };
    Encoding::for_label(label.as_bytes()).ok_or_else(|| {
        format!(
            "unknown encoding `{name}`: give the sources' encoding as javac names it, such as \
             UTF-8, ISO-8859-1 or windows-1252"
        )
    })
}

/// Why a source file has no text: the line to point at and a one-line reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The line of the first byte the encoding does not allow; 1 when the file could not
    /// be read at all.
    pub line: u32,
    /// What went wrong and what to do: `not valid UTF-8 (byte 0xE9 on line 2); give the
    /// sources' encoding with --encoding (ISO-8859-1, windows-1252, ...)`.
    pub reason: String,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// The text of the source file `path` in the encoding `name` (UTF-8 when `None`), or why it
/// cannot be read: a one-line reason that names the first byte the encoding does not allow,
/// at its line.
pub fn read_source(path: &Path, name: Option<&str>) -> Result<String, Unreadable> {
    let bytes = std::fs::read(path).map_err(|e| Unreadable {
        line: 1,
        reason: format!("cannot read the file: {e}"),
    })?;
    decode(&bytes, name)
}

/// `bytes` decoded in the encoding `name` (UTF-8 when `None`, a byte order mark dropped).
pub fn decode(bytes: &[u8], name: Option<&str>) -> Result<String, Unreadable> {
    let encoding = name
        .map_or(Ok(UTF_8), by_name)
        .map_err(|reason| Unreadable { line: 1, reason })?;
    let bytes = match encoding == UTF_8 {
        true => bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes),
        false => bytes,
    };
    match encoding.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) => Ok(text.into_owned()),
        None => {
            let at = first_malformed(encoding, bytes);
            let newlines = bytes[..at].iter().filter(|&&b| b == b'\n').count();
            let line = u32::try_from(newlines).unwrap_or(u32::MAX - 1) + 1;
            let hint = match name {
                None => {
                    "give the sources' encoding with --encoding (ISO-8859-1, windows-1252, ...)"
                }
                Some(_) => "check the encoding given with --encoding",
            };
            Err(Unreadable {
                line,
                reason: format!(
                    "not valid {} (byte 0x{:02X} on line {line}); {hint}",
                    encoding.name(),
                    bytes.get(at).copied().unwrap_or(0)
                ),
            })
        }
    }
}

/// `text` in the encoding `name` (UTF-8 when `None`), for a copy of a source that javac
/// reads with the same `-encoding` as the original.
pub fn encode(text: &str, name: Option<&str>) -> Vec<u8> {
    let encoding = name.and_then(|n| by_name(n).ok()).unwrap_or(UTF_8);
    let (bytes, _, _) = encoding.encode(text);
    match bytes {
        Cow::Borrowed(b) => b.to_vec(),
        Cow::Owned(b) => b,
    }
}

/// The offset of the first byte that `encoding` cannot decode in `bytes`.
fn first_malformed(encoding: &'static Encoding, bytes: &[u8]) -> usize {
    if encoding == UTF_8 {
        return std::str::from_utf8(bytes)
            .err()
            .map_or(0, |e| e.valid_up_to());
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(bytes.len() * 3 + 16);
    let (_, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    read.saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_and_whatwg_names_mean_their_encodings() {
        for (name, meant) in [
            ("UTF-8", "UTF-8"),
            ("utf8", "UTF-8"),
            ("ISO-8859-1", "windows-1252"),
            ("ISO8859_1", "windows-1252"),
            ("latin1", "windows-1252"),
            ("Cp1252", "windows-1252"),
            ("windows-1250", "windows-1250"),
            ("Shift_JIS", "Shift_JIS"),
            ("MS932", "Shift_JIS"),
        ] {
            assert_eq!(by_name(name).map(|e| e.name()), Ok(meant), "{name}");
        }
        let unknown = by_name("EBCDIC-XYZ").unwrap_err();
        assert!(
            unknown.contains("unknown encoding `EBCDIC-XYZ`"),
            "{unknown}"
        );
    }

    #[test]
    fn a_latin1_file_reads_in_its_encoding_and_is_named_in_utf8() {
        let bytes = b"class A {\n  String s = \"caf\xE9\";\n}\n";
        let text = decode(bytes, Some("ISO-8859-1")).unwrap();
        assert!(text.contains("caf\u{e9}"));
        let error = decode(bytes, None).unwrap_err();
        assert_eq!(error.line, 2);
        assert!(
            error
                .reason
                .starts_with("not valid UTF-8 (byte 0xE9 on line 2)"),
            "{error}"
        );
        assert_eq!(encode(&text, Some("ISO-8859-1")), bytes.to_vec());
    }

    #[test]
    fn a_byte_order_mark_is_not_text() {
        assert_eq!(
            decode(b"\xEF\xBB\xBFclass A {}", None).unwrap(),
            "class A {}"
        );
    }
}

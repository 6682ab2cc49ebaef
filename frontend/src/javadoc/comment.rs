//! A Javadoc comment's text as a reader sees it: the main description and the block tags,
//! each with the line it starts on, inline tags and HTML reduced to plain text.

/// One block tag (`@param s the text`, `@throws IOException if …`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockTag {
    /// The tag's name without `@`: `param`, `return`, `throws`, `exception`, `deprecated`.
    pub name: String,
    /// The first word after the name for the tags that take one (`param`, `throws`,
    /// `exception`): the parameter or the exception as written; empty otherwise.
    pub arg: String,
    /// The rest, as plain text.
    pub text: String,
    /// The line the tag starts on.
    pub line: u32,
}

/// A doc comment read into its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The main description, as plain text.
    pub main: String,
    /// The line the comment starts on.
    pub line: u32,
    /// The block tags in order.
    pub tags: Vec<BlockTag>,
}

/// Marks the place of `{@inheritDoc}` in plain text, replaced by the inherited text.
pub const INHERIT_MARK: &str = "{@inheritDoc}";

/// The block tags whose first word is an argument.
const TAGS_WITH_ARG: &[&str] = &["param", "throws", "exception"];

/// Reads the text of a comment `/** … */` that starts on `line`; `None` when it is not a
/// doc comment.
pub fn read(text: &str, line: u32) -> Option<Comment> {
    let body = text.strip_prefix("/**")?.strip_suffix("*/")?;
    if body.chars().all(|c| c == '*') {
        return None;
    }
    let mut main: Vec<&str> = Vec::new();
    let mut tags: Vec<(String, u32)> = Vec::new();
    let mut in_pre = false;
    for (i, raw) in body.lines().enumerate() {
        let l = strip_margin(raw);
        let trimmed = l.trim_start();
        if trimmed.contains("<pre") {
            in_pre = true;
        }
        if !in_pre && trimmed.starts_with('@') && !trimmed.starts_with("@{") {
            tags.push((trimmed.to_string(), line + i as u32));
        } else if let Some((tag, _)) = tags.last_mut() {
            tag.push('\n');
            tag.push_str(l);
        } else {
            main.push(l);
        }
        if trimmed.contains("</pre") {
            in_pre = false;
        }
    }
    Some(Comment {
        main: plain(&main.join("\n")),
        line,
        tags: tags.iter().map(|(t, l)| block_tag(t, *l)).collect(),
    })
}

/// A comment line without its leading blanks and the `*` that continues the comment.
fn strip_margin(line: &str) -> &str {
    let t = line.trim_start();
    match t.strip_prefix('*') {
        Some(rest) if !rest.starts_with('/') => rest.strip_prefix(' ').unwrap_or(rest),
        _ => t,
    }
}

/// One block tag from its text, `@name arg rest…`.
fn block_tag(text: &str, line: u32) -> BlockTag {
    let text = text.trim_start_matches('@');
    let (name, rest) = split_word(text);
    let (arg, rest) = match TAGS_WITH_ARG.contains(&name) {
        true => split_word(rest),
        false => ("", rest),
    };
    BlockTag {
        name: name.to_string(),
        arg: arg.to_string(),
        text: plain(rest),
        line,
    }
}

/// The first whitespace-separated word and the rest.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    }
}

/// Javadoc text as plain text: inline tags replaced by what they show (`{@code x}` by `x`,
/// `{@link A#m(int) label}` by `label`, without a label by `A.m`), `{@inheritDoc}` kept as
/// [`INHERIT_MARK`], HTML tags dropped, entities decoded, white space collapsed.
pub fn plain(text: &str) -> String {
    let inline = inline_tags(text);
    let tagless = strip_html(&inline);
    let decoded = decode_entities(&tagless);
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Replaces every inline tag `{@name content}` by what it shows; braces nest.
fn inline_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{@") {
        out.push_str(&rest[..start]);
        let tag = &rest[start + 2..];
        let Some(end) = matching_brace(tag) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let (name, content) = split_word(&tag[..end]);
        out.push_str(&shown(name, content));
        rest = &tag[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The index of the `}` that closes a tag whose text (after `{@`) is `tag`.
fn matching_brace(tag: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in tag.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return Some(i),
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// What the inline tag `{@name content}` shows in the rendered page.
fn shown(name: &str, content: &str) -> String {
    match name {
        "inheritDoc" => INHERIT_MARK.to_string(),
        "link" | "linkplain" | "see" => {
            let (reference, label) = split_reference(content);
            match label.is_empty() {
                true => reference_text(reference),
                false => inline_tags(label),
            }
        }
        _ => inline_tags(content),
    }
}

/// A `{@link}`'s reference and label: the reference ends at the first blank outside the
/// parentheses of its parameter types (`A#m(int, int) label`).
fn split_reference(content: &str) -> (&str, &str) {
    let content = content.trim_start();
    let mut depth = 0usize;
    for (i, c) in content.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth == 0 => {
                return (&content[..i], content[i..].trim_start())
            }
            _ => {}
        }
    }
    (content, "")
}

/// A `{@link}` reference as a reader names it: `A#m(int)` is `A.m`, `#m` is `m`.
fn reference_text(reference: &str) -> String {
    let without_params = reference.split('(').next().unwrap_or(reference);
    match without_params.split_once('#') {
        Some(("", member)) => member.to_string(),
        Some((class, member)) => format!("{class}.{member}"),
        None => without_params.to_string(),
    }
}

/// Drops HTML tags (`<p>`, `</code>`, `<a href="…">`); a `<` that opens no tag stays.
fn strip_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let opens_tag =
            after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!');
        match (opens_tag, after.find('>')) {
            (true, Some(end)) => {
                out.push(' ');
                rest = &after[end + 1..];
            }
            _ => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Decodes the HTML entities Javadoc writers use.
fn decode_entities(text: &str) -> String {
    const ENTITIES: &[(&str, &str)] = &[
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#39;", "'"),
        ("&apos;", "'"),
        ("&nbsp;", " "),
        ("&#64;", "@"),
        ("&#47;", "/"),
        ("&amp;", "&"),
    ];
    ENTITIES
        .iter()
        .fold(text.to_string(), |t, (entity, c)| t.replace(entity, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{expect, Expect};

    #[track_caller]
    fn check(comment: &str, expect: Expect) {
        let c = read(comment, 10).expect("a doc comment");
        let mut out = format!("{}: {}\n", c.line, c.main);
        for t in &c.tags {
            out.push_str(&format!("{} @{} [{}] {}\n", t.line, t.name, t.arg, t.text));
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn main_description_and_block_tags_with_their_lines() {
        check(
            "/**
              * Sums {@code length} bytes of {@code data} from {@code offset}.
              *
              * @param data the bytes
              * @param offset the first byte
              *        to add
              * @return the sum
              * @throws ArrayIndexOutOfBoundsException if {@code offset} is negative,
              *         or {@code offset + length > data.length}
              */",
            expect![[r#"
                10: Sums length bytes of data from offset.
                13 @param [data] the bytes
                14 @param [offset] the first byte to add
                16 @return [] the sum
                17 @throws [ArrayIndexOutOfBoundsException] if offset is negative, or offset + length > data.length
            "#]],
        );
    }

    #[test]
    fn links_html_and_entities_read_as_rendered() {
        check(
            "/** <p>Like {@link String#substring(int, int)} but {@linkplain #mid safe}.</p>
              * Returns &lt;b&gt; when a &amp; b < c.
              * @exception java.lang.IndexOutOfBoundsException {@inheritDoc}
              * @deprecated use {@link Other} */",
            expect![[r#"
                10: Like String.substring but safe. Returns <b> when a & b < c.
                12 @exception [java.lang.IndexOutOfBoundsException] {@inheritDoc}
                13 @deprecated [] use Other
            "#]],
        );
    }

    #[test]
    fn an_at_sign_inside_pre_is_not_a_tag_and_plain_comments_are_not_doc_comments() {
        check(
            "/**
              * Use it so:
              * <pre>
              * @Override public int hashCode()
              * </pre>
              * @since 3.0
              */",
            expect![[r#"
                10: Use it so: @Override public int hashCode()
                15 @since [] 3.0
            "#]],
        );
        assert_eq!(read("/* not a doc comment */", 1), None);
        assert_eq!(read("/***/", 1), None);
    }
}

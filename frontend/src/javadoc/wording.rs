//! What a Javadoc sentence says about a parameter, read the way a Java developer reads the
//! JDK's own documentation: whether `null` is handled or forbidden, whether values outside
//! the usual range are given a meaning ("treated as zero", "results in no change",
//! "without an exception"), and the ranges the text requires ("must be positive").
//!
//! The rules are phrases common to libraries written to the JDK's conventions, never the
//! wording of one project. Each reads plain text ([`super::comment::plain`]).

use serde::{Deserialize, Serialize};

/// What a text says about `null` for one input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NullWord {
    /// Nothing.
    #[default]
    Silent,
    /// `null` is handled: "may be null", "null returns null", "null-safe".
    Allowed,
    /// `null` is forbidden: "must not be null", "non-null".
    Forbidden,
}

/// A range of an integral parameter the documentation requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Range {
    /// The least value allowed.
    pub min: Option<i64>,
    /// The greatest value allowed.
    pub max: Option<i64>,
}

/// The sentences of a text, split after `.`, `;`, `!` and `?` that end a word.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'.' | b';' | b'!' | b'?')
            && bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace());
        if ends {
            out.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The words of a text, lower case, split at anything but letters, digits and `_`.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_matches('-').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether any of `phrases` (each as [`has_phrase`] takes it) occurs in `ws`.
fn has_any_phrase(ws: &[String], phrases: &[&str]) -> bool {
    phrases.iter().any(|p| has_phrase(ws, p))
}

/// Whether `phrase` (words separated by single spaces, lower case) occurs in `ws`.
fn has_phrase(ws: &[String], phrase: &str) -> bool {
    let p: Vec<&str> = phrase.split(' ').collect();
    ws.windows(p.len())
        .any(|w| w.iter().zip(&p).all(|(a, b)| a == b))
}

/// Whether one of the words `any` occurs in `ws`.
fn has_word(ws: &[String], any: &[&str]) -> bool {
    ws.iter().any(|w| any.contains(&w.as_str()))
}

/// Words that deny what follows.
const NEGATIONS: &[&str] = &["not", "never", "non", "cannot", "can't", "mustn't", "no"];

/// Whether a sentence says `null` is forbidden.
fn forbids_null(ws: &[String]) -> bool {
    const PHRASES: &[&str] = &[
        "not be null",
        "not null",
        "non-null",
        "nonnull",
        "non null",
        "never be null",
        "never null",
        "cannot be null",
        "can't be null",
        "must be non-null",
        "not accept null",
        "does not permit null",
        "not permit null",
    ];
    PHRASES.iter().any(|p| has_phrase(ws, p))
}

/// Whether a sentence says a `null` input is handled: a modal "may be null", a verb of
/// handling after "null", "or null" closing a description, or an outcome for `null`
/// ("if … is null, … is returned").
fn allows_null(ws: &[String]) -> bool {
    if !ws.iter().any(|w| w.starts_with("null")) || forbids_null(ws) {
        return false;
    }
    const MODALS: &[&str] = &["may", "can", "could", "might"];
    let modal_null = ws
        .windows(3)
        .any(|w| MODALS.contains(&w[0].as_str()) && w[1] == "be" && w[2] == "null")
        || ws.windows(4).any(|w| {
            MODALS.contains(&w[0].as_str()) && w[1] == "be" && w[3] == "null" && w[2] != "not"
        });
    const HANDLED: &[&str] = &[
        "null-safe",
        "null safe",
        "null allowed",
        "null is allowed",
        "null permitted",
        "null is permitted",
        "null accepted",
        "null is accepted",
        "null returns",
        "null gives",
        "null is treated",
        "null treated",
        "null is ignored",
        "null ignored",
        "null means",
        "null input returns",
        "null handled",
        "null is handled",
        "null values are permitted",
        "null values are allowed",
        "or null",
    ];
    let handled = HANDLED.iter().any(|p| has_phrase(ws, p));
    let outcome = has_word(ws, &["if", "when", "for"])
        && has_word(
            ws,
            &[
                "return", "returns", "returned", "treated", "result", "results", "ignored",
            ],
        )
        && !has_word(ws, &["throw", "throws", "thrown", "exception"]);
    modal_null || handled || outcome
}

/// What the description of one parameter says about `null` for it.
pub fn param_nulls(text: &str) -> NullWord {
    let ws = words(text);
    if forbids_null(&ws) {
        NullWord::Forbidden
    } else if allows_null(&ws) {
        NullWord::Allowed
    } else {
        NullWord::Silent
    }
}

/// Whether `sentence` speaks of the input `name`, whose type `kind` describes
/// ([`type_words`]): by the parameter's name, by a word for its type ("a null String
/// input", "the array"), or of every input ("either of the two parameters").
pub fn mentions(sentence: &str, name: &str, kind: &[&str]) -> bool {
    const ANY_INPUT: &[&str] = &[
        "input",
        "inputs",
        "parameter",
        "parameters",
        "argument",
        "arguments",
    ];
    let ws = words(sentence);
    // "the input byte array was null" speaks of arrays only; "a null input" of any input.
    let typed = ws.iter().any(|w| TYPE_WORDS.contains(&w.as_str()));
    ws.iter().any(|w| *w == name.to_lowercase())
        || ws.iter().any(|w| kind.contains(&w.as_str()))
        || (!typed && ws.iter().any(|w| ANY_INPUT.contains(&w.as_str())))
}

/// The words [`type_words`] gives for any type.
const TYPE_WORDS: &[&str] = &[
    "string",
    "strings",
    "charsequence",
    "text",
    "array",
    "arrays",
    "collection",
    "list",
    "set",
    "iterable",
    "iterator",
    "map",
    "class",
    "object",
];

/// The words a sentence may use for a parameter of the type written `ty` (its erased simple
/// name, `[]` for arrays): `string`, `array`, …
pub fn type_words(ty: &str) -> Vec<&'static str> {
    let simple = ty.rsplit(['.', '$']).next().unwrap_or(ty);
    if simple.ends_with("[]") {
        return vec!["array", "arrays"];
    }
    match simple {
        "String" | "CharSequence" => vec!["string", "strings", "charsequence", "text"],
        "Collection" | "List" | "Set" | "Iterable" | "Iterator" => {
            vec!["collection", "list", "set", "iterable", "iterator"]
        }
        "Map" => vec!["map"],
        "Class" => vec!["class"],
        _ => vec!["object"],
    }
}

/// What the sentences of a method's main description or `@return` that speak of an input
/// say about `null` for it: handled when one gives an outcome for it ("If the String is
/// null, null will be returned").
pub fn described_nulls(text: &str, name: &str, kind: &[&str]) -> NullWord {
    let mut word = NullWord::Silent;
    for s in sentences(text) {
        let ws = words(s);
        // The input a sentence's `null` is about is named in a clause that says `null`:
        // "A new String decoded…, or null if the input byte array was null" is about the
        // array, not about a string.
        let about_it = s
            .split(',')
            .filter(|clause| words(clause).iter().any(|w| w == "null"))
            .any(|clause| mentions(clause, name, kind));
        if !ws.iter().any(|w| w == "null") || !about_it {
            continue;
        }
        if forbids_null(&ws) || has_word(&ws, &["throw", "throws", "thrown"]) {
            return NullWord::Forbidden;
        }
        if allows_null(&ws) {
            word = NullWord::Allowed;
        }
    }
    word
}

/// Whether a class's description promises that its methods handle `null` inputs ("handles
/// null input gracefully", "null-safe", "an exception will not be thrown for a null …
/// input"), and for which types of input: the type words of the sentence that says so,
/// empty for every reference input.
pub fn class_null_safety(text: &str) -> Option<Vec<&'static str>> {
    let mut safe_any = false;
    let mut kinds: Vec<&'static str> = Vec::new();
    for s in sentences(text) {
        let ws = words(s);
        if !ws.iter().any(|w| w == "null") {
            continue;
        }
        let safe = has_phrase(&ws, "null-safe")
            || has_phrase(&ws, "null safe")
            || (has_word(&ws, &["handle", "handles", "handled", "handling"])
                && has_word(&ws, &["input", "inputs"]))
            || has_word(&ws, &["gracefully", "quietly"])
            || (has_phrase(&ws, "not be thrown") && has_word(&ws, &["input", "inputs"]));
        if !safe {
            continue;
        }
        safe_any = true;
        // The kinds of input the class's sentences name, together: "handle null input
        // gracefully. An exception will not be thrown for a null array input" is about
        // arrays.
        for (said, meant) in [
            (
                &["string", "strings", "charsequence", "charsequences"][..],
                "string",
            ),
            (&["array", "arrays"][..], "array"),
            (&["collection", "collections"][..], "collection"),
            (&["map", "maps"][..], "map"),
        ] {
            if has_word(&ws, said) && !kinds.contains(&meant) {
                kinds.push(meant);
            }
        }
    }
    safe_any.then_some(kinds)
}

/// Whether a text says that `null` elements of an array or collection input are handled
/// ("null elements are ignored", "If any of these objects is null, a null element will be
/// inserted").
pub fn allows_null_elements(text: &str) -> bool {
    sentences(text).iter().any(|s| {
        let ws = words(s);
        let elements = has_any_phrase(
            &ws,
            &[
                "null element",
                "null elements",
                "null entries",
                "null entry",
                "null values",
            ],
        ) || (has_word(&ws, &["any", "each"]) && has_word(&ws, &["null"]));
        let handled = has_word(
            &ws,
            &[
                "ignored",
                "inserted",
                "treated",
                "allowed",
                "permitted",
                "handled",
                "skipped",
                "contain",
                "contains",
                "kept",
                "count",
                "counts",
            ],
        );
        elements
            && handled
            && !has_word(&ws, &["throw", "throws", "thrown", "exception"])
            && !has_word(&ws, NEGATIONS)
    })
}

/// Whether a text gives values outside the usual range of an index, offset or length a
/// meaning instead of forbidding them: "a negative start is treated as zero", "results in
/// no change", "is returned without an exception", "is promoted to", "is clamped".
pub fn promises_outside(text: &str) -> bool {
    sentences(text).iter().any(|s| {
        let ws = words(s);
        if has_word(&ws, &["must", "should"]) || has_phrase(&ws, "it is an error") {
            return false;
        }
        let direct = has_any_phrase(
            &ws,
            &[
                "without an exception",
                "without exception",
                "without throwing",
                "no exception",
                "promoted to",
                "treated as",
                "no change",
            ],
        ) || has_word(
            &ws,
            &[
                "clamp",
                "clamped",
                "clamps",
                "truncated",
                "overvalue",
                "undervalue",
            ],
        );
        let outside = has_word(
            &ws,
            &[
                "negative", "greater", "larger", "bigger", "less", "smaller", "exceeds", "exceed",
                "beyond", "past", "outside", "over", "under", "longer",
            ],
        ) || has_phrase(&ws, "out of range")
            || has_phrase(&ws, "out of bounds");
        let outcome = has_word(
            &ws,
            &[
                "treated", "returned", "returns", "return", "ignored", "used", "means", "results",
                "result", "counts", "promoted", "empty", "adjusted", "capped", "limited", "cut",
            ],
        );
        direct || (outside && outcome)
    })
}

/// The range an integral parameter's description requires: "must be positive" (at least
/// 1), "must not be negative" or "non-negative" (at least 0), "must be at least N",
/// "must be between A and B".
pub fn required_range(text: &str) -> Option<Range> {
    let ws = words(text);
    let required = has_word(&ws, &["must", "should", "required"])
        || has_any_phrase(&ws, &["non-negative", "a positive", "strictly positive"]);
    if !required || promises_outside(text) {
        return None;
    }
    let at_least = |min| {
        Some(Range {
            min: Some(min),
            max: None,
        })
    };
    if has_any_phrase(
        &ws,
        &[
            "not be negative",
            "non-negative",
            "zero or positive",
            "zero or greater",
            "be positive or zero",
        ],
    ) {
        return at_least(0);
    }
    if has_any_phrase(
        &ws,
        &[
            "be positive",
            "a positive",
            "strictly positive",
            "greater than zero",
            "greater than 0",
            "not be zero",
        ],
    ) {
        return match has_phrase(&ws, "not be zero") {
            true => None,
            false => at_least(1),
        };
    }
    let number = |w: &String| w.parse::<i64>().ok();
    if let Some(i) = ws
        .windows(3)
        .position(|w| w[0] == "at" && w[1] == "least" && number(&w[2]).is_some())
    {
        return at_least(number(&ws[i + 2])?);
    }
    let between = ws.windows(4).find_map(|w| {
        (w[0] == "between" && w[2] == "and").then(|| Some((number(&w[1])?, number(&w[3])?)))?
    });
    between.map(|(min, max)| Range {
        min: Some(min),
        max: Some(max),
    })
}

/// Whether a constructor's text says it is no way for a client to make an object: the
/// object does not work until another call ("will not function until setIterator is
/// invoked", "must be set before use"), or the constructor is not to be used ("only used in
/// deserialization, do not use otherwise").
pub fn needs_more_set_up(text: &str) -> bool {
    let ws = words(text);
    has_any_phrase(
        &ws,
        &[
            "do not use",
            "not to be used",
            "should not be used",
            "only used in deserialization",
            "only for deserialization",
            "not function until",
            "not work until",
            "not be used until",
            "before use",
            "before it is used",
            "before it can be used",
        ],
    )
}

/// Whether a method's text says it is for the class's own use, not its clients': "Internal
/// method that substitutes the variables", "for internal use only", "not intended to be
/// called directly", "will be called automatically by another (public) method".
pub fn internal_use(text: &str) -> bool {
    let ws = words(text);
    has_any_phrase(
        &ws,
        &[
            "internal method",
            "internal use",
            "not intended to be called",
            "not meant to be called",
            "called automatically by",
        ],
    )
}

/// Whether a method's text says it does not check its input, leaving it to the caller:
/// "The string passed in is assumed to be a class name - it is not checked", "performs no
/// validation", "the results are undefined" (as `Arrays.binarySearch` says of an unsorted
/// array), "It assumes that the toString has been created from the same ToStringStyle".
pub fn unchecked_input(text: &str) -> bool {
    let ws = words(text);
    has_any_phrase(
        &ws,
        &[
            "assumes that",
            "it is assumed that",
            "is not checked",
            "are not checked",
            "performs no validation",
            "no validation is performed",
            "is not validated",
            "are not validated",
            "results are undefined",
            "result is undefined",
            "behavior is undefined",
            "behaviour is undefined",
        ],
    )
}

/// What an integral parameter's text says it is, when it says it indexes something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Described {
    /// "the index of …": an element's index.
    Index,
    /// "the position within …", "the offset of …": where something starts.
    Position,
    /// "the number of …": how many.
    Count,
}

/// What a parameter's text says it is: "the int position within the input" a position.
pub fn described_as(text: &str) -> Option<Described> {
    let ws = words(text);
    if has_word(&ws, &["index"]) {
        Some(Described::Index)
    } else if has_word(&ws, &["position", "offset"]) {
        Some(Described::Position)
    } else if has_phrase(&ws, "number of") || has_phrase(&ws, "count of") {
        Some(Described::Count)
    } else {
        None
    }
}

/// Whether a text asks for a valid value ("the starting position, valid for buffer", "must
/// be valid"): an index of an element, not a position past the last.
pub fn asks_valid(text: &str) -> bool {
    let ws = words(text);
    has_word(&ws, &["valid"]) && !has_word(&ws, &["invalid", "not"])
}

/// Whether a text forbids values outside the bounds in so many words ("It is an error to
/// pass in a start index past the end of the array", "must be a valid index").
pub fn forbids_outside(text: &str) -> bool {
    let ws = words(text);
    has_any_phrase(
        &ws,
        &[
            "it is an error",
            "valid index",
            "must be within",
            "must be in range",
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_that_leaves_checking_the_input_to_the_caller() {
        for unchecked in [
            "The string passed in is assumed to be a class name - it is not checked.",
            "Constructor that performs no validation.",
            "Keys are not validated.",
            "If the array is not sorted, the results are undefined.",
            "NOTE: It assumes that the toString has been created from the same ToStringStyle.",
            "This method assumes that the array is sorted.",
        ] {
            assert!(unchecked_input(unchecked), "{unchecked}");
        }
        for checked in [
            "Gets the class name, checking that it is one.",
            "null is assumed to be less than a non-null value.",
            "Validates the input and throws if it is not valid.",
        ] {
            assert!(!unchecked_input(checked), "{checked}");
        }
    }

    #[test]
    fn null_in_a_parameter_description() {
        for allowed in [
            "the String to check, may be null",
            "the array to search, may be null",
            "the value, or null for none",
            "the bytes, which can be null",
            "the separator, null treated as \"\"",
            "the text to escape, null returns null",
            "the input, null-safe",
        ] {
            assert_eq!(param_nulls(allowed), NullWord::Allowed, "{allowed}");
        }
        for forbidden in [
            "the text, must not be null",
            "the name; never null",
            "a non-null comparator",
            "the key, which cannot be null",
        ] {
            assert_eq!(param_nulls(forbidden), NullWord::Forbidden, "{forbidden}");
        }
        for silent in ["the text", "the number of bytes to read", "null"] {
            assert_eq!(param_nulls(silent), NullWord::Silent, "{silent}");
        }
    }

    #[test]
    fn null_in_a_method_description_by_name_or_by_type() {
        let text = "Reverses the text. If the String is null, null will be returned.";
        assert_eq!(
            described_nulls(text, "s", &type_words("String")),
            NullWord::Allowed
        );
        assert_eq!(
            described_nulls(text, "n", &["number"]),
            NullWord::Silent,
            "another input"
        );
        let either = "Appends it. null will throw a NullPointerException for either of the two \
                      parameters.";
        assert_eq!(
            described_nulls(either, "buffer", &type_words("StringBuffer")),
            NullWord::Forbidden
        );
        let throws = "Reads the list. Throws an exception if list is null.";
        assert_eq!(
            described_nulls(throws, "list", &type_words("List")),
            NullWord::Forbidden
        );
        assert_eq!(
            described_nulls(
                "A new String decoded using the given charset, or null if the input byte array \
                 was null.",
                "charsetName",
                &type_words("String")
            ),
            NullWord::Silent,
            "the sentence speaks of the array"
        );
        assert_eq!(
            described_nulls(
                "the decoded text, or null if the input array was null",
                "bytes",
                &type_words("byte[]")
            ),
            NullWord::Allowed
        );
    }

    #[test]
    fn a_class_that_promises_to_handle_null_input() {
        assert_eq!(
            class_null_safety(
                "Operations on arrays. This class tries to handle null input gracefully."
            ),
            Some(vec![])
        );
        assert_eq!(
            class_null_safety(
                "Helpers. They handle null input Strings quietly: a null input returns null."
            ),
            Some(vec!["string"])
        );
        assert_eq!(
            class_null_safety("Utilities for maps; keys must not be null."),
            None
        );
    }

    #[test]
    fn null_elements() {
        assert!(allows_null_elements(
            "If any of these objects is null, a null element will be inserted into the array."
        ));
        assert!(allows_null_elements(
            "the values to join, null elements are ignored"
        ));
        assert!(!allows_null_elements(
            "an array that contains a null element may throw an exception"
        ));
        assert!(!allows_null_elements(
            "the values, must not contain null elements"
        ));
    }

    #[test]
    fn promises_about_values_outside_the_range() {
        for promise in [
            "the position to start from, negative treated as zero",
            "the start index, undervalue (<0) is promoted to 0",
            "the end index. Under value (< start index) results in no change.",
            "If len characters are not available, the remainder is returned without an exception.",
            "the length, values greater than the array's length are clamped",
        ] {
            assert!(promises_outside(promise), "{promise}");
        }
        for none in [
            "the offset of data",
            "the first index. It is an error to pass in a start index past the end of the array.",
            "the number of shares, must be positive",
        ] {
            assert!(!promises_outside(none), "{none}");
        }
    }

    #[test]
    fn ranges_the_text_requires() {
        let at_least = |min| {
            Some(Range {
                min: Some(min),
                max: None,
            })
        };
        assert_eq!(
            required_range("the number of shares, must be positive"),
            at_least(1)
        );
        assert_eq!(
            required_range("the count, must not be negative"),
            at_least(0)
        );
        assert_eq!(required_range("a non-negative size"), at_least(0));
        assert_eq!(required_range("the radix, must be at least 2"), at_least(2));
        assert_eq!(
            required_range("the output alphabet (must contain at least 16 chars)"),
            at_least(16)
        );
        assert_eq!(
            required_range("the digit, must be between 0 and 9"),
            Some(Range {
                min: Some(0),
                max: Some(9)
            })
        );
        assert_eq!(required_range("the count"), None);
        assert_eq!(
            required_range("a positive count; a negative one is treated as zero"),
            None
        );
    }

    #[test]
    fn methods_for_the_class_own_use() {
        assert!(internal_use(
            "Internal method that substitutes the variables. Most users of this class do not \
             need to call this method."
        ));
        assert!(internal_use("For internal use only."));
        assert!(internal_use(
            "This method will be called automatically by another (public) method."
        ));
        assert!(!internal_use(
            "Substitutes the variables of the internal buffer."
        ));
    }

    #[test]
    fn objects_that_need_more_set_up() {
        assert!(needs_more_set_up(
            "Constructs a new FilterIterator that will not function until setIterator is invoked."
        ));
        assert!(!needs_more_set_up(
            "Constructs a new FilterIterator over an iterator."
        ));
        assert!(needs_more_set_up(
            "Constructor only used in deserialization, do not use otherwise."
        ));
        assert_eq!(
            described_as("the number of items down to go"),
            Some(Described::Count)
        );
    }

    #[test]
    fn a_valid_index() {
        assert!(asks_valid(
            "the starting position for the match, valid for buffer"
        ));
        assert!(asks_valid("the start index, inclusive, must be valid"));
        assert!(!asks_valid("the position, need not be valid"));
        assert!(!asks_valid("the index"));
    }

    #[test]
    fn sentences_split_at_their_ends_only() {
        assert_eq!(
            sentences("Gets a.b from x. Then y; and z"),
            vec!["Gets a.b from x.", "Then y;", "and z"]
        );
    }
}

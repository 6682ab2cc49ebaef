//! The JDK objects the recorder keeps as data (`java/DsdJdkValues.java`), read back: a value
//! `{"class","id","data":{"kind",...}}` in `frames.jsonl`. Text buffers keep their text,
//! dates their milliseconds, calendars their type, zone, instant and week rules, locales
//! their language tag (or language, country and variant), time zones their id (and their raw
//! offset when the id names other rules), reflected fields their class and name, patterns
//! their expression and flags.

use serde_json::Value as Json;

/// A JDK object's data.
#[derive(Debug, Clone, PartialEq)]
pub enum JdkData {
    /// A `StringBuilder` or `StringBuffer`.
    Text {
        /// Its first characters (at most 4,096).
        text: String,
        /// Its true length.
        length: usize,
    },
    /// A `java.util.Date`.
    Date {
        /// Its milliseconds since the epoch.
        millis: i64,
    },
    /// A `java.util.Calendar`.
    Calendar {
        /// Its calendar type (`gregory`, `buddhist`, `japanese`).
        calendar: String,
        /// Its time zone.
        zone: Zone,
        /// Its instant, in milliseconds since the epoch.
        millis: i64,
        /// Whether it is lenient.
        lenient: bool,
        /// Its first day of the week (`Calendar.SUNDAY` is 1).
        first_day_of_week: i64,
        /// The days the first week of a year must have.
        minimal_days: i64,
    },
    /// A `java.util.Locale`.
    Locale(Locale),
    /// A `java.util.TimeZone`.
    Zone(Zone),
    /// A `java.lang.reflect.Field`.
    Field {
        /// Binary name of its declaring class.
        owner: String,
        /// Its name.
        name: String,
        /// Whether reflection's access checks were turned off for it.
        accessible: bool,
    },
    /// A `java.util.regex.Pattern`.
    Pattern {
        /// Its regular expression.
        pattern: String,
        /// Its flags (`Pattern.CASE_INSENSITIVE` is 2).
        flags: i64,
    },
}

/// A locale as the recorder wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Locale {
    /// Its IETF language tag, which makes it again.
    Tag(String),
    /// Its parts, for a locale its tag does not make again (`ja_JP_JP`, an ill-formed variant).
    Parts {
        /// Its language.
        language: String,
        /// Its country.
        country: String,
        /// Its variant.
        variant: String,
    },
}

/// A time zone as the recorder wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    /// Its id (`Europe/Paris`, `GMT+02:00`).
    pub id: String,
    /// Its raw offset in milliseconds, when its id names other rules (a zone the program made).
    pub raw_offset: Option<i64>,
}

/// Reads the `data` of a value; an error says what is missing.
pub fn read(json: &Json) -> Result<JdkData, String> {
    let text = |key: &str| {
        json[key]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("JDK data without `{key}`: {json}"))
    };
    let int = |key: &str| {
        json[key]
            .as_i64()
            .ok_or_else(|| format!("JDK data without `{key}`: {json}"))
    };
    let flag = |key: &str| json[key].as_bool().unwrap_or(false);
    Ok(match text("kind")?.as_str() {
        "text" => JdkData::Text {
            text: text("text")?,
            length: int("length")? as usize,
        },
        "date" => JdkData::Date {
            millis: int("millis")?,
        },
        "calendar" => JdkData::Calendar {
            calendar: text("type")?,
            zone: zone(&json["zone"])?,
            millis: int("millis")?,
            lenient: flag("lenient"),
            first_day_of_week: int("firstDayOfWeek")?,
            minimal_days: int("minimalDays")?,
        },
        "locale" => JdkData::Locale(match json.get("tag") {
            Some(_) => Locale::Tag(text("tag")?),
            None => Locale::Parts {
                language: text("language")?,
                country: text("country")?,
                variant: text("variant")?,
            },
        }),
        "zone" => JdkData::Zone(zone(&json["zone"])?),
        "field" => JdkData::Field {
            owner: text("owner")?,
            name: text("name")?,
            accessible: flag("accessible"),
        },
        "pattern" => JdkData::Pattern {
            pattern: text("pattern")?,
            flags: int("flags")?,
        },
        other => return Err(format!("JDK data of an unknown kind `{other}`")),
    })
}

/// A time zone: `{"id", "rawOffset"?}`.
fn zone(json: &Json) -> Result<Zone, String> {
    Ok(Zone {
        id: json["id"]
            .as_str()
            .ok_or_else(|| format!("a time zone without `id`: {json}"))?
            .to_string(),
        raw_offset: json["rawOffset"].as_i64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(json: &str, expected: JdkData) {
        assert_eq!(read(&serde_json::from_str(json).unwrap()), Ok(expected));
    }

    #[test]
    fn each_kind_reads_back() {
        check(
            r#"{"kind":"text","length":5000,"text":"ab"}"#,
            JdkData::Text {
                text: "ab".into(),
                length: 5000,
            },
        );
        check(
            r#"{"kind":"calendar","type":"gregory","zone":{"id":"Asia/Kolkata"},"millis":-19800000,"lenient":true,"firstDayOfWeek":1,"minimalDays":1}"#,
            JdkData::Calendar {
                calendar: "gregory".into(),
                zone: Zone {
                    id: "Asia/Kolkata".into(),
                    raw_offset: None,
                },
                millis: -19_800_000,
                lenient: true,
                first_day_of_week: 1,
                minimal_days: 1,
            },
        );
        check(
            r#"{"kind":"locale","language":"ja","country":"JP","variant":"JP"}"#,
            JdkData::Locale(Locale::Parts {
                language: "ja".into(),
                country: "JP".into(),
                variant: "JP".into(),
            }),
        );
        check(
            r#"{"kind":"zone","zone":{"id":"Mine","rawOffset":3600000}}"#,
            JdkData::Zone(Zone {
                id: "Mine".into(),
                raw_offset: Some(3_600_000),
            }),
        );
        check(
            r#"{"kind":"field","owner":"p.C","name":"f","accessible":true}"#,
            JdkData::Field {
                owner: "p.C".into(),
                name: "f".into(),
                accessible: true,
            },
        );
        check(
            r#"{"kind":"pattern","pattern":"a+","flags":2}"#,
            JdkData::Pattern {
                pattern: "a+".into(),
                flags: 2,
            },
        );
        assert!(read(&serde_json::json!({"kind": "thread"})).is_err());
    }
}

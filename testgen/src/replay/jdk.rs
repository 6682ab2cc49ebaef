//! JDK objects rebuilt from the data the recorder kept of them
//! ([`invariants::record::jdk_data`]): a text buffer from its text, a date from its
//! milliseconds, a calendar through `Calendar.Builder` from its type, zone, instant and week
//! rules, a locale from its language tag (or its parts), a time zone from its id, a reflected
//! field through `getDeclaredField` (made accessible when it was), a pattern by `compile`.

use super::values::{utf16, Builder};
use crate::render;
use frontend::ir::Type;
use invariants::record::jdk_data::{JdkData, Locale, Zone};

/// `field(owner, name, accessible)`: a field of a class, accessible when it was.
const FIELD: &str = r#"
    /** The field `name` declared by `owner`, with access checks off when `accessible`. */
    static java.lang.reflect.Field field(Class<?> owner, String name, boolean accessible) throws NoSuchFieldException {
        java.lang.reflect.Field field = owner.getDeclaredField(name);
        if (accessible) {
            field.setAccessible(true);
        }
        return field;
    }
"#;

/// The Java expression that makes the JDK object of class `class` from its `data`.
pub(super) fn made(b: &mut Builder, class: &str, data: &JdkData) -> String {
    let string = |t: &str| render::string(&utf16(t));
    let long = |n: i64| render::integral(&Type::Long, n);
    match data {
        JdkData::Text { text, length } => {
            let kept = text.encode_utf16().count();
            if *length > kept {
                b.notes.push(format!(
                    "a {class} of {length} characters was captured in its first {kept} only"
                ));
            }
            let made = match class {
                "java.lang.StringBuffer" => class,
                _ => "java.lang.StringBuilder",
            };
            format!("new {made}({})", string(text))
        }
        JdkData::Date { millis } => format!("new java.util.Date({})", long(*millis)),
        JdkData::Calendar {
            calendar,
            zone: z,
            millis,
            lenient,
            first_day_of_week,
            minimal_days,
        } => format!(
            "new java.util.Calendar.Builder().setCalendarType({}).setTimeZone({}).setLenient({lenient}).setWeekDefinition({first_day_of_week}, {minimal_days}).setInstant({}).build()",
            string(calendar),
            zone(b, z),
            long(*millis)
        ),
        JdkData::Locale(Locale::Tag(tag)) => {
            format!("java.util.Locale.forLanguageTag({})", string(tag))
        }
        JdkData::Locale(Locale::Parts {
            language,
            country,
            variant,
        }) => format!(
            "new java.util.Locale({}, {}, {})",
            string(language),
            string(country),
            string(variant)
        ),
        JdkData::Zone(z) => zone(b, z),
        JdkData::Field {
            owner,
            name,
            accessible,
        } => {
            b.own.insert(FIELD);
            let ty = b.type_of(owner);
            format!("field({ty}, {}, {accessible})", string(name))
        }
        JdkData::Pattern { pattern, flags } => {
            format!("java.util.regex.Pattern.compile({}, {flags})", string(pattern))
        }
    }
}

/// A time zone: by its id, or (one the program made) from its raw offset.
fn zone(b: &mut Builder, z: &Zone) -> String {
    let id = render::string(&utf16(&z.id));
    match z.raw_offset {
        None => format!("java.util.TimeZone.getTimeZone({id})"),
        Some(offset) => {
            b.notes.push(format!(
                "the time zone {} is rebuilt from its raw offset, without daylight saving",
                z.id
            ));
            format!("new java.util.SimpleTimeZone({offset}, {id})")
        }
    }
}

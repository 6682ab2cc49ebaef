package dsd.recorder;

import dsd.json.DsdJson;
import java.lang.reflect.Field;
import java.util.Calendar;
import java.util.Date;
import java.util.Locale;
import java.util.TimeZone;
import java.util.regex.Pattern;

/**
 * The JDK objects {@code dsd record} keeps as data rather than as opaque objects, so that a
 * replay test can make them again: text buffers ({@code StringBuilder}, {@code StringBuffer})
 * by their text, a {@code Locale} by its language tag (or language, country and variant), a
 * {@code TimeZone} by its id, a {@code Date} by its milliseconds, a {@code Calendar} by its
 * type, time zone, instant and week rules, a {@code java.lang.reflect.Field} by its class and
 * name, a {@code java.util.regex.Pattern} by its expression and flags. Each is written as the
 * JSON object {@code {"kind": ..., ...}}, never serialized. Locales, time zones, fields and
 * patterns do not change, and are read when the crash is written. Buffers, dates and calendars
 * change; their state lies one level below the object (a buffer's characters, a calendar's
 * fields), so they are copied at a call's entry from copy depth 2, and read when the crash is
 * written (marked live) below it: copying each call's calendar and buffer made
 * commons-lang3's date-formatting tests several times slower.
 */
final class DsdJdkValues {
    private DsdJdkValues() {}

    /** Not one of these classes. */
    static final int NONE = 0;
    /** A class whose objects do not change: read when the crash is written. */
    static final int FIXED = 1;
    /** A class whose objects change: copied at entry. */
    static final int CHANGING = 2;

    /** Most characters of a buffer kept. */
    private static final int MAX_TEXT = 4096;

    /** Whether {@code type}'s objects are kept as data, and when they are read. */
    static int kind(Class<?> type) {
        if (type == StringBuilder.class || type == StringBuffer.class || type == Date.class
                || Calendar.class.isAssignableFrom(type)) {
            return CHANGING;
        }
        if (type == Locale.class || TimeZone.class.isAssignableFrom(type) || type == Field.class
                || type == Pattern.class) {
            return FIXED;
        }
        return NONE;
    }

    /** The data of {@code v}, an object of a class {@link #kind} keeps, as a JSON object; null when it cannot be read. */
    static String data(Object v) {
        try {
            StringBuilder b = new StringBuilder("{\"kind\":");
            if (v instanceof CharSequence) {
                CharSequence text = (CharSequence) v;
                int n = text.length();
                b.append("\"text\",\"length\":").append(n).append(",\"text\":");
                DsdJson.string(b, text.subSequence(0, Math.min(n, MAX_TEXT)).toString());
            } else if (v instanceof Date) {
                b.append("\"date\",\"millis\":").append(((Date) v).getTime());
            } else if (v instanceof Calendar) {
                // A clone: reading the time of a calendar whose fields were set computes it,
                // which would change how the program's later calls resolve those fields.
                Calendar c = (Calendar) ((Calendar) v).clone();
                b.append("\"calendar\",\"type\":");
                DsdJson.string(b, c.getCalendarType());
                b.append(",\"zone\":");
                zone(b, c.getTimeZone());
                b.append(",\"millis\":").append(c.getTimeInMillis()).append(",\"lenient\":").append(c.isLenient())
                        .append(",\"firstDayOfWeek\":").append(c.getFirstDayOfWeek())
                        .append(",\"minimalDays\":").append(c.getMinimalDaysInFirstWeek());
            } else if (v instanceof Locale) {
                locale(b, (Locale) v);
            } else if (v instanceof TimeZone) {
                b.append("\"zone\",\"zone\":");
                zone(b, (TimeZone) v);
            } else if (v instanceof Field) {
                Field f = (Field) v;
                b.append("\"field\",\"owner\":");
                DsdJson.string(b, f.getDeclaringClass().getName());
                b.append(",\"name\":");
                DsdJson.string(b, f.getName());
                @SuppressWarnings("deprecation")
                boolean accessible = f.isAccessible();
                b.append(",\"accessible\":").append(accessible);
            } else if (v instanceof Pattern) {
                Pattern p = (Pattern) v;
                b.append("\"pattern\",\"pattern\":");
                DsdJson.string(b, p.pattern());
                b.append(",\"flags\":").append(p.flags());
            } else {
                return null;
            }
            return b.append('}').toString();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** A locale: its language tag when the tag makes it again, else language, country and variant. */
    private static void locale(StringBuilder b, Locale l) {
        String tag = l.toLanguageTag();
        b.append("\"locale\"");
        if (Locale.forLanguageTag(tag).equals(l)) {
            b.append(",\"tag\":");
            DsdJson.string(b, tag);
        } else {
            b.append(",\"language\":");
            DsdJson.string(b, l.getLanguage());
            b.append(",\"country\":");
            DsdJson.string(b, l.getCountry());
            b.append(",\"variant\":");
            DsdJson.string(b, l.getVariant());
        }
    }

    /** A time zone: its id, and its raw offset when the id names other rules. */
    private static void zone(StringBuilder b, TimeZone z) {
        b.append("{\"id\":");
        DsdJson.string(b, z.getID());
        if (!TimeZone.getTimeZone(z.getID()).hasSameRules(z)) {
            b.append(",\"rawOffset\":").append(z.getRawOffset());
        }
        b.append('}');
    }
}

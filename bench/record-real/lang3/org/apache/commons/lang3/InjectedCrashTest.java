package org.apache.commons.lang3;

import java.util.Date;
import org.apache.commons.lang3.builder.CompareToBuilder;
import org.apache.commons.lang3.reflect.MethodUtils;
import org.apache.commons.lang3.text.ExtendedMessageFormat;
import org.apache.commons.lang3.text.StrBuilder;
import org.apache.commons.lang3.time.DateUtils;
import org.apache.commons.lang3.time.DurationFormatUtils;
import org.junit.jupiter.api.Test;

/**
 * Crashes injected into commons-lang3's test suite by bench/record-real.sh: each test calls
 * the library's API with bad input so that a JDK or VM exception escapes from inside it (not
 * the library's own argument checks). Every test fails; `dsd record` should record and
 * replay each crash.
 */
public class InjectedCrashTest {
    @Test
    public void joinPastTheEnd() {
        StringUtils.join(new int[] {1, 2}, ',', 0, 5);
    }

    @Test
    public void toPrimitiveWithNullElement() {
        ArrayUtils.toPrimitive(new Integer[] {1, null});
    }

    @Test
    public void compareObjectsThatAreNotComparable() {
        new CompareToBuilder().append(new Object(), new Object());
    }

    @Test
    public void compareArraysOfObjectsThatAreNotComparable() {
        new CompareToBuilder().append(new Object[] {new Object()}, new Object[] {new Object()});
    }

    @Test
    public void ensureHugeCapacity() {
        new StrBuilder("abc").ensureCapacity(Integer.MAX_VALUE);
    }

    @Test
    public void formatDurationWithNullFormat() {
        DurationFormatUtils.formatDuration(1000L, null);
    }

    @Test
    public void messageFormatOfNullPattern() {
        new ExtendedMessageFormat(null);
    }

    @Test
    public void invokeMethodOnNull() throws Exception {
        MethodUtils.invokeMethod(null, "toString");
    }

    @Test
    public void enumOfNullClass() {
        EnumUtils.getEnumIgnoreCase(null, "X");
    }

    @Test
    public void parseDateWithNullPattern() throws Exception {
        Date parsed = DateUtils.parseDate("2020", (String) null);
        System.out.println(parsed);
    }
}

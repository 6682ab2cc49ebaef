//! Floating-point helpers of the JDK model: `Math.abs` and `Double`'s and `Float`'s tests
//! for NaN and infinity are exact, as the JVM's are (they were opaque: any value, so
//! `Fraction.getFraction(6.0)` was taken to be NaN and passed its range check).

use crate::verdicts;
use expect_test::expect;

#[test]
fn abs_and_the_nan_and_infinity_tests_are_exact() {
    let java = r#"
package p;

public class Doubles {
    public static int negative(double v, int k) {
        return Math.abs(v) < 0 ? 10 / k : 1;
    }

    public static int negativeZero(double v, int k) {
        return 1.0 / Math.abs(v) < 0 ? 10 / k : 1;
    }

    public static int nanKept(double v, int k) {
        return Double.isNaN(Math.abs(v)) ? 10 / k : 1;
    }

    public static int nanMade(double v, int k) {
        return Double.isNaN(Math.abs(v)) && v == v ? 10 / k : 1;
    }

    public static int infinite(double v, int k) {
        return Double.isInfinite(v) ? 10 / k : 1;
    }

    public static int infiniteAndFinite(double v, int k) {
        return Double.isInfinite(v) && Double.isFinite(v) ? 10 / k : 1;
    }

    public static int finiteNan(float v, int k) {
        return Float.isFinite(v) && Float.isNaN(Math.abs(v)) ? 10 / k : 1;
    }

    public static int boxedNan(Double v, int k) {
        return v.isNaN() && !Double.isNaN(v) ? 10 / k : 1;
    }
}
"#;
    expect![[r#"
        6:37:ArithmeticException@negative(DI)I direct: unsat
        10:43:ArithmeticException@negativeZero(DI)I direct: unsat
        14:47:ArithmeticException@nanKept(DI)I direct: sat
        18:57:ArithmeticException@nanMade(DI)I direct: unsat
        22:42:ArithmeticException@infinite(DI)I direct: sat
        26:64:ArithmeticException@infiniteAndFinite(DI)I direct: unsat
        30:67:ArithmeticException@finiteNan(FI)I direct: unsat
        34:16:NullPointerException@boxedNan(Ljava/lang/Double;I)I direct: sat
        34:43:NullPointerException@boxedNan(Ljava/lang/Double;I)I direct: unsat
        34:51:ArithmeticException@boxedNan(Ljava/lang/Double;I)I direct: unsat
    "#]]
    .assert_eq(&verdicts("p/Doubles.java", java));
}

/// `Character.digit` is exact above ASCII (Devanagari's seven is 7; a fullwidth `f` is 15
/// in radix 16, and no digit in radix 10), `isDigit` knows no digit between ASCII and the
/// Arabic-Indic digits;
/// `parseInt` in radix 16 reads letters, `Integer.decode` reads `0` as octal and `#` as
/// hexadecimal, and `Byte.parseByte` refuses a number beyond a byte.
#[test]
fn digits_and_integer_parses_are_exact() {
    let java = r#"
package p;

public class Digits {
    public static int belowArabic(char c, int k) {
        return Character.isDigit(c) && c > 127 && c < '\u0660' ? 10 / k : 1;
    }

    public static int devanagariSeven(char c, int k) {
        return c == '\u096d' && Character.digit(c, 10) == 7 ? 10 / k : 1;
    }

    public static int fullwidthLetter(char c, int k) {
        return Character.digit(c, 16) == 15 && c > 127 && !Character.isDigit(c) ? 10 / k : 1;
    }

    public static int letterInDecimal(char c, int k) {
        return Character.digit(c, 10) >= 10 ? 10 / k : 1;
    }

    public static int hex(String s, int k) {
        return Integer.parseInt(s, 16) == 255 && s.length() == 2 ? 10 / k : 1;
    }

    public static int decodeOctal(String s, int k) {
        return s.length() == 2 && Integer.decode(s) == 8 && s.charAt(0) == '0' ? 10 / k : 1;
    }

    public static int decodeHash(String s, int k) {
        return s.length() == 3 && Integer.decode(s) == -1 ? 10 / k : 1;
    }

    public static int byteRange(String s, int k) {
        if (s.length() == 3 && s.charAt(0) == '2' && s.charAt(1) == '0' && s.charAt(2) == '0') {
            return Byte.parseByte(s) + 10 / k;
        }
        return 1;
    }
}
"#;
    expect![[r#"
        6:69:ArithmeticException@belowArabic(CI)I direct: unsat
        10:66:ArithmeticException@devanagariSeven(CI)I direct: sat
        14:86:ArithmeticException@fullwidthLetter(CI)I direct: sat
        18:50:ArithmeticException@letterInDecimal(CI)I direct: unsat
        22:16:NumberFormatException@hex(Ljava/lang/String;I)I direct: sat
        22:50:NullPointerException@hex(Ljava/lang/String;I)I direct: unsat
        22:71:ArithmeticException@hex(Ljava/lang/String;I)I direct: sat
        26:16:NullPointerException@decodeOctal(Ljava/lang/String;I)I direct: sat
        26:35:NumberFormatException@decodeOctal(Ljava/lang/String;I)I direct: sat
        26:35:StringIndexOutOfBoundsException@decodeOctal(Ljava/lang/String;I)I direct: unsat
        26:61:NullPointerException@decodeOctal(Ljava/lang/String;I)I direct: unsat
        26:61:StringIndexOutOfBoundsException@decodeOctal(Ljava/lang/String;I)I direct: unsat
        26:85:ArithmeticException@decodeOctal(Ljava/lang/String;I)I direct: unsat
        30:16:NullPointerException@decodeHash(Ljava/lang/String;I)I direct: sat
        30:35:NumberFormatException@decodeHash(Ljava/lang/String;I)I direct: sat
        30:35:StringIndexOutOfBoundsException@decodeHash(Ljava/lang/String;I)I direct: unsat
        30:64:ArithmeticException@decodeHash(Ljava/lang/String;I)I direct: sat
        34:13:NullPointerException@byteRange(Ljava/lang/String;I)I direct: sat
        34:32:NullPointerException@byteRange(Ljava/lang/String;I)I direct: unsat
        34:32:StringIndexOutOfBoundsException@byteRange(Ljava/lang/String;I)I direct: unsat
        34:54:NullPointerException@byteRange(Ljava/lang/String;I)I direct: unsat
        34:54:StringIndexOutOfBoundsException@byteRange(Ljava/lang/String;I)I direct: unsat
        34:76:NullPointerException@byteRange(Ljava/lang/String;I)I direct: unsat
        34:76:StringIndexOutOfBoundsException@byteRange(Ljava/lang/String;I)I direct: unsat
        35:20:NumberFormatException@byteRange(Ljava/lang/String;I)I direct: sat
        35:43:ArithmeticException@byteRange(Ljava/lang/String;I)I direct: unsat
    "#]]
    .assert_eq(&verdicts("p/Digits.java", java));
}

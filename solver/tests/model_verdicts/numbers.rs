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

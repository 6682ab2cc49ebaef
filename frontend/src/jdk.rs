//! The JDK model: Java sources for the library classes real code calls most.
//!
//! The model is data, kept in one place (`frontend/jdk/`), and read by the same
//! frontend as the project, so later stages treat it like project code:
//! - a method with a body is modelled by its body (vcgen inlines it), so
//!   `Math.abs` overflows exactly as the JDK does and `String.charAt` throws
//!   StringIndexOutOfBoundsException where the JDK does;
//! - a `native` method is an opaque call: its result is any value of its type
//!   (never `null` unless the method is annotated `@Nullable`) and it changes
//!   no project state;
//! - a `native` method annotated `@Writes` may change the contents of any array;
//! - `dsd.Intrinsics` holds what Java cannot say (an array's length, some value,
//!   a string of a given length); vcgen gives each its meaning;
//! - a method annotated `@Precondition` throws only when the caller broke its
//!   documented contract (`Integer.parseInt`, `Objects.requireNonNull`): such
//!   crashes are reported as notes;
//! - a runtime exception thrown inside the model is a crash at the project line
//!   that called it.

/// Every model file: its path below `frontend/jdk/` and its text.
pub const MODEL: &[(&str, &str)] = &[
    (
        "dsd/Intrinsics.java",
        include_str!("../jdk/dsd/Intrinsics.java"),
    ),
    (
        "java/io/PrintStream.java",
        include_str!("../jdk/java/io/PrintStream.java"),
    ),
    (
        "java/lang/ArithmeticException.java",
        include_str!("../jdk/java/lang/ArithmeticException.java"),
    ),
    (
        "java/lang/ArrayIndexOutOfBoundsException.java",
        include_str!("../jdk/java/lang/ArrayIndexOutOfBoundsException.java"),
    ),
    (
        "java/lang/ArrayStoreException.java",
        include_str!("../jdk/java/lang/ArrayStoreException.java"),
    ),
    (
        "java/lang/AssertionError.java",
        include_str!("../jdk/java/lang/AssertionError.java"),
    ),
    (
        "java/lang/Boolean.java",
        include_str!("../jdk/java/lang/Boolean.java"),
    ),
    (
        "java/lang/Byte.java",
        include_str!("../jdk/java/lang/Byte.java"),
    ),
    (
        "java/lang/CharSequence.java",
        include_str!("../jdk/java/lang/CharSequence.java"),
    ),
    (
        "java/lang/Character.java",
        include_str!("../jdk/java/lang/Character.java"),
    ),
    (
        "java/lang/Class.java",
        include_str!("../jdk/java/lang/Class.java"),
    ),
    (
        "java/lang/ClassCastException.java",
        include_str!("../jdk/java/lang/ClassCastException.java"),
    ),
    (
        "java/lang/Comparable.java",
        include_str!("../jdk/java/lang/Comparable.java"),
    ),
    (
        "java/lang/Double.java",
        include_str!("../jdk/java/lang/Double.java"),
    ),
    (
        "java/lang/Enum.java",
        include_str!("../jdk/java/lang/Enum.java"),
    ),
    (
        "java/lang/Error.java",
        include_str!("../jdk/java/lang/Error.java"),
    ),
    (
        "java/lang/Exception.java",
        include_str!("../jdk/java/lang/Exception.java"),
    ),
    (
        "java/lang/Float.java",
        include_str!("../jdk/java/lang/Float.java"),
    ),
    (
        "java/lang/IllegalArgumentException.java",
        include_str!("../jdk/java/lang/IllegalArgumentException.java"),
    ),
    (
        "java/lang/IllegalStateException.java",
        include_str!("../jdk/java/lang/IllegalStateException.java"),
    ),
    (
        "java/lang/IndexOutOfBoundsException.java",
        include_str!("../jdk/java/lang/IndexOutOfBoundsException.java"),
    ),
    (
        "java/lang/Integer.java",
        include_str!("../jdk/java/lang/Integer.java"),
    ),
    (
        "java/lang/Iterable.java",
        include_str!("../jdk/java/lang/Iterable.java"),
    ),
    (
        "java/lang/Long.java",
        include_str!("../jdk/java/lang/Long.java"),
    ),
    (
        "java/lang/Math.java",
        include_str!("../jdk/java/lang/Math.java"),
    ),
    (
        "java/lang/NegativeArraySizeException.java",
        include_str!("../jdk/java/lang/NegativeArraySizeException.java"),
    ),
    (
        "java/lang/NullPointerException.java",
        include_str!("../jdk/java/lang/NullPointerException.java"),
    ),
    (
        "java/lang/Number.java",
        include_str!("../jdk/java/lang/Number.java"),
    ),
    (
        "java/lang/NumberFormatException.java",
        include_str!("../jdk/java/lang/NumberFormatException.java"),
    ),
    (
        "java/lang/Object.java",
        include_str!("../jdk/java/lang/Object.java"),
    ),
    (
        "java/lang/Record.java",
        include_str!("../jdk/java/lang/Record.java"),
    ),
    (
        "java/lang/RuntimeException.java",
        include_str!("../jdk/java/lang/RuntimeException.java"),
    ),
    (
        "java/lang/Short.java",
        include_str!("../jdk/java/lang/Short.java"),
    ),
    (
        "java/lang/String.java",
        include_str!("../jdk/java/lang/String.java"),
    ),
    (
        "java/lang/StringIndexOutOfBoundsException.java",
        include_str!("../jdk/java/lang/StringIndexOutOfBoundsException.java"),
    ),
    (
        "java/lang/System.java",
        include_str!("../jdk/java/lang/System.java"),
    ),
    (
        "java/lang/Throwable.java",
        include_str!("../jdk/java/lang/Throwable.java"),
    ),
    (
        "java/lang/UnsupportedOperationException.java",
        include_str!("../jdk/java/lang/UnsupportedOperationException.java"),
    ),
    (
        "java/util/ArrayList.java",
        include_str!("../jdk/java/util/ArrayList.java"),
    ),
    (
        "java/util/Collection.java",
        include_str!("../jdk/java/util/Collection.java"),
    ),
    (
        "java/util/HashMap.java",
        include_str!("../jdk/java/util/HashMap.java"),
    ),
    (
        "java/util/Iterator.java",
        include_str!("../jdk/java/util/Iterator.java"),
    ),
    (
        "java/util/List.java",
        include_str!("../jdk/java/util/List.java"),
    ),
    (
        "java/util/Map.java",
        include_str!("../jdk/java/util/Map.java"),
    ),
    (
        "java/util/Objects.java",
        include_str!("../jdk/java/util/Objects.java"),
    ),
];

//! `ClassCastException`: a reference cast to a type the object does not have, an operation
//! vcgen checks.

use super::{Explained, Kind, Levels};

/// Reference casts whose operand can have a dynamic type outside the target type.
pub const CLASS_CAST: Kind = Kind {
    exception: "java.lang.ClassCastException",
    summary: "invalid cast",
    what: "Finds reference casts whose operand can have a dynamic type that is not a subtype of \
           the target, what a raw collection or a `Map<String, Object>` holds included \
           (`(String) it.next()` over a raw `List`).",
    why:
        "A failing cast throws `ClassCastException`: the code assumed more about an object's type \
          than the program guarantees.",
    example: "Circle asCircle(Shape s) {\n    return (Circle) s; // a Square throws\n}",
    fix: "Test with `instanceof` before casting, or change the types so the cast is not needed.",
    levels: Levels::Public,
    fixture: "tests/fixtures/objects/fix/Shapes.java",
    explained: Explained::ByAny,
};

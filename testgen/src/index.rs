//! The file `tests/index.json`: which generated test targets which crash site.

use serde::{Deserialize, Serialize};

/// One generated JUnit test method.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestCase {
    /// Binary name of the test class, e.g. `bench.traps.Precision_DsdTest`.
    pub class: String,
    /// Test method name.
    pub method: String,
    /// Path of the test source below the work directory, e.g. `tests/bench/traps/Precision_DsdTest.java`.
    pub file: String,
    /// Line of the test method's declaration in that file.
    pub line: u32,
    /// Id of the crash site the test targets (see `vcgen::Site::id`).
    pub site: String,
    /// The concrete inputs, one readable line each (`x = -1`, `a = new int[] {0}`).
    pub inputs: Vec<String>,
    /// True when a `null` is passed straight into a call of the test.
    pub null_input: bool,
    /// True when the test had to set private state by reflection.
    pub reflection: bool,
    /// True when the entry's precondition was observed in the project's tests (and assumed).
    #[serde(default)]
    pub observed: bool,
    /// How the test reaches the state of the call.
    #[serde(default = "direct")]
    pub route: vcgen::Route,
    /// What the entry's contract says of the test's inputs.
    #[serde(default, skip_serializing_if = "InputContract::is_empty")]
    pub contract: InputContract,
}

/// What the entry's documentation, Java's conventions and its visibility say of a test's
/// inputs: the intended usage a crash is judged against.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputContract {
    /// The entry's preconditions the inputs break.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<vcgen::contract::Contract>,
    /// Why no client can call the entry as the test does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal: Option<String>,
    /// The producer of an input that may return `null` ([`vcgen::contract::may_return_null`],
    /// in Java terms): a `null` it returns is an input the test passed on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null_from: Option<String>,
    /// The parameter whose `null` the test passes when every `null` it passes is one the
    /// documentation says is handled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documented_null: Option<vcgen::contract::NullSafe>,
}

impl InputContract {
    /// True when it says nothing.
    pub fn is_empty(&self) -> bool {
        *self == InputContract::default()
    }
}

fn direct() -> vcgen::Route {
    vcgen::Route::Direct
}

/// All generated tests.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
pub struct TestIndex {
    /// Tests in file order.
    pub tests: Vec<TestCase>,
}

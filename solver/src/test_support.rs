//! What the solver's unit tests share.

use vcgen::{Entry, Harness, Route};

/// The harness of a static `demo.Calc.div(int, int)` with no inputs, preferences or chain.
pub fn harness() -> Harness {
    Harness {
        entry: Entry {
            class: "demo.Calc".into(),
            method: "div".into(),
            descriptor: "(II)I".into(),
            is_static: true,
            params: Vec::new(),
        },
        receiver: None,
        args: Vec::new(),
        chain: Vec::new(),
        statics: Vec::new(),
        fields: Vec::new(),
        route: Route::Direct,
        preferences: Vec::new(),
        parts: Default::default(),
        lengths: Vec::new(),
        usage: Vec::new(),
        inputs: Vec::new(),
        symbols: Default::default(),
        observed: false,
        contracts: Vec::new(),
        internal: None,
        internal_receiver: None,
        null_safe: Vec::new(),
    }
}

//! End-to-end tests live in `tests/`; fixtures in `fixtures/`.

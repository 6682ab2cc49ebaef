//! Infers the invariants that the project's own tests respect (arrives with the invariants issue).

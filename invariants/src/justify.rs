//! The statistical rule that decides whether an unrefuted template is reported.
//!
//! A template survives only if no sample refutes it. It is then reported only if it is
//! unlikely to hold by chance: for each template there is a *null model* under which the
//! property is a coincidence, and the probability `P` that the observed samples would all
//! satisfy it under that model must be at most [`ALPHA`] = 1/16. Independent observations are
//! *distinct* value tuples, except where the template is about a single value being repeated
//! (constants, one-of, nullness), where every sample counts.
//!
//! | template | null model | `P` |
//! |---|---|---|
//! | `x == c` | each sample misses `c` with probability ½ | ½ⁿ |
//! | `x ∈ {c1..ck}`, k ≤ 3 | each sample beyond the first of each value misses the set with probability ½ | ½ⁿ⁻ᵏ⁺¹ |
//! | `x >= c`, `x <= c` | each distinct value falls on either side of the bound with probability ½ | ½ᵈ |
//! | `x != 0` | each sample uniform over the range `r` spanned by the values and 0 | (1 − 1/r)ⁿ |
//! | `x == null`, `x != null` | each sample is null with probability ½ | ½ⁿ |
//! | exact runtime class, no null elements | each (non-null, non-empty) sample differs with probability ½ | ½ⁿ |
//! | `x == y` | independent draws from the `r` values seen coincide with probability 1/r | (1/r)ᵈ |
//! | `x < y`, `x <= y`, … | either order with probability ½ | ½ᵈ |
//! | `x != y` | as for `x == y`, they differ with probability 1 − 1/r | (1 − 1/r)ᵈ |
//! | `y == a·x + b` | two distinct points fix the line; each further one lands on it with probability 1/r | (1/r)ᵈ⁻² |
//!
//! (`n` = samples, `d` = distinct value tuples, `r` = distinct values.) In addition, bounds need
//! at least [`MIN_DISTINCT_BOUND`] distinct values and linear relations at least
//! [`MIN_DISTINCT_LINEAR`] distinct `x` values.
//!
//! Why 1/16 and not Daikon's 1/100: a project's tests are few and deliberate, not random, so
//! four calls that all pass a positive size say more than four random draws would; and a
//! missing invariant costs a false alarm while a wrong one only hides a crash outside observed
//! usage — the trade DSD-Crasher makes (dissertation §6.4.1). With 1/16, a bound needs four
//! distinct values, a constant four samples, an equality between variables three distinct
//! values.

/// The largest chance probability at which a template is still reported.
pub const ALPHA: f64 = 1.0 / 16.0;

/// Fewest distinct values behind a lower or upper bound.
pub const MIN_DISTINCT_BOUND: u64 = 3;

/// Fewest distinct `x` values behind a linear relation.
pub const MIN_DISTINCT_LINEAR: u64 = 4;

/// True when a chance probability is small enough to report the template.
pub fn justified(p: f64) -> bool {
    p <= ALPHA
}

/// ½ to the power `k`: `k` observations each agreeing by chance with probability ½.
pub fn halves(k: u64) -> f64 {
    0.5f64.powi(k.min(1024) as i32)
}

/// `(1 - 1/r)^k`: `k` observations each missing one of `r` equally likely values.
pub fn miss(r: f64, k: u64) -> f64 {
    if r <= 1.0 {
        return 1.0;
    }
    (1.0 - 1.0 / r).powi(k.min(1 << 20) as i32)
}

/// `(1/r)^k`: `k` observations each hitting one of `r` equally likely values.
pub fn hit(r: f64, k: u64) -> f64 {
    if r <= 1.0 {
        return 1.0;
    }
    (1.0 / r).powi(k.min(1024) as i32)
}

/// Chance probability of `x == c` over `n` samples.
pub fn constant(n: u64) -> f64 {
    halves(n)
}

/// Chance probability of `x ∈ {k values}` over `n` samples.
pub fn one_of(n: u64, k: u64) -> f64 {
    halves((n + 1).saturating_sub(k))
}

/// Chance probability of a bound over `d` distinct values.
pub fn bound(d: u64) -> f64 {
    if d < MIN_DISTINCT_BOUND {
        1.0
    } else {
        halves(d)
    }
}

/// Chance probability of `x != 0` over `n` samples spanning `range` values with 0.
pub fn non_zero(range: f64, n: u64) -> f64 {
    miss(range, n)
}

/// Chance probability of `x == y` over `d` distinct tuples drawn from `r` values.
pub fn equal(r: f64, d: u64) -> f64 {
    hit(r, d)
}

/// Chance probability of an ordering over `d` distinct tuples.
pub fn ordered(d: u64) -> f64 {
    halves(d)
}

/// Chance probability of `x != y` over `d` distinct tuples drawn from `r` values.
pub fn differ(r: f64, d: u64) -> f64 {
    miss(r, d)
}

/// Chance probability of `y == a·x + b` over `dx` distinct `x` values and `ry` distinct `y`s.
pub fn linear(dx: u64, ry: f64) -> f64 {
    if dx < MIN_DISTINCT_LINEAR {
        1.0
    } else {
        hit(ry, dx - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_samples_justify_a_constant_three_do_not() {
        assert!(justified(constant(4)));
        assert!(!justified(constant(3)));
    }

    #[test]
    fn one_of_needs_more_samples_per_value() {
        assert!(!justified(one_of(5, 3)));
        assert!(justified(one_of(6, 3)));
        assert!(justified(one_of(5, 2)));
        assert!(!justified(one_of(4, 2)));
    }

    #[test]
    fn bounds_need_four_distinct_values() {
        assert!(!justified(bound(3)));
        assert!(justified(bound(4)));
        assert_eq!(bound(2), 1.0);
    }

    #[test]
    fn non_zero_needs_zero_to_be_likely() {
        // ten samples over -3..=7 (11 values) without 0: could be chance
        assert!(!justified(non_zero(11.0, 10)));
        // seven samples of -1 and 1, never 0
        assert!(justified(non_zero(3.0, 7)));
    }

    #[test]
    fn relations() {
        assert!(!justified(equal(2.0, 2)));
        assert!(justified(equal(3.0, 3)));
        assert!(justified(ordered(4)));
        assert!(!justified(ordered(3)));
        assert!(!justified(differ(100.0, 10)));
        assert!(!justified(linear(3, 100.0)));
        assert!(justified(linear(4, 4.0)));
        assert!(!justified(linear(4, 3.0)));
    }
}

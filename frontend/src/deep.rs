//! Trees as deep as the input makes them, without a stack overflow.
//!
//! Java lets an expression nest without bound: a string concatenation of a thousand
//! operands is a left-deep tree a thousand levels deep (`java.util.LocaleISOData` has
//! one), and generated code nests parentheses by the thousand. The stages walk these
//! trees recursively (lowering, name resolution, JSON encoding and decoding, symbolic
//! execution, dropping), so every thread that holds a program runs on a stack of
//! [`STACK_BYTES`] ([`spawn`]); the kernel backs only the pages a walk touches, so a
//! shallow program costs no more memory than before. The IR files are read through
//! [`from_json`], which lifts serde_json's limit of 128 levels.

use serde::de::DeserializeOwned;

/// Stack reserved for each thread that walks program trees: 1 GiB, room for several
/// hundred thousand levels of nesting (the deepest step, vcgen's evaluation of an
/// expression, takes about 2 KB a level). javac itself stops with a StackOverflowError
/// at a few thousand nested parentheses.
pub const STACK_BYTES: usize = 1 << 30;

/// Runs `work` on a new thread with a stack of [`STACK_BYTES`] and returns its result;
/// a panic of `work` is resumed in the caller.
pub fn spawn<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|scope| match spawn_in(scope, work).join() {
        Ok(result) => result,
        Err(panic) => std::panic::resume_unwind(panic),
    })
}

/// Starts `work` on a thread of `scope` with a stack of [`STACK_BYTES`].
pub fn spawn_in<'scope, R: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    work: impl FnOnce() -> R + Send + 'scope,
) -> std::thread::ScopedJoinHandle<'scope, R> {
    std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn_scoped(scope, work)
        .expect("the system can reserve a thread stack")
}

/// Decodes JSON `text`, however deeply it nests (within the stack of [`spawn`]).
pub fn from_json<T: DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    deserializer.disable_recursion_limit();
    let value = T::deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// A list as deep as its length: `Cons(Cons(... Nil))`.
    #[derive(Serialize, Deserialize)]
    enum List {
        Cons(Box<List>),
        Nil,
    }

    fn depth(list: &List) -> usize {
        let mut n = 0;
        let mut at = list;
        while let List::Cons(next) = at {
            n += 1;
            at = next;
        }
        n
    }

    #[test]
    fn a_tree_far_deeper_than_serde_json_reads_alone_goes_through_json_and_back() {
        let depth = spawn(|| {
            let mut list = List::Nil;
            for _ in 0..100_000 {
                list = List::Cons(Box::new(list));
            }
            let text = serde_json::to_string(&list).unwrap();
            assert!(serde_json::from_str::<List>(&text).is_err());
            let back: List = from_json(&text).unwrap();
            depth(&back)
        });
        assert_eq!(depth, 100_000);
    }

    #[test]
    fn a_panic_of_the_work_reaches_the_caller() {
        let caught = std::panic::catch_unwind(|| spawn(|| panic!("inner")));
        assert!(caught.is_err());
    }
}

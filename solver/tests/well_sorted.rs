//! Every prelude vcgen writes parses in Z3, even where the frontend could not type a
//! value: an untyped value meets typed ones in comparisons, switch labels, compound
//! assignments and joins (on commons-lang3, 5 of 627 preludes of one shard did not parse
//! and their 161 queries were lost), a switch selects on it, or a number stands where a
//! `boolean` must (the last two found by the fuzz test).

use std::collections::BTreeMap;

/// Java whose library class `org.lib.Consts` is on no source path: its fields and
/// methods have no type.
const UNTYPED: &str = r#"
package p;

import org.lib.Consts;

public class Untyped {
    public static int compare(int field) {
        if (field == Consts.MONTH) {
            return 10 / field;
        }
        return 0;
    }

    public static int label(int field) {
        switch (field) {
            case Consts.YEAR:
                return 1;
            default:
                return 100 / field;
        }
    }

    public static short compound(short s, Consts c) {
        s += c.shortValue();
        return (short) (100 / s);
    }

    public static int join(int x) {
        int k = x;
        if (x > 3) {
            k = Consts.LIMIT;
        }
        return 100 / k;
    }

    public static int untypedSelector(Consts c) {
        switch (c.kind()) {
            case 1:
                return 1;
            default:
                return 100 / c.size();
        }
    }

    // javac rejects this; the rest of the file is still analysed.
    public static int notABoolean(int a, int[] xs) {
        boolean b = (a > 0) || -1;
        return xs[a];
    }
}
"#;

#[test]
fn preludes_with_untyped_values_parse() {
    let (program, _) = frontend::parse_sources(&[("p/Untyped.java", UNTYPED)]);
    let mut texts = BTreeMap::new();
    let mut sink = |id: &str, text: &str| {
        texts.insert(id.to_string(), text.to_string());
        Ok::<(), vcgen::Error>(())
    };
    let generated = vcgen::generate(
        &program,
        &vcgen::Options::default(),
        None,
        &mut sink,
        &|_, _| {},
    )
    .unwrap_or_else(|e| panic!("vcgen failed: {e}"));
    assert!(
        generated.preludes.len() >= 4,
        "one prelude per method at least: {}",
        generated.preludes.len()
    );
    for prelude in &generated.preludes {
        let text = &texts[&prelude.id];
        let solver = z3::Solver::new();
        solver.from_string(text.as_str());
        assert!(
            !solver.get_assertions().is_empty(),
            "{} ({}) does not parse:\n{text}",
            prelude.id,
            prelude.harness.entry.method
        );
    }
}

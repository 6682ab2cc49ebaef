//! Maps that refuse nulls: a `Hashtable` (and so a `Properties`) and a `ConcurrentHashMap`
//! throw a NullPointerException for a null key or value, as the JDK's do; a `HashMap` takes
//! both. They were taken before, so a null put into a concurrent cache was no crash.

use crate::verdicts;
use expect_test::expect;

#[test]
fn hashtables_and_concurrent_maps_refuse_nulls() {
    let java = r#"
package p;

import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

public class Caches {
    private final Map<String, String> names = new ConcurrentHashMap<>();

    public void remember(String key, String value) {
        names.put(key, value);
    }

    public String lookup(String key) {
        return names.get(key);
    }

    public static int table(String key, String value) {
        Hashtable<String, String> t = new Hashtable<>();
        t.put(key, value);
        return t.size();
    }

    public static int plain(String key, String value, int k) {
        HashMap<String, String> m = new HashMap<>();
        m.put(key, value);
        return m.get(key) == null ? 10 / k : 1;
    }

    public static int concurrent(String key, int k) {
        ConcurrentMap<String, Integer> m = new ConcurrentHashMap<>();
        m.putIfAbsent(key, 1);
        return m.get(key) == null ? 10 / k : 1;
    }

    public static String property(Properties p, String key) {
        return (String) p.setProperty(key, System.getProperty("no.such.key"));
    }
}
"#;
    expect![[r#"
        15:9:NullPointerException@remember(Ljava/lang/String;Ljava/lang/String;)V constructor: sat
        15:9:NullPointerException@remember(Ljava/lang/String;Ljava/lang/String;)V chain remember: sat, whole: sat
        15:9:NullPointerException@remember(Ljava/lang/String;Ljava/lang/String;)V sequence remember: sat, whole: sat, kept: sat
        15:9:NullPointerException@remember(Ljava/lang/String;Ljava/lang/String;)V reflection: sat, kept: sat
        19:16:NullPointerException@lookup(Ljava/lang/String;)Ljava/lang/String; constructor: sat
        19:16:NullPointerException@lookup(Ljava/lang/String;)Ljava/lang/String; chain remember: sat, whole: sat
        19:16:NullPointerException@lookup(Ljava/lang/String;)Ljava/lang/String; sequence remember: sat, whole: sat, kept: sat
        19:16:NullPointerException@lookup(Ljava/lang/String;)Ljava/lang/String; reflection: sat, kept: sat
        24:9:NullPointerException@table(Ljava/lang/String;Ljava/lang/String;)I direct: sat
        31:40:ArithmeticException@plain(Ljava/lang/String;Ljava/lang/String;I)I direct: sat
        37:40:ArithmeticException@concurrent(Ljava/lang/String;I)I direct: unsat
        41:16:ClassCastException@property(Ljava/util/Properties;Ljava/lang/String;)Ljava/lang/String; constructor: unsat, whole: unsat
        41:25:NullPointerException@property(Ljava/util/Properties;Ljava/lang/String;)Ljava/lang/String; constructor: sat, whole: sat
    "#]]
    .assert_eq(&verdicts("p/Caches.java", java));
}

/// Two keys `equals` finds equal have the same length: a lookup of a key of
/// another length than every key put finds nothing (two keys of any lengths were taken for
/// one, and the test the model made was refuted).
#[test]
fn a_key_of_another_length_finds_nothing() {
    let java = r#"
package p;

import java.util.HashMap;
import java.util.Map;

public class Ledger {
    private final Map<String, Integer> balances = new HashMap<>();

    public void open(String name) {
        if (name != null && name.length() == 2) {
            balances.put(name, 1);
        }
    }

    public int longer(String probe, int k) {
        return probe != null && probe.length() == 3 && balances.get(probe) != null ? 10 / k : 1;
    }

    public int same(String probe, int k) {
        return probe != null && probe.length() == 2 && balances.get(probe) != null ? 10 / k : 1;
    }
}
"#;
    expect![[r#"
        11:29:NullPointerException@open(Ljava/lang/String;)V constructor: unsat
        11:29:NullPointerException@open(Ljava/lang/String;)V chain open: unsat, kept: unsat
        11:29:NullPointerException@open(Ljava/lang/String;)V sequence open: unsat, kept: unsat
        11:29:NullPointerException@open(Ljava/lang/String;)V reflection: unsat, kept: unsat
        12:13:NullPointerException@open(Ljava/lang/String;)V reflection: sat, kept: sat
        17:33:NullPointerException@longer(Ljava/lang/String;I)I constructor: unsat
        17:33:NullPointerException@longer(Ljava/lang/String;I)I chain open: unsat, kept: unsat
        17:89:ArithmeticException@longer(Ljava/lang/String;I)I chain open: unsat, kept: unsat
        17:33:NullPointerException@longer(Ljava/lang/String;I)I sequence open: unsat, kept: unsat
        17:89:ArithmeticException@longer(Ljava/lang/String;I)I sequence open: unsat, kept: unsat
        17:33:NullPointerException@longer(Ljava/lang/String;I)I reflection: unsat, kept: unsat
        17:56:NullPointerException@longer(Ljava/lang/String;I)I reflection: sat, kept: sat
        17:89:ArithmeticException@longer(Ljava/lang/String;I)I reflection: sat, kept: sat
        21:33:NullPointerException@same(Ljava/lang/String;I)I constructor: unsat
        21:33:NullPointerException@same(Ljava/lang/String;I)I chain open: unsat, kept: unsat
        21:89:ArithmeticException@same(Ljava/lang/String;I)I chain open: sat, kept: sat
        21:33:NullPointerException@same(Ljava/lang/String;I)I sequence open: unsat, kept: unsat
        21:89:ArithmeticException@same(Ljava/lang/String;I)I sequence open: sat, kept: sat
        21:33:NullPointerException@same(Ljava/lang/String;I)I reflection: unsat, kept: unsat
        21:56:NullPointerException@same(Ljava/lang/String;I)I reflection: sat, kept: sat
        21:89:ArithmeticException@same(Ljava/lang/String;I)I reflection: sat, kept: sat
    "#]]
    .assert_eq(&verdicts("p/Ledger.java", java));
}

//! Tests of the replay tests written for captured frames: a frame line in, Java out.

use super::*;
use invariants::record::capture;

/// A program of one file `p/Bank.java`.
fn program(source: &str) -> Program {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("dsd-replay-{}-{n}", std::process::id()));
    let path = dir.join("p/Bank.java");
    std::fs::create_dir_all(path.parent().expect("parent")).expect("create dir");
    std::fs::write(&path, source).expect("write source");
    let input = frontend::Input {
        path,
        rel: "p/Bank.java".into(),
    };
    let program = frontend::parse_program(&[input]).0;
    let _ = std::fs::remove_dir_all(&dir);
    program
}

const BANK: &str = "package p;\n\
    import java.util.List;\n\
    public class Bank {\n\
      public int fee;\n\
      public Account main;\n\
      public Object extra;\n\
      public int average(List<Account> accounts, long scale) { return 0; }\n\
      private static int share(int[] parts) { return 0; }\n\
      public static void open(Card card) {}\n\
    }\n\
    class Account {\n\
      private final int balance;\n\
      Account(int balance) { this.balance = balance; }\n\
    }\n\
    class Vault {\n\
      private int secret;\n\
      private Vault() {}\n\
    }\n\
    class Card {\n\
      private String owner;\n\
      public void setOwner(String owner) { this.owner = owner; }\n\
    }\n";

/// The body of the replay test of a frame line, without the helpers.
#[track_caller]
fn body(line: &str, style: &Style) -> (String, Replay) {
    let json: serde_json::Value = serde_json::from_str(line).unwrap();
    let frame = Frame {
        class: json["class"].as_str().unwrap().into(),
        method: json["method"].as_str().unwrap().into(),
        descriptor: json["descriptor"].as_str().unwrap().into(),
        receiver: capture::value(&json["receiver"]).unwrap(),
        args: json["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| capture::value(a).unwrap())
            .collect(),
    };
    let replay = replay(&program(BANK), &frame, "BankReplayTest", style).expect("a replay");
    let body: String = replay
        .source
        .lines()
        .skip_while(|l| !l.contains("public void"))
        .take_while(|l| *l != "    }")
        .collect::<Vec<_>>()
        .join("\n");
    (body, replay)
}

#[test]
fn objects_are_made_by_their_constructors_in_source_and_else_by_reflection() {
    let line = r#"{"class":"p.Bank","method":"average","descriptor":"(Ljava/util/List;J)I",
        "receiver":{"class":"p.Bank","id":1,"fields":[
            {"owner":"p.Bank","name":"fee","value":{"class":"java.lang.Integer","value":2}},
            {"owner":"p.Bank","name":"main","value":{"ref":3}},
            {"owner":"p.Bank","name":"extra","value":{"class":"p.Vault","id":4,"fields":[{"owner":"p.Vault","name":"secret","value":{"class":"java.lang.Integer","value":3}}]}}]},
        "args":[{"class":"java.util.ArrayList","id":2,"size":1,"items":[
                    {"class":"p.Account","id":3,"fields":[{"owner":"p.Account","name":"balance","value":{"class":"java.lang.Integer","value":0}}]}]},
                {"class":"java.lang.Long","value":7}]}"#
        .replace('\n', " ");
    let (body, replay) = body(&line, &Style::Run);
    assert_eq!(
        body,
        "    public void replayAverage() throws Throwable {
        Bank o1 = new Bank();
        Account o3 = new Account(0);
        Object o4 = allocate(type(\"p.Vault\"));
        o1.fee = 2;
        o1.main = (Account) o3;
        o1.extra = (Object) o4;
        set(o4, type(\"p.Vault\"), \"secret\", 3);
        Object v2 = fill(new java.util.ArrayList<Object>(), new Object[] {o3});
        ((Bank) o1).average((java.util.List) v2, 7L);"
    );
    assert!(replay.reflection);
    assert_eq!(replay.class, "p.BankReplayTest");
    assert_eq!(
        replay
            .source
            .lines()
            .nth(replay.line as usize - 1)
            .unwrap()
            .trim(),
        "public void replayAverage() throws Throwable {"
    );
    assert!(replay.source.contains("static Object fill("));
    assert!(replay.source.contains("static <T> T allocate("));
}

#[test]
fn a_private_method_is_called_by_reflection_and_arrays_element_by_element() {
    let line = r#"{"class":"p.Bank","method":"share","descriptor":"([I)I","receiver":null,
        "args":[{"class":"[I","id":1,"size":70,"items":[{"class":"java.lang.Integer","value":1}]}]}"#
        .replace('\n', " ");
    let (body, replay) = body(&line, &Style::Run);
    assert_eq!(
        body,
        "    public void replayShare() throws Throwable {
        Object v1 = newArray(int.class, new Object[] {1});
        invoke(null, type(\"p.Bank\"), \"share\", new Class<?>[] {int[].class}, new Object[] {v1});"
    );
    assert!(replay.reflection);
    assert_eq!(
        replay.notes,
        ["a [I of 70 elements was captured in its first 1 only"]
    );
}

#[test]
fn a_kept_test_expects_the_exception_at_the_line() {
    let line =
        r#"{"class":"p.Bank","method":"<init>","descriptor":"()V","receiver":null,"args":[]}"#;
    let expected = Expected {
        exception: "java.lang.ArithmeticException".into(),
        class: "p.Bank".into(),
        method: "average".into(),
        line: 6,
    };
    let (body, replay) = body(line, &Style::Kept(Flavour::JUnit5, expected));
    assert_eq!(
        body,
        "    public void replayConstructor() throws Throwable {
        expect(\"java.lang.ArithmeticException\", \"p.Bank\", \"average\", 6, () -> { new Bank(); });"
    );
    assert!(!replay.reflection);
    assert!(replay.source.starts_with(crate::keep::MARKER));
    assert!(replay.source.contains("@org.junit.jupiter.api.Test"));
    assert!(replay.source.contains("static void expect("));
}

#[test]
fn a_private_field_with_a_plain_setter_is_set_through_it() {
    let line = r#"{"class":"p.Bank","method":"open","descriptor":"(Lp/Card;)V","receiver":null,
        "args":[{"class":"p.Card","id":1,"fields":[{"owner":"p.Card","name":"owner","value":{"class":"java.lang.String","value":"a\"b"}}]}]}"#
        .replace('\n', " ");
    let (body, replay) = body(&line, &Style::Run);
    assert_eq!(
        body,
        "    public void replayOpen() throws Throwable {
        Card o1 = new Card();
        o1.setOwner((String) \"a\\\"b\");
        Bank.open((Card) o1);"
    );
    assert!(!replay.reflection);
}

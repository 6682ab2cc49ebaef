fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for variant in ["asis", "nologic", "qfaufbvfp"] {
        let t = match variant {
            "asis" => text.clone(),
            "nologic" => text.replace("(set-logic ALL)", ""),
            _ => text.replace("(set-logic ALL)", "(set-logic QF_AUFBVFP)"),
        };
        let s = z3::Solver::new();
        let mut p = z3::Params::new();
        p.set_u32("timeout", 20000);
        s.set_params(&p);
        let start = std::time::Instant::now();
        s.from_string(t);
        let r = s.check();
        println!("{variant}: {:?} in {:?}", r, start.elapsed());
    }
}

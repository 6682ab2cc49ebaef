fn main() {
    let args: Vec<std::path::PathBuf> = std::env::args().skip(1).map(Into::into).collect();
    let inputs = frontend::collect_sources(&args).unwrap();
    let t = std::time::Instant::now();
    let (p, s) = frontend::parse_program(&inputs);
    eprintln!("{:?} in {:?}", s, t.elapsed());
    println!("{}", serde_json::to_string_pretty(&p.classes.iter().filter(|c| !c.library).collect::<Vec<_>>()).unwrap());
}

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(path).unwrap();
    for (i, r) in goap::record::format::read_records(&bytes).unwrap().iter().enumerate() {
        println!("{i:4} {r:?}");
    }
}

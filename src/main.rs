fn main() {
    eprintln!("shogiban: nothing here yet");
    std::process::exit(1);
}

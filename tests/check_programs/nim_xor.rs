// A right Nim solution in Rust.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let numbers: Vec<u64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let x = numbers[1..].iter().fold(0, |a, b| a ^ b);
    println!("{}", if x != 0 { "koosaga" } else { "cubelover" });
}
